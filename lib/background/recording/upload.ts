/**
 * A recording's way to the service: the assembled file goes through the one upload path (the job
 * engine's `createUpload`), once, or is kept when it is longer than the time left in its space
 * while processing would start on upload; the pieces go once the upload is confirmed. Every look
 * at the recording before acting on it (`current`) settles a confirmed upload first, here.
 */
import { isTerminal, type Job } from '@/lib/jobs/types';
import { outgrowsBalance } from '@/lib/recording/balance';
import { type RecordingState, uploadOutcome } from '@/lib/recording/state';
import type { RecordingContext } from './context';

/**
 * Pieces are deleted once the upload is confirmed (the service has the whole file): called when
 * the upload job changes (./watch.ts) and, through `current`, whenever the recording is looked at
 * before acting on it.
 */
export async function settleUpload(ctx: RecordingContext): Promise<void> {
  const { store, jobs } = ctx.deps;
  const state = await store.getState();
  if (!state?.jobId) return;
  const job = await jobs.store.get(state.jobId);
  const outcome = uploadOutcome(state, job);
  if (outcome === null || outcome === 'wait') return;
  if (outcome === 'failed') {
    await ctx.apply({ type: 'fail', failure: { kind: 'upload-refused', message: job?.phase ?? 'gone' } });
    return;
  }
  await store.deletePieces(state.id);
  await ctx.apply({ type: 'uploaded' });
}

/**
 * The stored recording, its upload settled first: an upload that ended or whose job is gone no
 * longer holds the recorder as "uploading".
 */
export async function current(ctx: RecordingContext): Promise<RecordingState | null> {
  await settleUpload(ctx).catch(() => undefined);
  return ctx.deps.store.getState();
}

/**
 * An assembled file on its way: held while its account is not signed in (it waits for that
 * account's next sign-in: `resume`), kept for its balance, else through the one upload path.
 */
export async function toUpload(ctx: RecordingContext, next: RecordingState, size: number): Promise<void> {
  if (!(await ctx.isMine(next))) return;
  // Longer than the time left in its space while processing would start on upload: kept
  // until the person picks a space (or tops up), instead of a processing the balance refuses.
  const left = await timeLeft(ctx, next);
  if (outgrowsBalance(next.durationMs ?? 0, left, await ctx.deps.autoProcess())) {
    const kept = await ctx.apply({
      type: 'fail',
      failure: { kind: 'over-balance', availableSeconds: left ?? 0, size },
    });
    await ctx.setBadge(kept);
    const t = await ctx.texts();
    await ctx.notify(t.recordingFailedTitle, t.recordingFailed('over-balance'));
    return;
  }
  await upload(ctx, next, size);
}

/**
 * Every start of the worker, and every sign-in: a file assembled whose upload job was never made
 * (the worker stopped between the two, the laptop closed right after Stop, or its account was not
 * signed in when it was made) goes on to its upload when its account is signed in (the job already
 * made for it is found, not made again); without its size (kept by an older version) it is offered
 * again, to be re-assembled.
 */
export async function resume(ctx: RecordingContext): Promise<void> {
  const state = await ctx.deps.store.getState();
  if (state?.phase !== 'uploading' || state.jobId || !state.fileKey) return;
  // Held for its account's sign-in: it waits (for this one, or another account's "Delete and sign in").
  if (!(await ctx.isMine(state))) return;
  if (state.size === undefined) {
    await ctx.apply({ type: 'fail', failure: { kind: 'upload-refused', message: 'interrupted' } });
    return;
  }
  await toUpload(ctx, state, state.size);
}

/** A space's processing time left as the service says it now, else as last read; null: unknown. */
export async function spaceTimeLeft(ctx: RecordingContext, spaceId: number): Promise<number | null> {
  const { spaces } = ctx.deps;
  const listed = await spaces.list(0).catch(() => spaces.list().catch(() => []));
  return listed.find((item) => item.id === spaceId)?.availableSeconds ?? null;
}

/** The time left in the recording's space now, else as at the start. */
async function timeLeft(ctx: RecordingContext, state: RecordingState): Promise<number | null> {
  const space = await ctx.deps.spaces.resolve(state.spaceId ?? undefined).catch(() => null);
  return (space && (await spaceTimeLeft(ctx, space.id))) ?? state.availableSeconds;
}

/** Through the one upload path, once: a job already made for this file is found, not made again. */
export async function upload(ctx: RecordingContext, state: RecordingState, size: number): Promise<void> {
  const { jobs, spaces } = ctx.deps;
  if (!state.fileKey || state.jobId) return;
  // Never into another account's space, never without a session: it waits for its own.
  if (!(await ctx.isMine(state))) return;
  const existing = (await jobs.store.list()).find(
    (job: Job) => job.fileKey === state.fileKey && !isTerminal(job.phase),
  );
  let job = existing;
  if (!job) {
    try {
      const space = await spaces.resolve(state.spaceId ?? undefined);
      const autoProcess = await ctx.deps.autoProcess();
      job = await jobs.engine.createUpload(
        space.id,
        // The service names files by their type: the title ends in .webm like an uploaded file's.
        { fileKey: state.fileKey, title: `${state.title}.webm`, contentType: 'audio/webm', size },
        autoProcess,
        space.name,
      );
      void jobs.scheduler.reschedule();
    } catch (error) {
      await ctx.apply({
        type: 'fail',
        failure: {
          kind: 'upload-refused',
          message: error instanceof Error ? error.message : String(error),
        },
      });
      return;
    }
  }
  await ctx.apply({ type: 'upload-started', jobId: job.id });
}
