/**
 * The built popup.html, rewritten so that its first frame waits for one file only: the first
 * script that paints the last list shown (entrypoints/popup-snapshot.ts). Used by wxt.config.ts on
 * the build's HTML; docs/performance.md, "The popup's first frame".
 *
 * - `holdModules`: the module script and module preloads Vite writes are moved into an inert
 *   `<template id="app-modules">`, which the first script inserts once it has painted the snapshot
 *   (or found none). Fetched with the page, the six modules held back the files the snapshot waits
 *   for: the browser serves an extension page's files one after another.
 * - `inlineStylesheets`: the page's stylesheets are written into it as `<style>` (the pages' CSP
 *   limits scripts, not styles): an extension page's first file is served only after the
 *   navigation's own work on the browser's main thread, and the first script waited behind two of
 *   them (about 10 ms measured).
 */

export function holdModules(html: string): string {
  const held: string[] = [];
  const rest = html.replace(
    /\s*<(?:script type="module"[^>]*><\/script>|link rel="modulepreload"[^>]*>)/g,
    (tag) => {
      held.push(tag.trim());
      return '';
    },
  );
  if (held.length === 0) return html;
  return rest.replace('</head>', `  <template id="app-modules">${held.join('')}</template>\n  </head>`);
}

/**
 * Each `<link rel="stylesheet" href="/…">` whose text `read` returns is replaced by a `<style>`
 * holding it. A stylesheet that could close the element early (`</style`) is left linked.
 */
export function inlineStylesheets(html: string, read: (file: string) => string | undefined): string {
  return html.replace(
    /<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g,
    (tag, file: string) => {
      const css = read(file);
      if (css === undefined || /<\/style/i.test(css)) return tag;
      return `<style>${css.trim()}</style>`;
    },
  );
}
