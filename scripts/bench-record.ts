/**
 * The cost of "Record here" (a measurement, not a test): the built test extension in Chromium
 * records a page that plays a tone, as tests/e2e/record-here.spec.ts does, for `--minutes`
 * minutes. Each minute it reads the recording page (the offscreen document, over the DevTools
 * protocol: its JS heap, DOM and listener counts) and the extension's renderer process (which holds
 * that page and the worker: resident memory and CPU time from /proc), and the bytes stored so far.
 * Then Stop, and the file goes through the upload path. Last, a 2-hour recording's file is made by
 * repeating the recorded Opus packets (mediabunny, no re-encoding) and uploaded from the popup's
 * upload form, the one upload path, timed until the service has it.
 *
 * Usage: npm run build:test && npx tsx scripts/bench-record.ts [--minutes 30] [--marks 1,10,30]
 *          [--upload-hours 2] [--out /tmp/bench-record.json]
 * At the end of the recording a full garbage collection shows what the page keeps. The figures go
 * to the console and the --out file. The machine may be shared: report them as measured under its load.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CDPSession, Page } from '@playwright/test';
import {
  BufferSource,
  BufferTarget,
  EncodedAudioPacketSource,
  EncodedPacketSink,
  Input,
  Output,
  WEBM,
  WebMOutputFormat,
} from 'mediabunny';
import { SEED, startEmulator } from '../emulator/index';
import { extensionPath, launchChromium, unpackedExtensionId } from '../tests/e2e/launch';
import { openTonePage } from '../tests/e2e/record-support';

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && process.argv[index + 1] ? (process.argv[index + 1] as string) : fallback;
}

const MINUTES = Number(option('minutes', '30'));
const MARKS = option('marks', '1,10,30')
  .split(',')
  .map(Number)
  .filter((mark) => mark <= MINUTES);
const UPLOAD_HOURS = Number(option('upload-hours', '2'));
const OUT = option('out', path.join(tmpdir(), 'bench-record.json'));
const SAMPLE_MS = Math.min(60_000, (MINUTES * 60_000) / 4);

interface Sample {
  minute: number;
  jsHeapUsedMb: number;
  jsHeapTotalMb: number;
  domNodes: number;
  listeners: number;
  rendererRssMb: number;
  rendererCpuSeconds: number;
  storedBytes: number;
  recordedMs: number;
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const TICKS = 100; // USER_HZ on Linux

/** A renderer process's resident memory and CPU time, from /proc. */
function processFigures(pid: number): { rssBytes: number; cpuSeconds: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rss = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const cpu = (Number(fields[11]) + Number(fields[12])) / TICKS;
  return { rssBytes: rss, cpuSeconds: cpu };
}

/** The pid of the renderer that hosts the extension's pages (its command line says so). */
async function extensionRendererPid(browserSession: CDPSession): Promise<number> {
  const { processInfo } = (await browserSession.send('SystemInfo.getProcessInfo')) as {
    processInfo: Array<{ type: string; id: number }>;
  };
  for (const info of processInfo) {
    if (info.type !== 'renderer') continue;
    const cmdline = readFileSync(`/proc/${info.id}/cmdline`, 'utf8');
    if (cmdline.includes('--extension-process')) return info.id;
  }
  throw new Error('no extension renderer process found');
}

/** Sends protocol commands to a target through the browser session (Target.sendMessageToTarget). */
async function attach(browserSession: CDPSession, targetId: string) {
  const { sessionId } = (await browserSession.send('Target.attachToTarget', {
    targetId,
    flatten: false,
  })) as {
    sessionId: string;
  };
  let next = 1;
  const waiting = new Map<number, (value: unknown) => void>();
  browserSession.on('Target.receivedMessageFromTarget', (event: { sessionId: string; message: string }) => {
    if (event.sessionId !== sessionId) return;
    const message = JSON.parse(event.message) as { id?: number; result?: unknown; error?: unknown };
    if (message.id !== undefined)
      waiting.get(message.id)?.(message.error ? { error: message.error } : message.result);
  });
  return async <T>(method: string, params: object = {}): Promise<T> => {
    const id = next++;
    const answer = new Promise((resolve) => waiting.set(id, resolve));
    await browserSession.send('Target.sendMessageToTarget', {
      sessionId,
      message: JSON.stringify({ id, method, params }),
    });
    const result = (await answer) as T & { error?: unknown };
    if (result && typeof result === 'object' && 'error' in result && result.error)
      throw new Error(JSON.stringify(result.error));
    return result;
  };
}

