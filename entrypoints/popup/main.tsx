import { render } from 'preact';
import { initLang } from '@/components/lang';
import { Popup } from '@/components/Popup';
import '@/components/theme.css';
import '@/components/app/app.css';

// The page renders once the text of its language is loaded (no flash of the other language).
void initLang().then(() => render(<Popup />, document.getElementById('app') as HTMLElement));
