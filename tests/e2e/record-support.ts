/**
 * Helpers of the "Record here" specs (record-here*.spec.ts, record-microphone.spec.ts) and the cost
 * measurement (scripts/bench-record.ts): a page that plays a known tone, the Meet address recorded,
 * a profile whose microphone permission for the extension is set before
 * Chromium starts, a WAV tone for Chromium's fake microphone, the stored file decoded in an
 * extension page with the power of chosen frequencies in it, the recording's state as the
 * background tells it, and reads and writes of the recording database.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from '@playwright/test';

export const TONE_PATH = '/record-here/tone.html';

/** The meeting the Meet specs record, and the origin their pages are served at (`servePage`). */
export const MEET = 'https://meet.google.com/abc-defg-hij';
export const MEET_ORIGIN = 'https://meet.google.com';

/** A script that plays a sine tone of `frequency` Hz (Web Audio, autoplay allowed by a flag). */
export function toneScript(frequency = 440): string {
  return `<script>
  const audio = new AudioContext();
  const tone = audio.createOscillator();
  const gain = audio.createGain();
  tone.frequency.value = ${frequency};
  gain.gain.value = 0.5;
  tone.connect(gain).connect(audio.destination);
  tone.start();
  window.toneState = () => audio.state;
</script>`;
}

/** A page titled `title` that plays a sine tone of `frequency` Hz. */
export function tonePage(frequency = 440, title = 'Tone room'): string {
  return `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1>
${toneScript(frequency)}</body></html>`;
}

/** Serves the tone page titled `title` at `pathname`, on any origin, in this context. */
export function routeTonePage(
  context: BrowserContext,
  pathname: string,
  title = 'Tone room',
  frequency = 440,
): Promise<unknown> {
  return context.route(
    (url) => url.pathname === pathname,
    (route) => route.fulfill({ contentType: 'text/html', body: tonePage(frequency, title) }),
  );
}

/** Serves the tone page at `origin` + TONE_PATH in this context and opens it in front. */
export async function openTonePage(context: BrowserContext, origin: string, frequency = 440): Promise<Page> {
  await routeTonePage(context, TONE_PATH, 'Tone room', frequency);
  const page = await context.newPage();
  await page.goto(`${origin}${TONE_PATH}`);
  await page.bringToFront();
  return page;
}

/** The extension's control on a meeting page (Send bot, Record here, the recording's clock). */
export const meetingControl = (page: Page): Locator => page.locator('meeting-capture-send-bot');

/** Record this tab from the popup's or side panel's recorder, the microphone left out. */
export async function recordTab(recorder: Locator): Promise<void> {
  await recorder.getByRole('checkbox', { name: 'Also record my microphone' }).uncheck();
  await recorder.getByRole('button', { name: 'Record this tab' }).click();
}

/**
 * A tab opened in front at `url` (a tone page the spec routes), recorded from the popup's recorder
 * (returned), the microphone left out; with the tab.
 */
export async function recordToneTab(
  popup: Page,
  context: BrowserContext,
  url: string,
): Promise<{ recorder: Locator; tone: Page }> {
  const tone = await context.newPage();
  await tone.goto(url);
  await tone.bringToFront();
  const recorder = popup.getByTestId('recorder');
  await recordTab(recorder);
  return { recorder, tone };
}

/** A message to the background from an extension page, and its whole answer. */
export function message<T>(page: Page, type: string, payload: object = {}): Promise<T> {
  return page.evaluate(
    ([type, payload]) => chrome.runtime.sendMessage({ channel: 'meeting-capture', type, payload }),
    [type, payload] as const,
  ) as Promise<T>;
}

/** A 16-bit mono WAV of `seconds` of a sine tone, for `--use-file-for-fake-audio-capture`. */
export function toneWav(frequency: number, seconds: number, sampleRate = 48_000): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const buffer = Buffer.alloc(44 + samples * 2);
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + samples * 2, 4);
  buffer.write('WAVE', 8, 'ascii');
  buffer.write('fmt ', 12, 'ascii');
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(1, 22);
  buffer.writeUInt32LE(sampleRate, 24);
  buffer.writeUInt32LE(sampleRate * 2, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++)
    buffer.writeInt16LE(
      Math.round(12_000 * Math.sin((2 * Math.PI * frequency * i) / sampleRate)),
      44 + i * 2,
    );
  return buffer;
}

/**
 * A fresh profile folder in which Chrome already has a decision on the microphone for the
 * extension's origin (as after the user answered its prompt once): 1 allowed, 2 blocked. Chrome
 * reads it at start; headless Chromium shows no prompt a test could answer.
 */
