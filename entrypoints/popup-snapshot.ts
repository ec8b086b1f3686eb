// The popup's first script (popup/index.html loads it before its app): paints the last list shown
// from the extension pages' localStorage, synchronously, then starts the app's bundle (held in the
// page until then: wxt.config.ts), whether it painted or not.
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { paint, startApp } from '@/lib/popup-snapshot';
import { POPUP_SNAPSHOT_KEY } from '@/lib/popup-snapshot/key';

export default defineUnlistedScript(() => {
  try {
    paint(document, localStorage, POPUP_SNAPSHOT_KEY);
  } catch {
    // No storage, or a snapshot that cannot be painted: the app paints as before.
  }
  startApp(document);
});
