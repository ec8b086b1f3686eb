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
 * How long a recording may stay "starting" before a page that does not hold it means it is gone:
 * the state is kept before the recording page exists, and the page holds the capture only once
 * Chrome has handed it the tab's stream (seconds on a busy machine). A look in between (the popup
 * asks every second) must not take it for a recording whose page died with nothing recorded.
 */
export const STARTING_GRACE_MS = 30_000;

/**
 * `pageAlive`: whether the recording page (the offscreen document) is open and holds this
 * recording; `recordedMs`: the time its playable pieces cover; `now`: the time of the look.
 */
export function atStart(
  state: RecordingState | null | undefined,
  pageAlive: boolean,
  recordedMs: number,
  now: number,
): AtStart {
  if (!state || state.phase === 'idle' || state.phase === 'done') return { kind: 'none' };
  if (isFinished(state)) {
    // A failed recording that kept pieces (storage full, assembly failed) is offered as well.
    const keep = recordedMs > 0 && state.failure?.kind !== 'too-short';
    return keep ? { kind: 'offer', state, recordedMs } : { kind: 'none' };
  }
  if (state.phase === 'uploading') return { kind: 'uploading', state };
  if (pageAlive) return { kind: 'running', state };
  if (state.phase === 'starting' && now - state.startedAt < STARTING_GRACE_MS)
    return { kind: 'running', state };
  if (recordedMs <= 0) return { kind: 'clear', state };
  return { kind: 'offer', state, recordedMs };
}
