import { defineBackground } from 'wxt/utils/define-background';
import { startBackground } from '@/lib/background';

export default defineBackground({
  // Firefox (Manifest V2): an event page, unloaded when idle like Chrome's service worker, woken by
  // the same alarms and messages. Chrome (Manifest V3) ignores the key.
  persistent: false,
  main() {
    startBackground();
  },
});
