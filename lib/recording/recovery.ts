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
 * recording, or is being handed its tab's stream (which takes seconds on a busy machine);
 * `recordedMs`: the time its playable pieces cover; `startingHere`: whether the background that
 * looks is the one starting it, between keeping its state and the page's answer (the page does not
 * exist yet, or has not been asked yet). A recording still "starting" that neither holds is a start
 * whose worker died before the page was asked: it is gone at once, not in anyone's way.
 */
export function atStart(
  state: RecordingState | null | undefined,
  pageAlive: boolean,
  recordedMs: number,
  startingHere: boolean,
): AtStart {
  if (!state || state.phase === 'idle' || state.phase === 'done') return { kind: 'none' };
  if (isFinished(state)) {
    // A failed recording that kept pieces (storage full, assembly failed) is offered as well.
    const keep = recordedMs > 0 && state.failure?.kind !== 'too-short';
    return keep ? { kind: 'offer', state, recordedMs } : { kind: 'none' };
  }
  if (state.phase === 'uploading') return { kind: 'uploading', state };
  if (pageAlive) return { kind: 'running', state };
  if (state.phase === 'starting' && startingHere) return { kind: 'running', state };
  if (recordedMs <= 0) return { kind: 'clear', state };
  return { kind: 'offer', state, recordedMs };
}
