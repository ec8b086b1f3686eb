/**
 * Bundle-size budgets of the Chrome build, checked after `wxt build` (part of `npm run test:e2e`).
 * Sizes are deterministic, so a budget that is exceeded fails the build. For each page: every file
 * its HTML loads (entry script, module preloads, stylesheets); for the background: background.js
 * and the chunks it imports; for each content script: its one file, and its stylesheet. Sizes come from
 * scripts/bundle.ts (gzip level 9), as the UI measurement does.
 *
 * Usage: npx tsx scripts/check-size.ts [outDir]   (default .output/chrome-mv3)
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileSize, moduleGraph, pageAssets } from './bundle';

/** Budgets in kB of gzip. Raise one only with a reason in the commit that does. */
export const BUDGETS_KB: Record<string, number> = {
  'popup.html': 48,
  'sidepanel.html': 48,
  'viewer.html': 56,
  'options.html': 36,
  'background.js': 95,
  // Content scripts run inside pages people are using (a call, a calendar, a video): the lightest
  // peers carry about 10 KB there. Their stylesheet is a file of its own, read into the
  // controls' shadow root (components/page/shadow-host.ts), with a budget of its own.
  'content-scripts/meeting.js': 12,
  'content-scripts/calendar.js': 12,
  'content-scripts/video.js': 12,
  'content-scripts/meeting.css': 2,
  'content-scripts/calendar.css': 2,
  'content-scripts/video.css': 2,
};

const outDir = path.resolve(process.argv[2] ?? '.output/chrome-mv3');

const gzipKb = (file: string) => fileSize(outDir, file).gzip / 1024;

if (!existsSync(outDir)) {
  console.error(`No build at ${outDir}: run \`npx wxt build\` first.`);
  process.exit(2);
}

let failed = 0;
console.log('bundle sizes (gzip) against their budgets:');
for (const [target, budget] of Object.entries(BUDGETS_KB)) {
  const files = target.endsWith('.html')
    ? pageAssets(outDir, target)
    : target === 'background.js'
      ? moduleGraph(outDir, target)
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
