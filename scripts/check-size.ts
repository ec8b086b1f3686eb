/**
 * Bundle-size budgets of the Chrome build, checked after `wxt build` (part of `npm run test:e2e`).
 * Sizes are deterministic, so a budget that is exceeded fails the build. For each page: every file
 * its HTML loads (entry script, module preloads, stylesheets); for the background: background.js
 * and the chunks it imports; for each content script: its one file, and its stylesheet. Sizes come from
 * scripts/bundle.ts (gzip level 9), as the UI measurement does.
 *
 * Usage: npx tsx scripts/check-size.ts [outDir]   (default .output/chrome-mv3)
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileSize, moduleGraph, pageAssets, zipSize } from './bundle';

/**
 * The store package (`npm run zip`): every file of the build as the zip stores it (deflate level 9,
 * as WXT zips, plus the zip's own headers), in kB. Target 150. It holds no source maps, fonts or
 * screenshots: it is code (README, "Weight and speed"). 250.1 kB with deliveries (which set 241)
 * and ical.js moved out of background.js into a Worker file of its own (+27.5 kB there, −24.5 kB
 * in the worker script, plus the lazy chunks' own headers: +7 kB in all); 4 kB of headroom.
 */
// 254 → 264 with the meeting search (issue 10): its worker (MiniSearch and the stemmers, 12.4 kB
// gzip) and the lazily loaded search, "Add all past meetings" and archive views.
// 277 → 286 with everything merged: the one failure describer's texts in the pages and the
// background, the tab rule's countdown, the hostile-content guards (plain labels) and storage items.
// 286 → 283: the options' charges log without zod. 283 → 268: marked ships once (the offscreen
// document shares the viewer's chunk) instead of in background.js too (265.3 kB). 268 → 265: the
// three content scripts share one stylesheet (3 kB less). 265 → 270: the message part of the worker
// is a file of its own (lib/background/parts.ts): two files compress less well than one, and the
// worker lends its modules to the part by name (+6.1 kB in all, 268.6 kB). The Russian texts' part:
// 267.7 kB; the deliveries' part: 269.3 kB (+1.6: a file of its own compresses less well); the
// calendars and the tab rule as a part: +1.8 kB (their 16 kB compress apart from the worker's).
// 270 → 272: the four parts together, 270.9 kB (background.js 72.3 → 55.6 kB gzip this round).
// 272 → 275: feed caps and the parse time limit (streamed and cut feed body, fetch time limit, the
// parse Worker stopped, the caps shown in the options, their texts), 274.0 kB.
export const ZIP_BUDGET_KB = 275;

/**
 * Budgets in kB of gzip: what the weight work reached, plus a small margin. Raise one only with a
 * reason in the commit that does.
 */
export const BUDGETS_KB: Record<string, number> = {
  // Target 30 for the popup and side panel: 29.1 / 29.3 reached (failure sentences, sign-in form and
  // processing dialog load when needed; one shared chunk). Preact and signals, the English catalog
  // and WXT storage are most of what is left (README, "Weight and speed").
  'popup.html': 29.6,
  'sidepanel.html': 29.8,
  // +2 with the meeting search (issue 10): speaker renames and the lazy search loader.
  'viewer.html': 38.5,
  'options.html': 26.5,
  // Target 30: 63.4 reached (ical.js parses feeds in a Worker, outside the service worker), then
  // 84.1 with deliveries (marked, about 15, for the Slack text: the same Worker route could take it
  // out too). zod/mini, ky, the job engine and the API, page and notification texts of both
  // languages are the rest. About 3 kB of headroom for the work landing beside this.
  // +2 with the local archive (issue 10): its store, "Add all past meetings" and messages.
  // 87.6 → 72.2 kB: marked (Slack text) moved to the offscreen document. 72.2 → 68.4: what answers
  // messages, menus and the command is a part loaded by the first message of a start.
  // 68.4 → 63.2: the worker's Russian texts are a part loaded when a text in Russian is needed.
  // 63.2 → 59.6: the deliveries are a part loaded only when the outbox holds something or a
  // destination wants a ready protocol.
  // 59.6 → 55.6: the calendars and the tab rule are a part loaded when a start has something
  // stored for them (lib/calendar/store.ts).
  'background.js': 56.1,
  // The worker's parts (lib/background/parts.ts), each loaded when an event needs it.
  'worker-messages.js': 10.5,
  // Every Russian text of the worker: notifications, menus, failure and service error sentences,
  // charge incidents, job states (lib/background/texts-loader.ts).
  'worker-texts-ru.js': 5.4,
  // The deliveries: the outbox, the bodies, the attempts and the Slack text's conversion request.
  'worker-deliveries.js': 5.7,
  // The calendars and the tab rule (auto-join), with the feed parser's wiring. 6 → 6.5: the feed
  // caps (streamed body cut, fetch time limit, parse Worker stopped at its limit), 6.1 kB.
  'worker-calendars.js': 6.5,
  // The meeting search worker started by the side panel and the viewer: MiniSearch, the
  // Russian and English Snowball stemmers, the index and the archive reader.
  'assets/search.worker-*.js': 13,
  // Content scripts run inside pages people are using (a call, a calendar, a video): the lightest
  // peers carry about 10 KB there. Their stylesheet is a file of its own, read into the
  // controls' shadow root (components/page/shadow-host.ts), with a budget of its own.
  'content-scripts/meeting.js': 12,
  'content-scripts/calendar.js': 12,
  'content-scripts/video.js': 12,
  // One stylesheet for the three (entrypoints/page.content.css).
  'content-scripts/page.css': 2,
};

const outDir = path.resolve(process.argv[2] ?? '.output/chrome-mv3');

const gzipKb = (file: string) => fileSize(outDir, file).gzip / 1024;

/** The files of a hashed name such as `assets/search.worker-*.js` (a missing one fails the check). */
function hashed(pattern: string): string[] {
  const dir = path.dirname(pattern);
  const [head, tail] = path.basename(pattern).split('*') as [string, string];
  const found = existsSync(path.join(outDir, dir))
    ? readdirSync(path.join(outDir, dir)).filter((name) => name.startsWith(head) && name.endsWith(tail))
    : [];
  if (found.length === 0) {
    console.error(`No file matches ${pattern}.`);
    process.exit(1);
  }
  return found.map((name) => path.join(dir, name));
}

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
      : target.includes('*')
        ? hashed(target)
        : [target];
  const total = files.reduce((sum, file) => sum + gzipKb(file), 0);
  const over = total > budget;
  if (over) failed += 1;
  console.log(
    `  ${over ? 'OVER' : 'ok  '} ${target.padEnd(28)} ${total.toFixed(1).padStart(6)} kB of ${budget} kB (${files.length} file${files.length === 1 ? '' : 's'})`,
  );
}
const zipKb = zipSize(outDir) / 1024;
const zipOver = zipKb > ZIP_BUDGET_KB;
if (zipOver) failed += 1;
console.log(
  `  ${zipOver ? 'OVER' : 'ok  '} ${'store zip (deflate -9)'.padEnd(28)} ${zipKb.toFixed(1).padStart(6)} kB of ${ZIP_BUDGET_KB} kB`,
);
if (failed > 0) {
  console.error(`${failed} bundle(s) over budget.`);
  process.exit(1);
}
