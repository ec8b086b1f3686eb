import { render } from 'preact';
import { Options } from '@/components/Options';
import '@/components/theme.css';

render(<Options />, document.getElementById('app') as HTMLElement);
