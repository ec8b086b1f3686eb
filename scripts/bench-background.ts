/**
 * Measures the background worker in real Chromium against the emulator and prints the figures:
 *
 * 1. requests to the service per finished job (process, by-URL link, video page, bot, upload);
 * 2. idle: requests and worker starts during a window with no job, and the alarms left;
 * 3. time from the result being ready (emulator clock moved at that instant) to the notification,
 *    median over several runs;
 * 4. worker stops survived: a job whose worker is stopped several times while it processes.
 *
 * Usage: WXT_TEST_BUILD=1 npx wxt build && npx tsx scripts/bench-background.ts [--idle-seconds 600] [--runs 5] [--stops 3]
 * Prints figures only; it asserts nothing about time.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, CDPSession, Page, Worker } from '@playwright/test';
import { type EmulatorOptions, type RunningEmulator, SEED, startEmulator } from '../emulator/index';
import { wavOfSize } from '../emulator/wav';
import { launchChromium } from '../tests/e2e/launch';

function arg(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
}

const IDLE_SECONDS = arg('idle-seconds', 120);
const RUNS = arg('runs', 5);
const STOPS = arg('stops', 3);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

interface Job {
  id: string;
  phase: string;
  audioId?: number;
}
type Answer = { ok: true; data: Job } | { ok: false; error: unknown };

class Session {
  starts = 0;
  status = 'unknown';
  private constructor(
    readonly context: BrowserContext,
    readonly worker: Worker,
    readonly id: string,
    readonly cdp: CDPSession,
    private readonly closeBrowser: () => Promise<void>,
    public page: Page | null,
  ) {}

  static async launch(): Promise<Session> {
    const { context, close } = await launchChromium({ profilePrefix: 'mc-bench-' });
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const id = new URL(worker.url()).host;
    const blank = await context.newPage();
    const cdp = await context.newCDPSession(blank);
    const session = new Session(context, worker, id, cdp, close, null);
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      for (const version of versions) {
        if (!version.scriptURL.startsWith(`chrome-extension://${id}/`)) continue;
        if (version.runningStatus === 'running' && session.status !== 'running') session.starts += 1;
        session.status = version.runningStatus;
      }
    });
    await cdp.send('ServiceWorker.enable');
    return session;
  }

  async extensionPage(): Promise<Page> {
    if (!this.page || this.page.isClosed()) {
      this.page = await this.context.newPage();
      await this.page.goto(`chrome-extension://${this.id}/manifest.json`);
    }
    return this.page;
  }

  async closePage(): Promise<void> {
    await this.page?.close();
    this.page = null;
  }

  async send(type: string, payload: unknown): Promise<Answer> {
    const page = await this.extensionPage();
    return page.evaluate(
      ([t, p]) => chrome.runtime.sendMessage({ channel: 'meeting-capture', type: t, payload: p }),
      [type, payload] as const,
    ) as Promise<Answer>;
  }

  async jobs(): Promise<Record<string, Job>> {
    return this.worker.evaluate(async () => ((await chrome.storage.local.get('jobs')).jobs ?? {}) as never);
  }

  async waitJob(id: string, done: (job: Job) => boolean, timeoutMs = 240_000): Promise<Job> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      if (this.status === 'running') {
        const job = (await this.jobs())[id];
        if (job && done(job)) return job;
      }
      if (Date.now() > end) throw new Error(`job ${id} not done`);
      await sleep(250);
    }
  }

  async stopWorker(): Promise<void> {
    await this.cdp.send('ServiceWorker.stopAllWorkers');
    while (this.status !== 'stopped') await sleep(50);
  }

  async close(): Promise<void> {
    await this.closeBrowser();
  }
}

async function counters(emulator: RunningEmulator) {
  const answer = await fetch(`${emulator.url}/__emulator/counters`);
  return (await answer.json()) as { requests: number; classifyCalls: Record<string, number> };
}

async function control(emulator: RunningEmulator, pathName: string, body: unknown) {
  const answer = await fetch(`${emulator.url}/__emulator${pathName}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return answer.json();
}

async function withSetup<T>(
  options: EmulatorOptions,
  work: (session: Session, emulator: RunningEmulator) => Promise<T>,
): Promise<T> {
  const emulator = await startEmulator({ port: 0, storagePort: 0, quiet: true, ...options });
  const session = await Session.launch();
  try {
    const signIn = await session.send('session.signIn', {
      serviceUrl: emulator.url,
      email: SEED.users.demo.email,
      password: SEED.users.demo.password,
    });
    if (!signIn.ok) throw new Error('sign-in failed');
    return await work(session, emulator);
  } finally {
    await session.close();
    await emulator.close();
  }
}

/** Processing takes 36 s of real time here: three polls or so, as a short recording would. */
const PROCESSING_MS = 36_000;

