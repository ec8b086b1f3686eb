import { render } from 'preact';
import { Popup } from '@/components/Popup';
import '@/components/theme.css';

render(<Popup />, document.getElementById('app') as HTMLElement);
