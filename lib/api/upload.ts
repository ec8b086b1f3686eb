/**
 * Multipart upload of a local file (contract, Create a recording and Complete upload):
 * create the recording → PUT each part to its link (storage origin, no Authorization) → complete
 * with the quoted ETags in order → wait for `is_uploaded: true` in the upload status.
 *
 * The file is never read whole: each part is a `Blob.slice`, so memory stays bounded by the part
 * size times the concurrency.
 */
import type { ApiClient, CallOptions, ClientDeps } from './client';
import { ApiError, isApiError } from './errors';
import { type HttpDeps, pause, RETRY_PAUSES, send } from './http';
import type { Recording, UploadedPart } from './schemas';
import { contentTypeFor, normalizeTitle } from './titles';

export { contentTypeFor, extensionOf, MAX_TITLE_LENGTH, normalizeTitle } from './titles';

/** Upload links are valid 5 hours from their creation. */
export const UPLOAD_LINK_LIFETIME_MS = 5 * 60 * 60_000;
/** A part is not retried when its link has less than this left (the PUT itself takes time). */
export const UPLOAD_LINK_SAFETY_MS = 60_000;

export interface UploadPartOptions extends CallOptions {
  /** When the link was issued (ms, client clock): it is retried only while valid. */
  issuedAt: number;
  partNumber?: number;
}

/** PUTs one part to its storage link and returns the `ETag` exactly as returned (with quotes). */
export async function uploadPart(
  http: HttpDeps,
  url: string,
  part: Blob,
  options: UploadPartOptions,
  deps: Pick<ClientDeps, 'now'>,
): Promise<string> {
  const partNumber = options.partNumber ?? 1;
  const answer = await send(http, {
    operation: 'uploadPart',
    method: 'PUT',
    url,
    body: part,
    pauses: RETRY_PAUSES.part,
    canRetry: () => deps.now() < options.issuedAt + UPLOAD_LINK_LIFETIME_MS - UPLOAD_LINK_SAFETY_MS,
    signal: options.signal,
  });
  const etag = answer.headers.get('etag');
  if (!etag) throw new ApiError({ kind: 'missing-etag', operation: 'uploadPart', partNumber });
  return etag;
}

/**
 * Complete upload, never blind: when the outcome is unknown, the upload status is read first;
 * `is_uploaded: true` means done, false means complete is called again (at most 3 calls). A repeated
 * complete that the service refuses (4xx) after an unknown outcome means the first one was taken.
 */
export async function completeUploadSafely(
  client: ApiClient,
  spaceId: number,
  audioId: number,
  parts: UploadedPart[],
  options: CallOptions = {},
): Promise<void> {
  const pauses = RETRY_PAUSES.read;
  for (let call = 0; ; call += 1) {
    try {
      await client.completeUpload(spaceId, audioId, parts, options);
      return;
    } catch (error) {
      const previousUnknown = call > 0;
      if (
        previousUnknown &&
        isApiError(error) &&
        (error.info.kind === 'validation' || error.info.kind === 'http')
      ) {
        return;
      }
      if (!isApiError(error, 'outcome-unknown')) throw error;
      let recording: Recording;
      try {
        recording = await client.getRecordingInfo(spaceId, audioId, options);
      } catch (infoError) {
        if (isApiError(infoError, 'auth') || isApiError(infoError, 'aborted')) throw infoError;
        throw new ApiError({ ...error.info, audioId });
      }
      if (recording.is_uploaded) return;
      if (call >= pauses.length - 1) throw new ApiError({ ...error.info, audioId });
      await pause(client.deps.sleep, pauses[call] ?? 2_000, options.signal, 'completeUpload');
    }
  }
}

export interface WaitUploadedOptions extends CallOptions {
  /** Give up after this long (client clock). Default 10 minutes. */
  timeoutMs?: number;
  /** First pause, doubled each time up to `maxIntervalMs`. Default 1 s. */
  initialIntervalMs?: number;
  maxIntervalMs?: number;
}

/** Polls the upload status until `is_uploaded: true` (the service assembles the parts first). */
export async function waitUntilUploaded(
  client: ApiClient,
  spaceId: number,
  audioId: number,
  options: WaitUploadedOptions = {},
): Promise<Recording> {
  const { now, sleep } = client.deps;
  const deadline = now() + (options.timeoutMs ?? 10 * 60_000);
  let interval = options.initialIntervalMs ?? 1_000;
  for (;;) {
    const recording = await client.getRecordingInfo(spaceId, audioId, options);
    if (recording.is_uploaded) return recording;
    if (now() >= deadline) {
      throw new ApiError({ kind: 'timeout', operation: 'uploadFile', phase: 'assembling' });
    }
    await pause(sleep, interval, options.signal, 'getRecordingInfo');
    interval = Math.min(interval * 2, options.maxIntervalMs ?? 15_000);
  }
}

