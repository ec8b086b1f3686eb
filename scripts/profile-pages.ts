/**
 * The JavaScript our content scripts themselves run on the heavy host pages
 * (tests/e2e/heavy-pages.ts), from a CPU profile of the page's main thread: every sample whose
 * stack holds a frame of a content script (`chrome-extension://…/content-scripts/…`) counts, with
 * whatever it called (DOM calls, forced style and layout, the extension's message bindings).
 * Unlike page-performance.spec.ts, which subtracts two noisy totals, this counts our own work
 * only. Load = navigation to 2.5 s, steady = the next 3 s. Medians of the runs; the heaviest
 * places in our code (source-mapped when the build has maps: WXT_SOURCEMAP=1).
 *
 * Usage (after `npm run build:test`, or `WXT_SOURCEMAP=1 npm run build:test` for source names):
 *   npx tsx scripts/profile-pages.ts [--runs 5] [meeting|calendar|video ...]
 * EXTENSION_DIR=<another build's chrome-mv3> profiles that build instead.
 */
import path from 'node:path';
import type { CDPSession } from '@playwright/test';
import { HEAVY_PAGES, LOADED_AT_MS, STEADY_MS } from '../tests/e2e/heavy-pages';
import { extensionPath, launchChromium } from '../tests/e2e/launch';
import { ours, type Profile, sourceName } from './cpu-profile';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(args[runsAt + 1]) : 5;
const only = args.filter((arg, i) => !arg.startsWith('--') && args[i - 1] !== '--runs');
const TOP = Number(process.env.TOP ?? 12);
/** Another build to profile (a test build of an earlier commit, for before/after figures). */
const extensionDir = process.env.EXTENSION_DIR ? path.resolve(process.env.EXTENSION_DIR) : extensionPath;

async function record(cdp: CDPSession, until: () => Promise<void>): Promise<Profile> {
  await cdp.send('Profiler.start');
  await until();
  return (await cdp.send('Profiler.stop')).profile as unknown as Profile;
}

async function run(item: (typeof HEAVY_PAGES)[number]) {
  const { context, close } = await launchChromium({ profilePrefix: 'mc-prof-', extensionDir });
  try {
    if (context.serviceWorkers().length === 0) await context.waitForEvent('serviceworker');
    await context.route(`${item.origin}/**`, (route) =>
      route.request().resourceType() === 'document'
        ? route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: item.body })
        : route.fulfill({ status: 404, body: '' }),
    );
    const page = await context.newPage();
    // The page's own renderer from the start: a blank page of the host (no content script acts on it).
    await page.goto(`${item.origin}/__blank`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    const load = await record(cdp, async () => {
      await page.goto(item.url, { waitUntil: 'load' });
      await page.locator(item.ours).waitFor({ state: 'attached' });
      await page.waitForFunction((at) => performance.now() >= at, LOADED_AT_MS, { polling: 50 });
    });
    const steady = await record(cdp, () => page.waitForTimeout(STEADY_MS));
    return { load: ours(load), steady: ours(steady) };
  } finally {
    await close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

for (const item of HEAVY_PAGES) {
  if (only.length > 0 && !only.includes(item.family)) continue;
  const samples = [];
  for (let i = 0; i < RUNS; i++) samples.push(await run(item));
  const fmt = (value: number) => `${value.toFixed(1)} ms`;
  const loads = samples.map((sample) => sample.load.total);
  const steadies = samples.map((sample) => sample.steady.total);
  console.log(
    `${item.family} (${RUNS} runs): our JavaScript, load (first ${LOADED_AT_MS} ms) median ${fmt(median(loads))} [${loads.map(fmt).join(', ')}]; steady (next ${STEADY_MS} ms) median ${fmt(median(steadies))} [${steadies.map(fmt).join(', ')}]`,
  );
  for (const window of ['load', 'steady'] as const) {
    const sum = new Map<string, number>();
    for (const sample of samples)
      for (const [place, ms] of sample[window].places) sum.set(place, (sum.get(place) ?? 0) + ms / RUNS);
    const top = [...sum].sort((a, b) => b[1] - a[1]).slice(0, TOP);
    if (top.length > 0) console.log(`  ${window}, heaviest places (mean ms per run):`);
    for (const [place, ms] of top)
      console.log(`    ${ms.toFixed(2).padStart(7)}  ${await sourceName(place, extensionDir)}`);
    const leaves = new Map<string, number>();
    for (const sample of samples)
      for (const [leaf, ms] of sample[window].leaves) leaves.set(leaf, (leaves.get(leaf) ?? 0) + ms / RUNS);
    const topLeaves = [...leaves].sort((a, b) => b[1] - a[1]).slice(0, TOP);
    if (topLeaves.length > 0) console.log(`  ${window}, what ran under our frames (mean ms per run):`);
    for (const [leaf, ms] of topLeaves) console.log(`    ${ms.toFixed(2).padStart(7)}  ${leaf}`);
  }
}
