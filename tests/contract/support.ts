/**
 * Helpers of the contract tests: an emulator per test file on free ports, clients whose clock is
 * the emulator's virtual clock and whose sleep moves that clock forward (so backoff, polling,
 * processing, meetings and downloads take no real time), and exactly-planned faults.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type EmulatorOptions, type RunningEmulator, startEmulator } from '../../emulator';
import { FaultInjector, type FaultKind } from '../../emulator/faults';
import type { Counters } from '../../emulator/state';
import { wavOfSize } from '../../emulator/wav';
import { type ApiClient, createApiClient, memorySessionStore, type SessionStore } from '../../lib/api';

export { SEED } from '../../emulator';
export type { Counters, FaultKind };

export type FaultPhase = 'before' | 'after';

interface PlannedFault {
  method: string;
  path: RegExp;
  seed: number;
}

/** A seed whose first roll at rate 1 gives exactly this fault for this method. */
export function seedFor(method: string, kind: FaultKind, phase: FaultPhase): number {
  for (let seed = 1; seed < 100_000; seed += 1) {
    const fault = new FaultInjector(1, seed).roll(method);
    if (fault?.kind === kind && fault.phase === phase) return seed;
  }
  throw new Error(`no seed gives ${kind}/${phase} for ${method}`);
}

export interface ClientOptions {
  timeoutMs?: number;
  store?: SessionStore;
  /** Real milliseconds each injected sleep also waits (the virtual clock moves by the full amount). */
  realPauseMs?: number;
  /** How far the client's clock is ahead of the service's (ms; negative: behind). */
  clockSkewMs?: number;
}

export class TestEmulator {
  /** Virtual clock offset, mirrored from every advance made here. */
  #offset = 0;
  readonly #plans: PlannedFault[] = [];
  readonly #holds: { method: string; path: RegExp }[] = [];
  /** The service's answers to held requests, still coming. */
  readonly #forwarded: Promise<unknown>[] = [];
  /** Every injected sleep, in ms, across clients. */
  readonly sleeps: number[] = [];

  constructor(readonly running: RunningEmulator) {}

  get url(): string {
    return this.running.url;
  }

  get storageUrl(): string {
    return this.running.storageUrl;
  }

  /** The emulator's virtual clock (ms). */
  now = (): number => Date.now() + this.#offset;

