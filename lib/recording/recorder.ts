/**
 * The recording page's recorder (Chrome's offscreen document): the tab's sound from its
 * tab-capture stream, played back to the user (capture silences the tab otherwise), mixed with
 * the microphone when it may be used, recorded as Opus in WebM at a speech bitrate, a piece every
 * `PIECE_MS` written to the recording database as it comes. Browser-only (Web Audio,
 * MediaRecorder); the decisions it follows are lib/recording's pure modules.
 */
import { DATABASES } from '@/lib/databases';
import { createFileStore } from '@/lib/file-store';
import { idbKeyValue } from '@/lib/kv';
import { assembleRecording } from './assemble';
import { recordingFileKey } from './files';
import {
  type MicrophonePermission,
  microphoneFailure,
  microphonePlan,
  toMicrophonePermission,
} from './microphone';
import { AUDIO_BITS_PER_SECOND, isQuotaError, PIECE_MS, pieceRefusal, RECORDING_MIME_TYPE } from './pieces';
import type { RecorderEvent } from './protocol';
import type { MicrophoneState } from './state';
import { createRecordingStore } from './store';

export type Report = (id: string, event: RecorderEvent) => void;

interface Active {
  id: string;
  recorder: MediaRecorder;
  streams: MediaStream[];
  audio: AudioContext;
  /** Pieces written one after the other, in order. */
  writes: Promise<void>;
  index: number;
  bytes: number;
  startedAt: number;
  stopped: Promise<void>;
  failed: boolean;
  /** Whether a sound was heard since the last piece (lib/recording/silence.ts). */
  heard: boolean;
  /** The last piece in which a sound was heard (-1: none yet). */
  lastAudible: number;
  /** The level meter's timer. */
  meter: ReturnType<typeof setInterval> | null;
}

/** Below this RMS level (about −50 dBFS) the mix is silence: no voice, no music, at most hiss. */
const SILENCE_RMS = 0.003;
const METER_MS = 250;

const store = createRecordingStore();
let active: Active | null = null;
/**
 * The recording being handed its tab's stream (and the microphone's), before it is `active`;
 * `cancelled`: stopped or discarded meanwhile, so it never starts.
 */
interface Pending {
  id: string;
  cancelled: boolean;
}
let pending: Pending | null = null;
/** The recording whose file is being made; `cancelled`: discarded meanwhile (a sign-out), its file dropped. */
let assembling: Pending | null = null;

/**
 * Test build only (`WXT_TEST_BUILD`): a number a test wrote under a `test:` key of the recording
 * database (tests/e2e/record-support.ts, setRecordingKey), read by the hooks below. A release build
 * has no such keys or code.
 */
const testSetting: ((key: string) => Promise<number | undefined>) | null =
  import.meta.env?.WXT_TEST_BUILD === '1'
    ? async (key) => {
        const value = await idbKeyValue(DATABASES.recording.name, DATABASES.recording.store).get<unknown>(
          key,
        );
        return typeof value === 'number' ? value : undefined;
      }
    : null;

/**
 * Test build only: the browser's storage "fills up" once this many pieces of a recording were
 * written (`test:pieces-before-full`, record-here-faults.spec.ts): the piece write then fails as a
 * full quota does.
 */
const quotaCheck: ((index: number) => Promise<void>) | null = testSetting
  ? async (index) => {
      const limit = await testSetting('test:pieces-before-full');
      if (limit !== undefined && index >= limit)
        throw new DOMException('The quota has been exceeded (test build).', 'QuotaExceededError');
    }
  : null;

/**
 * Test build only: Chrome hands the streams over late, as long as a test holds them
 * (`test:streams-held` set to 1, at most a minute; record-here.spec.ts), so that a test can act
 * while a recording is still starting. Once handed over, `test:streams-handed` is written, so the
 * test knows when the late streams have reached this page.
 */
