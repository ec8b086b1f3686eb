/**
 * Multipart upload of a local file (contract, Create a recording and Complete upload), the pure
 * parts: how a file is cut into the parts of its links, and how long the links live. The job
 * engine's upload step (lib/jobs/steps/upload.ts) sends them: create the recording
 * (`createRecordingSafely`), PUT each part to its link (`client.uploadPart`: storage origin, no
 * Authorization), complete with the quoted ETags in order (`completeUploadSafely`), then wait for
 * `is_uploaded: true`.
 *
 * The file is never read whole: each part is a `Blob.slice`.
 */
export { contentTypeFor, extensionOf, MAX_TITLE_LENGTH, normalizeTitle } from './titles';

/** Upload links are valid 5 hours from their creation. */
export const UPLOAD_LINK_LIFETIME_MS = 5 * 60 * 60_000;
/** A part is not retried when its link has less than this left (the PUT itself takes time). */
export const UPLOAD_LINK_SAFETY_MS = 60_000;

/** Byte ranges of the parts: `n` parts of `ceil(size / n)` bytes, the last smaller; empty tails dropped. */
export function partRanges(size: number, links: number): Array<{ start: number; end: number }> {
  const partSize = Math.ceil(size / links);
  const ranges: Array<{ start: number; end: number }> = [];
  for (let index = 0; index < links; index += 1) {
    const start = index * partSize;
    if (start >= size && index > 0) break;
    ranges.push({ start, end: Math.min(size, start + partSize) });
  }
  return ranges;
}
