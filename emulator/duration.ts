/**
 * The duration of an uploaded or downloaded file, as the service reads it: WAV exactly by its own
 * header, WebM, Ogg, MP3, M4A/MP4 (and what else mediabunny reads) by their packets, so a
 * MediaRecorder WebM (no duration in its header, clusters of unknown size) is read to its end.
 * A file no reader understands gets an estimate from its size (128 kbit/s).
 */
import { ALL_FORMATS, BufferSource, Input, Source } from 'mediabunny';
import { wavDurationSeconds } from './wav';

/** Longest the packet reader may take for one file before the size estimate is used instead. */
export const READ_LIMIT_MS = 10_000;

/** Whole seconds for the recording's `duration`: the file's real length, else an estimate from the size. */
export async function durationFromFile(bytes: Uint8Array, limitMs = READ_LIMIT_MS): Promise<number> {
  const exact = wavDurationSeconds(bytes) ?? (await mediaDurationSeconds(bytes, limitMs));
  if (exact !== null) return Math.max(1, Math.round(exact));
  return estimateDuration(bytes.byteLength);
}

/**
 * Seconds from the first to the last packet of the file's tracks, or null when the bytes are no
 * media file mediabunny reads, hold no packets, or take longer than `limitMs` to read. `file` is
 * the bytes, or (in tests) any mediabunny source.
 */
export async function mediaDurationSeconds(
  file: Uint8Array | Source,
  limitMs = READ_LIMIT_MS,
): Promise<number | null> {
  const source = file instanceof Source ? file : new BufferSource(file);
  const input = new Input({ source, formats: ALL_FORMATS });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), limitMs);
    timer.unref();
  });
  const read = (async () => {
    if (!(await input.canRead())) return null;
    const tracks = await input.getTracks();
    if (tracks.length === 0) return null;
    const end = await input.computeDuration(tracks);
    const start = Math.max(0, await input.getFirstTimestamp(tracks));
    const seconds = end - start;
    return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
  })().catch(() => null);
  try {
    return await Promise.race([read, timeout]);
  } finally {
    clearTimeout(timer);
    input.dispose();
  }
}

/** About 128 kbit/s: 16,000 bytes per second, at least one second. */
function estimateDuration(size: number): number {
  return Math.max(1, Math.round(size / 16_000));
}
