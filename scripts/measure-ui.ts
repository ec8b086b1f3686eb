// `npx tsx scripts/measure-ui.ts` (after `WXT_TEST_BUILD=1 npx wxt build`): measures, does not assert.
// EXTENSION_DIR=<a chrome-mv3 test build> measures that build instead of .output/chrome-mv3.
// - the popup's first-load bundle: JS and CSS that popup.html loads, raw and gzip;
// - popup open → recent recordings shown, fresh (cache cleared) and from the cache, median of runs,
//   against an empty extension page opened the same way in the same run (the browser's own cost of
//   opening an extension page: no script, one static row), and the ratio cached / empty;
// - viewer open → first screen of the 3-hour transcript, and → every utterance rendered.
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
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

/** Milliseconds from navigation start until `selector` first matches. */
async function timeTo(page: Page, url: string, selector: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForSelector(selector, { timeout: 30_000 });
  return page.evaluate(() => (window as unknown as { __firstSeenAt?: number }).__firstSeenAt ?? -1);
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

  // Records when a selector first matches, and when the page's app first rendered anything (its
  // first frame), measured from the page's time origin.
  // A string, not a function: tsx's name helpers do not exist in the page.
  const watch = (selector: string) =>
    context.addInitScript(`
      (() => {
        const wanted = ${JSON.stringify(selector)};
        const observer = new MutationObserver(() => {
          const app = document.getElementById('app');
          if (window.__firstFrameAt === undefined && app && app.childElementCount > 0) {
            window.__firstFrameAt = performance.now();
          }
          if (document.querySelector(wanted)) {
            window.__firstSeenAt = performance.now();
            observer.disconnect();
          }
        });
        observer.observe(document, { childList: true, subtree: true });
      })();
    `);

  await watch('[data-testid="recording"], [data-testid="utterance"], [data-testid="protocol"]');
  const fresh: number[] = [];
  const cached: number[] = [];
  const empty: number[] = [];
  const afterFirstFrame: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    await page.evaluate(() => chrome.storage.session.clear());
    fresh.push(await timeTo(page, `${base}/popup.html`, '[data-testid="recording"]'));
    // The fresh run filled the cache again: open once more.
    cached.push(await timeTo(page, `${base}/popup.html`, '[data-testid="recording"]'));
    const firstFrame = await page.evaluate(
      () => (window as unknown as { __firstFrameAt?: number }).__firstFrameAt,
    );
    afterFirstFrame.push((cached.at(-1) ?? 0) - (firstFrame ?? 0));
    empty.push(await timeTo(page, `${base}/${EMPTY_PAGE}`, '[data-testid="recording"]'));
  }
  console.log(
    `empty extension page → its row: median ${median(empty).toFixed(0)} ms (${empty.map((t) => t.toFixed(0)).join(', ')})`,
  );
  console.log(
    `popup → list, fresh: median ${median(fresh).toFixed(0)} ms (${fresh.map((t) => t.toFixed(0)).join(', ')})`,
  );
  console.log(
    `popup → list, from cache: median ${median(cached).toFixed(0)} ms (${cached.map((t) => t.toFixed(0)).join(', ')})`,
  );
  console.log(
    `popup, from cache: list shown ${median(afterFirstFrame).toFixed(0)} ms after the app's first frame, median (${afterFirstFrame.map((t) => t.toFixed(0)).join(', ')}; 0 = in the first frame)`,
  );
  console.log(
    `popup → list / empty page: from cache ${(median(cached) / median(empty)).toFixed(2)}×, fresh ${(median(fresh) / median(empty)).toFixed(2)}×`,
  );

  const viewer = await context.newPage();
  await viewer.setViewportSize({ width: 1200, height: 820 });
  const long = `${base}/viewer.html?space=${SEED.spaces.personal}&audio=${SEED.recordings.long}`;
  const firstScreen: number[] = [];
  const allRendered: number[] = [];
  const protocolScreen: number[] = [];
  for (let i = 0; i < Math.min(runs, 5); i += 1) {
    protocolScreen.push(await timeTo(viewer, long, '[data-testid="protocol"]'));
    firstScreen.push(await timeTo(viewer, `${long}&tab=transcript`, '[data-testid="utterance"]'));
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
