/** The worker's part that answers messages, menus and the command (lib/background/parts.ts). */
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { definePart } from '@/lib/background/parts';
import * as messages from '@/lib/background/parts/messages';

export default defineUnlistedScript(() => {
  definePart('messages', messages);
});
