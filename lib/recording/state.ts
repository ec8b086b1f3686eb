/**
 * The in-browser recording's state machine. One recording at a time; its state is plain JSON
 * kept in the recording database (lib/recording/store.ts), so a worker stopped at any moment
 * finds it again on its next start and carries on.
 *
 * idle → starting → recording → stopping → uploading → done
 *                 ↘ failed (capture refused, tab closed at once, nothing recorded, storage full…)
 * A file longer than its space's time left waits in failed ("over-balance") until the person
 * picks a space: upload-to → uploading.
 * A recording found unfinished at start (its page gone: browser crash, restart) is offered for
 * upload or discarding (lib/recording/recovery.ts).
 */

import type { RecordedMeeting } from './meeting-end';
import { cutsSilence, piecesToKeep } from './silence';
import type { SleepCut } from './sleep-cuts';

export type RecordingPhase = 'idle' | 'starting' | 'recording' | 'stopping' | 'uploading' | 'done' | 'failed';

/**
 * What became of the microphone: mixed in, refused by the user, no device, not allowed yet (Chrome
 * never asked: the microphone page was not used), not asked for, or lost mid-recording (its track
 * ended: a headset switched off).
 */
export type MicrophoneState = 'recorded' | 'refused' | 'missing' | 'unasked' | 'off' | 'lost';

export type StopReason =
  | 'user'
  | 'tab-closed'
  | 'left-page'
  | 'capture-ended'
  | 'recovered'
  | 'signed-out'
  /** 15 minutes without a sound (lib/recording/silence.ts). */
  | 'silence'
  /** The recorded tab no longer shows the recorded meeting, or its page says the call ended. */
  | 'meeting-ended';

export type RecordingFailure =
  /** Chrome refused the tab's sound (no user invocation, a page Chrome does not capture, …). */
  | { kind: 'capture-refused'; message: string }
  /** The tab closed before any sound was recorded, or the recording lasted under a second. */
  | { kind: 'too-short'; recordedMs: number }
  /** The recording page died mid-recording (a renderer crash, the extension reloaded): its pieces are kept. */
  | { kind: 'page-gone' }
  /** The browser's storage for the extension is full: what was written is kept. */
  | { kind: 'storage-full' }
  /** The recorded file could not be assembled or read. */
  | { kind: 'assembly-failed'; message: string }
  /** Starting the upload was refused (not signed in, no access to the service). */
  | { kind: 'upload-refused'; message: string }
  /**
   * The file is longer than the time left in its space (processing starts on upload): kept, with
   * its size, until the person uploads it to a space of their choice (or the same after a top-up).
   */
  | { kind: 'over-balance'; availableSeconds: number; size: number };

export interface RecordingState {
  id: string;
  phase: RecordingPhase;
  tabId: number;
  title: string;
  /**
   * The account it was made under: the service's address and the email, as lib/archive names an
   * owner (`archiveOwner`). Only that account is offered it and uploads it. Absent in recordings of
   * an older version: the recording database's owner then (lib/recording/store.ts).
   */
  owner?: string;
  /**
   * The meeting the tab showed at the start (its service and id), when it showed one: the
   * recording ends when the tab no longer shows it (lib/recording/meeting-end.ts).
   */
  meeting?: RecordedMeeting;
  /** The space the file goes to; null: the default one at upload time. */
  spaceId: number | null;
  /** Seconds of processing left in that space when the recording started, when known. */
  availableSeconds: number | null;
  startedAt: number;
  /** Pieces written so far, their bytes, and the recorded time they cover (ms). */
  pieces: number;
  bytes: number;
  recordedMs: number;
  microphone: MicrophoneState;
  /**
   * The silence (lib/recording/silence.ts), once the recording page says what it heard: the last
   * piece in which a sound was heard (-1: none yet), and the pieces in a row heard nothing in since
   * (never counted while the meeting's page says the call is on). "Still recording?" asked during
   * it (`silenceAsk`: the minutes heard nothing and the minutes of the stop), and whether the
   * person chose to keep recording through it (`silenceKept`).
   */
  lastAudible?: number;
  silentPieces?: number;
  silenceAsk?: { heard: number; stops: number };
  silenceKept?: boolean;
  /** The recorded meeting's page says its call is on (`page.callState`): no stop for silence. */
  callOn?: boolean;
  /** The balance warnings already given (80 %, 100 %). */
  warned: number;
  stopReason?: StopReason;
  /**
   * The silence cut (lib/recording/silence.ts), decided once, when the recording page has written
   * every piece after the stop: the file is made of the first `keep` pieces; null: of all of them
   * (a stop not for silence, or nothing known of the silence). Undefined until decided. Kept with the recording, so a file made
   * again (a retried upload) is the same file.
   */
  keep?: number | null;
  /** The assembled file in lib/file-store.ts and its true duration. */
  fileKey?: string;
  durationMs?: number;
  /** The assembled file's bytes: its upload can be made again by a worker that starts after. */
  size?: number;
  /** The upload job (lib/jobs) that carries the file. */
  jobId?: string;
  /**
   * The sleeps taken out of the file as it was made (lib/recording/assemble.ts): the meeting
   * page's timeline is placed on the file with them (lib/page-names/cuts.ts).
   */
  cuts?: SleepCut[];
  failure?: RecordingFailure;
  updatedAt: number;
}

