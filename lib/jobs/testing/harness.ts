/**
 * A job engine driving a real in-process emulator. The engine's clock and the emulator's virtual
 * clock move together (`advance`), so processing runs, meetings, downloads and the limits of the
 * state machine take no real time. "Worker death" is a fetch that never answers: the engine that
 * made the call is abandoned, and a new engine is built from the same storage (`restart`).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type EmulatorOptions, type RunningEmulator, SEED, startEmulator } from '../../../emulator';
import { wavOfSize } from '../../../emulator/wav';
import { type ApiClient, createApiClient, type ProcessingResult } from '../../api';
import type { ChargeWatch } from '../../charges';
import { createFileStore, type FileStore } from '../../file-store';
import { type KeyValueStore, memoryKeyValue } from '../../kv';
import { type BackgroundSessionStore, createSessionStore } from '../../session-store';
import { JobEngine } from '../engine';
import { createJobStore, type JobStore } from '../store';
import type { Job } from '../types';

export { SEED };

export interface Counters {
  requests: number;
  classifyCalls: Record<string, number>;
  charges: { space_id: number; audio_id: number; seconds: number }[];
  refunds: { space_id: number; audio_id: number; seconds: number }[];
  recordingsCreated: { total: number; upload: number; by_url: number; by_videosite: number; bot: number };
  botRequests: number;
  completeUploads: number;
}

/** What a rule does with a matching request. */
export type FaultAction =
  /** The request reaches the service, its answer is lost with the worker (the promise never settles). */
  | 'die-after'
  /** The worker dies before the request leaves (never settles, nothing sent). */
  | 'die-before'
  /** The connection fails after the service acted. */
  | 'network-after'
  /** The connection fails before the request leaves. */
  | 'network-before'
  /** Answers with what the function returns instead of the service. */
  | ((request: Request) => Promise<Response>);

interface Rule {
  method: string;
  path: RegExp;
  action: FaultAction;
  times: number;
  /** Resolved when the rule fired (and, for `*-after`, the service has answered). */
  fired: () => void;
}

export class Harness {
  offset = 0;
  readonly sessionKv: KeyValueStore = memoryKeyValue();
  readonly filesKv: KeyValueStore = memoryKeyValue();
  readonly rules: Rule[] = [];
  /** Every request the engines sent: `METHOD path`. */
  readonly sent: string[] = [];
  readonly changes: Array<{ job: Job; previous: Job | undefined }> = [];
  /** Every result the engines handed on when a job became ready. */
  readonly results: Array<{ job: Job; result: ProcessingResult }> = [];
  /** When set, the onResult hook records the call and then throws. */
  failResults = false;
  engine!: JobEngine;
  store!: JobStore;
  files!: FileStore;
  session!: BackgroundSessionStore;
  origins: (url: string) => boolean = () => true;
  /** Set, then `restart()`, to give the engine a charge watch (lib/charges) over its client. */
  chargeWatch: ((client: ApiClient) => ChargeWatch) | null = null;

  constructor(readonly emulator: RunningEmulator) {
    this.restart();
  }

  now = (): number => Date.now() + this.offset;

  get url(): string {
    return this.emulator.url;
  }

  /** A fresh engine over the same storage: what a new service worker finds. */
  restart(): JobEngine {
    this.store = createJobStore(this.now);
    this.files = createFileStore(this.filesKv);
    this.session = createSessionStore(this.sessionKv, this.now);
    const client = createApiClient({
      baseUrl: this.url,
      session: this.session,
      fetch: this.fetch,
      now: this.now,
      sleep: async () => undefined,
      timeoutMs: 10_000,
    });
    this.engine = new JobEngine({
      client,
      store: this.store,
      files: this.files,
      now: this.now,
      identity: async () => ({ serviceUrl: this.url, account: (await this.session.get())?.email ?? null }),
      hasOriginAccess: async (url) => this.origins(url),
      onChange: (job, previous) => {
        this.changes.push({ job, previous });
      },
      onResult: (job, result) => {
        this.results.push({ job, result });
        if (this.failResults) throw new Error('keeping the result failed');
      },
      ...(this.chargeWatch ? { charges: this.chargeWatch(client) } : {}),
    });
    return this.engine;
  }

  async signIn(email: string = SEED.users.demo.email, password: string = SEED.users.demo.password) {
    const client = createApiClient({ baseUrl: this.url, session: this.session, now: this.now });
    await client.signIn(email, password);
  }

  /** The next `times` requests matching get `action`; `fired` resolves when it happened. */
  fault(method: string, path: RegExp, action: FaultAction, times = 1): { fired: Promise<void> } {
    let fired: () => void = () => undefined;
    const promise = new Promise<void>((resolve) => {
      fired = resolve;
    });
    this.rules.push({ method, path, action, times, fired });
    return { fired: promise };
  }

