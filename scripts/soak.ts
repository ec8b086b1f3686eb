/**
 * The browser soak: the built extension in real Chromium against the emulator with random faults
 * (default 20 %), the service worker stopped at random moments about every 20 s, and full user
 * journeys repeated for a given time:
 *   sign in; Send bot from a Meet tab to a ready protocol; Transcribe a video page; upload a 50 MB
 *   file from the popup and process it; a calendar "Send at start"; trash a recording.
 *
 *   npm run soak                     # 10 minutes at --faults 0.2, builds first
 *   npm run soak -- --minutes 2 --faults 0.2 --no-build --seed 7
 *
 * Prints and writes `soak-result.json`. Must-be-zero figures: unreported double charges and
 * duplicate recordings, lost or corrupted uploads, jobs without a terminal state at the end,
 * notifications missing or repeated, unhandled errors in extension contexts. Any of them non-zero
 * fails the run (exit 1).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, CDPSession, Page, Worker } from '@playwright/test';
import { type RunningEmulator, SEED, startEmulator } from '../emulator/index';
import { wavOfSize } from '../emulator/wav';
import { launchChromium } from '../tests/e2e/launch';
import {
  countDoubleCharges,
  countDuplicateRecordings,
  type JobView,
  mustBeZeroFailed,
  newSoakResult,
  type Recording,
  seededRandom,
} from './soak-record';

function flag(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && process.argv[index + 1] ? process.argv[index + 1]! : fallback;
}
const MINUTES = Number(flag('minutes', '10'));
const FAULTS = Number(flag('faults', '0.2'));
const SEED_VALUE = Number(flag('seed', String(Date.now() % 100_000)));
const UPLOAD_BYTES = Number(flag('upload-mb', '50')) * 1024 * 1024;
const STOP_EVERY_MS = 20_000;
const PERSONAL = SEED.spaces.personal;
const FIXTURES = path.resolve(import.meta.dirname, '../tests/fixtures/pages');

const rand = seededRandom(SEED_VALUE);
const result = newSoakResult(MINUTES, FAULTS, SEED_VALUE);

let stepsFailedInJourney = 0;

function outcome(kind: string, what: string, completed: boolean): void {
  const entry = result.journeys.byStep[kind] ?? { completed: 0, outcomes: {} };
  entry.outcomes[what] = (entry.outcomes[what] ?? 0) + 1;
  if (completed) {
    entry.completed += 1;
    result.journeys.stepsCompleted += 1;
  } else stepsFailedInJourney += 1;
  result.journeys.byStep[kind] = entry;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class Soak {
  #token = '';
  #worker: Worker | null = null;
  #cdp: CDPSession | null = null;
  #controlPage: Page | null = null;
  #stopping = false;
  #n = 0;

  constructor(
    readonly context: BrowserContext,
    readonly emulator: RunningEmulator,
    readonly extensionId: string,
    readonly tmp: string,
  ) {}

  async control(method: 'GET' | 'POST', route: string, body?: unknown): Promise<unknown> {
    const answer = await fetch(`${this.emulator.url}/__emulator${route}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return answer.json();
  }

  /** The test's own view of the service (no faults: asked with the rate at 0 is not possible, so retried). */
  async api<T>(route: string): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        if (!this.#token) {
          const signIn = await fetch(`${this.emulator.url}/api/token/`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: SEED.users.demo.email, password: SEED.users.demo.password }),
          });
          if (!signIn.ok) throw new Error(`sign-in ${signIn.status}`);
          this.#token = ((await signIn.json()) as { access: string }).access;
        }
        const answer = await fetch(`${this.emulator.url}${route}`, {
          headers: { authorization: `Bearer ${this.#token}` },
        });
        if (!answer.ok) throw new Error(`${route} ${answer.status}`);
        return (await answer.json()) as T;
      } catch (error) {
        if (attempt >= 20) throw error;
        await sleep(200);
      }
    }
  }

  async worker(): Promise<Worker> {
    const current = this.context.serviceWorkers().find((w) => w.url().includes(this.extensionId));
    if (current) return current;
    return this.context.waitForEvent('serviceworker', { timeout: 60_000 });
  }

  /** Runs code in an extension page (the manifest shown as text: chrome.* without our UI). */
  async inExtension<T>(fn: (arg: unknown) => Promise<T>, arg?: unknown): Promise<T> {
    if (!this.#controlPage || this.#controlPage.isClosed()) {
      this.#controlPage = await this.context.newPage();
      await this.#controlPage.goto(`chrome-extension://${this.extensionId}/manifest.json`);
    }
    return this.#controlPage.evaluate(fn, arg);
  }

  message(type: string, payload: unknown): Promise<{ ok: boolean; data?: unknown; error?: unknown }> {
    return this.inExtension(
      (arg) => {
        const [t, p] = arg as [string, unknown];
        return chrome.runtime.sendMessage({ channel: 'meeting-capture', type: t, payload: p });
      },
      [type, payload],
    );
  }

  async jobs(): Promise<JobView[]> {
    const answer = await this.message('jobs.list', {});
    return answer.ok ? (answer.data as JobView[]) : [];
  }

  /** Installs counters of notifications and uncaught errors in the running worker (once per worker). */
  async hookWorker(): Promise<void> {
    const worker = await this.worker();
    if (worker === this.#worker) return;
    this.#worker = worker;
    await worker
      .evaluate(() => {
        const g = self as unknown as { __soak?: boolean };
        if (g.__soak) return;
        g.__soak = true;
        const bump = async (key: string, id: string) => {
          const stored = ((await chrome.storage.session.get(key))[key] ?? {}) as Record<string, number>;
          stored[id] = (stored[id] ?? 0) + 1;
          await chrome.storage.session.set({ [key]: stored });
        };
        const create = chrome.notifications.create.bind(chrome.notifications) as (
          ...args: unknown[]
        ) => unknown;
        (chrome.notifications as unknown as { create: unknown }).create = (...args: unknown[]) => {
          if (typeof args[0] === 'string') void bump('soakNotices', args[0]);
          return create(...args);
        };
        self.addEventListener(
          'error',
          (event) => void bump('soakErrors', String((event as ErrorEvent).message)),
        );
        self.addEventListener(
          'unhandledrejection',
          (event) => void bump('soakErrors', String((event as PromiseRejectionEvent).reason)),
        );
      })
      .catch(() => undefined);
  }

  async startStopper(): Promise<void> {
    const page = await this.context.newPage();
    this.#cdp = await this.context.newCDPSession(page);
    await this.#cdp.send('ServiceWorker.enable');
    void (async () => {
      while (!this.#stopping) {
        await sleep(STOP_EVERY_MS * (0.5 + rand()));
        if (this.#stopping) break;
        try {
          await this.#cdp!.send('ServiceWorker.stopAllWorkers');
          result.workerStops += 1;
        } catch {
          // The session may be gone at the very end.
        }
      }
    })();
    void (async () => {
      while (!this.#stopping) {
        await this.hookWorker().catch(() => undefined);
        await sleep(500);
      }
    })();
  }

  stopStopper(): void {
    this.#stopping = true;
  }

  /** Waits for a job to end, moving the emulator's clock so processing and downloads finish. */
  async settle(match: (job: JobView) => boolean, timeoutMs: number): Promise<JobView | null> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const job = (await this.jobs().catch(() => [])).find(match);
      if (job && ['ready', 'failed', 'uploaded', 'cancelled'].includes(job.phase)) return job;
      await this.control('POST', '/clock/advance', { ms: 3_000 });
      await sleep(1_500);
    }
    return null;
  }

  async signIn(): Promise<void> {
    for (let attempt = 0; attempt < 8; attempt++) {
      const answer = await this.message('session.signIn', {
        serviceUrl: this.emulator.url,
        email: SEED.users.demo.email,
        password: SEED.users.demo.password,
      });
      if (answer.ok) {
        outcome('sign-in', 'signed-in', true);
        return;
      }
      await sleep(500);
    }
    outcome('sign-in', 'failed', false);
  }

  async sendBot(): Promise<void> {
    const code = `soa-${String(1000 + (this.#n % 9000))
      .padStart(4, '0')
      .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}-${'abcdefghij'[this.#n % 10]}kk`;
    const url = `https://meet.google.com/${code}`;
    const page = await this.context.newPage();
    try {
      await page.goto(url);
      await page.getByRole('button', { name: 'Send bot' }).click({ timeout: 20_000 });
      await page.getByRole('status').filter({ hasText: /./ }).first().waitFor({ timeout: 60_000 });
    } finally {
      await page.close();
    }
    // The meeting ends; its recording is processed on its own.
    await sleep(2_000);
    await this.control('POST', '/meetings/end', {});
    const done = await this.settle(
      (j) => j.intent === 'bot' && (j as { sourceUrl?: string }).sourceUrl === url,
      150_000,
    );
    outcome('bot', done?.phase ?? 'no-terminal-state', done !== null);
  }

  async transcribe(): Promise<void> {
    // Video ids have 11 characters; the detectors accept nothing else.
    const id = `s${SEED_VALUE}x${this.#n}kkkkkkkkkkk`.slice(0, 11);
    const url = `https://www.youtube.com/watch?v=${id}`;
    const page = await this.context.newPage();
    let said = '';
    try {
      await page.goto(url);
      await page.getByRole('button', { name: 'Transcribe audio' }).click({ timeout: 20_000 });
      const status = page.getByRole('status').filter({ hasText: /./ }).first();
      await status.waitFor({ timeout: 60_000 });
      said = (await status.innerText()).slice(0, 80);
    } finally {
      await page.close();
    }
    const done = await this.settle(
      (j) => j.intent === 'video' && (j as { sourceUrl?: string }).sourceUrl?.includes(id) === true,
      150_000,
    );
    outcome(
      'transcribe',
      done?.phase ??
        ((await this.hasJob('video', id)) ? 'no-terminal-state' : `not sent, the page said: ${said}`),
      done !== null,
    );
  }

  async hasJob(intent: string, needle: string): Promise<boolean> {
    return (await this.jobs()).some((j) => j.intent === intent && JSON.stringify(j).includes(needle));
  }

  async upload(): Promise<void> {
    const title = `Soak upload ${SEED_VALUE}-${this.#n}.wav`;
    const file = path.join(this.tmp, title);
    const bytes = wavOfSize(UPLOAD_BYTES);
    writeFileSync(file, bytes);
    const sha = createHash('sha256').update(bytes).digest('hex');
    const popup = await this.context.newPage();
    try {
      await popup.setViewportSize({ width: 400, height: 600 });
      await popup.goto(`chrome-extension://${this.extensionId}/popup.html`);
      await popup.getByRole('button', { name: 'Upload', exact: true }).click({ timeout: 30_000 });
      await popup.getByLabel('Choose audio or video files').setInputFiles(file);
      const form = popup.getByRole('form', { name: 'Local files' });
      await form.getByRole('checkbox', { name: 'Start processing when uploaded' }).check();
      await popup.getByRole('button', { name: 'Upload 1 file' }).click();
      await popup.getByTestId('jobs').waitFor({ timeout: 30_000 });
    } finally {
      await popup.close();
      rmSync(file, { force: true });
    }
    const done = await this.settle((j) => j.intent === 'upload' && j.title === title, 240_000);
    outcome('upload', done?.phase ?? 'no-terminal-state', done !== null);
    if (done && (done.phase === 'ready' || done.phase === 'uploaded') && done.audioId !== undefined) {
      result.uploads.checked += 1;
      const info = await this.api<Recording>(`/api/spaces/${PERSONAL}/audio/${done.audioId}/info/`);
      let same = false;
      for (let attempt = 0; attempt < 10 && !same; attempt++) {
        const answer = await fetch(info.url).catch(() => null);
        if (answer?.ok)
          same =
            createHash('sha256')
              .update(Buffer.from(await answer.arrayBuffer()))
              .digest('hex') === sha;
        else await sleep(300);
      }
      if (!same) result.uploads.lostOrCorrupted += 1;
    }
  }

  async calendar(): Promise<void> {
    const page = await this.context.newPage();
    try {
      await page.goto('https://calendar.google.com/calendar/u/0/r/week');
      await page.getByRole('button', { name: '10am Weekly sync' }).click({ timeout: 20_000 });
      const group = page
        .getByRole('region', { name: 'Meeting links in this event' })
        .getByRole('group', { name: /telemost/ });
      await group.getByRole('button', { name: /^Send at start/ }).click({ timeout: 20_000 });
      await group.getByRole('status').filter({ hasText: /./ }).first().waitFor({ timeout: 60_000 });
      const text = await group.getByRole('status').first().innerText();
      const scheduled = await this.message('schedules.list', {});
      const list = (scheduled.ok ? scheduled.data : []) as Array<{ id: string }>;
      outcome(
        'calendar',
        /will be sent/.test(text) && list.length > 0 ? 'scheduled' : `said: ${text.slice(0, 60)}`,
        list.length > 0,
      );
      // Cancelled again, so the next journey schedules anew and no bot is left for later.
      for (const bot of list) await this.message('schedules.cancel', { id: bot.id });
    } finally {
      await page.close();
    }
  }

  async trash(): Promise<void> {
    const list = await this.api<{ results: Recording[] }>(
      `/api/spaces/${PERSONAL}/audio/?limit=50&ordering=-created_at`,
    );
    const jobs = await this.jobs();
    const jobsIds = new Set(jobs.map((j) => j.audioId));
    // A video recording no job owns is one a job whose submit answer was lost may still adopt:
    // trashing it then would take away what the user asked for, so the seed's is trashed instead.
    const adopting = jobs.some((j) => j.phase === 'downloading' && j.audioId === undefined);
    const victim =
      (adopting
        ? undefined
        : list.results.find((r) => r.title.startsWith(`Video s${SEED_VALUE}x`) && !jobsIds.has(r.id))) ??
      list.results.find((r) => r.id === SEED.recordings.readyShort);
    if (!victim) {
      outcome('trash', 'nothing-to-trash', true);
      return;
    }
    let answer = { ok: false } as { ok: boolean };
    for (let attempt = 0; attempt < 5 && !answer.ok; attempt++) {
      answer = await this.message('recordings.delete', { spaceId: PERSONAL, audioIds: [victim.id] });
      if (!answer.ok) await sleep(1_000);
    }
    outcome('trash', answer.ok ? 'trashed' : 'failed', answer.ok);
  }

  async journey(): Promise<void> {
    this.#n += 1;
    result.journeys.started += 1;
    const steps: Array<[string, () => Promise<void>]> = [
      ['sign-in', () => this.signIn()],
      ['bot', () => this.sendBot()],
      ['transcribe', () => this.transcribe()],
      ['upload', () => this.upload()],
      ['calendar', () => this.calendar()],
      ['trash', () => this.trash()],
    ];
    for (const [name, step] of steps) {
      try {
        await step();
      } catch (error) {
        outcome(name, 'error', false);
        result.journeyErrors.push(`${name}: ${String(error).split('\n')[0]}`);
      }
    }
    if (stepsFailedInJourney === 0) result.journeys.completed += 1;
    stepsFailedInJourney = 0;
  }

  /** The extension's stored view: jobs, charge log, notice and error counters. */
  async stored(): Promise<{
    jobs: JobView[];
    charges: { incidents: Array<{ kind: string; audioId?: number; duplicateIds?: number[] }> };
    notices: Record<string, number>;
    errors: Record<string, number>;
  }> {
    const worker = await this.worker();
    return worker.evaluate(async () => {
      const local = await chrome.storage.local.get(['jobs', 'charges']);
      const session = await chrome.storage.session.get(['soakNotices', 'soakErrors']);
      return {
        jobs: Object.values((local.jobs ?? {}) as Record<string, never>),
        charges: (local.charges ?? { incidents: [] }) as never,
        notices: (session.soakNotices ?? {}) as Record<string, number>,
        errors: (session.soakErrors ?? {}) as Record<string, number>,
      };
    });
  }
}

