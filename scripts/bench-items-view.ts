/**
 * Benchmark of the open items view (not a test: it prints figures and asserts nothing), over
 * `--hours` one-hour meetings (scripts/items-meetings.ts: four weekly series and unique calls,
 * the emulator's protocol of the hour and a labelled protocol each), their items read by the
 * product's extraction and kept by its store (lib/items/kept.ts), a fifth of them ticked:
 *
 * - in Node: the kept items read back (from memory) and the view built (merged by series, grouped,
 *   filtered), the first time in this process and then warm;
 * - in Chromium with the built test extension (`npm run build:test`), signed in to an emulator: the
 *   items and the archive's catalog written into the extension's IndexedDB, then the popup (and the
 *   side panel) opened afresh each run and "Open items" pressed: the time from the press to the
 *   first items on screen, the view's code not yet loaded and its database not yet opened by the
 *   page (cold). The first run after the browser started is reported apart.
 *
 * Usage: npx tsx scripts/bench-items-view.ts [--hours 500] [--runs 7]
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { Page } from '@playwright/test';
import { SEED, startEmulator } from '../emulator/index';
import { archiveOwner } from '../lib/archive/store';
import { extractItems } from '../lib/items';
import { ItemsReader, ItemsStore } from '../lib/items/kept';
import { localIso } from '../lib/items/request';
import { buildView } from '../lib/items/view';
import { memoryKeyValue } from '../lib/kv';
import { launchChromium } from '../tests/e2e/launch';
import { generatedMeetings, labelledProtocols } from './items-meetings';

const { values } = parseArgs({
  options: { hours: { type: 'string', default: '500' }, runs: { type: 'string', default: '7' } },
});
const HOURS = Math.max(1, Number(values.hours) || 500);
const RUNS = Math.max(1, Number(values.runs) || 7);
const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;

/** The kept items of the generated meetings for `owner`: the database's entries and the catalog. */
async function keptFor(owner: string) {
  const meetings = generatedMeetings(HOURS, [...labelledProtocols('tune'), ...labelledProtocols('held-out')]);
  const kv = memoryKeyValue();
  const store = new ItemsStore(kv);
  const catalog: Record<string, unknown> = {};
  let items = 0;
  for (const meeting of meetings) {
    const createdAt = Date.parse(meeting.createdAt);
    const found = extractItems(meeting.protocol, { ...meeting, createdAt: localIso(createdAt) });
    items += found.length;
    const spaceId = meeting.id % 3 === 0 ? SEED.spaces.team : SEED.spaces.personal;
    await store.keep(owner, {
      spaceId,
      audioId: meeting.id,
      title: meeting.title,
      createdAt,
      event: null,
      rev: 1,
      items: found,
    });
    catalog[`${spaceId}:${meeting.id}`] = {
      spaceId,
      audioId: meeting.id,
      title: meeting.title,
      createdAt,
      savedAt: createdAt,
      rev: 1,
      bytes: meeting.protocol.length,
      language: meeting.language,
      utterances: 0,
      speakers: [],
    };
  }
  const kept = await store.read(owner);
  const keys = kept.meetings.flatMap((meeting) => meeting.items.map((item) => item.key));
  for (let i = 0; i < keys.length; i += 5)
    await store.setState(owner, [keys[i] as string], 'done', Date.now());
  const entries: Array<[string, unknown]> = [];
  for (const key of await kv.keys()) entries.push([key, await kv.get(key)]);
  return { entries, catalog, items, meetings: meetings.length, kv };
}

/** Writes key-value pairs into one of the extension's IndexedDB stores, from an extension page. */
async function put(
  page: Page,
  database: string,
  store: string,
  entries: Array<[string, unknown]>,
): Promise<void> {
  await page.evaluate(
    async ({ database, store, entries }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(database);
        open.onupgradeneeded = () => open.result.createObjectStore(store);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => resolve(open.result);
      });
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction(store, 'readwrite');
        for (const [key, value] of entries) tx.objectStore(store).put(value, key);
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    },
    { database, store, entries },
  );
}