  // biome-ignore lint/suspicious/noExplicitAny: control answers are inspected field by field in tests.
  async control(method: 'GET' | 'POST', path: string, body?: unknown): Promise<any> {
    const response = await fetch(`${this.url}/__emulator${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`control ${path}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : null;
  }

  async advance(ms: number): Promise<void> {
    this.#offset += ms;
    await this.control('POST', '/clock/advance', { ms });
  }

  async reset(): Promise<void> {
    await this.control('POST', '/reset');
    this.#offset = 0;
    this.#plans.length = 0;
    this.#holds.length = 0;
    await Promise.all(this.#forwarded.splice(0));
    this.sleeps.length = 0;
  }

  counters(): Promise<Counters> {
    return this.control('GET', '/counters');
  }

  setFaults(rate: number, seed?: number): Promise<void> {
    return this.control('POST', '/faults', seed === undefined ? { rate } : { rate, seed });
  }

  /** The next request with this method and path gets exactly this fault; the others none. */
  planFault(method: string, path: RegExp, kind: FaultKind, phase: FaultPhase = 'before'): void {
    this.#plans.push({ method, path, seed: seedFor(method, kind, phase) });
  }

  /**
   * An answer slower than the client's timeout, whatever the load of the machine: the next request
   * with this method and path reaches the service, which acts on it as usual, but its answer is
   * kept from the client until the client gives up on it (its own timeout aborts it). A client's
   * sleep first waits for the service to have answered such a request, so a check after the
   * timeout sees what the service did.
   */
  holdAnswer(method: string, path: RegExp): void {
    this.#holds.push({ method, path });
  }

  /** Injected sleep: moves the virtual clock forward by `ms` and yields for a moment of real time. */
  sleepWith(realPauseMs: number) {
    return async (ms: number, signal?: AbortSignal): Promise<void> => {
      signal?.throwIfAborted();
      await Promise.all(this.#forwarded.splice(0));
      this.sleeps.push(ms);
      await this.advance(ms);
      await new Promise((resolve) => setTimeout(resolve, realPauseMs));
      signal?.throwIfAborted();
    };
  }

  /** fetch with the planned faults applied. */
  readonly fetch = async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const path = new URL(request.url).pathname;
    const held = this.#holds.findIndex((hold) => hold.method === request.method && hold.path.test(path));
    if (held >= 0) {
      this.#holds.splice(held, 1);
      const body = ['GET', 'HEAD'].includes(request.method) ? undefined : await request.arrayBuffer();
      // Sent without the client's signal: the service finishes it after the client gave up.
      const forwarded = fetch(request.url, { method: request.method, headers: request.headers, body })
        .then((response) => response.arrayBuffer())
        .catch(() => undefined);
      this.#forwarded.push(forwarded);
      return new Promise<Response>((_, reject) => {
        const { signal } = request;
        if (signal.aborted) reject(signal.reason);
        else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      });
    }
    const index = this.#plans.findIndex((plan) => plan.method === request.method && plan.path.test(path));
    if (index < 0) return fetch(request);
    const [plan] = this.#plans.splice(index, 1);
    await this.setFaults(1, plan!.seed);
    try {
      const response = await fetch(request);
      // Read the body while the fault configuration is still in place, then restore it.
      const body = await response.arrayBuffer();
      return new Response(body.byteLength === 0 && [204, 304].includes(response.status) ? null : body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    } finally {
      await this.setFaults(0);
    }
  };

  client(options: ClientOptions = {}): ApiClient {
    return createApiClient({
      baseUrl: this.url,
      session: options.store ?? memorySessionStore(),
      fetch: this.fetch,
      now: options.clockSkewMs ? () => this.now() + (options.clockSkewMs ?? 0) : this.now,
      sleep: this.sleepWith(options.realPauseMs ?? 1),
      timeoutMs: options.timeoutMs ?? 10_000,
    });
  }

  async signedIn(
    email = 'demo@example.com',
    password = 'demo-password',
    options: ClientOptions = {},
  ): Promise<ApiClient> {
    const client = this.client(options);
    await client.signIn(email, password);
    return client;
  }

  /** A plain request without the client (to see the service's raw answer). */
  async raw(method: string, path: string, headers: Record<string, string> = {}, body?: unknown) {
    const response = await fetch(`${this.url}${path}`, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return {
      status: response.status,
      contentType: response.headers.get('content-type'),
      text: await response.text(),
    };
  }
}

/** Starts one emulator for the test file (free ports, quiet) and closes it afterwards. */
export function useEmulator(options: EmulatorOptions = {}): () => TestEmulator {
  let emulator: TestEmulator | null = null;
  beforeAll(async () => {
    const running = await startEmulator({ port: 0, storagePort: 0, quiet: true, slowMs: 50, ...options });
    emulator = new TestEmulator(running);
  });
  afterAll(async () => {
    await emulator?.running.close();
  });
  return () => {
    if (!emulator) throw new Error('emulator not started');
    return emulator;
  };
}

/**
 * An emulator for the enclosing scope, reset before each test, with the demo account signed in
 * afresh; `assign` receives both before each test.
 */
export function useSignedIn(
  options: EmulatorOptions,
  assign: (ready: { emu: TestEmulator; client: ApiClient }) => void,
): () => TestEmulator {
  const emulator = useEmulator(options);
  beforeEach(async () => {
    const emu = emulator();
    await emu.reset();
    const client = await emu.signedIn();
    emu.sleeps.length = 0;
    assign({ emu, client });
  });
  return emulator;
}

/** The error info of a failed promise (fails the test if it resolves): the client tests' own. */
export { failure } from '../../lib/api/testing/fake-service';

/** A file of `size` bytes that the emulator reads as a WAV of about `size / 8000` seconds. */
export function wavBlob(size: number, type = 'audio/wav'): Blob {
  return new Blob([wavOfSize(size)], { type });
}

export const MB = 1024 * 1024;