const streamsHeld: (() => Promise<void>) | null = testSetting
  ? async () => {
      const until = Date.now() + 60_000;
      let held = false;
      while ((await testSetting('test:streams-held')) === 1 && Date.now() < until) {
        held = true;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      if (held)
        await idbKeyValue(DATABASES.recording.name, DATABASES.recording.store).set(
          'test:streams-handed',
          Date.now(),
        );
    }
  : null;

/** The recording this page holds, is being handed the streams of, or makes the file of. */
export function holding(): string | null {
  return active?.id ?? pending?.id ?? assembling?.id ?? null;
}

async function tabStream(streamId: string): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia({
    audio: { mandatory: { chromeMediaSource: 'tab', chromeMediaSourceId: streamId } },
    video: false,
  } as unknown as MediaStreamConstraints);
}

async function microphonePermission(): Promise<MicrophonePermission> {
  try {
    const status = await navigator.permissions.query({ name: 'microphone' as PermissionName });
    return toMicrophonePermission(status.state);
  } catch {
    return 'unknown';
  }
}

/**
 * The microphone's stream when the user allowed it. This page cannot show Chrome's prompt: the
 * microphone page (entrypoints/microphone/) asks once, and a refusal given there is kept to.
 */
async function microphoneStream(
  wanted: boolean,
): Promise<{ stream: MediaStream | null; state: MicrophoneState }> {
  const permission = wanted ? await microphonePermission() : 'unknown';
  const plan = microphonePlan(wanted, permission);
  if (!plan.ask) return { stream: null, state: plan.state };
  try {
    return { stream: await navigator.mediaDevices.getUserMedia({ audio: true }), state: 'recorded' };
  } catch (error) {
    return { stream: null, state: microphoneFailure((error as { name?: string }).name, permission) };
  }
}

export async function startRecording(
  id: string,
  streamId: string,
  microphone: boolean,
  report: Report,
): Promise<void> {
  if (active || pending) throw new Error('A recording is already running.');
  const starting: Pending = { id, cancelled: false };
  pending = starting;
  try {
    await capture(starting, streamId, microphone, report);
  } finally {
    pending = null;
  }
}

async function capture(
  starting: Pending,
  streamId: string,
  microphone: boolean,
  report: Report,
): Promise<void> {
  const { id } = starting;
  const tab = await tabStream(streamId);
  const mic = await microphoneStream(microphone);
  await streamsHeld?.();
  if (starting.cancelled) {
    // Stopped or discarded while the streams were handed over: nothing is captured or reported
    // (the stop has made its empty file already).
    for (const stream of [tab, mic.stream]) for (const track of stream?.getTracks() ?? []) track.stop();
    return;
  }
  const audio = new AudioContext();
  const mix = audio.createMediaStreamDestination();
  const tabSource = audio.createMediaStreamSource(tab);
  // The user keeps hearing the tab.
  tabSource.connect(audio.destination);
  tabSource.connect(mix);
  if (mic.stream) audio.createMediaStreamSource(mic.stream).connect(mix);
  const recorder = new MediaRecorder(mix.stream, {
    mimeType: RECORDING_MIME_TYPE,
    audioBitsPerSecond: AUDIO_BITS_PER_SECOND,
  });
  let resolveStopped = () => {};
  const stopped = new Promise<void>((resolve) => {
    resolveStopped = resolve;
  });
  const current: Active = {
    id,
    recorder,
    streams: [tab, ...(mic.stream ? [mic.stream] : [])],
    audio,
    writes: Promise.resolve(),
    index: 0,
    bytes: 0,
    startedAt: performance.now(),
    stopped,
    failed: false,
    heard: false,
    lastAudible: -1,
    meter: null,
  };
  active = current;
  // Whether anything is heard, a few times a second: each piece says so, for the long silence.
  const analyser = audio.createAnalyser();
  analyser.fftSize = 2048;
  tabSource.connect(analyser);
  if (mic.stream) audio.createMediaStreamSource(mic.stream).connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  current.meter = setInterval(() => {
    analyser.getFloatTimeDomainData(samples);
    let sum = 0;
    for (const sample of samples) sum += sample * sample;
    if (Math.sqrt(sum / samples.length) > SILENCE_RMS) current.heard = true;
  }, METER_MS);
  recorder.addEventListener('dataavailable', (event) => {
    const piece = event.data;
    if (!piece || piece.size === 0 || current.failed) return;
    const index = current.index++;
    const recordedMs = Math.round(performance.now() - current.startedAt);
    const audible = current.heard;
    current.heard = false;
    if (audible) current.lastAudible = index;
    current.writes = current.writes.then(async () => {
      if (current.failed) return;
      if (pieceRefusal({ bytes: current.bytes, recordedMs }, piece.size)) {
        // Past the bounds: what was written is kept and made into a file.
        report(id, { type: 'capture-ended' });
        return;
      }
      try {
        await quotaCheck?.(index);
        await store.putPiece(id, index, piece);
        current.bytes += piece.size;
        report(id, { type: 'piece', index, bytes: piece.size, recordedMs, audible });
      } catch (error) {
        current.failed = true;
        report(id, {
          type: 'failed',
          failure: isQuotaError(error)
            ? { kind: 'storage-full' }
            : { kind: 'assembly-failed', message: error instanceof Error ? error.message : String(error) },
        });
      }
    });
  });
  recorder.addEventListener('stop', () => resolveStopped());
  // The tab closed, or its capture was taken over: the recording ends here.
  tab.getAudioTracks()[0]?.addEventListener('ended', () => report(id, { type: 'capture-ended' }));
  // The microphone switched off or unplugged: the tab goes on being recorded, and the user is told.
  mic.stream
    ?.getAudioTracks()[0]
    ?.addEventListener('ended', () => !current.failed && report(id, { type: 'microphone-ended' }));
  recorder.start(PIECE_MS);
  report(id, { type: 'started', microphone: mic.state });
}

