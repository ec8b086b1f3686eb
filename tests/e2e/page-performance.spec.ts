/**
 * Main-thread time the content scripts add to heavy host pages: each family's saved page, made
 * heavy (thousands of elements, the DOM changing ten times a second as a live page does), loaded
 * in Chromium three ways: without the extension; with it, on a host no content script matches
 * (what merely having the extension costs); with it, on the family's real host. Chromium's own
 * counters of the page's main thread (CDP Performance.getMetrics TaskDuration and ScriptDuration,
 * in thread CPU time) are read at a fixed moment after navigation, by which our control has
 * appeared, and again after a steady stretch; the medians of the runs are printed.
 * No assertion on time: two shared cores make the figures indicative, not exact. One run each
 * by default, to keep the suite short; for figures worth quoting:
 *   MEASURE_RUNS=7 npx playwright test tests/e2e/page-performance.spec.ts --workers=1
 */
import { test } from '@playwright/test';
import { HEAVY_PAGES as FAMILIES, LOADED_AT_MS, STEADY_MS } from './heavy-pages';
import { launchChromium } from './launch';

const RUNS = Number(process.env.MEASURE_RUNS ?? 1);
/** A host none of our content scripts matches. */
const UNMATCHED_ORIGIN = 'https://heavy-page.test';

interface Sample {
  loadTask: number;
  loadScript: number;
  steadyTask: number;
  steadyScript: number;
}

type Mode = 'none' | 'unmatched' | 'ours';

async function measure(item: (typeof FAMILIES)[number], mode: Mode): Promise<Sample> {
  const withExtension = mode !== 'none';
  const { context, close } = await launchChromium({ extension: withExtension, profilePrefix: 'mc-perf-' });
  try {
    if (withExtension && context.serviceWorkers().length === 0) await context.waitForEvent('serviceworker');
    const origin = mode === 'ours' ? item.origin : UNMATCHED_ORIGIN;
    await context.route(`${origin}/**`, (route) =>
      route.request().resourceType() === 'document'
        ? route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: item.body })
        : route.fulfill({ status: 404, body: '' }),
    );
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    // Thread ticks: CPU time of the main thread, not wall time (the CDP enum Playwright's types lack).
    await cdp.send('Performance.enable', { timeMetric: 'threadTicks' } as never);
    const metrics = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      const get = (name: string) => metrics.find((metric) => metric.name === name)?.value ?? 0;
      return { task: get('TaskDuration') * 1000, script: get('ScriptDuration') * 1000 };
    };
    await page.goto(item.url.replace(item.origin, origin), { waitUntil: 'load' });
    if (mode === 'ours') await page.locator(item.ours).waitFor({ state: 'attached' });
    // The same window for every mode, measured from navigation.
    await page.waitForFunction((at) => performance.now() >= at, LOADED_AT_MS, { polling: 50 });
    const loaded = await metrics();
    await page.waitForTimeout(STEADY_MS);
    const steady = await metrics();
    return {
      loadTask: loaded.task,
      loadScript: loaded.script,
      steadyTask: steady.task - loaded.task,
      steadyScript: steady.script - loaded.script,
    };
  } finally {
    await close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

test.describe.configure({ mode: 'serial' });

for (const item of FAMILIES) {
  test(`main-thread time of the ${item.family} content script on a heavy page`, async () => {
    test.setTimeout(RUNS * 3 * 20_000 + 30_000);
    const runs: Record<Mode, Sample[]> = { none: [], unmatched: [], ours: [] };
    for (let i = 0; i < RUNS; i++) {
      // Interleaved, so a slow moment of the machine does not fall on one mode only.
      for (const mode of ['none', 'unmatched', 'ours'] as const) runs[mode].push(await measure(item, mode));
    }
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    const row = (key: keyof Sample) => {
      const [none, unmatched, ours] = (['none', 'unmatched', 'ours'] as const).map((mode) =>
        median(runs[mode].map((sample) => sample[key])),
      ) as [number, number, number];
      return `${key}: ${ms(none)} no extension, ${ms(unmatched)} extension elsewhere, ${ms(ours)} our script; script adds ${ms(ours - unmatched)}`;
    };
    const lines = [
      `${item.family} (${RUNS} run(s), medians; load = first ${LOADED_AT_MS} ms, steady = next ${STEADY_MS} ms)`,
      ...(['loadTask', 'loadScript', 'steadyTask', 'steadyScript'] as const).map(row),
    ];
    console.log(lines.join('\n  '));
    test.info().annotations.push({ type: 'main-thread', description: lines.join('; ') });
  });
}
