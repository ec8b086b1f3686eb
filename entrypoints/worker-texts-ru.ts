/** The worker's part with its Russian texts (lib/background/parts.ts, lib/background/texts-loader.ts). */
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { definePart } from '@/lib/background/parts';
import * as textsRu from '@/lib/background/parts/texts-ru';

export default defineUnlistedScript(() => {
  definePart('texts-ru', textsRu);
});
