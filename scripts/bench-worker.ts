/**
 * Measures what the worker costs at work, in real Chromium against the emulator, and prints the
 * figures (it asserts nothing about time):
 *
 * 1. `start`: from the moment Chrome starts the stopped worker for the poll alarm to its first
 *    request to the service (median of 20; CDP ServiceWorker events, a logging proxy in front of
 *    the emulator, both read on this process's clock);
 * 2. `ticks`: requests per poll tick with 1 and with 20 recordings processing in one space;
 * 3. `upload`: a 200 MB file uploaded by the extension against `curl` sending the same parts to
 *    the same emulator storage in the same run, and the worker's peak heap meanwhile.
 *
 * Usage: npx wxt build && npx tsx scripts/bench-worker.ts [start] [ticks] [upload] [--samples 20]
 *        (EXTENSION_DIR=<a chrome-mv3 build> measures that build instead of .output/chrome-mv3)
 *        (no section named: all three)
 *
 * Two builds in one run (`start` only): `--compare <before dir> <after dir> [--rounds 4]
 * [--samples 5]` measures them in turns, before, after, before, after…, each turn a fresh browser
 * with `--samples` wakes, and prints each build's median over all its samples, so both see the
 * same load on the machine.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { BrowserContext, CDPSession, Page, Worker } from '@playwright/test';
import { type RunningEmulator, SEED, startEmulator } from '../emulator/index';
import { wavOfSize } from '../emulator/wav';
import { createApiClient, memorySessionStore } from '../lib/api';
import { partRanges } from '../lib/api/upload';
import { launchChromium } from '../tests/e2e/launch';

const sections = process.argv.slice(2).filter((arg) => /^[a-z]+$/.test(arg));
const envDir = process.env.EXTENSION_DIR;
const wanted = (name: string) => sections.length === 0 || sections.includes(name);
const samplesArg = process.argv.indexOf('--samples');
const compareArg = process.argv.indexOf('--compare');
const COMPARE =
  compareArg >= 0 ? ([process.argv[compareArg + 1], process.argv[compareArg + 2]] as const) : null;
const roundsArg = process.argv.indexOf('--rounds');
const ROUNDS = roundsArg >= 0 ? Number(process.argv[roundsArg + 1]) : 4;
const SAMPLES = samplesArg >= 0 ? Number(process.argv[samplesArg + 1]) : COMPARE ? 5 : 20;
const UPLOAD_BYTES = 200 * 1000 * 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

interface Logged {
  at: number;
  method: string;
  path: string;
}

/** A pass-through proxy in front of the emulator's API that notes the time of every request. */
async function loggingProxy(target: string): Promise<{ url: string; log: Logged[]; close(): void }> {
  const log: Logged[] = [];
  const upstream = new URL(target);
  const server = createServer((incoming, outgoing) => {
    const path = incoming.url ?? '/';
    if (!path.startsWith('/__emulator')) log.push({ at: Date.now(), method: incoming.method ?? '', path });
    const forward = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path,
        headers: { ...incoming.headers, host: upstream.host },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forward.on('error', () => outgoing.destroy());
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    log,
    close: () => server.close(),
  };
}

interface Job {
  id: string;
  phase: string;
  phaseSince?: number;
  nextCheckAt?: number;
  upload?: { sentBytes: number; totalBytes: number; bytesPerSecond?: number };
}
type Answer = { ok: true; data: Job } | { ok: false; error: unknown };

class Bench {
  status = 'unknown';
  /** Times (this process's clock) at which the worker was seen starting and running. */
  startingAt: number[] = [];
  runningAt: number[] = [];
  private constructor(
    readonly context: BrowserContext,
    readonly worker: Worker,
    readonly id: string,
    readonly cdp: CDPSession,
    readonly page: Page,
    private readonly closeBrowser: () => Promise<void>,
  ) {}

  static async launch(extensionDir = envDir): Promise<Bench> {
    const { context, close } = await launchChromium({
      profilePrefix: 'mc-bench-worker-',
      // Another build to compare (e.g. main before a change), as scripts/profile-pages.ts takes it.
      ...(extensionDir ? { extensionDir: path.resolve(extensionDir) } : {}),
    });
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const id = new URL(worker.url()).host;
    const page = await context.newPage();
    await page.goto(`chrome-extension://${id}/manifest.json`);
    page.on('close', () => console.log('  (extension page closed)'));
    page.on('crash', () => console.log('  (extension page crashed)'));
    const cdp = await context.newCDPSession(page);
    const bench = new Bench(context, worker, id, cdp, page, close);
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      for (const version of versions) {
        if (!version.scriptURL.startsWith(`chrome-extension://${id}/`)) continue;
        if (version.runningStatus === bench.status) continue;
        if (version.runningStatus === 'starting') bench.startingAt.push(Date.now());
        if (version.runningStatus === 'running') bench.runningAt.push(Date.now());
        bench.status = version.runningStatus;
      }
    });
    await cdp.send('ServiceWorker.enable');
    return bench;
  }

  send(type: string, payload: unknown): Promise<Answer> {
    return this.page.evaluate(
      ([t, p]) => chrome.runtime.sendMessage({ channel: 'meeting-capture', type: t, payload: p }),
      [type, payload] as const,
    ) as Promise<Answer>;
  }

  /** Read from the extension page: reading storage does not wake the worker. */
  jobs(): Promise<Record<string, Job>> {
    return this.page.evaluate(async () => ((await chrome.storage.local.get('jobs')).jobs ?? {}) as never);
  }

  async waitJobs(ids: string[], done: (job: Job) => boolean, timeoutMs = 300_000): Promise<void> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const jobs = await this.jobs();
      if (ids.every((id) => jobs[id] && done(jobs[id]!))) return;
      if (Date.now() > end) throw new Error(`jobs not done: ${JSON.stringify(ids.map((id) => jobs[id]))}`);
      await sleep(200);
    }
  }

  async stopWorker(): Promise<void> {
    await this.cdp.send('ServiceWorker.stopAllWorkers');
    while (this.status !== 'stopped') await sleep(20);
  }

  close(): Promise<void> {
    return this.closeBrowser();
  }
}

