import { render } from 'preact';
import { keepSnapshot, paintedSnapshot, takeOver } from '@/components/app/snapshot-popup';
import { primeFromCache, refreshEarly, session } from '@/components/app/store';
import { initLang, lang } from '@/components/lang';
import { Popup } from '@/components/Popup';
import '@/components/theme.css';
import '@/components/app/app.css';

const app = document.getElementById('app') as HTMLElement;

// The first script may have painted the last list shown (lib/popup-snapshot) while this bundle
// loaded. The app renders once the text of its language is loaded (no flash of the other language)
// and the cached list is in the state (read from extension storage alongside): its first frame is
// the list, marked as being refreshed, never a placeholder. Without a cached list (the first
// opening after the browser started) a painted snapshot stands until the service answers, at most
// a second. The snapshot leaves in the same task as the app's first render: no frame without both.
void Promise.all([initLang(), primeFromCache()]).then(async () => {
  if (paintedSnapshot(app) && session.value === null) await refreshEarly(1000);
  takeOver(app, session.value, lang.value);
  render(<Popup />, app);
  keepSnapshot(app, () => ({ view: session.value, lang: lang.value }));
});