async function release(current: Active): Promise<void> {
  if (current.meter) clearInterval(current.meter);
  if (current.recorder.state !== 'inactive') {
    current.recorder.stop();
    await current.stopped;
  }
  await current.writes;
  for (const stream of current.streams) for (const track of stream.getTracks()) track.stop();
  await current.audio.close().catch(() => undefined);
  if (active === current) active = null;
}

/**
 * Stops the capture, writes its last piece and reports `released` with every piece in (the
 * background then asks for the file, cut as it decides).
 */
export async function stopRecording(id: string, report: Report): Promise<void> {
  if (pending?.id === id) pending.cancelled = true;
  const current = active?.id === id ? active : null;
  if (current) await release(current);
  const { pieces } = await store.count(id);
  report(id, { type: 'released', pieces, ...(current && { lastAudible: current.lastAudible }) });
}

export async function discardRecording(id: string): Promise<void> {
  if (pending?.id === id) pending.cancelled = true;
  if (assembling?.id === id) assembling.cancelled = true;
  const current = active?.id === id ? active : null;
  if (current) {
    current.failed = true;
    await release(current);
  }
}

export async function assemble(id: string, report: Report, keep?: number): Promise<void> {
  const making: Pending = { id, cancelled: false };
  assembling = making;
  try {
    // The silence at the end is left out (lib/recording/silence.ts): its pieces stay until the upload.
    const pieces = (await store.pieces(id)).slice(0, keep);
    if (pieces.length === 0) {
      report(id, { type: 'assembled', fileKey: '', durationMs: 0, size: 0 });
      return;
    }
    const { file, durationMs, closedMs, cuts } = await assembleRecording(pieces);
    const fileKey = recordingFileKey(id);
    const files = createFileStore();
    await files.putFile(fileKey, file);
    if (making.cancelled) {
      // Discarded while it was made (a sign-out): nobody owns the file.
      await files.deleteFile(fileKey);
      return;
    }
    report(id, {
      type: 'assembled',
      fileKey,
      durationMs,
      size: file.size,
      ...(closedMs > 0 && { closedMs, cuts }),
    });
  } catch (error) {
    report(id, {
      type: 'failed',
      failure: isQuotaError(error)
        ? { kind: 'storage-full' }
        : { kind: 'assembly-failed', message: error instanceof Error ? error.message : String(error) },
    });
  } finally {
    if (assembling === making) assembling = null;
  }
}
