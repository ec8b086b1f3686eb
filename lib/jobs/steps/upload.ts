/**
 * Upload intent: parts read from the stored file and PUT one by one, each ETag persisted as it
 * comes back, so a worker stopped mid-file resumes from the parts already sent.
 */
import {
  completeUploadSafely,
  createRecordingSafely,
  findRecordings,
  isTransportFailure,
  normalizeTitle,
  partRanges,
  toApiErrorInfo,
  UPLOAD_LINK_LIFETIME_MS,
  type UploadedPart,
} from '@/lib/api';
import type { UploadState } from '@/lib/file-store';
import { POLL_INTERVAL_MS } from '../limits';
import type { Job } from '../types';
import { claimedAudioIds, isAuth, type StepContext, withIncident } from './context';

/** Links are not used when they have less than this left: a part PUT takes time. */
const LINK_SAFETY_MS = 5 * 60_000;

export async function runUpload(ctx: StepContext, id: string, signal: AbortSignal): Promise<void> {
  const { client, files } = ctx.deps;
  try {
    const found = await ctx.deps.store.get(id);
    if (found?.phase !== 'uploading') return;
    // The upload runs on its own; ticks only check on it now and then.
    const job = (await ctx.patch(found, { nextCheckAt: ctx.now() + POLL_INTERVAL_MS })) ?? found;
    const file = job.fileKey ? await files.getFile(job.fileKey) : undefined;
    if (!file) {
      await ctx.finish(job, 'failed', { failure: { kind: 'upload-file-missing' } });
      return;
    }
    let state = await files.getUploadState(id);
    if (state && ctx.now() > state.issuedAt + UPLOAD_LINK_LIFETIME_MS - LINK_SAFETY_MS) {
      // The links expired (the browser was closed for hours): the partial recording goes to the
      // trash and the file is uploaded again from the start.
      await client.deleteRecordings(job.spaceId, [state.audioId]).catch(() => undefined);
      await files.deleteUploadState(id);
      state = undefined;
    }
    if (!state) state = await createForUpload(ctx, job, file, signal);
    if (!state) return;
    const storage = state.links[0]!;
    if (!(await ctx.deps.hasOriginAccess(storage))) {
      // The storage's site is asked for in a click (the popup). The recording just made stays
      // empty until then: it goes to the trash (recoverable, nothing charged) rather than sit in
      // the list, and the job waits for the site; once it is granted, the file is uploaded into a
      // recording made then. A trash that fails keeps the links (expired, they trash it as above).
      const trashed = await client
        .deleteRecordings(job.spaceId, [state.audioId], { signal })
        .then(() => true)
        .catch(() => false);
      if (trashed) await files.deleteUploadState(id);
      const current = await ctx.deps.store.get(id);
      if (current?.phase === 'uploading')
        await ctx.patch(current, {
          blocked: 'site',
          blockedOrigin: new URL(storage).origin,
          nextCheckAt: undefined,
          ...(trashed && { audioId: undefined, requestedAt: undefined }),
        });
      return;
    }
    const ranges = partRanges(file.size, state.links.length);
    let sent = ranges.reduce(
      (sum, range, index) => sum + (state!.etags[index] ? range.end - range.start : 0),
      0,
    );
    const startedAt = ctx.now();
    const sentAtStart = sent;
    for (const [index, range] of ranges.entries()) {
      if (state.etags[index]) continue;
      const etag = await client.uploadPart(state.links[index]!, file.slice(range.start, range.end), {
        issuedAt: state.issuedAt,
        partNumber: index + 1,
        signal,
      });
      state.etags[index] = etag;
      await files.putUploadState(id, state);
      sent += range.end - range.start;
      const elapsed = ctx.now() - startedAt;
      const current = await ctx.deps.store.get(id);
      if (current?.phase !== 'uploading') return;
      await ctx.patch(current, {
        nextCheckAt: ctx.now() + POLL_INTERVAL_MS,
        upload: {
          sentBytes: sent,
          totalBytes: file.size,
          ...(elapsed > 0 ? { bytesPerSecond: Math.round(((sent - sentAtStart) * 1000) / elapsed) } : {}),
        },
      });
    }
    const parts: UploadedPart[] = ranges.map((_, index) => ({
      PartNumber: index + 1,
      ETag: state!.etags[index]!,
    }));
    await completeUploadSafely(client, job.spaceId, state.audioId, parts, { signal });
    const current = await ctx.deps.store.get(id);
    if (current?.phase !== 'uploading') return;
    await ctx.patch(current, { phase: 'assembling', nextCheckAt: ctx.now() + 1_000 });
  } catch (error) {
    if (signal.aborted) return;
    const info = toApiErrorInfo(error);
    const job = await ctx.deps.store.get(id);
    if (job?.phase !== 'uploading') return;
    if (isAuth(info)) {
      await ctx.patch(job, { blocked: 'sign-in' });
      return;
    }
    const retryable =
      isTransportFailure(info) ||
      (info.kind === 'outcome-unknown' &&
        (info.operation === 'completeUpload' || info.operation === 'createRecording'));
    if (retryable) {
      // Resumed by the next tick: from the parts already sent, or (an unknown create) by looking
      // up and trashing the recording the lost call may have made before creating again.
      await ctx.patch(job, { nextCheckAt: ctx.now() + POLL_INTERVAL_MS });
      return;
    }
    await ctx.finish(job, 'failed', { failure: { kind: 'api', error: info } });
  }
}

/**
 * Creates the recording of an upload. A job that already has `requestedAt` lost the answer of an
 * earlier create with its worker: the recording it may have made is looked up and trashed first.
 */
async function createForUpload(
  ctx: StepContext,
  job: Job,
  file: Blob,
  signal: AbortSignal,
): Promise<UploadState | undefined> {
  const { client, files } = ctx.deps;
  const title = normalizeTitle(job.title ?? '');
  const contentType = job.contentType || file.type || 'application/octet-stream';
  const body = { title, size: file.size, content_type: contentType };
  if (job.requestedAt !== undefined) {
    const orphans = await findRecordings(
      client,
      job.spaceId,
      { title, size: file.size, contentType, since: job.requestedAt, isUploaded: false },
      { signal },
    );
    const ids = orphans.map((recording) => recording.id).filter((audioId) => audioId !== job.audioId);
    if (job.audioId !== undefined) ids.push(job.audioId);
    if (ids.length > 0) await client.deleteRecordings(job.spaceId, ids, { signal });
  }
  const marked = await ctx.patch(job, { requestedAt: ctx.now(), audioId: undefined });
  if (!marked) return undefined;
  const created = await createRecordingSafely(client, job.spaceId, body, { signal });
  const incident = await ctx.deps.charges?.afterCreate(
    job,
    created.recording,
    created.startedAt,
    await claimedAudioIds(ctx, job.id),
  );
  const state: UploadState = {
    audioId: created.recording.id,
    links: created.recording.url,
    issuedAt: created.startedAt,
    etags: created.recording.url.map(() => null),
  };
  await files.putUploadState(job.id, state);
  const current = await ctx.deps.store.get(job.id);
  if (current?.phase !== 'uploading') return undefined;
  await ctx.patch(current, { audioId: state.audioId, title, ...withIncident(current, incident) });
  return state;
}