export type RecordingEvent =
  | { type: 'started'; microphone: MicrophoneState }
  | { type: 'microphone-lost' }
  | { type: 'piece'; bytes: number; recordedMs: number; index?: number; audible?: boolean }
  | { type: 'stop'; reason: StopReason }
  /**
   * The recording page released the capture with `pieces` written (the last one flushed by the
   * stop) and heard a sound last in piece `lastAudible`: the silence cut is decided.
   */
  | { type: 'released'; pieces: number; lastAudible?: number }
  | { type: 'assembled'; fileKey: string; durationMs: number; size?: number; cuts?: SleepCut[] }
  | { type: 'upload-started'; jobId: string }
  | { type: 'uploaded' }
  | { type: 'warned'; percent: number }
  | { type: 'fail'; failure: RecordingFailure }
  /** A file kept for its balance goes to the space the person chose. */
  | { type: 'upload-to'; spaceId: number }
  /** The recorded tab went on to the meeting its address led to (a personal link to its number). */
  | { type: 'meeting'; meeting: RecordedMeeting }
  /** "Still recording?" asked after `heard` minutes of silence, of a stop at `stops`. */
  | { type: 'silence-asked'; heard: number; stops: number }
  /** "Keep recording": no stop for this silence. */
  | { type: 'keep' }
  /** The recorded meeting's page says whether its call is on. */
  | { type: 'call'; on: boolean };

export interface NewRecording {
  id: string;
  tabId: number;
  title: string;
  owner?: string;
  meeting?: RecordedMeeting;
  spaceId: number | null;
  availableSeconds: number | null;
}

/**
 * What the upload job of a recording being uploaded says about it: still going (`wait`), refused,
 * cancelled or gone from the list (dismissed, pruned: `failed`: its pieces are kept and offered
 * again), or past its upload (`uploaded`: the service has the whole file, the pieces may go). Null:
 * the recording is not waiting on an upload. A job is kept before its id is, so a job not found is
 * one that was removed, never one still to come.
 */
export function uploadOutcome(
  state: RecordingState | null | undefined,
  job: { phase: string } | undefined,
): 'wait' | 'failed' | 'uploaded' | null {
  if (state?.phase !== 'uploading' || !state.jobId) return null;
  if (!job || job.phase === 'failed' || job.phase === 'cancelled') return 'failed';
  return job.phase === 'uploading' ? 'wait' : 'uploaded';
}

/**
 * What a piece tells of the silence: a sound ends it (and its question and keep); a piece heard
 * nothing in counts one more, whatever the page's clock says of it (a sleep is not silence), except
 * while the meeting's page says the call is on.
 */
function heard(state: RecordingState, event: { index?: number; audible?: boolean }): Partial<RecordingState> {
  if (event.audible === undefined || event.index === undefined) return {};
  const lastAudible = state.lastAudible ?? -1;
  if (event.audible)
    return {
      lastAudible: Math.max(lastAudible, event.index),
      silentPieces: 0,
      silenceAsk: undefined,
      silenceKept: false,
    };
  return { lastAudible, silentPieces: state.callOn ? 0 : (state.silentPieces ?? 0) + 1 };
}

/** A recording shorter than this is not uploaded: the service would charge for nothing. */
export const MIN_RECORDING_MS = 1_000;

export function newRecording(input: NewRecording, now: number): RecordingState {
  return {
    ...input,
    phase: 'starting',
    startedAt: now,
    pieces: 0,
    bytes: 0,
    recordedMs: 0,
    microphone: 'off',
    warned: 0,
    updatedAt: now,
  };
}

/** Phases in which the recording page holds the capture. */
export function isCapturing(state: RecordingState | null | undefined): boolean {
  return state?.phase === 'starting' || state?.phase === 'recording';
}

