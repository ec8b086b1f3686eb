// The microphone page of "Record here" (Chrome only): asks for the microphone once, in a tab,
// where Chrome can show its prompt (the recording page, an offscreen document, cannot).
import { render } from 'preact';
import { initLang } from '@/components/lang';
import { Microphone } from '@/components/Microphone';
import '@/components/theme.css';
import '@/components/options.css';

void initLang().then(() => render(<Microphone />, document.getElementById('app') as HTMLElement));