async function signedIn<T>(
  processingDelayMs: number,
  work: (bench: Bench, emulator: RunningEmulator, log: Logged[]) => Promise<T>,
  extensionDir?: string,
): Promise<T> {
  const emulator = await startEmulator({ port: 0, storagePort: 0, quiet: true, processingDelayMs });
  const proxy = await loggingProxy(emulator.url);
  const bench = await Bench.launch(extensionDir);
  try {
    const answer = await bench.send('session.signIn', {
      serviceUrl: proxy.url,
      email: SEED.users.demo.email,
      password: SEED.users.demo.password,
    });
    if (!answer.ok) throw new Error(`sign-in failed: ${JSON.stringify(answer.error)}`);
    return await work(bench, emulator, proxy.log);
  } finally {
    await bench.close();
    proxy.close();
    await emulator.close();
  }
}

/** Recordings uploaded and not processed, made through the client (not the extension). */
async function uploadedRecordings(emulator: RunningEmulator, count: number): Promise<number[]> {
  const client = createApiClient({ baseUrl: emulator.url, session: memorySessionStore() });
  await client.signIn(SEED.users.demo.email, SEED.users.demo.password);
  const ids: number[] = [];
  const body = wavOfSize(80_044);
  for (let index = 0; index < count; index += 1) {
    const created = await client.createRecording(1, {
      title: `Bench ${index + 1}.wav`,
      size: body.length,
      content_type: 'audio/wav',
    });
    const etag = await client.uploadPart(created.url[0]!, new Blob([body]), {
      issuedAt: Date.now(),
      partNumber: 1,
    });
    await client.completeUpload(1, created.id, [{ PartNumber: 1, ETag: etag }]);
    ids.push(created.id);
  }
  for (const id of ids) {
    while (!(await client.getRecordingInfo(1, id)).is_uploaded) await sleep(100);
  }
  return ids;
}

