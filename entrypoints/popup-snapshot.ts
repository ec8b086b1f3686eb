// The popup's first script (popup/index.html loads it before its app): paints the last list shown
// from the extension pages' localStorage, synchronously, then starts the app's bundle (held in the
// page until then: scripts/popup-html.ts) after the frame that shows it, or at once when there
// was nothing to paint.
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { paint, startAfterFrame, startApp } from '@/lib/popup-snapshot';
import { POPUP_SNAPSHOT_KEY } from '@/lib/popup-snapshot/key';

export default defineUnlistedScript(() => {
  let painted = false;
  try {
    painted = paint(document, localStorage, POPUP_SNAPSHOT_KEY);
  } catch {
    // No storage, or a snapshot that cannot be painted: the app paints as before.
  }
  startAfterFrame(window, painted, () => startApp(document));
});
