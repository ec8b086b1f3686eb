/**
 * What the content scripts cost a live call page (a measurement, not a test): the heavy call pages
 * of Google Meet, Zoom's web client and Telemost (tests/e2e/heavy-calls.ts: 12 tiles, 3,000
 * participant-like nodes, captions changing every 100 ms, the speaking mark moving every 1.5 s),
 * each loaded in a fresh Chromium in these ways, in turns (one run of every way, then the next
 * run, each run starting with another way, so that a slow moment of the machine does not fall on
 * one way only):
 *
 * - `no extension`;
 * - `ours, idle`: our built extension, signed in, nothing recorded, no bot;
 * - `ours, recording`: ours while "Record here" records this tab (pressed on the page's control
 *   from the keyboard), the names sampling on;
 * - the same two for another build given with `--compare <chrome-mv3 dir>`, to set before and
 *   after side by side in one run;
 * - `peer`: another extension given with `--peer <unpacked dir>` (an unpacked TranscripTonic,
 *   fetched from its public repository by whoever runs this; nothing of it is kept here), alone.
 *
 * Chromium's own counters of the page's main thread (CDP `Performance.getMetrics`, thread ticks:
 * CPU time, not wall time), ScriptDuration and TaskDuration: at `LOAD_MS` after navigation (the
 * load), then over a steady stretch of about `STEADY_MS` from `STEADY_FROM_MS` (or from when the
 * recording runs, if later), scaled to exactly 6 s by the counters' own timestamps. The medians of
 * the runs, and each way's script time added over no extension.
 *
 * Chromium is driven over its DevTools pipe directly, and the measured page is never given the
 * Runtime domain: a driver that enables it (Playwright does, for every page) makes each
 * `console.log` of the page or of an extension's content script cost about 0.35 ms of the page's
 * main thread on this machine, which would be counted as the extension's. The page is served from
 * the fixtures through the Fetch domain; nothing leaves the machine.
 *
 * Time is reported, never asserted: the machine is shared, so the load average is printed beside
 * the figures.
 *
 * `--profile` also records a CPU profile of both windows and says where an extension's own
 * JavaScript went (scripts/cpu-profile.ts; `WXT_SOURCEMAP=1 npm run build:test` for source names),
 * and keeps each profile beside the report (`<out>.profiles/`, for DevTools); the profiler's own
 * cost then enters the counters.
 *
 * Usage: npm run build:test && npm run pagecost -- [--runs 5] [--compare <dir>] [--peer <dir>]
 *          [--only meet|zoom|telemost] [--profile] [--out /tmp/pagecost.json]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { SEED, startEmulator } from '../emulator/index';
import { HEAVY_CALLS, type HeavyCall } from '../tests/e2e/heavy-calls';
import { chromiumPath, extensionPath, unpackedExtensionId } from '../tests/e2e/launch';
import { OURS, ours as ownTime, type Profile, sourceName } from './cpu-profile';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    compare: { type: 'string' },
    peer: { type: 'string' },
    only: { type: 'string' },
    profile: { type: 'boolean', default: false },
    out: { type: 'string', default: path.join(tmpdir(), 'pagecost.json') },
  },
});

const RUNS = Number(values.runs);
/** The load: from navigation to this moment (our control is on the page well before). */
const LOAD_MS = 3_000;
/** The steady stretch: from this moment after navigation (or the recording's start), this long. */
const STEADY_FROM_MS = 6_000;
const STEADY_MS = 6_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Params = Record<string, unknown>;
type Handler = (params: Params, sessionId?: string) => void;

/** Chromium over `--remote-debugging-pipe`: commands and events, flat sessions. */
class Chromium {
  private next = 1;
  private readonly waiting = new Map<number, { resolve(value: Params): void; reject(error: Error): void }>();
  private readonly handlers = new Map<string, Handler[]>();
  private buffer = '';

