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
 * Chromium, its dedicated workers' included; WebDriver BiDi's in Firefox). Then the same in one
 * Worker kept between runs: the linker's own cost with its code warm, apart from starting a Worker.
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

/**
 * Links the request in a fresh linker Worker in the page, stopped when it answers (as the extension
 * does), or with `kept` in one Worker kept between runs (the linker's own cost, its code warm); the
 * wall time and the lines given a source.
 */
function linkOnce(page: InPage, request: unknown, kept: boolean) {
  return page.evaluate(
    ({ request, kept }) =>
      new Promise<{ ms: number; lines: number; linked: number; error?: string }>((resolve) => {
        const started = performance.now();
        const held = window as unknown as { __linker?: Worker };
        if (kept && !held.__linker) held.__linker = new Worker('/sources-worker.js');
        const worker = kept && held.__linker ? held.__linker : new Worker('/sources-worker.js');
        // (No named functions here: the script runner's name helper is not in the page.)
        worker.addEventListener(
          'message',
          (event: MessageEvent) => {
            const elapsed = performance.now() - started;
            if (!kept) worker.terminate();
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
          },
          { once: true },
        );
        worker.addEventListener(
          'error',
          (event) => {
            if (!kept) worker.terminate();
            resolve({ ms: performance.now() - started, lines: 0, linked: 0, error: String(event.message) });
          },
          { once: true },
        );
        worker.postMessage(request);
      }),
    { request, kept },
  );
}

/** The first run and `RUNS` warm ones, a fresh Worker each; then the same in one Worker kept. */
async function bench(
  browser: string,
  page: InPage,
  cpu: () => number,
  requests: () => string[],
  request: unknown,
): Promise<void> {
  for (const kept of [false, true]) await runs(browser, page, cpu, requests, request, kept);
}

/** The first run and `RUNS` warm ones; `requests()` counts the requests seen so far. */
async function runs(
  browser: string,
  page: InPage,
  cpu: () => number,
  requests: () => string[],
  request: unknown,
  kept: boolean,
): Promise<void> {
  const how = kept ? `${browser}, one Worker kept` : `${browser}, a fresh Worker each (as the extension)`;
  const wall: number[] = [];
  const used: number[] = [];
  const seen: string[] = [];
  let shape = '';
  for (let run = 0; run <= RUNS; run += 1) {
    const before = requests().length;
    const cpuBefore = cpu();
    const answer = await linkOnce(page, request, kept);
    const spent = cpu() - cpuBefore;
    seen.push(...requests().slice(before));
    if (answer.error) throw new Error(`${browser}: the linker failed: ${answer.error}`);
    shape = `${answer.lines} lines, ${answer.linked} given a source`;
    if (run === 0)
      console.log(
        `${how}: the first link (${kept ? 'the Worker started' : "cold: the worker's script read and compiled"}) ${ms(answer.ms)} wall, CPU ${ms(spent)}`,
      );
    else {
      wall.push(answer.ms);
      used.push(spent);
    }
  }
  const network = seen.filter((url) => /^(https?|wss?):/.test(url));
  console.log(
    `${how}: warm ${ms(median(wall))} wall median of ${RUNS} (runs ${wall.map((t) => t.toFixed(0)).join(', ')} ms), CPU ${ms(median(used))} median (${used.join(', ')} ms); ${shape}`,
  );
  console.log(
    `${how}: requests while linking: ${network.length} to the network, ${seen.length} in all${seen.length ? ` (${[...new Set(seen)].join(', ')})` : ''}`,
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
