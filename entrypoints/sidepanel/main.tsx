import { render } from 'preact';
import { App } from '@/components/app/App';
import { initLang } from '@/components/lang';
import '@/components/theme.css';
import '@/components/app/app.css';

// The page renders once the text of its language is loaded (no flash of the other language).
void initLang().then(() =>
  render(
    <div class="sidepanel">
      <App />
    </div>,
    document.getElementById('app') as HTMLElement,
  ),
);
