/**
 * What the background and the recording page (the offscreen document) tell each other. The
 * background sends commands; the page answers each at once and reports what happens later as
 * `recording.event` messages, which wake a stopped worker, so no outcome hangs on an answer that
 * a stopped worker would never read.
 */
import type { SleepCut } from './sleep-cuts';
import type { MicrophoneState, RecordingFailure } from './state';

export const RECORDING_CHANNEL = 'meeting-capture-recording';

export type RecorderCommand =
  /** Record the tab behind `streamId` (chrome.tabCapture), with the microphone if `microphone`. */
  | { channel: typeof RECORDING_CHANNEL; op: 'start'; id: string; streamId: string; microphone: boolean }
  /**
   * Stop the capture and write its last piece, then say so (`released`, with the pieces written
   * and the last one heard): the background decides the silence cut with every piece in.
   */
  | { channel: typeof RECORDING_CHANNEL; op: 'stop'; id: string }
  /**
   * Make the file from the pieces: after a stop, or again (a retried upload, a recording whose page
   * was gone). `keep`: of the first `keep` pieces only (the silence at the end cut).
   */
  | { channel: typeof RECORDING_CHANNEL; op: 'assemble'; id: string; keep?: number }
  /** Stop without making a file (sign-out, Discard). */
  | { channel: typeof RECORDING_CHANNEL; op: 'discard'; id: string }
  /** Which recording the page holds, if any. */
  | { channel: typeof RECORDING_CHANNEL; op: 'status' };

export interface RecorderAnswer {
  ok: boolean;
  /** The recording the page holds now. */
  holding: string | null;
  message?: string;
}

export type RecorderEvent =
  | { type: 'started'; microphone: MicrophoneState }
  /** `audible`: whether a sound was heard during the piece. */
  | { type: 'piece'; index: number; bytes: number; recordedMs: number; audible?: boolean }
  /** The tab's stream ended by itself (the tab closed or was captured by something else). */
  | { type: 'capture-ended' }
  /** The microphone's track ended mid-recording (a headset switched off or unplugged): the tab goes on. */
  | { type: 'microphone-ended' }
  /**
   * The capture is released after a stop, every piece written: `pieces` playable pieces, a sound
   * heard last in piece `lastAudible` (undefined: this page did not listen to it).
   */
  | { type: 'released'; pieces: number; lastAudible?: number }
  /**
   * `closedMs`: the time the computer stood still, taken out of the file, and `cuts` each jump
   * taken out (lib/recording/assemble.ts).
   */
  | {
      type: 'assembled';
      fileKey: string;
      durationMs: number;
      size: number;
      closedMs?: number;
      cuts?: SleepCut[];
    }
  | { type: 'failed'; failure: RecordingFailure };

export function isRecorderCommand(message: unknown): message is RecorderCommand {
  const value = message as { channel?: unknown; op?: unknown; id?: unknown; streamId?: unknown } | null;
  if (!value || typeof value !== 'object' || value.channel !== RECORDING_CHANNEL) return false;
  if (value.op === 'status') return true;
  if (typeof value.id !== 'string' || value.id.length === 0 || value.id.length > 100) return false;
  if (value.op === 'start') return typeof value.streamId === 'string' && value.streamId.length <= 1000;
  const keep = (value as { keep?: unknown }).keep;
  if (value.op === 'assemble' && keep !== undefined)
    return Number.isSafeInteger(keep) && (keep as number) >= 0;
  return value.op === 'stop' || value.op === 'assemble' || value.op === 'discard';
}