/** Opens `url` afresh, presses "Open items" and returns the time until the first items are on screen. */
async function openCold(page: Page, url: string): Promise<{ ms: number; code: number; shown: number }> {
  await page.goto(url);
  // The popup's snapshot of its last home paints first: the app's own button is waited for.
  await page.getByTestId('open-items-button').waitFor();
  // A string, not a function: the script runner's helpers (esbuild's __name) do not exist in the page.
  return page.evaluate(`new Promise((resolve) => {
    const button = document.querySelector('[data-testid="open-items-button"]');
    const t0 = performance.now();
    let code = 0;
    button.click();
    const check = () => {
      if (!code && document.querySelector('[data-testid="open-items"]')) code = performance.now() - t0;
      const shown = document.querySelectorAll('[data-testid="open-item"]').length;
      if (shown > 0) resolve({ ms: performance.now() - t0, code, shown });
      else requestAnimationFrame(check);
    };
    check();
  })`);
}

async function main(): Promise<void> {
  const [load] = (await import('node:fs')).readFileSync('/proc/loadavg', 'utf8').split(' ');
  console.log(
    `Load average at the start: ${load} (this machine has ${(await import('node:os')).cpus().length} cores).`,
  );
  const emulator = await startEmulator({ quiet: true });
  const owner = archiveOwner(emulator.url, SEED.users.demo.email);
  const began = performance.now();
  const data = await keptFor(owner);
  console.log(
    `${data.meetings} one-hour meetings, ${data.items} items read and kept in ${ms(performance.now() - began)} (Node, extraction included).`,
  );

  // Node: read back and build the view.
  const reader = new ItemsReader(data.kv);
  const node: number[] = [];
  const cpu: number[] = [];
  let merged = 0;
  for (let run = 0; run <= RUNS; run += 1) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const kept = await reader.read(owner);
    const view = buildView(kept, ['Anna Petrova'], { show: 'open' });
    const used = process.cpuUsage(c0);
    node.push(performance.now() - t0);
    cpu.push((used.user + used.system) / 1000);
    merged = view.total;
  }
  console.log(
    `Node, read back and view built: first ${ms(node[0] ?? 0)} (${ms(cpu[0] ?? 0)} of CPU), then median ${ms(median(node.slice(1)))} (${ms(median(cpu.slice(1)))} of CPU); ${merged} items after merging a series' repeats.`,
  );

  const chromium = await launchChromium({ profilePrefix: 'mc-bench-items-' });
  try {
    const worker =
      chromium.context.serviceWorkers()[0] ?? (await chromium.context.waitForEvent('serviceworker'));
    const id = new URL(worker.url()).host;
    const page = await chromium.context.newPage();
    await page.setViewportSize({ width: 400, height: 600 });
    await page.goto(`chrome-extension://${id}/popup.html`);
    await page.getByLabel('Service URL').fill(emulator.url);
    await page.getByLabel('Email').fill(SEED.users.demo.email);
    await page.getByLabel('Password', { exact: true }).fill(SEED.users.demo.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('balance-value').waitFor();
    await put(page, 'meeting-capture-items', 'items', data.entries);
    await put(page, 'meeting-capture-archive', 'archive', [
      ['catalog', { owner, generation: 'bench', entries: data.catalog }],
    ]);
    for (const [name, url, width] of [
      ['popup', `chrome-extension://${id}/popup.html`, 400],
      ['side panel', `chrome-extension://${id}/sidepanel.html`, 320],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      const times: number[] = [];
      const code: number[] = [];
      let shown = 0;
      for (let run = 0; run < RUNS; run += 1) {
        const cold = await openCold(page, url);
        times.push(cold.ms);
        code.push(cold.code);
        shown = cold.shown;
      }
      console.log(
        `${name}, "Open items" pressed to the first items on screen (cold page, ${shown} items drawn first): first ${ms(times[0] ?? 0)}, median ${ms(median(times.slice(1)))}, all: ${times.map((t) => t.toFixed(0)).join(', ')} ms; of which the view's code in: median ${ms(median(code))}.`,
      );
    }
  } finally {
    await chromium.close();
    await emulator.close();
  }
}

await main();
