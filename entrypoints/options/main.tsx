import { render } from 'preact';
import { initLang } from '@/components/lang';
import { Options } from '@/components/Options';
import '@/components/theme.css';
import '@/components/options.css';

// The page renders once the text of its language is loaded (no flash of the other language).
void initLang().then(() => render(<Options />, document.getElementById('app') as HTMLElement));
