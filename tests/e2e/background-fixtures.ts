/**
 * Fixtures of the background specs: an emulator per test (free ports, parallel-safe), a driver
 * that talks to the background the way the extension's own pages and content scripts do, and a
 * monitor of the service worker through the DevTools protocol (stop it, see it start again).
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, CDPSession, Page, Worker } from '@playwright/test';
import { type EmulatorOptions, type RunningEmulator, SEED, startEmulator } from '../../emulator/index';
import { test as base, expect } from './fixtures';

export { expect, SEED };

export interface Counters {
  requests: number;
  classifyCalls: Record<string, number>;
  charges: Array<{ space_id: number; audio_id: number; seconds: number }>;
  botRequests: number;
  tokenRefreshes: number;
  recordingsCreated: { total: number; upload: number; by_url: number; by_videosite: number; bot: number };
}

export type Answer =
  // biome-ignore lint/suspicious/noExplicitAny: message answers and jobs are checked field by field.
  { ok: true; data: any } | { ok: false; error: { kind: string } & Record<string, unknown> };

export class EmulatorControl {
  constructor(readonly emulator: RunningEmulator) {}

  get url(): string {
    return this.emulator.url;
  }

  async control(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${this.url}/__emulator${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`control ${path}: ${response.status}`);
    return response.json();
  }

  counters(): Promise<Counters> {
    return this.control('GET', '/counters') as Promise<Counters>;
  }

  advance(ms: number): Promise<unknown> {
    return this.control('POST', '/clock/advance', { ms });
  }
}

/**
 * The service worker as seen by DevTools: its running status, how often it started, and a way to
 * stop it (what Chrome does to an idle worker after ~30 s).
 */
export class WorkerMonitor {
  status = 'unknown';
  /** Transitions to `running` since the monitor started. */
  starts = 0;
  #waiters: Array<{ status: string; resolve: () => void }> = [];

  private constructor(
    readonly cdp: CDPSession,
    readonly extensionId: string,
  ) {}

  static async attach(context: BrowserContext, extensionId: string): Promise<WorkerMonitor> {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const monitor = new WorkerMonitor(cdp, extensionId);
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      for (const version of versions) {
        if (!version.scriptURL.startsWith(`chrome-extension://${extensionId}/`)) continue;
        if (version.runningStatus === 'running' && monitor.status !== 'running') monitor.starts += 1;
        monitor.status = version.runningStatus;
        for (const waiter of monitor.#waiters.filter((w) => w.status === version.runningStatus))
          waiter.resolve();
        monitor.#waiters = monitor.#waiters.filter((w) => w.status !== version.runningStatus);
      }
    });
    await cdp.send('ServiceWorker.enable');
    return monitor;
  }

  waitFor(status: 'running' | 'stopped', timeoutMs = 60_000): Promise<void> {
    if (this.status === status) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`worker not ${status} within ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.#waiters.push({
        status,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }

  /** Stops the worker, as Chrome does after 30 s idle; every variable and timer in it is lost. */
  async stop(): Promise<void> {
    await this.cdp.send('ServiceWorker.stopAllWorkers');
    await this.waitFor('stopped');
  }
}

/** Drives the background like the extension's pages: messages from an extension-origin document. */
export class BackgroundDriver {
  #page: Page | null = null;

  constructor(
    readonly context: BrowserContext,
    readonly extensionId: string,
    readonly worker: Worker,
  ) {}

  /**
   * An extension-origin document that runs none of the UI's code (which would message the
   * background by itself): the manifest, shown as text, still has `chrome.runtime`.
   */
  async page(): Promise<Page> {
    if (!this.#page || this.#page.isClosed()) {
      this.#page = await this.context.newPage();
      await this.#page.goto(`chrome-extension://${this.extensionId}/manifest.json`);
    }
    return this.#page;
  }

  async closePage(): Promise<void> {
    await this.#page?.close();
    this.#page = null;
  }

  async send(type: string, payload: unknown): Promise<Answer> {
    const page = await this.page();
    return page.evaluate(
      ([messageType, messagePayload]) =>
        chrome.runtime.sendMessage({
          channel: 'meeting-capture',
          type: messageType,
          payload: messagePayload,
        }),
      [type, payload] as const,
    ) as Promise<Answer>;
  }

  async signIn(serviceUrl: string): Promise<Answer> {
    const answer = await this.send('session.signIn', {
      serviceUrl,
      email: SEED.users.demo.email,
      password: SEED.users.demo.password,
    });
    expect(answer).toMatchObject({ ok: true, data: { signedIn: true } });
    return answer;
  }

  /** The notifications the extension shows now (read in the worker; it must be running). */
  notifications(): Promise<Record<string, unknown>> {
    return this.worker.evaluate(() => chrome.notifications.getAll());
  }

  alarms(): Promise<Array<{ name: string; periodInMinutes?: number; scheduledTime: number }>> {
    return this.worker.evaluate(() => chrome.alarms.getAll());
  }

  /** Starts processing the seed's uploaded, unprocessed recording; answers the job's id. */
  async startProcessing(): Promise<string> {
    const answer = await this.send('recording.process', {
      spaceId: SEED.spaces.personal,
      audioId: SEED.recordings.uploadedNotProcessed,
    });
    expect(answer).toMatchObject({ ok: true, data: { phase: 'processing' } });
    return (answer as Extract<Answer, { ok: true }>).data.id as string;
  }

  /**
   * The parsers found in the running worker's own script (ical.js, marked): none, as they run in
   * the offscreen document and its Worker only (a service worker cannot import code later, so
   * what it runs is its script). Read from the worker itself, by its own address.
   */
  parsersInWorker(): Promise<string[]> {
    return this.worker.evaluate(async () => {
      const code = await (await fetch(location.href)).text();
      const markers: Record<string, RegExp> = { 'ical.js': /\bICAL\b/, marked: /marked\(\): / };
      return Object.keys(markers).filter((name) => markers[name]!.test(code));
    });
  }
}