async function startToFirstRequest(
  samples = SAMPLES,
  extensionDir?: string,
): Promise<{
  startingMs: number[];
  runningMs: number[];
  first: string[];
}> {
  return signedIn(
    60 * 60_000,
    async (bench, emulator, log) => {
      const [audioId] = await uploadedRecordings(emulator, 1);
      const started = await bench.send('recording.process', { spaceId: 1, audioId });
      if (!started.ok) throw new Error(JSON.stringify(started.error));
      const jobId = started.data.id;
      await bench.waitJobs([jobId], (job) => job.phase === 'processing');
      const startingMs: number[] = [];
      const runningMs: number[] = [];
      const first: string[] = [];
      for (let sample = 0; sample < samples; sample += 1) {
        await bench.stopWorker();
        // The poll alarm fires once the job is due (the contract's 10-15 s result interval).
        const due = (await bench.jobs())[jobId]?.nextCheckAt ?? Date.now();
        const fireAt = Math.max(due, Date.now()) + 300;
        const loggedBefore = log.length;
        const startsBefore = bench.startingAt.length;
        await bench.page.evaluate((when) => chrome.alarms.create('poll', { when }), fireAt);
        const end = Date.now() + 60_000;
        while (log.length === loggedBefore || bench.startingAt.length === startsBefore) {
          if (Date.now() > end) throw new Error('the worker made no request after the alarm');
          await sleep(10);
        }
        const request = log[loggedBefore]!;
        const startingAt = bench.startingAt[startsBefore]!;
        const runningAt = bench.runningAt.at(-1)!;
        startingMs.push(request.at - startingAt);
        runningMs.push(request.at - runningAt);
        first.push(`${request.method} ${request.path.split('?')[0]}`);
        console.log(
          `  sample ${sample + 1}: start → first request ${request.at - startingAt} ms (running → request ${request.at - runningAt} ms), ${first.at(-1)}`,
        );
        // Let the tick finish before the next stop.
        await sleep(1_500);
      }
      return { startingMs, runningMs, first };
    },
    extensionDir,
  );
}

/** Two builds measured in turns (`--compare`): each build's samples over all its turns. */
async function compareBuilds(dirs: readonly [string, string]) {
  const figures = dirs.map((dir) => ({ dir, startingMs: [] as number[], runningMs: [] as number[] }));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const build of figures) {
      console.log(`  round ${round + 1}, ${build.dir}`);
      const turn = await startToFirstRequest(SAMPLES, build.dir);
      build.startingMs.push(...turn.startingMs);
      build.runningMs.push(...turn.runningMs);
    }
  }
  return figures.map((build) => ({
    ...build,
    medianFromStartingMs: median(build.startingMs),
    medianFromRunningMs: median(build.runningMs),
  }));
}

/** Requests of the service per poll tick while `count` recordings process in space 1. */
async function requestsPerTick(count: number): Promise<{ ticks: number[]; paths: Record<string, number> }> {
  return signedIn(60 * 60_000, async (bench, emulator, log) => {
    const audioIds = await uploadedRecordings(emulator, count);
    const jobIds: string[] = [];
    for (const audioId of audioIds) {
      const started = await bench.send('recording.process', { spaceId: 1, audioId });
      if (!started.ok) throw new Error(JSON.stringify(started.error));
      jobIds.push(started.data.id);
    }
    await bench.waitJobs(jobIds, (job) => job.phase === 'processing');
    await sleep(16_000); // past the first round of result polls
    const from = log.length;
    const windowMs = 75_000;
    console.log(`  ${count} job(s) processing: watching ${windowMs / 1000} s of polls…`);
    await sleep(windowMs);
    const requests = log.slice(from);
    // A tick is a burst of requests; bursts are seconds apart (the timer or the alarm).
    const ticks: number[] = [];
    let last = -Infinity;
    for (const request of requests) {
      if (request.at - last > 1_000) ticks.push(0);
      ticks[ticks.length - 1]! += 1;
      last = request.at;
    }
    const paths: Record<string, number> = {};
    for (const request of requests) {
      const key = `${request.method} ${request.path.split('?')[0]!.replace(/\d+/g, ':id')}`;
      paths[key] = (paths[key] ?? 0) + 1;
    }
    return { ticks, paths };
  });
}

