import { render } from 'preact';
import { primeFromCache } from '@/components/app/store';
import { initLang } from '@/components/lang';
import { Popup } from '@/components/Popup';
import '@/components/theme.css';
import '@/components/app/app.css';

// The page renders once the text of its language is loaded (no flash of the other language) and
// the cached list is in the state (read from extension storage alongside): the first frame is the
// list, marked as being refreshed, never a placeholder that the cache then replaces.
void Promise.all([initLang(), primeFromCache()]).then(() =>
  render(<Popup />, document.getElementById('app') as HTMLElement),
);
