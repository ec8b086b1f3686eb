import { render } from 'preact';
import { App } from '@/components/app/App';
import { initLang } from '@/components/lang';
import '@/components/theme.css';
import '@/components/app/app.css';

void initLang();
render(
  <div class="sidepanel">
    <App />
  </div>,
  document.getElementById('app') as HTMLElement,
);
