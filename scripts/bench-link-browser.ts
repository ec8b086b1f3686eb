/**
 * Benchmark of linking a protocol's lines to their suggested sources where it really runs (not a
 * test: it prints figures and asserts nothing): the built test extension in Chromium
 * (.output/chrome-mv3, `npm run build:test`) and in Firefox ESR (.output/firefox-mv2,
 * `npm run build:test:firefox`), launched as scripts/bench-search-browser.ts and
 * scripts/bench-search-firefox.ts launch them. An extension page starts the linker's own Worker
 * (`/sources-worker.js`, entrypoints/sources-worker.ts) as the product does (lib/grounding/thread.ts
 * `linkInWorker`: a fresh Worker for each result, stopped when it answers) and gives it the 2-hour
 * meeting `npm run grounding -- bench` links (about 1,500 utterances, 40 lines). Reports the first
 * (cold) link and the median of `--runs` warm ones: the wall time in the page (the Worker started,
 * the result sent, the sources back) and the CPU time of the browser's processes meanwhile (Linux
 * /proc: in Chromium its renderers, the page and its worker; in Firefox all its processes), and
 * the requests the browser reported while linking (the driver's request events: Playwright's in
 * Chromium, its dedicated workers' included; WebDriver BiDi's in Firefox).
 *
 * Usage: npm run bench:link -- [--runs 5] [--chromium-only | --firefox-only]
 */
import { readFileSync } from 'node:fs';
import { sourcesRequest } from '../lib/grounding/thread';
import { extensionPath, launchChromium } from '../tests/e2e/launch';
import { extensionDir as firefoxExtensionDir, launchFirefox } from '../tests/firefox/support';
import { flag, type InPage, median, ms, processTree } from './bench-search-page';
import { dataFolder, twoHourMeeting } from './grounding';

const RUNS = flag('runs', 5);

/** CPU time (user and system, ms) these processes have used so far (/proc/<pid>/stat, ticks of 10 ms). */
function processesCpuMs(pids: readonly string[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return ticks * 10;
}

/** Links the request in a fresh linker Worker in the page; the wall time and the lines given a source. */
function linkOnce(page: InPage, request: unknown) {
  return page.evaluate(
    (request) =>
      new Promise<{ ms: number; lines: number; linked: number; error?: string }>((resolve) => {
        const started = performance.now();
        const worker = new Worker('/sources-worker.js');
        worker.addEventListener('message', (event: MessageEvent) => {
          const elapsed = performance.now() - started;
          worker.terminate();
          const answer = event.data as {
            ok: boolean;
            message?: string;
            sources?: { lines: Array<{ sources: unknown[] | null }> };
          };
          const lines = answer.sources?.lines ?? [];
          resolve({
            ms: elapsed,
            lines: lines.length,
            linked: lines.filter((line) => (line.sources?.length ?? 0) > 0).length,
            error: answer.ok ? undefined : answer.message,
          });
        });
        worker.addEventListener('error', (event) => {
          worker.terminate();
          resolve({ ms: performance.now() - started, lines: 0, linked: 0, error: String(event.message) });
        });
        worker.postMessage(request);
      }),
    request,
  );
}

/** The first run and `RUNS` warm ones; `requests()` counts the requests seen so far. */
async function bench(
  browser: string,
  page: InPage,
  cpu: () => number,
  requests: () => string[],
  request: unknown,
): Promise<void> {
  const wall: number[] = [];
  const used: number[] = [];
  const seen: string[] = [];
  let shape = '';
  for (let run = 0; run <= RUNS; run += 1) {
    const before = requests().length;
    const cpuBefore = cpu();
    const answer = await linkOnce(page, request);
    const spent = cpu() - cpuBefore;
    seen.push(...requests().slice(before));
    if (answer.error) throw new Error(`${browser}: the linker failed: ${answer.error}`);
    shape = `${answer.lines} lines, ${answer.linked} given a source`;
    if (run === 0)
      console.log(
        `${browser}: the first link (cold: the worker's script read and compiled) ${ms(answer.ms)} wall, CPU ${ms(spent)}`,
      );
    else {
      wall.push(answer.ms);
      used.push(spent);
    }
  }
  const network = seen.filter((url) => /^(https?|wss?):/.test(url));
  console.log(
    `${browser}: warm ${ms(median(wall))} wall median of ${RUNS} (runs ${wall.map((t) => t.toFixed(0)).join(', ')} ms), CPU ${ms(median(used))} median (${used.join(', ')} ms); ${shape}`,
  );
  console.log(
    `${browser}: requests while linking: ${network.length} to the network, ${seen.length} in all${seen.length ? ` (${[...new Set(seen)].join(', ')})` : ''}`,
  );
}

async function chromium(request: unknown): Promise<void> {
  const launched = await launchChromium({ profilePrefix: 'mc-bench-link-', extensionDir: extensionPath });
  try {
    const { context, profileDir } = launched;
    const urls: string[] = [];
    context.on('request', (r) => urls.push(r.url()));
    const service = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const page = await context.newPage();
    await page.goto(`chrome-extension://${new URL(service.url()).host}/options.html`);
    await page.waitForLoadState('networkidle');
    const renderers = () =>
      processTree(
        (row) => row.args.includes(`--user-data-dir=${profileDir}`) && !row.args.includes('--type='),
      )
        .filter((row) => row.args.includes('--type=renderer'))
        .map((row) => row.pid);
    await bench(
      'Chromium',
      page,
      () => processesCpuMs(renderers()),
      () => urls,
      request,
    );
  } finally {
    await launched.close();
  }
}

async function firefox(request: unknown): Promise<void> {
  const launched = await launchFirefox({ extensionDir: firefoxExtensionDir });
  try {
    const root = String(launched.browser.process()?.pid ?? '');
    const tab = await launched.openExtensionPage('options.html');
    const urls: string[] = [];
    tab.on('request', (r) => {
      urls.push(r.url());
    });
    const page: InPage = { evaluate: (fn, arg) => tab.evaluate(fn as (arg: unknown) => never, arg) };
    const all = () => processTree((row) => row.pid === root).map((row) => row.pid);
    await bench(
      'Firefox ESR',
      page,
      () => processesCpuMs(all()),
      () => urls,
      request,
    );
  } finally {
    await launched.close();
  }
}

async function main(): Promise<void> {
  const { result, origin } = twoHourMeeting(dataFolder());
  console.log(`A 2-hour meeting: ${origin}; ${RUNS} warm runs after the first`);
  const request = sourcesRequest(result, {});
  if (!process.argv.includes('--firefox-only')) await chromium(request);
  if (!process.argv.includes('--chromium-only')) await firefox(request);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
