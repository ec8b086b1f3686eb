/**
 * Long silence in a recording (the meeting over, the tab left open): after a silence of the length
 * set in the options (15 minutes unless set to 30, 60 or off) the recording stops by itself, and
 * the silence at its end is cut before the upload, so the service (which charges by duration)
 * never charges for it. "Still recording?" asks 10 minutes before (at 5 minutes for the 15-minute
 * stop), and **Keep recording** holds the recording through that silence (a waiting room before a
 * late host, a break, a silent screen share). Silence is counted in pieces the recording page heard
 * nothing in, one `PIECE_MS` each: a page whose clock jumped through a sleep is not silence. It is
 * not counted while the meeting's page says the call is on (lib/recording/state.ts). The recording
 * page says of each piece whether anything was heard in it; the cut (only for a stop for silence)
 * is decided once it has written every piece after the stop (the `released` transition of
 * lib/recording/state.ts) and kept with the recording.
 */
import { PIECE_MS } from './pieces';
import { DEFAULT_SILENCE_STOP_MINUTES, SILENCE_STOP_CHOICES, type SilenceStopMinutes } from './types';

export { DEFAULT_SILENCE_STOP_MINUTES, SILENCE_STOP_CHOICES, type SilenceStopMinutes };
/** "Still recording?" comes this long before the stop, and never before `SILENCE_ASK_MS`. */
export const SILENCE_WARNING_MS = 10 * 60_000;
export const SILENCE_ASK_MS = 5 * 60_000;

/** The setting as it is used: one of the choices, else the default. */
export function silenceStopMinutes(value: unknown): SilenceStopMinutes {
  return (SILENCE_STOP_CHOICES as readonly unknown[]).includes(value)
    ? (value as SilenceStopMinutes)
    : DEFAULT_SILENCE_STOP_MINUTES;
}

/**
 * What `silentMs` of silence calls for under the stop set (`stopMinutes`): ask once, stop, or
 * nothing. Off: neither. A silence the person kept ("Keep recording") is never stopped.
 */
export function silenceStep(
  silentMs: number,
  asked: boolean,
  stopMinutes: number,
  kept: boolean,
): 'ask' | 'stop' | null {
  const minutes = silenceStopMinutes(stopMinutes);
  if (minutes === 0) return null;
  const stopMs = minutes * 60_000;
  if (silentMs >= stopMs && !kept) return 'stop';
  if (silentMs >= Math.max(SILENCE_ASK_MS, stopMs - SILENCE_WARNING_MS) && !asked) return 'ask';
  return null;
}

/**
 * Whether a recording stopped for `reason` has its silent end cut: only one that stopped because
 * of the silence. A Stop, the meeting's end or the tab closing uploads every piece recorded.
 */
export function cutsSilence(reason: string | undefined): boolean {
  return reason === 'silence';
}

/** Pieces of silence kept after the last sound heard: its fade, a breath. */
export const SILENT_PIECES_KEPT = 1;

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
