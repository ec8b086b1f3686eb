/** The worker's part of the calendars and the tab rule (lib/background/parts.ts). */
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { definePart } from '@/lib/background/parts';
import * as calendars from '@/lib/background/parts/calendars';

export default defineUnlistedScript(() => {
  definePart('calendars', calendars);
});
