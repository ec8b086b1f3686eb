/**
 * Piece bookkeeping. The recording page asks MediaRecorder for a piece every few seconds and
 * writes each one to the recording database as it comes, under a key that sorts in recording
 * order. Only the first piece carries the WebM header; the pieces joined in order are the whole
 * file. A page or browser that dies loses at most the piece being made.
 */

/** Length of one piece (ms): what a crash may lose at most. */
export const PIECE_MS = 5_000;
/** Opus at a speech bitrate: clear voices, about 22 MB an hour (Chromium's default is 128 kbit/s). */
export const AUDIO_BITS_PER_SECOND = 48_000;
export const RECORDING_MIME_TYPE = 'audio/webm;codecs=opus';
/** Bounds: a recording stops by itself after this long, or past this many bytes. */
export const MAX_RECORDING_MS = 4 * 60 * 60_000;
export const MAX_RECORDING_BYTES = 512 * 1024 * 1024;
/** A single piece larger than this is refused (a recorder gone wrong). */
export const MAX_PIECE_BYTES = 8 * 1024 * 1024;

const PREFIX = 'piece:';

/** The key of piece `index` (0-based) of recording `id`: keys sort in recording order. */
export function pieceKey(id: string, index: number): string {
  return `${PREFIX}${id}:${String(index).padStart(6, '0')}`;
}

/** The piece keys of recording `id` among `keys`, in recording order. */
export function piecesOf(id: string, keys: readonly string[]): string[] {
  const prefix = `${PREFIX}${id}:`;
  return keys.filter((key) => key.startsWith(prefix)).sort();
}

/** Every piece key in `keys` (any recording): what sign-out wipes. */
export function allPieces(keys: readonly string[]): string[] {
  return keys.filter((key) => key.startsWith(PREFIX));
}

/**
 * The pieces that make a playable file: from the first on, up to the first gap (a piece lost to
 * a crash in the middle can only be the last one written, but a gap must never splice sound).
 */
export function playablePieces(id: string, keys: readonly string[]): string[] {
  const ordered = piecesOf(id, keys);
  const kept: string[] = [];
  for (const [index, key] of ordered.entries()) {
    if (key !== pieceKey(id, index)) break;
    kept.push(key);
  }
  return kept;
}

/** Recorded time the pieces cover, as far as the piece count tells (each piece is `PIECE_MS`). */
export function estimatedMs(pieces: number): number {
  return pieces * PIECE_MS;
}

/** Why a new piece may not be written: too long, too large, or a broken piece. */
export function pieceRefusal(
  recorded: { bytes: number; recordedMs: number },
  pieceBytes: number,
): 'too-long' | 'too-large' | 'bad-piece' | null {
  if (!Number.isFinite(pieceBytes) || pieceBytes < 0 || pieceBytes > MAX_PIECE_BYTES) return 'bad-piece';
  if (recorded.bytes + pieceBytes > MAX_RECORDING_BYTES) return 'too-large';
  if (recorded.recordedMs >= MAX_RECORDING_MS) return 'too-long';
  return null;
}

/** Whether an error thrown by IndexedDB is the browser's storage being full. */
export function isQuotaError(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'QuotaExceededError' || (error instanceof Error && /quota/i.test(error.message));
}
