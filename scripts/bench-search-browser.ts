/**
 * Benchmark of the meeting search where it really runs (not a test: it prints figures and asserts
 * nothing): the built test extension (`npm run build:test`) in Chromium, its own search worker
 * (the file the side panel starts) over an archive of `--hours` hours written into the extension's
 * IndexedDB (scripts/bench-archive.ts, the same archive as scripts/bench-search.ts). Reports:
 * - the index built from the archive (all meetings, and the first 10);
 * - warm queries of the four kinds (a round trip to the worker, hits resolved);
 * - questions ("Ask your meetings", lib/grounding/archive-ask.ts) across the whole archive: the
 *   first (the answering code loaded, the candidates' records read and made ready) and warm;
 * - one 2-hour meeting added (the archive's change channel, until the index holds it);
 * - a page opened cold (a new worker over the kept database): first results, and results over the
 *   whole archive;
 * - the worker's memory, sampled every 200 ms through the DevTools protocol (`Runtime.getHeapUsage`
 *   on the worker: its JavaScript heap and the array buffers outside it, SQLite's WebAssembly memory
 *   among them), its WebAssembly memory alone (it never shrinks: its size is its highest), and the
 *   growth of this browser's renderer processes' resident memory (the page and the worker);
 * - the database's files on the origin-private file system beside the archive's text.
 *
 * Usage: npx tsx scripts/bench-search-browser.ts [--hours 50] [--runs 5] [--quick]
 * (`--quick`: the build, the warm queries and the questions only.)
 * (EXTENSION_DIR=<a chrome-mv3 test build> measures that build instead of .output/chrome-mv3;
 * PROFILE=1 prints where the first cold worker's time went, from a CPU profile; JSFLAGS=<V8 flags>
 * starts Chromium with them, e.g. `--no-wasm-lazy-compilation`.)
 */
import path from 'node:path';
import type { CDPSession, Page, Worker as PageWorker } from '@playwright/test';
import { extensionPath, launchChromium } from '../tests/e2e/launch';
import { benchResult, QUERIES } from './bench-archive';
import {
  ask,
  benchArchive,
  benchQueries,
  benchQuestions,
  flag,
  mb,
  median,
  ms,
  processTree,
  put,
  searchWorkerFile,
  startWorkerIn,
  threadsCpuMs,
  waitComplete,
  writeArchive,
} from './bench-search-page';

const HOURS = flag('hours', 50);
const extensionDir = process.env.EXTENSION_DIR ? path.resolve(process.env.EXTENSION_DIR) : extensionPath;
const RUNS = flag('runs', 5);
/**
 * The resident memory of this browser's renderer processes (its pages and their workers): the
 * processes under the one started with this profile (other browsers on the machine left out).
 */
function rendererRss(profileDir: string): number {
  let kb = 0;
  for (const row of renderers(profileDir)) kb += row.rss;
  return kb * 1024;
}

/** This browser's renderer processes (the processes under the one started with this profile). */
function renderers(profileDir: string): Array<{ pid: string; rss: number }> {
  return processTree(
    (row) => row.args.includes(`--user-data-dir=${profileDir}`) && !row.args.includes('--type='),
  ).filter((row) => row.args.includes('--type=renderer'));
}

/**
 * CPU time (ms) the dedicated worker threads of this browser's renderers have used so far. The
 * search worker is the only dedicated worker here.
 */
function workerCpuMs(profileDir: string): number {
  return threadsCpuMs(
    renderers(profileDir).map((row) => row.pid),
    'DedicatedWorker',
  );
}

/**
 * Samples the memory of the dedicated workers the page starts from now on (DevTools protocol,
 * auto-attached sessions): the highest JavaScript heap, and heap plus buffers outside it, seen in
 * all and in each phase of the run (`phase`), and the heap left after a full collection (`live`).
 */