/** Runs a DevTools command in the worker through the page's CDP session (the worker has none). */
async function workerHeapSampler(bench: Bench): Promise<() => Promise<number>> {
  const { targetInfos } = (await bench.cdp.send('Target.getTargets')) as {
    targetInfos: Array<{ targetId: string; type: string; url: string }>;
  };
  const target = targetInfos.find(
    (info) => info.type === 'service_worker' && info.url.startsWith(`chrome-extension://${bench.id}/`),
  );
  if (!target) throw new Error('no worker target');
  const { sessionId } = (await bench.cdp.send('Target.attachToTarget', {
    targetId: target.targetId,
    flatten: false,
  } as never)) as { sessionId: string };
  let nextId = 1;
  const pending = new Map<number, (result: unknown) => void>();
  bench.cdp.on(
    'Target.receivedMessageFromTarget' as never,
    (event: { sessionId: string; message: string }) => {
      if (event.sessionId !== sessionId) return;
      const message = JSON.parse(event.message) as { id?: number; result?: unknown };
      if (message.id !== undefined) pending.get(message.id)?.(message.result);
    },
  );
  return async () => {
    const id = nextId++;
    const result = new Promise<unknown>((resolve) => pending.set(id, resolve));
    await bench.cdp.send('Target.sendMessageToTarget', {
      sessionId,
      message: JSON.stringify({ id, method: 'Runtime.getHeapUsage', params: {} }),
    } as never);
    const usage = (await Promise.race([result, sleep(2_000).then(() => ({ usedSize: Number.NaN }))])) as {
      usedSize: number;
      backingStorageSize?: number;
    };
    return usage.usedSize + (usage.backingStorageSize ?? 0);
  };
}

async function upload(): Promise<Record<string, number>> {
  return signedIn(60 * 60_000, async (bench, emulator) => {
    const header = Array.from(wavOfSize(44));
    // RIFF and data sizes of the whole file.
    const view = new DataView(new Uint8Array(header).buffer);
    view.setUint32(4, UPLOAD_BYTES - 8, true);
    view.setUint32(40, UPLOAD_BYTES - 44, true);
    const headerBytes = Array.from(new Uint8Array(view.buffer));
    await bench.page.evaluate(
      async ([head, size]) =>
        new Promise<void>((resolve, reject) => {
          const body = new Uint8Array(size - head.length).fill(128);
          const file = new Blob([new Uint8Array(head), body], { type: 'audio/wav' });
          const open = indexedDB.open('meeting-capture-files');
          open.onupgradeneeded = () => open.result.createObjectStore('files');
          open.onsuccess = () => {
            const tx = open.result.transaction('files', 'readwrite');
            tx.objectStore('files').put(file, 'file:bench');
            tx.oncomplete = () => resolve();
            tx.onerror = () => reject(tx.error);
          };
        }),
      [headerBytes, UPLOAD_BYTES] as const,
    );
    console.log('  file stored in the extension (IndexedDB)');
    const heap = await workerHeapSampler(bench);
    const baseline = await heap();
    console.log(`  worker heap before: ${(baseline / 1e6).toFixed(1)} MB`);
    let peak = baseline;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const sample = await heap().catch(() => Number.NaN);
        if (!Number.isNaN(sample)) peak = Math.max(peak, sample);
        await sleep(50);
      }
    })();
    const started = await bench.send('upload.file', {
      spaceId: 1,
      fileKey: 'bench',
      title: 'Bench 200 MB.wav',
      contentType: 'audio/wav',
      size: UPLOAD_BYTES,
      process: false,
    });
    if (!started.ok) throw new Error(JSON.stringify(started.error));
    const jobId = started.data.id;
    // From the start of the uploading phase (or the request, if it was never seen) to the next
    // phase: the parts' PUTs and the create request before them.
    const sentAt = Date.now();
    let uploadingSince: number | undefined;
    let leftAt: number | undefined;
    let bytesPerSecond: number | undefined;
    let phase = '';
    for (;;) {
      const job = (await bench.jobs())[jobId];
      if (job && job.phase !== phase) {
        phase = job.phase;
        console.log(`  job phase ${phase}`);
      }
      if (job?.phase === 'uploading') {
        uploadingSince ??= job.phaseSince;
        bytesPerSecond = job.upload?.bytesPerSecond ?? bytesPerSecond;
      } else if (job && (uploadingSince !== undefined || ['assembling', 'uploaded'].includes(job.phase))) {
        leftAt = job.phaseSince;
        break;
      }
      if (job?.phase === 'failed') throw new Error(`upload failed: ${JSON.stringify(job)}`);
      await sleep(100);
    }
    sampling = false;
    await sampler;
    const extensionMs = leftAt! - (uploadingSince ?? sentAt);
    console.log(`  extension: ${extensionMs} ms; now curl`);

    // The same parts, from curl, to links of the same storage, one after the other as the
    // extension sends them.
    const client = createApiClient({ baseUrl: emulator.url, session: memorySessionStore() });
    await client.signIn(SEED.users.demo.email, SEED.users.demo.password);
    const created = await client.createRecording(1, {
      title: 'Bench curl.wav',
      size: UPLOAD_BYTES,
      content_type: 'audio/wav',
    });
    const dir = mkdtempSync(path.join(tmpdir(), 'mc-bench-parts-'));
    const whole = Buffer.alloc(UPLOAD_BYTES, 128);
    Buffer.from(headerBytes).copy(whole, 0);
    const ranges = partRanges(UPLOAD_BYTES, created.url.length);
    const files = ranges.map((range, index) => {
      const file = path.join(dir, `part-${index + 1}`);
      writeFileSync(file, whole.subarray(range.start, range.end));
      return file;
    });
    const curlStart = Date.now();
    for (const [index, file] of files.entries()) {
      // Asynchronous: the emulator answers from this very process.
      const run = await promisify(execFile)('curl', [
        '-sS',
        '-o',
        '/dev/null',
        '-w',
        '%{http_code}',
        '-X',
        'PUT',
        '--data-binary',
        `@${file}`,
        created.url[index]!,
      ]);
      if (run.stdout !== '200') throw new Error(`curl part ${index + 1}: ${run.stdout} ${run.stderr}`);
    }
    const curlMs = Date.now() - curlStart;
    rmSync(dir, { recursive: true, force: true });
    const mbps = (ms: number) => UPLOAD_BYTES / 1e6 / (ms / 1000);
    return {
      parts: ranges.length,
      extensionMs,
      curlMs,
      extensionMBps: mbps(extensionMs),
      curlMBps: mbps(curlMs),
      ratio: curlMs / extensionMs,
      extensionReportedMBps: (bytesPerSecond ?? 0) / 1e6,
      workerHeapBaselineMB: baseline / 1e6,
      workerHeapPeakMB: peak / 1e6,
    };
  });
}