  readonly fetch = async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const path = new URL(request.url).pathname;
    this.sent.push(`${request.method} ${path}`);
    const rule = this.rules.find((r) => r.times > 0 && r.method === request.method && r.path.test(path));
    if (!rule) return fetch(request);
    rule.times -= 1;
    if (typeof rule.action === 'function') {
      rule.fired();
      return rule.action(request);
    }
    // A dead worker's call never settles; only an abort by the engine itself (cancel) ends it.
    const hang = () =>
      new Promise<Response>((_, reject) => {
        request.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    switch (rule.action) {
      case 'die-before':
        rule.fired();
        return hang();
      case 'network-before':
        rule.fired();
        throw new TypeError('fetch failed');
      case 'die-after':
        await (await fetch(request.clone())).arrayBuffer();
        rule.fired();
        return hang();
      case 'network-after':
        await (await fetch(request.clone())).arrayBuffer();
        rule.fired();
        throw new TypeError('fetch failed');
    }
  };

  /**
   * The worker dies at the request `start` makes to `method` `path`: before it left, or after the
   * service answered it (`when`). A new worker then starts over the same storage and ticks once;
   * the job it took over is returned.
   */
  async dieAndRestart(
    method: string,
    path: RegExp,
    when: 'die-before' | 'die-after',
    start: () => Promise<unknown>,
  ): Promise<Job> {
    const died = this.fault(method, path, when).fired;
    void start();
    await died;
    this.restart();
    await this.engine.tick();
    const [job] = await this.store.list();
    if (!job) throw new Error('no job was stored');
    return job;
  }

  async control(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${this.url}/__emulator${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`control ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  }

  /** Moves both clocks: the engine's and the emulator's. */
  async advance(ms: number): Promise<void> {
    this.offset += ms;
    await this.control('POST', '/clock/advance', { ms });
  }

  counters(): Promise<Counters> {
    return this.control('GET', '/counters') as Promise<Counters>;
  }

  async job(id: string): Promise<Job> {
    const job = await this.store.get(id);
    if (!job) throw new Error(`no job ${id}`);
    return job;
  }

  /**
   * The job a minute before `limitMs` has passed and a minute after it, the engine ticking at
   * each: what a limit changes, and that it changes nothing early.
   */
  async acrossLimit(id: string, limitMs: number): Promise<{ before: Job; after: Job }> {
    await this.advance(limitMs - 60_000);
    await this.engine.tick();
    const before = await this.job(id);
    await this.advance(2 * 60_000);
    await this.engine.tick();
    return { before, after: await this.job(id) };
  }

  /** Ticks until the job leaves `phase` (or `max` ticks), moving the clocks `stepMs` between ticks. */
  async tickUntil(id: string, done: (job: Job) => boolean, stepMs = 12_000, max = 40): Promise<Job> {
    for (let i = 0; i < max; i += 1) {
      const job = await this.job(id);
      if (done(job)) return job;
      await this.advance(stepMs);
      await this.engine.tick();
      await this.engine.idle();
    }
    return this.job(id);
  }
}

/** A local file server the emulator downloads from (by-URL links must be short and public). */
export function useFileServer(): () => string {
  let origin = '';
  const wav = Buffer.from([]);
  let bytes = wav;
  const server = createServer((request, response) => {
    if (request.url?.endsWith('.wav')) {
      response.writeHead(200, { 'content-type': 'audio/wav', 'content-length': bytes.length });
      response.end(bytes);
      return;
    }
    response.writeHead(404).end();
  });
  beforeAll(async () => {
    bytes = Buffer.from(await wavBlob(16_044).arrayBuffer());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return () => origin;
}

/** One emulator per test file; storage, clocks and the emulator's data are reset before each test. */
export function useHarness(options: EmulatorOptions = {}): () => Harness {
  let emulator: RunningEmulator | null = null;
  let harness: Harness | null = null;
  beforeAll(async () => {
    emulator = await startEmulator({
      port: 0,
      storagePort: 0,
      quiet: true,
      slowMs: 10,
      processingDelayMs: 60_000,
      meetingDurationMs: 60 * 60_000,
      downloadDelayMs: 5_000,
      assembleDelayMs: 2_000,
      ...options,
    });
  });
  afterAll(async () => {
    await emulator?.close();
  });
  beforeEach(async () => {
    fakeBrowser.reset();
    const response = await fetch(`${emulator!.url}/__emulator/reset`, { method: 'POST' });
    await response.arrayBuffer();
    harness = new Harness(emulator!);
    await harness.signIn();
  });
  return () => {
    if (!harness) throw new Error('harness not ready');
    return harness;
  };
}

/** A file the emulator reads as a WAV of about `size / 8000` seconds. */
export function wavBlob(size: number, type = 'audio/wav'): Blob {
  return new Blob([wavOfSize(size)], { type });
}