async function workerMemory(cdp: CDPSession) {
  const sessions: string[] = [];
  const peak = { heap: 0, total: 0 };
  const phases = new Map<string, { heap: number; total: number }>();
  let phase = 'start';
  let next = 1;
  const waiting = new Map<number, (result: Record<string, number>) => void>();
  cdp.on('Target.attachedToTarget', (event: { sessionId: string; targetInfo: { type: string } }) => {
    if (event.targetInfo.type === 'worker') sessions.push(event.sessionId);
  });
  cdp.on('Target.receivedMessageFromTarget', (event: { message: string }) => {
    const reply = JSON.parse(event.message) as {
      id?: number;
      result?: { usedSize?: number; embedderHeapUsedSize?: number; backingStorageSize?: number };
    };
    if (reply.id !== undefined && waiting.has(reply.id)) {
      waiting.get(reply.id)?.(reply.result as Record<string, number>);
      waiting.delete(reply.id);
    }
    const used = reply.result?.usedSize;
    if (used === undefined) return;
    const total = used + (reply.result?.embedderHeapUsedSize ?? 0) + (reply.result?.backingStorageSize ?? 0);
    peak.heap = Math.max(peak.heap, used);
    peak.total = Math.max(peak.total, total);
    const mine = phases.get(phase) ?? { heap: 0, total: 0 };
    phases.set(phase, { heap: Math.max(mine.heap, used), total: Math.max(mine.total, total) });
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  const send = (sessionId: string, method: string) => {
    const id = next++;
    const answered = new Promise<Record<string, number>>((resolve) => waiting.set(id, resolve));
    void cdp
      .send(
        'Target.sendMessageToTarget' as 'Target.setAutoAttach',
        { sessionId, message: JSON.stringify({ id, method }) } as never,
      )
      .catch(() => {});
    return answered;
  };
  const timer = setInterval(() => {
    for (const sessionId of sessions) void send(sessionId, 'Runtime.getHeapUsage');
  }, 200);
  return {
    peak,
    phases,
    phase: (name: string) => {
      phase = name;
    },
    /** The worker's heap after a full collection (what it really holds), in bytes. */
    live: async () => {
      const sessionId = sessions.at(-1);
      if (!sessionId) return 0;
      await send(sessionId, 'HeapProfiler.collectGarbage');
      return (await send(sessionId, 'Runtime.getHeapUsage')).usedSize ?? 0;
    },
    stop: () => clearInterval(timer),
  };
}

/**
 * `PROFILE=1`: a CPU profile of the page's next dedicated worker from its first line (DevTools
 * protocol, the worker held at its start until the profiler runs); `stop` prints where its time went.
 */
async function profileNextWorker(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  let sessionId = '';
  let next = 1;
  const waiting = new Map<number, (result: unknown) => void>();
  const send = (method: string, params: Record<string, unknown> = {}) => {
    const id = next++;
    const answered = new Promise<unknown>((resolve) => waiting.set(id, resolve));
    void cdp
      .send(
        'Target.sendMessageToTarget' as 'Target.setAutoAttach',
        { sessionId, message: JSON.stringify({ id, method, params }) } as never,
      )
      .catch(() => {});
    return answered;
  };
  cdp.on('Target.receivedMessageFromTarget', (event: { message: string }) => {
    const reply = JSON.parse(event.message) as { id?: number; result?: unknown };
    if (reply.id !== undefined) waiting.get(reply.id)?.(reply.result);
  });
  const started = new Promise<void>((resolve) => {
    cdp.on('Target.attachedToTarget', (event: { sessionId: string; targetInfo: { type: string } }) => {
      if (event.targetInfo.type !== 'worker' || sessionId) return;
      sessionId = event.sessionId;
      void (async () => {
        await send('Profiler.enable');
        await send('Profiler.setSamplingInterval', { interval: 100 });
        await send('Profiler.start');
        await send('Runtime.runIfWaitingForDebugger');
        resolve();
      })();
    });
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false });
  return {
    started,
    stop: async () => {
      const { profile } = (await send('Profiler.stop')) as {
        profile: {
          nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
          samples: number[];
          timeDeltas: number[];
        };
      };
      const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
      const self = new Map<string, number>();
      const byUrl = new Map<string, number>();
      profile.samples.forEach((nodeId, i) => {
        const frame = byNode.get(nodeId)?.callFrame;
        const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
        const file = frame?.url.split('/').at(-1) || '(native)';
        const name = `${frame?.functionName || '(anonymous)'} ${file}:${frame?.lineNumber ?? 0}`;
        self.set(name, (self.get(name) ?? 0) + dt);
        byUrl.set(file, (byUrl.get(file) ?? 0) + dt);
      });
      const top = (map: Map<string, number>, n: number) =>
        [...map]
          .sort((a, b) => b[1] - a[1])
          .slice(0, n)
          .map(([name, time]) => `  ${ms(time)}  ${name}`);
      console.log(["the cold worker's time by file:", ...top(byUrl, 10)].join('\n'));
      console.log(['by function (self time):', ...top(self, 30)].join('\n'));
      await cdp.detach();
    },
  };
}

/** Starts the search worker in the page (`startWorkerIn`), and returns it. */
async function startWorker(page: Page, file: string): Promise<PageWorker> {
  const started = page.waitForEvent('worker');
  await startWorkerIn(page, file);
  return started;
}

async function main() {
  const file = searchWorkerFile(extensionDir, 'build:test');
  const { kv, meetings, characters } = await benchArchive('Chromium', HOURS);

  const chromium = await launchChromium({
    args: process.env.JSFLAGS ? [`--js-flags=${process.env.JSFLAGS}`] : [],
    profilePrefix: 'mc-bench-search-',
    extensionDir,
  });
  try {
    const service =
      chromium.context.serviceWorkers()[0] ?? (await chromium.context.waitForEvent('serviceworker'));
    const id = new URL(service.url()).host;
    const page = await chromium.context.newPage();
    await page.goto(`chrome-extension://${id}/options.html`);
    await writeArchive(page, kv);

    let rssPeak = 0;
    const rssBefore = rendererRss(chromium.profileDir);
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, rendererRss(chromium.profileDir));
    }, 200);

    const memory = await workerMemory(await chromium.context.newCDPSession(page));
    memory.phase('index build');
    const bench = await startWorker(page, file);
    const startedAt = await page.evaluate(() => performance.now());
    const built = await waitComplete(page, meetings, 3_600_000);
    console.log(
      `index build: ${ms(built.at - startedAt)} for ${meetings} meetings (the first 10 searchable after ${ms(built.tenth - startedAt)})`,
    );

    const liveBuilt = await memory.live();
    memory.phase('warm queries');
    let askId = await benchQueries(page, 0, RUNS, () => workerCpuMs(chromium.profileDir));

    const liveQueried = await memory.live();
    memory.phase('questions');
    askId = await benchQuestions(page, askId, RUNS, () => workerCpuMs(chromium.profileDir));
    const liveAsked = await memory.live();
    console.log(
      `the worker's heap after a full collection: ${mb(liveQueried)} after the queries, ${mb(liveAsked)} after the questions (the meetings made ready for questions kept)`,
    );
    if (process.argv.includes('--quick')) {
      memory.stop();
      clearInterval(sampler);
      for (const [name, seen] of memory.phases)
        console.log(
          `memory while ${name}: heap ${mb(seen.heap)} at most, with the buffers outside it ${mb(seen.total)}`,
        );
      return;
    }
    memory.phase('a meeting added');
    // One 2-hour meeting, announced on the archive's channel as the background does.
    const catalog = (await kv.get<{ entries: Record<string, unknown> }>('catalog'))!;
    const result = benchResult(99_999, 'Two hours.mp3', 7200, 'en');
    const key = '1:99999';
    catalog.entries[key] = {
      spaceId: 1,
      audioId: 99_999,
      title: 'Two hours.mp3',
      createdAt: Date.now(),
      savedAt: Date.now(),
      rev: 1,
      bytes: JSON.stringify(result).length,
      language: 'en',
      utterances: 0,
      speakers: [],
    };
    await put(page, [
      [`rec:${key}`, { spaceId: 1, audioId: 99_999, title: 'Two hours.mp3', createdAt: Date.now(), result }],
      ['catalog', catalog],
    ]);
    const announced = await page.evaluate((key) => {
      const channel = new BroadcastChannel('meeting-capture-archive');
      channel.postMessage({ kind: 'put', key });
      channel.close();
      return performance.now();
    }, key);
    const added = await waitComplete(page, meetings + 1, 120_000);
    console.log(`one 2-hour meeting added (announced, indexed, reported) in ${ms(added.at - announced)}`);
    const wasm = (await bench.evaluate(() =>
      (self as unknown as { searchMemory: () => number }).searchMemory(),
    )) as number;

    clearInterval(sampler);
    memory.stop();
    // A page opened cold: a new worker over the kept database.
    await page.evaluate(() =>
      (window as unknown as { __bench: { worker: Worker } }).__bench.worker.terminate(),
    );
    // Twice: asked as the page itself opens (its own start competes with the worker's), and asked
    // from a page already open and idle (the side panel starts its worker when the search field
    // gets the focus).
    for (const settled of [false, true]) {
      const firsts: number[] = [];
      const withHits: number[] = [];
      const wholes: number[] = [];
      const how = settled ? 'from a page open and idle' : 'as the page opens';
      for (let run = 0; run < Math.min(RUNS, 3); run += 1) {
        const cold = await chromium.context.newPage();
        await cold.goto(`chrome-extension://${id}/options.html`);
        if (settled) {
          await cold.waitForLoadState('networkidle');
          await cold.waitForTimeout(1000);
        }
        const profiler = process.env.PROFILE && settled && run === 0 ? await profileNextWorker(cold) : null;
        const t0 = await cold.evaluate(() => performance.now());
        const coldWorker = await startWorker(cold, file);
        await profiler?.started;
        let first = Number.NaN;
        let answered = Number.NaN;
        for (let next = 1; ; next += 1) {
          const answer = await ask(cold, next, QUERIES['one word, frequent']!);
          if (answer.meetings > 0 && Number.isNaN(first)) {
            first = answer.firstAt - t0;
            answered = answer.at - t0;
          }
          if (answer.complete) {
            wholes.push(answer.at - t0);
            break;
          }
        }
        await profiler?.stop();
        firsts.push(first);
        withHits.push(answered);
        const counters = await coldWorker.evaluate(
          () => (self as unknown as { searchCounters: unknown }).searchCounters,
        );
        if (run === 0 && !settled) console.log(`cold worker's counters: ${JSON.stringify(counters)}`);
        const { timings, origin } = await coldWorker.evaluate(() => ({
          timings: (self as unknown as { searchOpenTimings: Record<string, number> }).searchOpenTimings,
          origin: performance.timeOrigin,
        }));
        // The worker's clock starts with it: its marks on the page's clock, from the page's request.
        const pageOrigin = await cold.evaluate(() => performance.timeOrigin);
        const onPage = (at: number | undefined) =>
          at === undefined ? Number.NaN : at + origin - pageOrigin - t0;
        console.log(
          `cold run ${run + 1} (${how}): worker started ${ms(origin - pageOrigin - t0)}, catalog read ${ms(onPage(timings.catalog))}, SQLite loaded ${ms(onPage(timings.loaded))}, pool's files taken ${ms(onPage(timings.pool))}, database open ${ms(onPage(timings.opened))}, kept index ready ${ms(onPage(timings.ready))}, on the page: the meetings found ${ms(first)}, with their passages ${ms(answered)}`,
        );
        await cold.close();
      }
      console.log(
        `page opened cold, asked ${how} ("${QUERIES['one word, frequent']}", asked at once and again on each answer): first results ${ms(median(firsts))} (the meetings found, best first), with their passages ${ms(median(withHits))}, over the whole archive ${ms(median(wholes))} (medians, from the worker's start: SQLite loaded and the database opened)`,
      );
    }

    const stored = await page.evaluate(async () => {
      let bytes = 0;
      // No nested functions here: the page runs this text as it is.
      const dirs: FileSystemDirectoryHandle[] = [await navigator.storage.getDirectory()];
      while (dirs.length > 0) {
        const dir = dirs.pop() as FileSystemDirectoryHandle;
        for await (const handle of (
          dir as unknown as { values(): AsyncIterable<FileSystemHandle> }
        ).values()) {
          if (handle.kind === 'file') bytes += (await (handle as FileSystemFileHandle).getFile()).size;
          else dirs.push(handle as FileSystemDirectoryHandle);
        }
      }
      return bytes;
    });
    console.log(
      `database files on the origin-private file system: ${mb(stored)}; the archive's text ${mb(characters)}`,
    );
    for (const [name, seen] of memory.phases)
      console.log(
        `memory while ${name}: heap ${mb(seen.heap)} at most, with the buffers outside it ${mb(seen.total)}`,
      );
    console.log(
      `the worker's heap after a full collection: ${mb(liveBuilt)} once built, ${mb(liveQueried)} after the queries (its records kept)`,
    );
    console.log(
      `memory: the worker's JavaScript heap ${mb(memory.peak.heap)} at most, with the buffers outside it (WebAssembly memory included) ${mb(memory.peak.total)} at most; its WebAssembly memory ${mb(wasm)} (its highest); the browser's renderer processes +${mb(rssPeak - rssBefore)} at most while the worker built the index, answered and added a meeting (the page included; ${mb(rssBefore)} before)`,
    );
  } finally {
    await chromium.close();
  }
}

void main();
