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