async function recordingState(page: Page) {
  const answer = (await page.evaluate(() =>
    chrome.runtime.sendMessage({ channel: 'meeting-capture', type: 'recording.status', payload: {} }),
  )) as { data: { state: { phase: string; bytes: number; recordedMs: number; fileKey?: string } | null } };
  return answer.data.state;
}

/** The stored file of `key`, read in an extension page. */
async function storedFile(page: Page, key: string): Promise<Uint8Array> {
  const base64 = await page.evaluate(async (fileKey) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('meeting-capture-files');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const blob = await new Promise<Blob | undefined>((resolve, reject) => {
      const request = db.transaction('files').objectStore('files').get(`file:${fileKey}`);
      request.onsuccess = () => resolve(request.result as Blob | undefined);
      request.onerror = () => reject(request.error);
    });
    if (!blob) throw new Error('no stored file');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let text = '';
    for (let i = 0; i < bytes.length; i += 0x8000)
      text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(text);
  }, key);
  return new Uint8Array(Buffer.from(base64, 'base64'));
}

/** A WebM of `seconds` made by repeating the Opus packets of `source` (no re-encoding). */
export async function repeatedWebm(source: Uint8Array, seconds: number): Promise<Uint8Array> {
  const input = new Input({ source: new BufferSource(source), formats: [WEBM] });
  const track = await input.getPrimaryAudioTrack();
  if (!track) throw new Error('no audio track');
  const decoderConfig = await track.getDecoderConfig();
  if (!decoderConfig) throw new Error('no decoder config');
  const packets = [];
  for await (const packet of new EncodedPacketSink(track).packets()) packets.push(packet);
  const last = packets[packets.length - 1];
  if (!last) throw new Error('no packets');
  const span = last.timestamp + last.duration;
  const output = new Output({ format: new WebMOutputFormat(), target: new BufferTarget() });
  const audio = new EncodedAudioPacketSource('opus');
  output.addAudioTrack(audio);
  await output.start();
  let first = true;
  for (let offset = 0; offset < seconds; offset += span) {
    for (const packet of packets) {
      const timestamp = offset + packet.timestamp;
      if (timestamp >= seconds) break;
      await audio.add(packet.clone({ timestamp }), first ? { decoderConfig } : undefined);
      first = false;
    }
  }
  await output.finalize();
  const buffer = output.target.buffer;
  if (!buffer) throw new Error('nothing written');
  return new Uint8Array(buffer);
}

