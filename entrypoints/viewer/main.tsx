import { render } from 'preact';
import { initLang } from '@/components/lang';
import { Viewer } from '@/components/viewer/Viewer';
import '@/components/theme.css';
import '@/components/app/app.css';
import '@/components/viewer/viewer.css';

// The page renders once the text of its language is loaded (no flash of the other language).
void initLang().then(() =>
  render(
    <Viewer params={new URLSearchParams(location.search)} />,
    document.getElementById('app') as HTMLElement,
  ),
);
