// `npx tsx scripts/measure-ui.ts` (after `WXT_TEST_BUILD=1 npx wxt build`): measures, does not assert.
// EXTENSION_DIR=<a chrome-mv3 test build> measures that build instead of .output/chrome-mv3.
// - the popup's first-load bundle: JS and CSS that popup.html loads, raw and gzip;
// - popup open → recent recordings shown, fresh (cache and snapshot cleared), from the cache, and
//   as after a browser start (the session area's cache gone, the page's snapshot kept), median of
//   runs, against an empty extension page opened the same way in the same run (the browser's own
//   cost of opening an extension page: no script, one static row), and the ratio to it; for each:
//   when the first script's snapshot, the app's first frame and the app's own list appeared, when
//   the page was parsed (DOMContentLoaded: the popup's modules are started by its first script and
//   not waited for; the viewer's have run by then), and with CDP_METRICS=1 script, compile, style and
//   layout time until the list (CDP Performance metrics; collecting them slows the page, so the
//   times are taken without them by default), and its first contentful paint (the frame that
//   shows it, as the browser reports it: in steps of 4 ms);
//   each opening starts from about:blank, as a popup opens a new document every time
//   (OPEN_FROM=page: from the page opened before, whose unloading then counts too);
// - viewer open → first screen of the 3-hour transcript, and → every utterance rendered.
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CDPSession, Page } from '@playwright/test';
import { SEED, startEmulator } from '../emulator/index';
import { launchChromium } from '../tests/e2e/launch';
import { fileSize, pageAssets } from './bundle';

const root = path.resolve(import.meta.dirname, '..');
const extensionDir = process.env.EXTENSION_DIR
  ? path.resolve(process.env.EXTENSION_DIR)
  : path.join(root, '.output', 'chrome-mv3');
const runs = Number(process.env.RUNS ?? 7);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function bundleReport(html: string): void {
  let raw = 0;
  let gz = 0;
  for (const ref of pageAssets(extensionDir, html)) {
    const size = fileSize(extensionDir, ref);
    raw += size.raw;
    gz += size.gzip;
    console.log(`  /${ref}: ${(size.raw / 1024).toFixed(1)} kB, gzip ${(size.gzip / 1024).toFixed(1)} kB`);
  }
  console.log(`${html} first load: ${(raw / 1024).toFixed(1)} kB, gzip ${(gz / 1024).toFixed(1)} kB`);
}

interface Timing {
  /** Navigation start → `selector` first matched (the snapshot's rows count for the popup). */
  seen: number;
  /** → the app's own rows (not the snapshot's); the app's first frame. */
  live: number;
  appFrame: number;
  /** → the snapshot painted by the popup's first script (-1: none). */
  snapshot: number;
  /**
   * → DOMContentLoaded: the page parsed. The viewer's modules have run by then; the popup's are
   * inserted by its first script (wxt.config.ts) and are not waited for.
   */
  modulesRun: number;
  /** → the page's first contentful paint. */
  paint: number;
  /** CDP Performance metrics of the page until its own list is shown, ms: script run, compile, style, layout. */
  script: number;
  compile: number;
  style: number;
  layout: number;
}

type Cdp = CDPSession | null;

/** CDP_METRICS=1: the breakdown (collecting it slows the page a little: the times are read without it). */
const withMetrics = process.env.CDP_METRICS === '1';

async function metrics(cdp: Cdp): Promise<Record<string, number>> {
  if (!cdp) return {};
  const { metrics: list } = (await cdp.send('Performance.getMetrics')) as {
    metrics: Array<{ name: string; value: number }>;
  };
  return Object.fromEntries(list.map((metric) => [metric.name, metric.value]));
}

/** Opens `url` and times it until `selector` first matches and the app's own list is shown. */
const fromPage = process.env.OPEN_FROM === 'page';
async function timeTo(page: Page, cdp: Cdp, url: string, selector: string): Promise<Timing> {
  if (!fromPage) await page.goto('about:blank');
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForSelector(selector, { timeout: 30_000 });
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __liveSeenAt?: number; __paintAt?: number };
      return w.__liveSeenAt !== undefined && w.__paintAt !== undefined;
    },
    null,
    {
      timeout: 30_000,
    },
  );
  const after = await metrics(cdp);
  // The counters start again with each document: what they hold is this opening's.
  const delta = (name: string) => (after[name] ?? 0) * 1000;
  const marks = await page.evaluate(() => {
    const w = window as unknown as Record<string, number | undefined>;
    const navigation = performance.getEntriesByType('navigation')[0] as
      | PerformanceNavigationTiming
      | undefined;
    return {
      seen: w.__firstSeenAt ?? -1,
      live: w.__liveSeenAt ?? -1,
      appFrame: w.__firstFrameAt ?? -1,
      snapshot: w.__snapshotAt ?? -1,
      modulesRun: navigation?.domContentLoadedEventStart ?? -1,
      paint: w.__paintAt ?? -1,
    };
  });
  return {
    ...marks,
    script: delta('ScriptDuration'),
    compile: delta('V8CompileDuration'),
    style: delta('RecalcStyleDuration'),
    layout: delta('LayoutDuration'),
  };
}

