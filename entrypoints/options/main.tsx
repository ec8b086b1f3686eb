import { render } from 'preact';
import { initLang } from '@/components/lang';
import { Options } from '@/components/Options';
import '@/components/theme.css';
import '@/components/options.css';

void initLang();
render(<Options />, document.getElementById('app') as HTMLElement);