export type UploadPhase = 'creating' | 'uploading' | 'completing' | 'assembling' | 'done';

export interface UploadProgress {
  phase: UploadPhase;
  sentBytes: number;
  totalBytes: number;
  audioId?: number;
}

export interface UploadFileOptions extends CallOptions {
  title: string;
  /** Defaults to the file's type, else the type of the title's extension. */
  contentType?: string;
  onProgress?: (progress: UploadProgress) => void;
  /** Parts in flight at once (default 2). */
  concurrency?: number;
  /** Passed to the wait for `is_uploaded`. */
  assembleTimeoutMs?: number;
}

export interface UploadResult {
  recording: Recording;
  /**
   * Recordings whose create answer was lost (they exist, but without upload links) and that were
   * moved to the trash before creating again.
   */
  trashedOrphans: number[];
}

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

/**
 * Uploads a file as a new recording and waits until the service has assembled it.
 *
 * Policy when the create answer is lost: the space is searched for the recording (see
 * `createRecordingChecked`). Not created: create again, once. Created without links: the orphan is
 * moved to the trash (recoverable) and the recording is created again, once; its id is reported in
 * `trashedOrphans`.
 */
export async function uploadFile(
  client: ApiClient,
  spaceId: number,
  file: Blob,
  options: UploadFileOptions,
): Promise<UploadResult> {
  const title = normalizeTitle(options.title);
  const contentType = options.contentType || file.type || contentTypeFor(title) || 'application/octet-stream';
  if (file.size === 0) {
    throw new ApiError({
      kind: 'validation',
      operation: 'uploadFile',
      fields: { file: ['The file is empty.'] },
    });
  }
  const { signal } = options;
  const total = file.size;
  let sent = 0;
  const report = (phase: UploadPhase, audioId?: number) =>
    options.onProgress?.({
      phase,
      sentBytes: sent,
      totalBytes: total,
      ...(audioId === undefined ? {} : { audioId }),
    });

  report('creating');
  const body = { title, size: total, content_type: contentType };
  const trashedOrphans: number[] = [];
  try {
    return await createAndUpload();
  } catch (error) {
    // Say which orphans were already moved to the trash, so the caller does not count them as lost.
    if (trashedOrphans.length > 0 && error instanceof ApiError) {
      throw new ApiError({ ...error.info, trashedOrphans: [...trashedOrphans] });
    }
    throw error;
  }

  async function createAndUpload(): Promise<UploadResult> {
    let created = await client.createRecordingChecked(spaceId, body, { signal });
    if (created.status !== 'created') {
      if (created.status === 'orphaned') {
        await client.deleteRecordings(spaceId, created.audioIds, { signal });
        trashedOrphans.push(...created.audioIds);
      }
      created = await client.createRecordingChecked(spaceId, body, { signal });
      if (created.status !== 'created') {
        throw new ApiError({
          kind: 'outcome-unknown',
          operation: 'createRecording',
          check: created.status === 'orphaned' ? 'delete-orphan' : 'recent-recordings',
          title,
          ...(created.status === 'orphaned' ? { audioId: created.audioIds[0] } : {}),
          ...(created.cause ? { cause: created.cause } : {}),
        });
      }
    }
    const recording = created.recording;
    const audioId = recording.id;
    const issuedAt = created.startedAt;

    report('uploading', audioId);
    const ranges = partRanges(total, recording.url.length);
    const etags: string[] = new Array(ranges.length);
    const inner = new AbortController();
    const onAbort = () => inner.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      let next = 0;
      const worker = async () => {
        while (next < ranges.length && !inner.signal.aborted) {
          const index = next;
          next += 1;
          const range = ranges[index]!;
          etags[index] = await client.uploadPart(recording.url[index]!, file.slice(range.start, range.end), {
            issuedAt,
            partNumber: index + 1,
            signal: inner.signal,
          });
          sent += range.end - range.start;
          report('uploading', audioId);
        }
      };
      let firstError: unknown = null;
      const workers = Array.from(
        { length: Math.max(1, Math.min(options.concurrency ?? 2, ranges.length)) },
        () =>
          worker().catch((error: unknown) => {
            // One failed part stops the others: the upload cannot complete without it.
            firstError ??= error;
            inner.abort();
          }),
      );
      await Promise.all(workers);
      if (firstError !== null) {
        if (signal?.aborted) throw new ApiError({ kind: 'aborted', operation: 'uploadPart' });
        throw firstError;
      }
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }

    report('completing', audioId);
    const parts: UploadedPart[] = etags.map((etag, index) => ({ PartNumber: index + 1, ETag: etag }));
    await client.completeUploadSafely(spaceId, audioId, parts, { signal });

    report('assembling', audioId);
    const uploaded = await client.waitUntilUploaded(spaceId, audioId, {
      signal,
      timeoutMs: options.assembleTimeoutMs,
    });
    report('done', audioId);
    return { recording: uploaded, trashedOrphans };
  }
}