async function requestsPerJob(): Promise<Record<string, number>> {
  const figures: Record<string, number> = {};
  const fileServer = createServer((_, response) => {
    const body = wavOfSize(80_044);
    response.writeHead(200, { 'content-type': 'audio/wav', 'content-length': body.length });
    response.end(body);
  });
  await new Promise<void>((resolve) => fileServer.listen(0, '127.0.0.1', resolve));
  const fileUrl = `http://127.0.0.1:${(fileServer.address() as AddressInfo).port}/talk.wav`;
  try {
    await withSetup(
      { processingDelayMs: PROCESSING_MS, downloadDelayMs: 3_000, meetingDurationMs: 20_000 },
      async (s, emu) => {
        const measure = async (name: string, start: () => Promise<Answer>) => {
          const before = (await counters(emu)).requests;
          const answer = await start();
          if (!answer.ok) throw new Error(`${name}: ${JSON.stringify(answer.error)}`);
          const job = await s.waitJob(answer.data.id, (j) =>
            ['ready', 'failed', 'uploaded'].includes(j.phase),
          );
          figures[name] = (await counters(emu)).requests - before;
          console.log(`  ${name}: ${job.phase}, ${figures[name]} requests`);
        };
        await measure('process (36 s run)', () =>
          s.send('recording.process', { spaceId: 1, audioId: SEED.recordings.uploadedNotProcessed }),
        );
        await measure('link by URL + process', () =>
          s.send('upload.url', { spaceId: 1, url: fileUrl, title: 'talk.wav', process: true }),
        );
        await measure('video page + process', () =>
          s.send('upload.url', {
            spaceId: 1,
            url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
            process: true,
          }),
        );
        await measure('bot (20 s meeting) + its processing', async () => {
          await s.closePage();
          await s.context.route('https://meet.google.com/**', (route) =>
            route.fulfill({ contentType: 'text/html', body: '<title>Meet</title>' }),
          );
          const meetingPage = await s.context.newPage();
          // The bot message is page-scoped: sent from the meeting tab's content script world.
          const cdp = await s.context.newCDPSession(meetingPage);
          const worlds: Array<{ id: number; name: string }> = [];
          cdp.on('Runtime.executionContextCreated', ({ context }) =>
            worlds.push({ id: context.id, name: context.name }),
          );
          await cdp.send('Runtime.enable');
          await meetingPage.goto('https://meet.google.com/abc-defg-hij');
          while (!worlds.some((w) => w.name === 'Meeting Capture')) await sleep(50);
          const world = worlds.filter((w) => w.name === 'Meeting Capture').at(-1)!;
          const { result } = await cdp.send('Runtime.evaluate', {
            contextId: world.id,
            awaitPromise: true,
            returnByValue: true,
            expression: `chrome.runtime.sendMessage({ channel: 'meeting-capture', type: 'page.sendBot', payload: { link: location.href } })`,
          });
          await meetingPage.close();
          return result.value as Answer;
        });
        await measure('upload 1 MB file + process', async () => {
          const page = await s.extensionPage();
          await page.evaluate(
            async ([bytes]) =>
              new Promise<void>((resolve, reject) => {
                const open = indexedDB.open('meeting-capture-files');
                open.onupgradeneeded = () => open.result.createObjectStore('files');
                open.onsuccess = () => {
                  const tx = open.result.transaction('files', 'readwrite');
                  tx.objectStore('files').put(
                    new Blob([new Uint8Array(bytes)], { type: 'audio/wav' }),
                    'file:bench',
                  );
                  tx.oncomplete = () => resolve();
                  tx.onerror = () => reject(tx.error);
                };
              }),
            [Array.from(wavOfSize(1_000_044))] as const,
          );
          return s.send('upload.file', {
            spaceId: 1,
            fileKey: 'bench',
            title: 'Bench.wav',
            contentType: 'audio/wav',
            size: 1_000_044,
            process: true,
          });
        });
      },
    );
  } finally {
    fileServer.close();
  }
  return figures;
}

