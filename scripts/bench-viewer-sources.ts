/**
 * Benchmark of the wait a person has for a protocol's suggested sources in the viewer (not a test:
 * it prints figures and asserts nothing). The built test extension (`npm run build:test`) in
 * Chromium, signed in to an emulator whose six ready recordings of the personal space are given
 * the 2-hour meeting `npm run grounding -- bench` links (1,500 utterances of the val meetings, 40
 * lines). Each recording is opened once in the viewer (its Protocol tab), as a person opens it:
 * the time from the page's start (its navigation) to the protocol drawn, and to the sources'
 * status saying how many lines have a source. The background links as it does for a person (the
 * result shown is linked at once, the offscreen document and the linker's Worker kept for the next
 * link): the odd runs with the offscreen document closed first (a link after 20 s with none: the
 * document opened, the Worker started, its code cold), the even ones right after (the next link of
 * a burst). Then each recording opened again: its sources read from the archive, not linked.
 *
 * Usage: npx tsx scripts/bench-viewer-sources.ts [--rounds 2]
 */
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import type { Page, Worker } from '@playwright/test';
import { SEED, startEmulator } from '../emulator/index';
import { launchChromium } from '../tests/e2e/launch';
import { dataFolder, twoHourMeeting } from './grounding';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '2' } } });
const ROUNDS = Math.max(1, Number(values.rounds) || 2);
const R = SEED.recordings;
const READY = [R.ready, R.long, R.hostile, R.readyRu, R.readyShort, R.readyRuFavorite];
const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;

interface Opened {
  protocol: number;
  sources: number;
  status: string;
}

/**
 * Opens the viewer on a recording and returns when the protocol and the sources' summary were on
 * screen, in ms from the page's start. A string, not a function: the script runner's helpers
 * (esbuild's __name) do not exist in the page.
 */
async function open(page: Page, url: string): Promise<Opened> {
  await page.goto(url);
  return page.evaluate(`new Promise((resolve, reject) => {
    let protocol = 0;
    const until = performance.now() + 60000;
    const check = () => {
      if (!protocol && document.querySelector('[data-testid="protocol"] li')) protocol = performance.now();
      const status = document.querySelector('[data-testid="sources-status"]');
      const text = status ? status.textContent : '';
      if (protocol && /Suggested sources for|No line|could not/i.test(text)) {
        resolve({ protocol, sources: performance.now(), status: text });
        return;
      }
      if (performance.now() > until) reject(new Error('no sources after a minute: ' + text));
      else requestAnimationFrame(check);
    };
    check();
  })`);
}

function closeDocument(worker: Worker): Promise<void> {
  return worker.evaluate(() =>
    (globalThis as unknown as { chrome: { offscreen: { closeDocument(): Promise<void> } } }).chrome.offscreen
      .closeDocument()
      .catch(() => undefined),
  );
}

async function round(
  emulatorUrl: string,
  result: unknown,
): Promise<{ cold: Opened[]; warm: Opened[]; again: Opened[] }> {
  for (const id of READY) {
    const answer = await fetch(`${emulatorUrl}/__emulator/recordings/${id}/result`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(result),
      // (The emulator takes the result's own fields: protocol, dialog, speakers.)
    });
    if (answer.status !== 200)
      throw new Error(`the emulator took no result for ${id}: ${await answer.text()}`);
  }
  const chromium = await launchChromium({ profilePrefix: 'mc-bench-viewer-sources-' });
  try {
    const worker =
      chromium.context.serviceWorkers()[0] ?? (await chromium.context.waitForEvent('serviceworker'));
    const id = new URL(worker.url()).host;
    worker.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        console.log(`(worker) ${message.text()}`);
    });
    const page = await chromium.context.newPage();
    await page.setViewportSize({ width: 1200, height: 900 });
    await page.goto(`chrome-extension://${id}/popup.html`);
    await page.getByLabel('Service URL').fill(emulatorUrl);
    await page.getByLabel('Email').fill(SEED.users.demo.email);
    await page.getByLabel('Password', { exact: true }).fill(SEED.users.demo.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('balance-value').waitFor();
    const url = (audio: number) =>
      `chrome-extension://${id}/viewer.html?space=${SEED.spaces.personal}&audio=${audio}&tab=protocol`;
    const cold: Opened[] = [];
    const warm: Opened[] = [];
    for (const [i, audio] of READY.entries()) {
      if (i % 2 === 0) await closeDocument(worker);
      (i % 2 === 0 ? cold : warm).push(await open(page, url(audio)));
    }
    const again: Opened[] = [];
    for (const audio of READY) again.push(await open(page, url(audio)));
    return { cold, warm, again };
  } finally {
    await chromium.close();
  }
}

async function main(): Promise<void> {
  const [load] = readFileSync('/proc/loadavg', 'utf8').split(' ');
  console.log(`Load average at the start: ${load} (this machine has ${cpus().length} cores).`);
  const { result: whole, origin } = twoHourMeeting(dataFolder());
  const { protocol, dialog, speakers_map } = whole.result ?? {};
  const result = { protocol, dialog, speakers_map };
  console.log(`A 2-hour meeting: ${origin}; ${ROUNDS} rounds of ${READY.length} recordings.`);
  const emulator = await startEmulator({ quiet: true });
  const all = { cold: [] as Opened[], warm: [] as Opened[], again: [] as Opened[] };
  try {
    for (let r = 0; r < ROUNDS; r += 1) {
      const one = await round(emulator.url, result);
      all.cold.push(...one.cold);
      all.warm.push(...one.warm);
      all.again.push(...one.again);
    }
  } finally {
    await emulator.close();
  }
  console.log(`The sources' status at the end: ${all.cold[0]?.status ?? ''}`);
  for (const [name, list] of [
    ['first opened, the offscreen document closed before (a link after 20 s with none)', all.cold],
    ['first opened, right after another (the document and its Worker kept)', all.warm],
    ['opened again (the sources kept in the archive)', all.again],
  ] as const) {
    const protocol = list.map((one) => one.protocol);
    const sources = list.map((one) => one.sources);
    const after = list.map((one) => one.sources - one.protocol);
    console.log(
      `${name}: protocol drawn ${ms(median(protocol))}, sources shown ${ms(median(sources))} from the page's start, ${ms(median(after))} after the protocol (medians of ${list.length}; after the protocol: ${after.map((t) => t.toFixed(0)).join(', ')} ms)`,
    );
  }
}

await main();
