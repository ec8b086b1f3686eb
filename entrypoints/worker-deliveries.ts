/** The worker's part that sends deliveries (lib/background/parts.ts). */
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { definePart } from '@/lib/background/parts';
import * as deliveries from '@/lib/background/parts/deliveries';

export default defineUnlistedScript(() => {
  definePart('deliveries', deliveries);
});