  private constructor(
    private readonly proc: ChildProcess,
    private readonly profile: string,
  ) {
    const input = proc.stdio[4] as Readable;
    input.setEncoding('utf8');
    input.on('data', (chunk: string) => {
      this.buffer += chunk;
      for (let end = this.buffer.indexOf('\0'); end >= 0; end = this.buffer.indexOf('\0')) {
        const message = JSON.parse(this.buffer.slice(0, end)) as {
          id?: number;
          method?: string;
          params?: Params;
          result?: Params;
          error?: { message: string };
          sessionId?: string;
        };
        this.buffer = this.buffer.slice(end + 1);
        if (message.id !== undefined) {
          const waiter = this.waiting.get(message.id);
          this.waiting.delete(message.id);
          if (message.error) waiter?.reject(new Error(message.error.message));
          else waiter?.resolve(message.result ?? {});
        } else if (message.method) {
          for (const handler of this.handlers.get(message.method) ?? [])
            handler(message.params ?? {}, message.sessionId);
        }
      }
    });
  }

  static async launch(extension: string | undefined, allowlisted: string | undefined): Promise<Chromium> {
    const profile = mkdtempSync(path.join(tmpdir(), 'mc-pagecost-profile-'));
    const args = [
      '--headless',
      '--no-sandbox',
      '--remote-debugging-pipe',
      `--user-data-dir=${profile}`,
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--mute-audio',
      '--disable-background-timer-throttling',
      '--disable-backgrounding-occluded-windows',
      '--disable-renderer-backgrounding',
      '--window-size=1280,800',
      ...(extension ? [`--disable-extensions-except=${extension}`, `--load-extension=${extension}`] : []),
      ...(allowlisted ? [`--allowlisted-extension-id=${allowlisted}`] : []),
      'about:blank',
    ];
    const proc = spawn(chromiumPath, args, { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] });
    const browser = new Chromium(proc, profile);
    await browser.send('Target.setDiscoverTargets', { discover: true });
    return browser;
  }

  send(method: string, params: Params = {}, sessionId?: string): Promise<Params> {
    const id = this.next++;
    const answer = new Promise<Params>((resolve, reject) => this.waiting.set(id, { resolve, reject }));
    (this.proc.stdio[3] as Writable).write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
    return answer;
  }

  on(method: string, handler: Handler): void {
    this.handlers.set(method, [...(this.handlers.get(method) ?? []), handler]);
  }

  async targets(): Promise<Array<{ targetId: string; type: string; url: string }>> {
    return (await this.send('Target.getTargets')).targetInfos as Array<{
      targetId: string;
      type: string;
      url: string;
    }>;
  }

  async attach(targetId: string): Promise<string> {
    return (await this.send('Target.attachToTarget', { targetId, flatten: true })).sessionId as string;
  }

  /** An expression's value in a target's main world (no Runtime domain enabled). */
  async evaluate<T>(sessionId: string, expression: string): Promise<T> {
    const answer = await this.send(
      'Runtime.evaluate',
      { expression, awaitPromise: true, returnByValue: true },
      sessionId,
    );
    if (answer.exceptionDetails) throw new Error(JSON.stringify(answer.exceptionDetails));
    return (answer.result as { value: T }).value;
  }

  /** Waits for `expression` to be true in the target, looking every 100 ms. */
  async until(sessionId: string, expression: string, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await this.evaluate<boolean>(sessionId, expression).catch(() => false))) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${expression}`);
      await sleep(100);
    }
  }

  /** The extension's service worker, once it runs. */
  async worker(extensionId: string): Promise<string> {
    for (let i = 0; i < 300; i++) {
      const found = (await this.targets()).find(
        (target) =>
          target.type === 'service_worker' && target.url.startsWith(`chrome-extension://${extensionId}/`),
      );
      if (found) return found.targetId;
      await sleep(100);
    }
    throw new Error('the extension did not start');
  }

  async close(): Promise<void> {
    await this.send('Browser.close').catch(() => undefined);
    await new Promise((resolve) => {
      if (this.proc.exitCode !== null) resolve(null);
      else this.proc.once('exit', resolve);
    });
    rmSync(this.profile, { recursive: true, force: true });
  }
}

/** Copies a build so that rebuilding the checkout during a run leaves it alone. */
function copyOf(dir: string, name: string): string {
  const copy = path.join(mkdtempSync(path.join(tmpdir(), `mc-pagecost-${name}-`)), path.basename(dir));
  cpSync(dir, copy, { recursive: true });
  return copy;
}

interface Way {
  name: string;
  kind: 'none' | 'ours' | 'peer';
  extension?: string;
  record?: boolean;
}

