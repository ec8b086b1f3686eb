/**
 * The search worker in Firefox ESR (the add-on's test build, .output/firefox-mv2, driven over
 * WebDriver BiDi as tests/firefox drives it) over an archive of `--hours` hours written into the
 * add-on's IndexedDB (scripts/bench-archive.ts, the same archive as the Chromium benchmark,
 * scripts/bench-search-browser.ts). Reports the index built from the archive, warm queries of the
 * four kinds and questions ("Ask your meetings") across the whole archive, the first and warm, with
 * the CPU time of Firefox's worker threads beside each wall time.
 *
 * Usage: npm run build:test:firefox && npx tsx scripts/bench-search-firefox.ts [--hours 50] [--runs 5]
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { memoryKeyValue } from '../lib/kv';
import { extensionDir, launchFirefox } from '../tests/firefox/support';
import { generateArchive, QUERIES } from './bench-archive';
import {
  ask,
  benchQuestions,
  flag,
  type InPage,
  mb,
  median,
  ms,
  processTree,
  put,
  startWorkerIn,
  threadsCpuMs,
  waitComplete,
} from './bench-search-page';

const HOURS = flag('hours', 50);
const RUNS = flag('runs', 5);

async function main() {
  const worker = readdirSync(path.join(extensionDir, 'assets')).find((name) =>
    name.startsWith('search.worker-'),
  );
  if (!worker) throw new Error('No search worker in the build: run `npm run build:test:firefox` first.');
  const file = `assets/${worker}`;

  const kv = memoryKeyValue();
  const { meetings, utterances, characters } = await generateArchive(HOURS, kv);
  console.log(
    `Firefox ESR, ${meetings} meetings, ${HOURS} h, ${utterances.toLocaleString('en')} utterances, ${mb(characters)} of text`,
  );
  const firefox = await launchFirefox();
  try {
    const root = String(firefox.browser.process()?.pid ?? '');
    // Firefox's worker threads are named "DOM Worker"; the search worker is the only one busy here.
    const workerCpu = () =>
      threadsCpuMs(
        processTree((row) => row.pid === root).map((row) => row.pid),
        'DOM Worker',
      );
    const tab = await firefox.openExtensionPage('options.html');
    // puppeteer's evaluate takes the function's arguments spread; these helpers pass one.
    const page: InPage = { evaluate: (fn, arg) => tab.evaluate(fn as (arg: unknown) => never, arg) };
    const keys = (await kv.keys()).filter((key) => key !== 'catalog');
    for (let i = 0; i < keys.length; i += 10)
      await put(
        page,
        await Promise.all(
          keys.slice(i, i + 10).map(async (key) => [key, await kv.get(key)] as [string, unknown]),
        ),
      );
    await put(page, [['catalog', await kv.get('catalog')]]);

    const startedAt = await page.evaluate(() => performance.now(), undefined);
    await startWorkerIn(page, file);
    const built = await waitComplete(page, meetings, 3_600_000);
    console.log(
      `index build: ${ms(built.at - startedAt)} for ${meetings} meetings (the first 10 searchable after ${ms(built.tenth - startedAt)})`,
    );

    let askId = 0;
    for (const [label, query] of Object.entries(QUERIES)) {
      const times: number[] = [];
      let found = 0;
      let cpu = 0;
      for (let run = 0; run <= RUNS; run += 1) {
        const before = workerCpu();
        const answer = await ask(page, ++askId, query);
        if (run > 0) {
          times.push(answer.ms);
          cpu += workerCpu() - before;
        }
        found = answer.meetings;
      }
      console.log(
        `"${query}" (${label}): warm ${ms(median(times))} median of ${RUNS}, the worker's CPU ${ms(cpu / RUNS)} each (${found} meetings match)`,
      );
    }
    await benchQuestions(page, askId, RUNS, workerCpu);
  } finally {
    await firefox.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