/**
 * A meeting page served by the test (`context.route`), with our content script in it, and a way
 * to run code in that content script's isolated world (DevTools `Runtime.evaluate` in the world
 * named after the extension): exactly what a content script can see and send.
 */
export async function openMeetingPage(context: BrowserContext, url = 'https://meet.google.com/abc-defg-hij') {
  await context.route('https://meet.google.com/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html><head><title>Meet</title></head><body><h1>Meeting</h1></body></html>',
    }),
  );
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const worlds: Array<{ id: number; name: string }> = [];
  cdp.on('Runtime.executionContextCreated', ({ context: created }) => {
    worlds.push({ id: created.id, name: created.name });
  });
  await cdp.send('Runtime.enable');
  await page.goto(url);
  await expect.poll(() => worlds.some((world) => world.name === 'Meeting Capture')).toBe(true);
  const world = worlds.find((candidate) => candidate.name === 'Meeting Capture')!;
  return {
    page,
    /** Evaluates an async expression in the content script's world and returns its JSON value. */
    async inContentScript<T>(expression: string): Promise<T> {
      const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', {
        contextId: world.id,
        expression,
        awaitPromise: true,
        returnByValue: true,
      });
      if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
      return result.value as T;
    },
  };
}

/**
 * A proxy in front of the emulator that can hold the answer to one kind of request: the service
 * has acted (charged, created) but the extension has not heard back. Used to stop the worker while
 * such a call is in flight.
 */
export async function startHoldingProxy(target: string, holds: (method: string, path: string) => boolean) {
  let heldResolve: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    heldResolve = resolve;
  });
  const holding: ServerResponse[] = [];
  let active = true;
  const server = createServer((incoming: IncomingMessage, outgoing: ServerResponse) => {
    const url = new URL(incoming.url ?? '/', target);
    const upstream = httpRequest(
      url,
      { method: incoming.method, headers: { ...incoming.headers, host: url.host } },
      (answer) => {
        if (active && holds(incoming.method ?? 'GET', url.pathname)) {
          answer.resume();
          answer.on('end', () => {
            holding.push(outgoing);
            heldResolve();
          });
          return;
        }
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Resolves once a held request has been answered by the service (its effect has happened). */
    held,
    /** The held answers are lost (the connection drops); later requests pass through. */
    drop() {
      active = false;
      for (const response of holding.splice(0)) response.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of holding.splice(0)) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface BackgroundFixtures {
  emulatorOptions: EmulatorOptions;
  emulator: EmulatorControl;
  background: BackgroundDriver;
  monitor: WorkerMonitor;
}

export const test = base.extend<BackgroundFixtures>({
  emulatorOptions: [{}, { option: true }],
  emulator: async ({ emulatorOptions }, use) => {
    // Processing and meetings end only when a test moves the emulator's clock, so nothing depends
    // on how fast this machine is.
    const running = await startEmulator({
      port: 0,
      storagePort: 0,
      quiet: true,
      processingDelayMs: 60 * 60_000,
      meetingDurationMs: 24 * 60 * 60_000,
      ...emulatorOptions,
    });
    await use(new EmulatorControl(running));
    await running.close();
  },
  background: async ({ context, extensionId, serviceWorker }, use) => {
    await use(new BackgroundDriver(context, extensionId, serviceWorker));
  },
  monitor: async ({ context, extensionId, serviceWorker }, use) => {
    void serviceWorker;
    await use(await WorkerMonitor.attach(context, extensionId));
  },
});