/** Phases in which the recording page needs the offscreen document open: a capture, or its file being made. */
export function holdsRecordingPage(state: RecordingState | null | undefined): boolean {
  return isCapturing(state) || state?.phase === 'stopping';
}

/** Phases that are over: a new recording may start. */
export function isFinished(state: RecordingState | null | undefined): boolean {
  return !state || state.phase === 'idle' || state.phase === 'done' || state.phase === 'failed';
}

/**
 * The next state for `event`, or null when the event does not apply in this phase (a late piece
 * after the stop, a second stop, an upload for a recording already done): callers keep the state.
 */
export function transition(state: RecordingState, event: RecordingEvent, now: number): RecordingState | null {
  const next = (patch: Partial<RecordingState>): RecordingState => ({ ...state, ...patch, updatedAt: now });
  switch (event.type) {
    case 'started':
      return state.phase === 'starting' ? next({ phase: 'recording', microphone: event.microphone }) : null;
    case 'microphone-lost':
      return state.phase === 'recording' && state.microphone === 'recorded'
        ? next({ microphone: 'lost' })
        : null;
    case 'piece':
      // Pieces may still arrive while stopping: the recorder flushes its last one.
      if (state.phase !== 'recording' && state.phase !== 'stopping' && state.phase !== 'starting')
        return null;
      if (event.bytes < 0 || !Number.isFinite(event.bytes)) return null;
      return next({
        pieces: state.pieces + 1,
        bytes: state.bytes + event.bytes,
        recordedMs: Math.max(state.recordedMs, event.recordedMs),
        ...heard(state, event),
      });
    case 'stop':
      if (state.phase !== 'recording' && state.phase !== 'starting') return null;
      return next({ phase: 'stopping', stopReason: event.reason });
    case 'released': {
      // Decided once: a repeated word of the page changes nothing.
      if (state.phase !== 'stopping' || state.keep !== undefined) return null;
      const heardLast = [state.lastAudible, event.lastAudible].filter((index) => index !== undefined);
      const lastAudible = heardLast.length > 0 ? Math.max(...heardLast) : undefined;
      // Only a stop for silence cuts (a Stop, the meeting's end, the tab closing keep every piece).
      const cutting = cutsSilence(state.stopReason) && lastAudible !== undefined;
      return next({
        keep: cutting ? piecesToKeep(event.pieces, lastAudible) : null,
        ...(lastAudible !== undefined && { lastAudible }),
      });
    }
    case 'assembled':
      if (state.phase !== 'stopping') return null;
      if (event.durationMs < MIN_RECORDING_MS)
        return next({ phase: 'failed', failure: { kind: 'too-short', recordedMs: event.durationMs } });
      return next({
        phase: 'uploading',
        fileKey: event.fileKey,
        durationMs: event.durationMs,
        jobId: undefined,
        cuts: event.cuts !== undefined && event.cuts.length > 0 ? event.cuts : undefined,
        ...(event.size !== undefined && { size: event.size }),
      });
    case 'upload-started':
      return state.phase === 'uploading' && !state.jobId ? next({ jobId: event.jobId }) : null;
    case 'uploaded':
      return state.phase === 'uploading' && state.jobId ? next({ phase: 'done' }) : null;
    case 'warned':
      return event.percent > state.warned && !isFinished(state) ? next({ warned: event.percent }) : null;
    case 'fail':
      // A job that ended took its file with it (lib/jobs/engine.ts): neither is the recording's any
      // more, so "Upload what was recorded" makes a new file and a new job.
      if (isFinished(state)) return null;
      return next({
        phase: 'failed',
        failure: event.failure,
        ...(state.jobId && { jobId: undefined, fileKey: undefined }),
      });
    case 'upload-to':
      return state.phase === 'failed' &&
        state.failure?.kind === 'over-balance' &&
        state.fileKey &&
        !state.jobId
        ? next({ phase: 'uploading', spaceId: event.spaceId, failure: undefined })
        : null;
    case 'meeting':
      return isCapturing(state) && state.meeting ? next({ meeting: event.meeting }) : null;
    case 'silence-asked':
      return state.phase === 'recording'
        ? next({ silenceAsk: { heard: event.heard, stops: event.stops } })
        : null;
    case 'keep':
      return state.phase === 'recording' && state.silenceAsk && !state.silenceKept
        ? next({ silenceKept: true })
        : null;
    case 'call':
      return isCapturing(state) && state.callOn !== event.on ? next({ callOn: event.on }) : null;
  }
}
