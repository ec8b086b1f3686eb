/**
 * Benchmark of linking a protocol's lines to their suggested sources where it really runs (not a
 * test: it prints figures and asserts nothing): the built test extension in Chromium
 * (.output/chrome-mv3, `npm run build:test`) and in Firefox ESR (.output/firefox-mv2,
 * `npm run build:test:firefox`), launched as scripts/bench-search-browser.ts and
 * scripts/bench-search-firefox.ts launch them, linking the 2-hour meeting `npm run grounding --
 * bench` links (about 1,500 utterances, 40 lines) as the product does (lib/grounding/thread.ts
 * `keptLinker`: one linker Worker kept between links, stopped after a minute idle).
 *
 * In Chromium, first the background's own path: its service worker asks the offscreen document,
 * whose kept Worker links (lib/background/sources.ts): cold, the document opened and the Worker
 * started for the link (a link after the document closed, 20 s after the last); warm, the
 * document still open and its Worker kept (the next link of a burst). Then, in both browsers, an
 * extension page starting the linker's Worker (`/sources-worker.js`) itself, as Firefox's
 * background page does: a fresh Worker for each link (the first link after the Worker idled
 * out), then one Worker kept between links. Each: the first link and the median of `--runs` more,
 * the wall time (the Worker started, the result sent, the sources back), the CPU time of the
 * browser's processes meanwhile (Linux /proc: in Chromium its renderers, where the worker, the
 * document and its Worker run; in Firefox all its processes), and the requests the browser
 * reported while linking (the driver's request events: Playwright's in Chromium, its dedicated
 * workers' included; WebDriver BiDi's in Firefox).
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
 * Links the request in a fresh linker Worker in the page, stopped when it answers (a link after
 * the kept Worker idled out), or with `kept` in one Worker kept between runs (the next link of a
 * burst); the wall time and the lines given a source.
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
  const how = kept
    ? `${browser}, in a page, one Worker kept (as the extension links the next result of a burst)`
    : `${browser}, in a page, a fresh Worker each (as the extension links after its Worker idled out)`;
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

/** What the service worker measured of one link through the offscreen document. */
interface Linked {
  ms: number;
  lines: number;
  linked: number;
  error?: string;
}

/**
 * In Chromium, the path the background takes (lib/background/sources.ts): the service worker asks
 * the offscreen document (`sources` on its channel), whose linker Worker links the result. Cold:
 * the document opened first, then the Worker started in it (a link after the document closed);
 * warm: the document still open and its Worker kept (the next link of a burst). Timed in the worker.
 */
async function throughOffscreen(
  service: { evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> },
  cpu: () => number,
  requests: () => string[],
  request: unknown,
): Promise<void> {
  const linkOnce = (open: boolean) =>
    service.evaluate(
      async ({ request, open }) => {
        const chromeApi = (
          globalThis as unknown as {
            chrome: {
              offscreen: {
                createDocument(options: object): Promise<void>;
                closeDocument(): Promise<void>;
              };
              runtime: { sendMessage(message: unknown): Promise<unknown> };
            };
          }
        ).chrome;
        const started = performance.now();
        if (open)
          await chromeApi.offscreen.createDocument({
            url: 'offscreen.html',
            reasons: ['WORKERS'],
            justification: 'The linker benchmark.',
          });
        const opened = performance.now() - started;
        const answer = (await chromeApi.runtime.sendMessage({
          channel: 'meeting-capture-offscreen',
          task: 'sources',
          payload: request,
        })) as { ok: boolean; message?: string; sources?: { lines: Array<{ sources: unknown[] | null }> } };
        const elapsed = performance.now() - started;
        const lines = answer.sources?.lines ?? [];
        return {
          ms: elapsed,
          opened,
          lines: lines.length,
          linked: lines.filter((line) => (line.sources?.length ?? 0) > 0).length,
          error: answer.ok ? undefined : answer.message,
        } satisfies Linked & { opened: number };
      },
      { request, open },
    );
  const close = () =>
    service.evaluate(
      () =>
        (
          globalThis as unknown as { chrome: { offscreen: { closeDocument(): Promise<void> } } }
        ).chrome.offscreen
          .closeDocument()
          .catch(() => undefined),
      undefined,
    );
  for (const warm of [false, true]) {
    const how = warm
      ? 'Chromium, through the offscreen document kept open, its linker Worker kept (the next link of a burst)'
      : 'Chromium, through the offscreen document opened for the link, its Worker started (a link after 20 s idle)';
    const wall: number[] = [];
    const used: number[] = [];
    const opening: number[] = [];
    const seen: string[] = [];
    let shape = '';
    if (warm) await linkOnce(true);
    for (let run = 0; run < RUNS; run += 1) {
      if (!warm) await close();
      const before = requests().length;
      const cpuBefore = cpu();
      const answer = await linkOnce(!warm);
      used.push(cpu() - cpuBefore);
      seen.push(...requests().slice(before));
      if (answer.error) throw new Error(`Chromium: the linker failed: ${answer.error}`);
      wall.push(answer.ms);
      opening.push(answer.opened);
      shape = `${answer.lines} lines, ${answer.linked} given a source`;
    }
    await close();
    const network = seen.filter((url) => /^(https?|wss?):/.test(url));
    console.log(
      `${how}: ${ms(median(wall))} wall median of ${RUNS} (runs ${wall.map((t) => t.toFixed(0)).join(', ')} ms), CPU ${ms(median(used))} median${warm ? '' : ` (opening the document: ${ms(median(opening))} of the wall time)`}; ${shape}; ${network.length} requests to the network`,
    );
  }
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
    await throughOffscreen(
      service,
      () => processesCpuMs(renderers()),
      () => urls,
      request,
    );
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
