/**
 * What to do with the recording kept in storage when a new start is asked for or the popup
 * opens: nothing kept; one still running (its page holds the capture); one whose page is gone
 * (a crash, a browser restart) with pieces to offer ("Upload what was recorded (42 min)" or
 * "Discard"); or one without a piece, which is simply cleared.
 */
import { isFinished, type RecordingState } from './state';

export type AtStart =
  | { kind: 'none' }
  | { kind: 'running'; state: RecordingState }
  | { kind: 'uploading'; state: RecordingState }
  | { kind: 'offer'; state: RecordingState; recordedMs: number }
  | { kind: 'clear'; state: RecordingState };

/**
 * `pageAlive`: whether the recording page (the offscreen document) is open and holds this
 * recording; `recordedMs`: the time its playable pieces cover.
 */
export function atStart(
  state: RecordingState | null | undefined,
  pageAlive: boolean,
  recordedMs: number,
): AtStart {
  if (!state || state.phase === 'idle' || state.phase === 'done') return { kind: 'none' };
  if (isFinished(state)) {
    // A failed recording that kept pieces (storage full, assembly failed) is offered as well.
    const keep = recordedMs > 0 && state.failure?.kind !== 'too-short';
    return keep ? { kind: 'offer', state, recordedMs } : { kind: 'none' };
  }
  if (state.phase === 'uploading') return { kind: 'uploading', state };
  if (pageAlive) return { kind: 'running', state };
  if (recordedMs <= 0) return { kind: 'clear', state };
  return { kind: 'offer', state, recordedMs };
}

/** Badge text for the elapsed time: "0:42", "9:59", "12m", "1h05" (at most four characters). */
export function badgeText(elapsedMs: number): string {
  const seconds = Math.max(0, Math.floor(elapsedMs / 1000));
  const minutes = Math.floor(seconds / 60);
  if (minutes < 10) return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  return hours > 9 ? `${hours}h` : `${hours}h${String(minutes % 60).padStart(2, '0')}`;
}

/** Elapsed time as the popup shows it while recording: "0:42", "12:05", "1:02:09". */
export function elapsedClock(elapsedMs: number): string {
  const seconds = Math.max(0, Math.floor(elapsedMs / 1000));
  const pad = (value: number) => String(value).padStart(2, '0');
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}