async function main(): Promise<void> {
  if (!process.argv.includes('--no-build')) {
    const build = spawnSync('npx', ['wxt', 'build'], {
      stdio: 'inherit',
      env: { ...process.env, WXT_TEST_BUILD: '1' },
    });
    if (build.status !== 0) throw new Error('build failed');
  }
  const tmp = mkdtempSync(path.join(tmpdir(), 'mc-soak-'));
  const emulator = await startEmulator({
    port: 0,
    storagePort: 0,
    quiet: true,
    faults: FAULTS,
    faultSeed: SEED_VALUE,
    processingDelayMs: 20_000,
    meetingDurationMs: 60 * 60_000,
    downloadDelayMs: 2_000,
    slowMs: 1_500,
  });
  const chromium = await launchChromium({ profilePrefix: 'mc-soak-' });
  const context = chromium.context;
  const unhandled = (text: string) => {
    result.unhandledErrors.total += 1;
    if (result.unhandledErrors.samples.length < 10) result.unhandledErrors.samples.push(text.slice(0, 300));
  };
  context.on('weberror', (error) => unhandled(`page: ${String(error.error())}`));
  const pages: Record<string, string> = {
    'https://meet.google.com': 'meet-call.html',
    'https://www.youtube.com': 'youtube-watch.html',
    'https://calendar.google.com': 'google-calendar.html',
  };
  for (const [origin, file] of Object.entries(pages)) {
    const body = readFileSync(path.join(FIXTURES, file), 'utf8');
    await context.route(`${origin}/**`, (route) =>
      route.request().resourceType() === 'document'
        ? route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body })
        : route.fulfill({ status: 404, body: '' }),
    );
  }
  const first = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(first.url()).host;
  const soak = new Soak(context, emulator, extensionId, tmp);
  const started = Date.now();
  try {
    await soak.hookWorker();
    await soak.startStopper();
    while (Date.now() - started < MINUTES * 60_000) {
      await soak.journey();
      console.log(
        `${Math.round((Date.now() - started) / 1000)} s: ${result.journeys.started} journeys, ${result.workerStops} worker stops`,
      );
    }
    soak.stopStopper();

    // The end: no more faults or stops; every job must reach a terminal state.
    await soak.control('POST', '/faults', { rate: 0 });
    await soak.control('POST', '/meetings/end', {});
    const endBy = Date.now() + 180_000;
    let jobs: JobView[] = [];
    while (Date.now() < endBy) {
      jobs = await soak.jobs().catch(() => jobs);
      // Every job ended, and every ended job's notice recorded (a loaded machine may take a moment
      // between the two).
      if (
        jobs.every(
          (j) =>
            j.phase === 'cancelled' ||
            (['ready', 'failed', 'uploaded'].includes(j.phase) && j.notifiedAt !== undefined),
        )
      )
        break;
      await soak.control('POST', '/clock/advance', { ms: 5_000 });
      await sleep(2_000);
    }
    await sleep(3_000);
    const stored = await soak.stored();
    jobs = stored.jobs;
    result.jobs.total = jobs.length;
    for (const job of jobs) result.jobs.byPhase[job.phase] = (result.jobs.byPhase[job.phase] ?? 0) + 1;
    result.jobs.failures = jobs
      .filter((j) => j.phase === 'failed')
      .map((j) => ({ intent: j.intent, title: j.title, failure: j.failure }));
    // With faults off for minutes, a by-URL or video job still downloading with no recording is
    // one whose submit answer was lost: it waits for its recording within the download time.
    const waitingForLostAnswer = (j: JobView) =>
      j.phase === 'downloading' && j.audioId === undefined && (j.intent === 'video' || j.intent === 'link');
    const waiting = jobs.filter(waitingForLostAnswer);
    result.jobs.waitingForLostAnswer = waiting.length;
    // Such a job is right to wait only while the service holds nothing it could adopt: a
    // recording of its video (or by-URL title) that finished downloading is one it missed.
    if (waiting.length > 0) {
      const listed = await soak.api<{ results: Recording[] }>(
        `/api/spaces/${PERSONAL}/audio/?limit=100&ordering=-created_at`,
      );
      const owned = new Set(jobs.map((j) => j.audioId));
      result.jobs.lostAnswerMissed = waiting.filter((j) => {
        const source = (j as { sourceUrl?: string }).sourceUrl ?? '';
        const videoId = /[?&]v=([\w-]+)/.exec(source)?.[1];
        return listed.results.some(
          (r) =>
            !owned.has(r.id) &&
            (videoId ? r.title.includes(videoId) : j.title !== undefined && r.title === j.title),
        );
      }).length;
    }
    result.jobs.withoutTerminalState = jobs.filter(
      (j) => !['ready', 'failed', 'uploaded', 'cancelled'].includes(j.phase) && !waitingForLostAnswer(j),
    ).length;
    result.notifications.missing = jobs.filter(
      (j) => ['ready', 'failed', 'uploaded'].includes(j.phase) && j.notifiedAt === undefined,
    ).length;
    result.notifications.repeated = Object.values(stored.notices).filter((count) => count > 1).length;
    for (const [message, count] of Object.entries(stored.errors)) {
      for (let i = 0; i < count; i++) unhandled(`worker: ${message}`);
    }

    const counters = (await soak.control('GET', '/counters')) as {
      requests: number;
      armedDrops: number;
      faults: Record<string, number>;
      classifyCalls: Record<string, number>;
    };
    result.requests = counters.requests;
    result.faultsInjected = counters.faults;
    result.armedDrops = counters.armedDrops;
    const incidents = stored.charges.incidents;
    countDoubleCharges(result, counters.classifyCalls, incidents);

    // Duplicate recordings: the same title (bot meetings aside) more than once, active or in the trash.
    const all: Recording[] = [];
    for (const list of ['audio', 'audio/trash']) {
      for (let offset = 0; ; offset += 100) {
        const page = await soak.api<{ results: Recording[]; next: string | null }>(
          `/api/spaces/${PERSONAL}/${list}/?limit=100&offset=${offset}`,
        );
        all.push(...page.results);
        if (!page.next) break;
      }
    }
    countDuplicateRecordings(result, all, jobs, incidents);
  } finally {
    soak.stopStopper();
    await chromium.close().catch(() => undefined);
    await emulator.close();
    rmSync(tmp, { recursive: true, force: true });
  }

  result.mustBeZeroFailed = mustBeZeroFailed(result);
  const text = JSON.stringify(result, null, 2);
  writeFileSync('soak-result.json', `${text}\n`);
  console.log(text);
  process.exitCode = result.mustBeZeroFailed.length === 0 ? 0 : 1;
}

await main();
