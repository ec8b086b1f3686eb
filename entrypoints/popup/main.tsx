import { render } from 'preact';
import { initLang } from '@/components/lang';
import { Popup } from '@/components/Popup';
import '@/components/theme.css';
import '@/components/app/app.css';

void initLang();
render(<Popup />, document.getElementById('app') as HTMLElement);