export function profileWithMicrophone(extensionId: string, setting: 1 | 2): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mc-record-mic-'));
  mkdirSync(path.join(dir, 'Default'));
  const preferences = {
    profile: {
      content_settings: {
        exceptions: {
          media_stream_mic: {
            [`chrome-extension://${extensionId}/,*`]: { setting, last_modified: '13300000000000000' },
          },
        },
      },
    },
  };
  writeFileSync(path.join(dir, 'Default', 'Preferences'), JSON.stringify(preferences));
  return dir;
}

export interface DecodedFile {
  base64: string;
  decodedSeconds: number;
  /** Goertzel power at each asked frequency: the median of its whole seconds, the first and last left out. */
  power: Record<string, number>;
}

/** The stored file of a recording, read in an extension page, decoded there and measured. */
export async function inspectFile(
  page: Page,
  fileKey: string,
  frequencies: number[],
): Promise<DecodedFile | null> {
  return page.evaluate(
    async ({ key, frequencies }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('meeting-capture-files');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const blob = await new Promise<Blob | undefined>((resolve, reject) => {
        const request = db.transaction('files').objectStore('files').get(`file:${key}`);
        request.onsuccess = () => resolve(request.result as Blob | undefined);
        request.onerror = () => reject(request.error);
      });
      if (!blob) return null;
      const bytes = new Uint8Array(await blob.arrayBuffer());
      const audio = new OfflineAudioContext(1, 48_000, 48_000);
      const decoded = await audio.decodeAudioData(bytes.slice().buffer);
      const samples = decoded.getChannelData(0);
      // Goertzel power of one frequency over the second starting at `start`.
      const goertzel = (frequency: number, start: number) => {
        const n = Math.min(decoded.sampleRate, samples.length - start);
        const k = (2 * Math.PI * frequency) / decoded.sampleRate;
        const coefficient = 2 * Math.cos(k);
        let s1 = 0;
        let s2 = 0;
        for (let i = 0; i < n; i++) {
          const s0 = (samples[start + i] ?? 0) + coefficient * s1 - s2;
          s2 = s1;
          s1 = s0;
        }
        return (s1 * s1 + s2 * s2 - coefficient * s1 * s2) / (n * n);
      };
      // The median over the whole seconds between the first and the last: a tone page starved of
      // CPU for a moment (an audio underrun on a busy machine) drops one second, not the measure.
      const rate = decoded.sampleRate;
      const starts: number[] = [];
      for (let start = rate; start + rate <= samples.length - rate; start += rate) starts.push(start);
      if (starts.length === 0) starts.push(Math.floor(samples.length / 2));
      const power: Record<string, number> = {};
      for (const frequency of frequencies) {
        const values = starts.map((start) => goertzel(frequency, start)).sort((a, b) => a - b);
        power[String(frequency)] = values[Math.floor(values.length / 2)]!;
      }
      return {
        base64: btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join('')),
        decodedSeconds: decoded.duration,
        power,
      };
    },
    { key: fileKey, frequencies },
  );
}

/** The recording's state as the background tells it (the fields the specs look at). */
export interface RecordingState {
  phase: string;
  fileKey?: string;
  microphone?: string;
  stopReason?: string;
  failure?: { kind: string };
  title?: string;
  spaceId?: number | null;
  startedAt?: number;
  warned?: number;
  jobId?: string;
  recordedMs?: number;
  durationMs?: number;
  callOn?: boolean;
  silenceAsk?: { heard: number; stops: number };
}

/** The recording's state as the background keeps it. */
export async function recordingState(page: Page): Promise<RecordingState | null> {
  const answer = await message<{ data: { state: RecordingState | null } }>(page, 'recording.status');
  return answer.data.state;
}

/** The keys of the recording database (its state, its pieces, test-build settings), sorted. */
export function recordingKeys(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('meeting-capture-recording');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const keys = await new Promise<IDBValidKey[]>((resolve, reject) => {
      const request = db.transaction('recording').objectStore('recording').getAllKeys();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    db.close();
    return keys.map(String).sort();
  });
}

/** Pieces left in the recording database. */
export async function piecesKept(page: Page): Promise<number> {
  return (await recordingKeys(page)).filter((key) => key.startsWith('piece:')).length;
}

/**
 * Writes `value` under `key` in the recording database: a test-build hook's setting, or a state
 * the background then finds kept.
 */
export function setRecordingKey(page: Page, key: string, value: unknown): Promise<void> {
  return page.evaluate(
    async ([name, content]) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('meeting-capture-recording');
        open.onupgradeneeded = () => open.result.createObjectStore('recording');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      await new Promise<void>((resolve, reject) => {
        const transaction = db.transaction('recording', 'readwrite');
        transaction.objectStore('recording').put(content, name);
        transaction.oncomplete = () => resolve();
        transaction.onerror = () => reject(transaction.error);
      });
      db.close();
    },
    [key, value] as const,
  );
}