bundleReport('popup.html');
bundleReport('viewer.html');

// The baseline: a page of the extension with nothing to load, written next to the build's pages for
// this run only (removed at the end), with the one element the popup is timed to.
const EMPTY_PAGE = 'measure-empty.html';
writeFileSync(
  path.join(extensionDir, EMPTY_PAGE),
  '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Empty</title></head>' +
    '<body><div id="app"><p data-testid="recording">Empty</p></div></body></html>',
);

const emulator = await startEmulator({ quiet: true, processingDelayMs: 600_000 });
const browser = await launchChromium({ profilePrefix: 'mc-measure-', extensionDir });
const { context } = browser;
try {
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const base = `chrome-extension://${new URL(worker.url()).host}`;
  const page = await context.newPage();
  await page.setViewportSize({ width: 400, height: 600 });
  await page.goto(`${base}/popup.html`);
  await page.getByLabel('Service URL').fill(emulator.url);
  await page.getByLabel('Email').fill(SEED.users.demo.email);
  await page.getByLabel('Password', { exact: true }).fill(SEED.users.demo.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('recording').first().waitFor();

  // Records when a selector first matches, when the popup's first script painted its snapshot,
  // when the page's app first rendered anything (its first frame) and when the app's own rows were
  // first shown, measured from the page's time origin.
  // A string, not a function: tsx's name helpers do not exist in the page.
  const watch = (selector: string) =>
    context.addInitScript(`
      (() => {
        const wanted = ${JSON.stringify(selector)};
        const observer = new MutationObserver(() => {
          const app = document.getElementById('app');
          const now = performance.now();
          const painted = app && app.querySelector(':scope > [data-snapshot]');
          if (window.__snapshotAt === undefined && painted) window.__snapshotAt = now;
          const own = app && app.querySelector(':scope > :not([data-snapshot])');
          if (window.__firstFrameAt === undefined && own) window.__firstFrameAt = now;
          if (window.__firstSeenAt === undefined && document.querySelector(wanted)) window.__firstSeenAt = now;
          if (
            window.__liveSeenAt === undefined &&
            Array.from(document.querySelectorAll(wanted)).some((found) => !found.closest('[data-snapshot]'))
          ) {
            window.__liveSeenAt = now;
          }
          if (window.__liveSeenAt !== undefined) observer.disconnect();
        });
        observer.observe(document, { childList: true, subtree: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            if (entry.name === 'first-contentful-paint') window.__paintAt = entry.startTime;
          }
        }).observe({ type: 'paint', buffered: true });
      })();
    `);

  // The snapshot's rows carry no test id (tests find the app's): they are found by their class.
  await watch(
    '[data-testid="recording"], [data-snapshot] li.recording, [data-testid="utterance"], [data-testid="protocol"]',
  );
  const cdp = withMetrics ? await context.newCDPSession(page) : null;
  await cdp?.send('Performance.enable');
  const ROW = '[data-testid="recording"], [data-snapshot] li.recording';
  const fresh: Timing[] = [];
  const cached: Timing[] = [];
  const restarted: Timing[] = [];
  const empty: Timing[] = [];
  for (let i = 0; i < runs; i += 1) {
    // Fresh: nothing kept, neither the session area's cached list nor the page's snapshot.
    await page.evaluate(() => {
      localStorage.clear();
      return chrome.storage.session.clear();
    });
    fresh.push(await timeTo(page, cdp, `${base}/popup.html`, ROW));
    // The fresh run filled the cache (and the snapshot, once the page was quiet): open once more.
    await page.waitForTimeout(800);
    cached.push(await timeTo(page, cdp, `${base}/popup.html`, ROW));
    // As after a browser start: the session area is empty, the page's snapshot is kept.
    await page.waitForTimeout(800);
    await page.evaluate(() => chrome.storage.session.clear());
    restarted.push(await timeTo(page, cdp, `${base}/popup.html`, ROW));
    empty.push(await timeTo(page, cdp, `${base}/${EMPTY_PAGE}`, ROW));
  }
  const line = (label: string, values: number[]) =>
    console.log(
      `${label}: median ${median(values).toFixed(0)} ms (${values.map((t) => t.toFixed(0)).join(', ')})`,
    );
  const pick = (list: Timing[], key: keyof Timing) => list.map((timing) => timing[key]);
  console.log(`each opening from ${fromPage ? 'the page opened before' : 'about:blank'}`);
  line('empty extension page → its row', pick(empty, 'seen'));
  line('  → first contentful paint', pick(empty, 'paint'));
  for (const [name, list] of [
    ['fresh', fresh],
    ['from cache', cached],
    ['after a browser start (snapshot, no cached list)', restarted],
  ] as const) {
    line(`popup → list, ${name}`, pick(list, 'seen'));
    line(`  → the app's own list`, pick(list, 'live'));
    line(`  → the app's first frame`, pick(list, 'appFrame'));
    const painted = pick(list, 'snapshot').filter((t) => t >= 0);
    if (painted.length) line(`  → snapshot painted (${painted.length} of ${list.length} runs)`, painted);
    line('  → DOMContentLoaded (parsed; the modules start after the first script)', pick(list, 'modulesRun'));
    line('  → first contentful paint', pick(list, 'paint'));
    if (!withMetrics) continue;
    line('  script run (CDP ScriptDuration)', pick(list, 'script'));
    line('  of it compile (V8CompileDuration)', pick(list, 'compile'));
    line('  style recalculation', pick(list, 'style'));
    line('  layout', pick(list, 'layout'));
  }
  const inFirstFrame = cached.filter((timing) => timing.live <= timing.appFrame).length;
  console.log(
    `popup, from cache: the app's own list in its first frame in ${inFirstFrame} of ${cached.length} runs`,
  );
  line('empty page: script run', pick(empty, 'script'));
  line(
    'empty page: style + layout',
    empty.map((t) => t.style + t.layout),
  );
  const ratio = (list: Timing[]) => (median(pick(list, 'seen')) / median(pick(empty, 'seen'))).toFixed(2);
  console.log(
    `popup → list / empty page: from cache ${ratio(cached)}×, after a browser start ${ratio(restarted)}×, fresh ${ratio(fresh)}×`,
  );
  const paintRatio = (list: Timing[]) =>
    (median(pick(list, 'paint')) / median(pick(empty, 'paint'))).toFixed(2);
  console.log(
    `first contentful paint / empty page's: from cache ${paintRatio(cached)}×, after a browser start ${paintRatio(restarted)}×, fresh ${paintRatio(fresh)}×`,
  );

  const viewer = await context.newPage();
  await viewer.setViewportSize({ width: 1200, height: 820 });
  const viewerCdp = null;
  const long = `${base}/viewer.html?space=${SEED.spaces.personal}&audio=${SEED.recordings.long}`;
  const firstScreen: number[] = [];
  const allRendered: number[] = [];
  const protocolScreen: number[] = [];
  for (let i = 0; i < Math.min(runs, 5); i += 1) {
    protocolScreen.push((await timeTo(viewer, viewerCdp, long, '[data-testid="protocol"]')).seen);
    firstScreen.push(
      (await timeTo(viewer, viewerCdp, `${long}&tab=transcript`, '[data-testid="utterance"]')).seen,
    );
    const total = Number(await viewer.locator('.tab-count').textContent());
    await viewer.waitForFunction(
      (count) => document.querySelectorAll('[data-testid="utterance"]').length >= count,
      total,
      { timeout: 60_000 },
    );
    allRendered.push(await viewer.evaluate(() => performance.now()));
  }
  console.log(`viewer 3-hour recording → protocol: median ${median(protocolScreen).toFixed(0)} ms`);
  console.log(
    `viewer 3-hour transcript → first screen: median ${median(firstScreen).toFixed(0)} ms (${firstScreen.map((t) => t.toFixed(0)).join(', ')})`,
  );
  console.log(
    `viewer 3-hour transcript → every utterance in the DOM: median ${median(allRendered).toFixed(0)} ms (upper bound: includes polling)`,
  );
} finally {
  await browser.close();
  await emulator.close();
  rmSync(path.join(extensionDir, EMPTY_PAGE), { force: true });
}