async function main(): Promise<void> {
  // A copy of the build: rebuilding the checkout during a long run leaves this one alone.
  const copy = mkdtempSync(path.join(tmpdir(), 'mc-bench-record-'));
  const extensionDir = path.join(copy, 'chrome-mv3');
  cpSync(extensionPath, extensionDir, { recursive: true });
  const id = unpackedExtensionId(extensionDir);
  // Processing waits long: the upload job (and so the recorded file, which it deletes when it
  // ends) is kept until the 2-hour file is made from it.
  const emulator = await startEmulator({ quiet: true, processingDelayMs: 3_600_000 });
  const chromium = await launchChromium({
    extensionDir,
    args: ['--autoplay-policy=no-user-gesture-required', `--allowlisted-extension-id=${id}`],
    ignoreDefaultArgs: ['--mute-audio'],
  });
  const { context } = chromium;
  const report: Record<string, unknown> = {
    measuredAt: new Date().toISOString(),
    minutes: MINUTES,
    note: 'measured on a shared 2-core machine, under its load',
  };
  const save = () => writeFileSync(OUT, `${JSON.stringify(report, null, 2)}\n`);
  try {
    const browser = context.browser();
    if (!browser) throw new Error('no browser session');
    const browserSession = await browser.newBrowserCDPSession();
    const popup = await context.newPage();
    await popup.setViewportSize({ width: 400, height: 600 });
    const popupUrl = `chrome-extension://${id}/popup.html`;
    await popup.goto(popupUrl);
    await popup.getByLabel('Service URL').fill(emulator.url);
    await popup.getByLabel('Email').fill(SEED.users.demo.email);
    await popup.getByLabel('Password', { exact: true }).fill(SEED.users.demo.password);
    await popup.getByRole('button', { name: 'Sign in' }).click();
    await popup.getByTestId('balance-value').waitFor();

    const tone = await openTonePage(context, emulator.url);
    const recorder = popup.getByTestId('recorder');
    await recorder.getByRole('checkbox', { name: 'Also record my microphone' }).uncheck();
    await recorder.getByRole('button', { name: 'Record this tab' }).click();
    await recorder.getByTestId('recording-elapsed').waitFor({ timeout: 15_000 });
    const started = Date.now();
    // The popup closes (as it does when the user clicks elsewhere): the extension's renderer then
    // holds the recording page and the worker only.
    await popup.goto('about:blank');
    await tone.bringToFront();

    const { targetInfos } = (await browserSession.send('Target.getTargets')) as {
      targetInfos: Array<{ targetId: string; url: string; type: string }>;
    };
    const offscreen = targetInfos.find((target) => target.url.endsWith('/offscreen.html'));
    if (!offscreen) throw new Error('no recording page');
    const send = await attach(browserSession, offscreen.targetId);
    await send('Performance.enable');
    const pid = await extensionRendererPid(browserSession);
    const cpuAtStart = processFigures(pid).cpuSeconds;
    // The recording's state as the background keeps it, read in the recording page itself (no
    // other extension page is opened in the measured process).
    const storedState = async () => {
      const answer = await send<{ result: { value?: { bytes: number; recordedMs: number } | null } }>(
        'Runtime.evaluate',
        {
          expression: `new Promise((resolve, reject) => {
            const open = indexedDB.open('meeting-capture-recording');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const request = open.result.transaction('recording').objectStore('recording').get('state');
              request.onsuccess = () => { resolve(request.result ?? null); open.result.close(); };
              request.onerror = () => reject(request.error);
            };
          })`,
          awaitPromise: true,
          returnByValue: true,
        },
      );
      return answer.result.value ?? null;
    };
    const samples: Sample[] = [];
    report.samples = samples;

    const sample = async (minute: number) => {
      const heap = await send<{ usedSize: number; totalSize: number }>('Runtime.getHeapUsage');
      const { metrics } = await send<{ metrics: Array<{ name: string; value: number }> }>(
        'Performance.getMetrics',
      );
      const metric = (name: string) => metrics.find((item) => item.name === name)?.value ?? 0;
      const proc = processFigures(pid);
      const state = await storedState();
      const row: Sample = {
        minute: Math.round(minute * 100) / 100,
        jsHeapUsedMb: mb(heap.usedSize),
        jsHeapTotalMb: mb(heap.totalSize),
        domNodes: metric('Nodes'),
        listeners: metric('JSEventListeners'),
        rendererRssMb: mb(proc.rssBytes),
        rendererCpuSeconds: Math.round((proc.cpuSeconds - cpuAtStart) * 10) / 10,
        storedBytes: state?.bytes ?? 0,
        recordedMs: state?.recordedMs ?? 0,
      };
      samples.push(row);
      console.log(JSON.stringify(row));
      save();
    };

    for (let next = SAMPLE_MS; next <= MINUTES * 60_000; next += SAMPLE_MS) {
      await sleep(Math.max(0, started + next - Date.now()));
      await sample((Date.now() - started) / 60_000);
    }
    const wall = (Date.now() - started) / 1000;
    // What stays after a full garbage collection (the counts above include what awaits one).
    await send('HeapProfiler.collectGarbage');
    {
      const heap = await send<{ usedSize: number }>('Runtime.getHeapUsage');
      const { metrics } = await send<{ metrics: Array<{ name: string; value: number }> }>(
        'Performance.getMetrics',
      );
      report.afterCollection = {
        jsHeapUsedMb: mb(heap.usedSize),
        listeners: metrics.find((item) => item.name === 'JSEventListeners')?.value ?? 0,
        rendererRssMb: mb(processFigures(pid).rssBytes),
      };
    }
    const last = samples[samples.length - 1] as Sample;
    report.cpuShareOfOneCorePercent = Math.round((last.rendererCpuSeconds / wall) * 1000) / 10;
    report.bytesPerMinute = Math.round(last.storedBytes / (last.recordedMs / 60_000));
    report.atMarks = MARKS.map((mark) =>
      samples.reduce((best, row) =>
        Math.abs(row.minute - mark) < Math.abs(best.minute - mark) ? row : best,
      ),
    );

    // Stop: the file is assembled and uploaded through the upload job.
    await popup.goto(popupUrl);
    const stoppedAt = Date.now();
    await recorder.getByRole('button', { name: 'Stop and upload' }).click();
    let state = await recordingState(popup);
    while (state?.phase !== 'done' && state?.phase !== 'failed' && Date.now() - stoppedAt < 600_000) {
      await sleep(1_000);
      state = await recordingState(popup);
    }
    report.recordingStopToUploadedSeconds = Math.round((Date.now() - stoppedAt) / 100) / 10;
    report.recordingPhase = state?.phase;
    save();

    // A 2-hour recording's file, through the popup's upload form.
    if (!state?.fileKey) throw new Error(`no recorded file (phase ${state?.phase})`);
    const recorded = await storedFile(popup, state.fileKey);
    const hours = UPLOAD_HOURS;
    const made = Date.now();
    const long = await repeatedWebm(recorded, hours * 3600);
    report.longFile = {
      hours,
      bytes: long.length,
      madeInSeconds: Math.round((Date.now() - made) / 100) / 10,
    };
    const longPath = path.join(copy, `Two hours.webm`);
    writeFileSync(longPath, long);
    await popup.getByRole('button', { name: 'Upload', exact: true }).click();
    await popup.getByLabel('Choose audio or video files').setInputFiles(longPath);
    const form = popup.getByRole('form', { name: 'Local files' });
    await form.getByRole('checkbox', { name: 'Start processing when uploaded' }).uncheck();
    const uploadStarted = Date.now();
    await popup.getByRole('button', { name: 'Upload 1 file' }).click();
    const search = `${emulator.url}/api/spaces/${SEED.spaces.personal}/audio/?search=Two%20hours&limit=5&offset=0`;
    let uploaded: { is_uploaded: boolean; duration: number | null; size: number } | undefined;
    while (Date.now() - uploadStarted < 1_800_000) {
      const list = (await (
        await fetch(search, { headers: { authorization: `Bearer ${await demoToken(emulator.url)}` } })
      ).json()) as { results: Array<{ is_uploaded: boolean; duration: number | null; size: number }> };
      uploaded = list.results[0];
      if (uploaded?.is_uploaded) break;
      await sleep(500);
    }
    report.longUpload = {
      seconds: Math.round((Date.now() - uploadStarted) / 100) / 10,
      uploaded: uploaded?.is_uploaded ?? false,
      serviceDurationSeconds: uploaded?.duration ?? null,
      serviceSizeBytes: uploaded?.size ?? null,
    };
    save();
    console.log(JSON.stringify(report, null, 2));
  } finally {
    await chromium.close();
    await emulator.close();
    rmSync(copy, { recursive: true, force: true });
  }
}

let cachedToken: string | null = null;
async function demoToken(url: string): Promise<string> {
  if (cachedToken) return cachedToken;
  const answer = await fetch(`${url}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: SEED.users.demo.email, password: SEED.users.demo.password }),
  });
  cachedToken = ((await answer.json()) as { access: string }).access;
  return cachedToken;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
