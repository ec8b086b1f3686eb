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
import { extensionDir, launchFirefox } from '../tests/firefox/support';
import {
  benchArchive,
  benchQueries,
  benchQuestions,
  flag,
  type InPage,
  ms,
  processTree,
  searchWorkerFile,
  startWorkerIn,
  threadsCpuMs,
  waitComplete,
  writeArchive,
} from './bench-search-page';

const HOURS = flag('hours', 50);
const RUNS = flag('runs', 5);

async function main() {
  const file = searchWorkerFile(extensionDir, 'build:test:firefox');
  const { kv, meetings } = await benchArchive('Firefox ESR', HOURS);
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
    await writeArchive(page, kv);

    const startedAt = await page.evaluate(() => performance.now(), undefined);
    await startWorkerIn(page, file);
    const built = await waitComplete(page, meetings, 3_600_000);
    console.log(
      `index build: ${ms(built.at - startedAt)} for ${meetings} meetings (the first 10 searchable after ${ms(built.tenth - startedAt)})`,
    );

    const askId = await benchQueries(page, 0, RUNS, workerCpu);
    await benchQuestions(page, askId, RUNS, workerCpu);
  } finally {
    await firefox.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