const ours = copyOf(extensionPath, 'ours');
const WAYS: Way[] = [
  { name: 'no extension', kind: 'none' },
  { name: 'ours, idle', kind: 'ours', extension: ours },
  { name: 'ours, recording this tab, names sampled', kind: 'ours', extension: ours, record: true },
];
if (values.compare) {
  const compared = copyOf(path.resolve(values.compare), 'compared');
  WAYS.push(
    { name: 'compared build, idle', kind: 'ours', extension: compared },
    { name: 'compared build, recording this tab', kind: 'ours', extension: compared, record: true },
  );
}
if (values.peer)
  WAYS.push({ name: 'peer', kind: 'peer', extension: copyOf(path.resolve(values.peer), 'peer') });

const CALLS = HEAVY_CALLS.filter(
  (call) => !values.only || call.name.toLowerCase().replace(/\s+/g, '').includes(values.only.toLowerCase()),
);

interface Sample {
  loadScript: number;
  loadTask: number;
  steadyScript: number;
  steadyTask: number;
  /** With `--profile`: the extension's own JavaScript in each window, by place. */
  profiled?: { load: ReturnType<typeof ownTime>; steady: ReturnType<typeof ownTime> };
}

/** Signs in through the background, from the extension's options page (then closed). */
async function signIn(browser: Chromium, extensionId: string, serviceUrl: string): Promise<void> {
  const { targetId } = await browser.send('Target.createTarget', {
    url: `chrome-extension://${extensionId}/options.html`,
  });
  const session = await browser.attach(targetId as string);
  await browser.until(
    session,
    `location.protocol === 'chrome-extension:' && document.readyState === 'complete'`,
  );
  const payload = JSON.stringify({
    serviceUrl,
    email: SEED.users.demo.email,
    password: SEED.users.demo.password,
  });
  const answer = await browser.evaluate<{ ok: boolean }>(
    session,
    `chrome.runtime.sendMessage({ channel: 'meeting-capture', type: 'session.signIn', payload: ${payload} })`,
  );
  if (!answer?.ok) throw new Error(`sign-in failed: ${JSON.stringify(answer)}`);
  await browser.send('Target.closeTarget', { targetId });
}

/** Waits until the peer has registered its content scripts (it does so after its install). */
async function peerReady(browser: Chromium, extensionId: string): Promise<void> {
  const session = await browser.attach(await browser.worker(extensionId));
  await browser.until(
    session,
    `chrome.scripting ? chrome.scripting.getRegisteredContentScripts().then((scripts) => scripts.length > 0) : true`,
  );
}

/** Our control's shadow root (open in test builds), as an expression. */
const CONTROL = (call: HeavyCall) => `document.querySelector(${JSON.stringify(call.ours)})?.shadowRoot`;

