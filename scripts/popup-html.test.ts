// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { holdModules, inlineStylesheets } from './popup-html';

// What Vite writes into popup.html (trimmed to the tags the rewrite touches).
const BUILT = `<!DOCTYPE html>
<html lang="en">
  <head>
    <title>Meeting Capture</title>
    <script type="module" crossorigin src="/chunks/popup-1.js"></script>
    <link rel="modulepreload" crossorigin href="/chunks/pages-2.js">
    <link rel="stylesheet" crossorigin href="/assets/app-3.css">
    <link rel="stylesheet" crossorigin href="/assets/theme-4.css">
  </head>
  <body>
    <div id="app"></div>
    <script src="/popup-snapshot.js" ></script>
  </body>
</html>`;

const CSS: Record<string, string> = {
  'assets/app-3.css': '.app{display:flex}\n',
  'assets/theme-4.css': ':root{color-scheme:light dark}',
};

describe('the built popup.html', () => {
  it('holds the modules in a template and writes the stylesheets into the page', () => {
    const html = inlineStylesheets(holdModules(BUILT), (file) => CSS[file]);
    const doc = new DOMParser().parseFromString(html, 'text/html');
    // Loaded with the page: the first script only.
    expect([...doc.querySelectorAll('script[src], link[href]')].map((el) => el.outerHTML)).toEqual([
      '<script src="/popup-snapshot.js"></script>',
    ]);
    expect([...doc.head.querySelectorAll(':scope > style')].map((el) => el.textContent)).toEqual([
      '.app{display:flex}',
      ':root{color-scheme:light dark}',
    ]);
    const held = doc.querySelector<HTMLTemplateElement>('template#app-modules')!.content;
    expect(held.querySelector('script[type="module"]')?.getAttribute('src')).toBe('/chunks/popup-1.js');
    expect(held.querySelector('link[rel="modulepreload"]')?.getAttribute('href')).toBe('/chunks/pages-2.js');
  });

  it('leaves linked a stylesheet it cannot read or that could end the style element', () => {
    const html = inlineStylesheets(BUILT, (file) =>
      file === 'assets/app-3.css' ? undefined : 'a::after{content:"</style><script>"}',
    );
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/app-3.css">');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/theme-4.css">');
    expect(html).not.toContain('<style>');
  });

  it('leaves a page without modules as it is', () => {
    const page = '<html><head></head><body><script src="/x.js"></script></body></html>';
    expect(holdModules(page)).toBe(page);
  });
});
