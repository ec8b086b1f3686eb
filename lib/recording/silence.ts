/**
 * Long silence in a recording (the meeting over, the tab left open): after 5 minutes without a
 * sound the person is asked "Still recording?", after 15 the recording stops by itself, and the
 * silence at its end is cut before the upload, so the service (which charges by duration) never
 * charges for it. The recording page says of each 5 s piece whether anything was heard in it; the
 * cut is decided once it has written every piece after the stop (the `released` transition of
 * lib/recording/state.ts) and kept with the recording.
 */
import { PIECE_MS } from './pieces';

export const SILENCE_ASK_MS = 5 * 60_000;
export const SILENCE_STOP_MS = 15 * 60_000;
/** Pieces of silence kept after the last sound heard: its fade, a breath. */
export const SILENT_PIECES_KEPT = 1;

/** What the silence so far calls for: ask once, stop, or nothing. */
export function silenceStep(silentMs: number, asked: boolean): 'ask' | 'stop' | null {
  if (silentMs >= SILENCE_STOP_MS) return 'stop';
  if (silentMs >= SILENCE_ASK_MS && !asked) return 'ask';
  return null;
}

/**
 * How many pieces the file is made of: up to the last piece in which a sound was heard, plus
 * `SILENT_PIECES_KEPT`; all of them when nothing is known of the silence (`lastAudible` undefined:
 * a recording page that did not say). A recording silent from its start keeps its first pieces.
 */
export function piecesToKeep(pieces: number, lastAudible: number | undefined): number {
  if (lastAudible === undefined) return pieces;
  return Math.min(pieces, Math.max(0, lastAudible) + 1 + SILENT_PIECES_KEPT);
}

/**
 * The duration the service charges for a recording of `pieces` pieces whose last sound was in
 * piece `lastAudible`: before the cut, and after it (the time of the pieces kept).
 */
export function chargedMs(
  pieces: number,
  lastAudible: number | undefined,
): { before: number; after: number } {
  return { before: pieces * PIECE_MS, after: piecesToKeep(pieces, lastAudible) * PIECE_MS };
}