async function measure(call: HeavyCall, way: Way, serviceUrl: string): Promise<Sample> {
  const extensionId = way.extension ? unpackedExtensionId(way.extension) : undefined;
  // Tab capture without a toolbar press, for every way with our extension alike.
  const browser = await Chromium.launch(way.extension, way.kind === 'ours' ? extensionId : undefined);
  try {
    if (way.kind === 'ours' && extensionId) {
      await browser.worker(extensionId);
      await signIn(browser, extensionId, serviceUrl);
    } else if (way.kind === 'peer' && extensionId) {
      await peerReady(browser, extensionId);
    }
    const { targetId } = await browser.send('Target.createTarget', { url: 'about:blank' });
    const page = await browser.attach(targetId as string);
    // The call's documents from the fixtures; any other https request fails at once.
    browser.on('Fetch.requestPaused', (params, sessionId) => {
      if (sessionId !== page) return;
      const { requestId, request, resourceType } = params as {
        requestId: string;
        request: { url: string };
        resourceType: string;
      };
      if (request.url.startsWith(`${call.origin}/`) && resourceType === 'Document') {
        void browser.send(
          'Fetch.fulfillRequest',
          {
            requestId,
            responseCode: 200,
            responseHeaders: [{ name: 'content-type', value: 'text/html; charset=utf-8' }],
            body: Buffer.from(call.body(request.url)).toString('base64'),
          },
          page,
        );
      } else if (request.url.startsWith('https:')) {
        void browser.send('Fetch.failRequest', { requestId, errorReason: 'BlockedByClient' }, page);
      } else {
        void browser.send('Fetch.continueRequest', { requestId }, page);
      }
    });
    await browser.send('Fetch.enable', { patterns: [{ urlPattern: '*' }] }, page);
    // Thread ticks: the main thread's CPU time, not wall time.
    await browser.send('Performance.enable', { timeMetric: 'threadTicks' }, page);
    const metrics = async () => {
      const list = (await browser.send('Performance.getMetrics', {}, page)).metrics as Array<{
        name: string;
        value: number;
      }>;
      const get = (name: string) => list.find((metric) => metric.name === name)?.value ?? 0;
      return {
        script: get('ScriptDuration') * 1000,
        task: get('TaskDuration') * 1000,
        at: get('Timestamp') * 1000,
      };
    };
    const pageTime = () => browser.evaluate<number>(page, 'performance.now()');
    /** Sleeps until the page's clock (from navigation) reads `ms`. */
    const untilPageTime = async (ms: number) => {
      const left = ms - (await pageTime());
      if (left > 0) await sleep(left);
    };
    const mine = way.kind === 'peer' ? new RegExp(`^chrome-extension://${extensionId}/`) : OURS;
    const profiler = {
      start: async () => {
        if (!values.profile) return;
        await browser.send('Profiler.enable', {}, page);
        await browser.send('Profiler.setSamplingInterval', { interval: 100 }, page);
        await browser.send('Profiler.start', {}, page);
      },
      stop: async (window: string) => {
        if (!values.profile) return null;
        const profile = (await browser.send('Profiler.stop', {}, page)).profile as unknown as Profile;
        // Kept for DevTools (Performance, "Load profile"): one file per run and window.
        const folder = `${values.out}.profiles`;
        mkdirSync(folder, { recursive: true });
        const name = `${call.name}-${way.name}-${window}-${Date.now()}`.replace(/[^\w.-]+/g, '_');
        writeFileSync(path.join(folder, `${name}.cpuprofile`), JSON.stringify(profile));
        return ownTime(profile, mine);
      },
    };
    await profiler.start();
    await browser.send('Page.navigate', { url: call.url }, page);
    await browser.until(page, `location.href !== 'about:blank' && document.readyState === 'complete'`);
    if (way.kind === 'ours') await browser.until(page, `!!${CONTROL(call)}?.querySelector('button')`);
    await untilPageTime(LOAD_MS);
    const loaded = await metrics();
    const loadProfile = await profiler.stop('load');
    let from = STEADY_FROM_MS;
    if (way.record) {
      // "Record here" from the keyboard (a key press needs no visibility check), then its clock.
      const button = `[...${CONTROL(call)}.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Record here')`;
      await browser.until(page, `!!${button} && !${button}.hidden`);
      await browser.evaluate(page, `${button}.focus()`);
      for (const type of ['keyDown', 'keyUp'])
        await browser.send(
          'Input.dispatchKeyEvent',
          {
            type,
            key: 'Enter',
            code: 'Enter',
            windowsVirtualKeyCode: 13,
            ...(type === 'keyDown' && { text: '\r' }),
          },
          page,
        );
      await browser.until(
        page,
        `/^0:0[1-9]$/.test(${CONTROL(call)}.querySelector('[role=timer]')?.textContent ?? '')`,
      );
      // The sampling starts once the page is told (a message round trip after the recording).
      from = Math.max(from, (await pageTime()) + 1_000);
    }
    await untilPageTime(from);
    await profiler.start();
    const start = await metrics();
    await sleep(STEADY_MS);
    const end = await metrics();
    const steadyProfile = await profiler.stop('steady');
    if (way.record) {
      const running = await browser.evaluate<boolean>(
        page,
        `!!${CONTROL(call)}.querySelector('[role=timer]')?.textContent`,
      );
      if (!running) throw new Error('the recording stopped during the measurement');
    }
    const scale = 6_000 / (end.at - start.at);
    return {
      loadScript: loaded.script,
      loadTask: loaded.task,
      steadyScript: (end.script - start.script) * scale,
      steadyTask: (end.task - start.task) * scale,
      ...(loadProfile && steadyProfile && { profiled: { load: loadProfile, steady: steadyProfile } }),
    };
  } finally {
    await browser.close();
  }
}

const median = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const ms = (value: number) => value.toFixed(1);
const signed = (value: number) => `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(1)}`;

