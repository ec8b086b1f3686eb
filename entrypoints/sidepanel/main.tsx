import { render } from 'preact';
import { App } from '@/components/app/App';
import { primeFromCache } from '@/components/app/store';
import { initLang } from '@/components/lang';
import { SearchAllMeetings } from '@/components/search/lazy';
import '@/components/theme.css';
import '@/components/app/app.css';

// The page renders once the text of its language is loaded (no flash of the other language) and
// the cached list is in the state: the first frame is the list, as in the popup.
void Promise.all([initLang(), primeFromCache()]).then(() =>
  render(
    <div class="sidepanel">
      <App>
        <SearchAllMeetings newTab />
      </App>
    </div>,
    document.getElementById('app') as HTMLElement,
  ),
);