async function idle(): Promise<{ requests: number; starts: number; alarms: unknown }> {
  return withSetup({}, async (s, emu) => {
    await s.closePage();
    await s.stopWorker();
    const requests = (await counters(emu)).requests;
    const starts = s.starts;
    console.log(`  observing ${IDLE_SECONDS} s with no job and the worker stopped…`);
    await sleep(IDLE_SECONDS * 1000);
    const figures = { requests: (await counters(emu)).requests - requests, starts: s.starts - starts };
    // Reading the alarms starts the worker: done after the window.
    const page = await s.extensionPage();
    void page;
    await s.send('session.get', {});
    const alarms = await s.worker.evaluate(() =>
      chrome.alarms.getAll().then((list) =>
        list.map((a) => ({
          name: a.name,
          period: a.periodInMinutes ?? null,
          inDays: (a.scheduledTime - Date.now()) / 86_400_000,
        })),
      ),
    );
    return { ...figures, alarms };
  });
}

async function latency(): Promise<number[]> {
  const samples: number[] = [];
  await withSetup({ processingDelayMs: 60 * 60_000 }, async (s, emu) => {
    for (let run = 0; run < RUNS; run += 1) {
      const audioId = run % 2 === 0 ? SEED.recordings.uploadedNotProcessed : SEED.recordings.readyShort;
      const answer = await s.send('recording.process', { spaceId: 1, audioId });
      if (!answer.ok) throw new Error(JSON.stringify(answer.error));
      // Let a few polls pass so the moment the result is ready falls anywhere in the poll cycle.
      await sleep(3_000 + Math.random() * 12_000);
      const readyAt = Date.now();
      await control(emu, '/clock/advance', { ms: 60 * 60_000 + 1_000 });
      for (;;) {
        const shown = await s.worker.evaluate(() => chrome.notifications.getAll());
        if (`job:${answer.data.id}` in shown) break;
        await sleep(100);
      }
      samples.push(Date.now() - readyAt);
      console.log(`  run ${run + 1}: ${((Date.now() - readyAt) / 1000).toFixed(1)} s`);
      await s.worker.evaluate(() =>
        chrome.notifications
          .getAll()
          .then((all) => Promise.all(Object.keys(all).map((id) => chrome.notifications.clear(id)))),
      );
    }
  });
  return samples;
}

async function stops(): Promise<{ survived: number; phase: string; classifyCalls: number }> {
  return withSetup({ processingDelayMs: 60 * 60_000 }, async (s, emu) => {
    const answer = await s.send('recording.process', {
      spaceId: 1,
      audioId: SEED.recordings.uploadedNotProcessed,
    });
    if (!answer.ok) throw new Error(JSON.stringify(answer.error));
    await s.closePage();
    let survived = 0;
    for (let stop = 0; stop < STOPS; stop += 1) {
      await s.stopWorker();
      const before = s.starts;
      while (s.starts === before) await sleep(200);
      survived += 1;
      console.log(`  stop ${stop + 1}: the alarm started the worker again`);
      await sleep(2_000);
    }
    await control(emu, '/clock/advance', { ms: 60 * 60_000 + 1_000 });
    const job = await s.waitJob(answer.data.id, (j) => j.phase === 'ready' || j.phase === 'failed');
    const calls = (await counters(emu)).classifyCalls[String(SEED.recordings.uploadedNotProcessed)] ?? 0;
    return { survived, phase: job.phase, classifyCalls: calls };
  });
}

console.log('1. Requests per finished job');
const perJob = await requestsPerJob();
console.log('2. Idle');
const idleFigures = await idle();
console.log(`  requests: ${idleFigures.requests}, worker starts: ${idleFigures.starts}`);
console.log(`  alarms: ${JSON.stringify(idleFigures.alarms)}`);
console.log('3. Result ready → notification');
const samples = await latency();
console.log(`  median ${(median(samples) / 1000).toFixed(1)} s over ${samples.length} runs`);
console.log('4. Worker stops during a job');
const stopFigures = await stops();
console.log(
  `  ${stopFigures.survived}/${STOPS} stops survived; job ${stopFigures.phase}; classify calls ${stopFigures.classifyCalls}`,
);
console.log(JSON.stringify({ perJob, idle: idleFigures, latencyMs: samples, stops: stopFigures }, null, 2));