const results: Record<string, unknown> = {};
if (COMPARE) {
  const [before, after] = COMPARE;
  if (!before || !after) throw new Error('--compare takes two build folders');
  console.log(
    `1. Worker start → first request after the poll alarm, two builds in turns (${ROUNDS} rounds of ${SAMPLES})`,
  );
  const builds = await compareBuilds([before, after]);
  results.compare = builds;
  for (const build of builds)
    console.log(
      `  ${build.dir}: median ${build.medianFromStartingMs} ms from "starting" (${build.medianFromRunningMs} ms from "running") over ${build.startingMs.length} wakes`,
    );
} else if (wanted('start')) {
  console.log(`1. Worker start → first request after the poll alarm (${SAMPLES} samples)`);
  const start = await startToFirstRequest();
  results.start = {
    medianFromStartingMs: median(start.startingMs),
    medianFromRunningMs: median(start.runningMs),
    samples: start.startingMs,
  };
  console.log(
    `  median ${median(start.startingMs)} ms from "starting" (${median(start.runningMs)} ms from "running")`,
  );
}
if (!COMPARE && wanted('ticks')) {
  console.log('2. Requests per poll tick');
  for (const count of [1, 20]) {
    const figures = await requestsPerTick(count);
    results[`ticks${count}`] = figures;
    console.log(
      `  ${count} job(s): ${figures.ticks.length} ticks, requests per tick ${JSON.stringify(figures.ticks)} (median ${median(figures.ticks)}); ${JSON.stringify(figures.paths)}`,
    );
  }
}
if (!COMPARE && wanted('upload')) {
  console.log('3. Upload of 200 MB: extension against curl');
  const figures = await upload();
  results.upload = figures;
  console.log(
    `  extension ${figures.extensionMBps!.toFixed(1)} MB/s (${figures.extensionMs} ms), curl ${figures.curlMBps!.toFixed(1)} MB/s (${figures.curlMs} ms), ratio ${figures.ratio!.toFixed(2)}; worker heap ${figures.workerHeapBaselineMB!.toFixed(1)} → peak ${figures.workerHeapPeakMB!.toFixed(1)} MB`,
  );
}
console.log(JSON.stringify(results, null, 2));
