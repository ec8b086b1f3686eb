/**
 * Bundle-size budgets of the Chrome build, checked after `wxt build` (part of `npm run test:e2e`).
 * Sizes are deterministic, so a budget that is exceeded fails the build. For each page: every file
 * its HTML loads (entry script, module preloads, stylesheets); for the background: background.js
 * and the chunks it imports; for each content script: its one file. gzip level 9, as in
 * scripts/measure-ui.ts.
 *
 * Usage: npx tsx scripts/check-size.ts [outDir]   (default .output/chrome-mv3)
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Budgets in kB of gzip. Raise one only with a reason in the commit that does. */
export const BUDGETS_KB: Record<string, number> = {
  'popup.html': 48,
  'sidepanel.html': 48,
  'viewer.html': 56,
  'options.html': 36,
  'background.js': 95,
  'content-scripts/meeting.js': 42,
  'content-scripts/calendar.js': 46,
  'content-scripts/video.js': 44,
};

const outDir = path.resolve(process.argv[2] ?? '.output/chrome-mv3');

function gzipKb(file: string): number {
  return gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length / 1024;
}

/** Files a page loads before it can render: its entry script, module preloads and stylesheets. */
function pageFiles(html: string): string[] {
  const text = readFileSync(path.join(outDir, html), 'utf8');
  const refs = [...text.matchAll(/<(?:script[^>]*\bsrc|link[^>]*\bhref)="([^"]+)"/g)].map(
    (match) => match[1]!,
  );
  return refs.filter((ref) => /\.(?:js|css)$/.test(ref)).map((ref) => ref.replace(/^\//, ''));
}

/** An ES module and every chunk it imports statically, transitively. */
function moduleFiles(entry: string, seen = new Set<string>()): string[] {
  if (seen.has(entry)) return [];
  seen.add(entry);
  const text = readFileSync(path.join(outDir, entry), 'utf8');
  for (const match of text.matchAll(
    /(?:^|[;\s}])import\s*(?:[^'"`]*?from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g,
  )) {
    moduleFiles(path.posix.join(path.posix.dirname(entry), match[1]!), seen);
  }
  return [...seen];
}

if (!existsSync(outDir)) {
  console.error(`No build at ${outDir}: run \`npx wxt build\` first.`);
  process.exit(2);
}

let failed = 0;
console.log('bundle sizes (gzip) against their budgets:');
for (const [target, budget] of Object.entries(BUDGETS_KB)) {
  const files = target.endsWith('.html')
    ? pageFiles(target)
    : target === 'background.js'
      ? moduleFiles(target)
      : [target];
  const total = files.reduce((sum, file) => sum + gzipKb(file), 0);
  const over = total > budget;
  if (over) failed += 1;
  console.log(
    `  ${over ? 'OVER' : 'ok  '} ${target.padEnd(28)} ${total.toFixed(1).padStart(6)} kB of ${budget} kB (${files.length} file${files.length === 1 ? '' : 's'})`,
  );
}
if (failed > 0) {
  console.error(`${failed} bundle(s) over budget.`);
  process.exit(1);
}