/** Where each extension's own JavaScript went, from the runs' profiles (medians, and the heaviest places). */
async function profileTable(call: HeavyCall, samples: Map<string, Sample[]>): Promise<string> {
  const lines = [
    `${call.name}: the extension's own JavaScript, from CPU profiles (medians; heaviest places, mean per run)`,
  ];
  for (const way of WAYS) {
    const runs = samples.get(way.name)!.filter((sample) => sample.profiled);
    if (way.kind === 'none' || runs.length === 0) continue;
    for (const window of ['load', 'steady'] as const) {
      const totals = runs.map((sample) => sample.profiled![window].total);
      lines.push(`  ${way.name}, ${window}: ${ms(median(totals))} ms [${totals.map(ms).join(', ')}]`);
      const sum = new Map<string, number>();
      for (const sample of runs)
        for (const [place, time] of sample.profiled![window].places)
          sum.set(place, (sum.get(place) ?? 0) + time / runs.length);
      for (const [place, time] of [...sum].sort((a, b) => b[1] - a[1]).slice(0, 8))
        lines.push(
          `    ${time.toFixed(2).padStart(6)}  ${way.extension ? await sourceName(place, way.extension) : place}`,
        );
    }
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const emulator = await startEmulator({ quiet: true });
  const report: Record<string, unknown> = {
    measuredAt: new Date().toISOString(),
    runs: RUNS,
    loadMs: LOAD_MS,
    steadyMs: STEADY_MS,
    loadAverageAtStart: loadavg(),
  };
  const tables: string[] = [];
  try {
    for (const call of CALLS) {
      const samples = new Map<string, Sample[]>(WAYS.map((way) => [way.name, []]));
      for (let run = 0; run < RUNS; run++) {
        for (let i = 0; i < WAYS.length; i++) {
          const way = WAYS[(run + i) % WAYS.length]!;
          const sample = await measure(call, way, emulator.url);
          samples.get(way.name)!.push(sample);
          console.log(
            `${call.name}, run ${run + 1}, ${way.name}: load ${ms(sample.loadScript)} ms script, steady ${ms(sample.steadyScript)} ms script per 6 s (load average ${loadavg()[0]!.toFixed(1)})`,
          );
        }
      }
      const med = (name: string, key: Exclude<keyof Sample, 'profiled'>) =>
        median(samples.get(name)!.map((sample) => sample[key]));
      const base = WAYS[0]!.name;
      const rows = WAYS.map((way) => ({
        way: way.name,
        loadScript: med(way.name, 'loadScript'),
        loadAdded: med(way.name, 'loadScript') - med(base, 'loadScript'),
        steadyScript: med(way.name, 'steadyScript'),
        steadyAdded: med(way.name, 'steadyScript') - med(base, 'steadyScript'),
        loadTask: med(way.name, 'loadTask'),
        steadyTask: med(way.name, 'steadyTask'),
      }));
      report[call.name] = { rows, samples: Object.fromEntries(samples) };
      if (values.profile) tables.push(await profileTable(call, samples));
      tables.push(
        [
          `${call.name}: ${RUNS} run(s), medians; load = first ${LOAD_MS / 1000} s, steady = per 6 s`,
          '| way | script at load | added | script per 6 s, steady | added | all tasks at load / per 6 s |',
          '| --- | --- | --- | --- | --- | --- |',
          ...rows.map(
            (row) =>
              `| ${row.way} | ${ms(row.loadScript)} ms | ${signed(row.loadAdded)} ms | ${ms(row.steadyScript)} ms | ${signed(row.steadyAdded)} ms | ${ms(row.loadTask)} / ${ms(row.steadyTask)} ms |`,
          ),
        ].join('\n'),
      );
      writeFileSync(values.out!, `${JSON.stringify(report, null, 2)}\n`);
    }
  } finally {
    await emulator.close();
  }
  report.loadAverageAtEnd = loadavg();
  writeFileSync(values.out!, `${JSON.stringify(report, null, 2)}\n`);
  const load = (list: number[]) => list.map((value) => value.toFixed(1)).join(' / ');
  console.log(
    `\nLoad average (1 / 5 / 15 min) at the start ${load(report.loadAverageAtStart as number[])}, at the end ${load(loadavg())} (${values.out})\n`,
  );
  console.log(tables.join('\n\n'));
}

await main();
