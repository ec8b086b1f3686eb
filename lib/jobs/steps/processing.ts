/**
 * Processing: start it exactly once (`starting`, charges minutes), then read the result when the
 * space's list says the run has ended (`processing`). A ready result goes to `onResult` before the
 * job is marked ready.
 */
import {
  classifyResultResponse,
  isTransportFailure,
  type Recording,
  type ResultResponse,
  startProcessingSafely,
  toApiErrorInfo,
} from '@/lib/api';
import { type Reading, usageOf } from '@/lib/charges';
import { NOT_STARTED_LIMIT_MS, POLL_INTERVAL_MS, RESULT_RECHECK_MS } from '../limits';
import type { Job } from '../types';
import { isAuth, SignInNeeded, type StepContext, withIncident } from './context';

/**
 * Starts processing exactly once for this intent: balance check, then `classifyAttemptedAt` is
 * persisted, then classify. A job found with the mark set asks the result endpoint first.
 */
export async function stepStarting(ctx: StepContext, job: Job, known?: Recording): Promise<void> {
  const { client } = ctx.deps;
  const spaceId = job.spaceId;
  const audioId = job.audioId!;
  const alreadyAttempted = job.classifyAttemptedAt !== undefined;
  let marked: Job | undefined = job;
  let before: Reading | undefined;
  if (!alreadyAttempted) {
    const recording = known ?? (await client.getRecordingInfo(spaceId, audioId));
    if (!recording.is_uploaded) {
      await ctx.finish(job, 'failed', { failure: { kind: 'recording-not-uploaded' } });
      return;
    }
    const space = await client.getSpace(spaceId);
    const usage = usageOf(space);
    if (usage !== undefined) before = { usage, at: ctx.now() };
    const available = space.subscribe?.available_usage_count;
    const needed = recording.duration ?? undefined;
    const names = { title: job.title ?? recording.title, spaceName: space.name };
    if (available !== undefined && needed !== undefined && needed > available) {
      await ctx.finish(job, 'failed', {
        ...names,
        failure: {
          kind: 'not-enough-balance',
          availableSeconds: available,
          neededSeconds: needed,
          spaceName: space.name,
        },
      });
      return;
    }
    marked = await ctx.patch(job, {
      ...names,
      ...(needed === undefined ? {} : { duration: needed }),
      wasClassifiedBefore: recording.was_classified,
      classifyAttemptedAt: ctx.now(),
    });
    if (!marked) return;
    if (needed !== undefined) await ctx.deps.charges?.beforeClassify(marked, needed);
  }
  try {
    await startProcessingSafely(client, spaceId, audioId, { alreadyAttempted });
  } catch (error) {
    const info = toApiErrorInfo(error);
    if (info.kind === 'insufficient-balance') {
      await ctx.finish(marked, 'failed', {
        failure: {
          kind: 'not-enough-balance',
          availableSeconds: info.availableSeconds ?? 0,
          neededSeconds: info.neededSeconds ?? marked.duration ?? 0,
          ...(info.spaceName ? { spaceName: info.spaceName } : {}),
        },
      });
      return;
    }
    if (info.kind === 'outcome-unknown' || isTransportFailure(info)) {
      // Unknown whether it charged: the mark stays, so the next tick asks the result endpoint first.
      await ctx.patch(marked, { nextCheckAt: ctx.now() + POLL_INTERVAL_MS });
      return;
    }
    throw error;
  }
  const incident = await ctx.deps.charges?.afterClassify(marked, before);
  const now = ctx.now();
  await ctx.patch(marked, {
    ...withIncident(marked, incident),
    phase: 'processing',
    processingSince: now,
    lastResultCheckAt: now,
    firstServerErrorAt: null,
    notStartedSince: null,
    nextCheckAt: now + POLL_INTERVAL_MS,
  });
}

export async function checkProcessing(
  ctx: StepContext,
  job: Job,
  listed: Recording | undefined,
): Promise<void> {
  const now = ctx.now();
  const recheckDue = now - (job.lastResultCheckAt ?? job.processingSince ?? 0) >= RESULT_RECHECK_MS;
  const listSays = listed && !job.wasClassifiedBefore && !recheckDue;
  if (listSays && !listed.was_classified && !listed.result_is_ready) {
    const titleChanged = listed.title !== job.title;
    await ctx.patch(job, {
      ...(titleChanged ? { title: listed.title } : {}),
      nextCheckAt: now + POLL_INTERVAL_MS,
    });
    return;
  }
  let response: ResultResponse;
  try {
    response = {
      ok: true,
      data: await ctx.deps.client.getResult(job.spaceId, job.audioId!, { retry: false }),
    };
  } catch (error) {
    response = { ok: false, error: toApiErrorInfo(error) };
  }
  await applyResult(ctx, job, response);
}

async function applyResult(ctx: StepContext, job: Job, response: ResultResponse): Promise<void> {
  const now = ctx.now();
  const step = classifyResultResponse(response, { firstServerErrorAt: job.firstServerErrorAt ?? null }, now);
  switch (step.status) {
    case 'done':
      try {
        await ctx.deps.onResult?.(job, step.result);
      } catch {
        // Keeping or handing on the body is best effort; the job's own end does not depend on it.
      }
      await ctx.finish(job, 'ready', {
        title: step.result.title,
        ...(step.result.duration == null ? {} : { duration: step.result.duration }),
      });
      return;
    case 'failed':
      await ctx.finish(job, 'failed', {
        failure: { kind: step.reason === 'server-error' ? 'processing-server-error' : 'processing-failed' },
      });
      return;
    case 'running':
      await ctx.patch(job, {
        firstServerErrorAt: step.firstServerErrorAt,
        notStartedSince: null,
        lastResultCheckAt: now,
        nextCheckAt: now + POLL_INTERVAL_MS,
      });
      return;
    case 'not-started': {
      const since = job.notStartedSince ?? now;
      const limit = job.intent === 'bot' ? NOT_STARTED_LIMIT_MS.bot : NOT_STARTED_LIMIT_MS.other;
      if (now - since > limit) {
        await ctx.finish(job, 'failed', {
          failure: { kind: 'processing-not-started', waitedMs: now - since },
        });
        return;
      }
      await ctx.patch(job, {
        firstServerErrorAt: null,
        notStartedSince: since,
        lastResultCheckAt: now,
        nextCheckAt: now + POLL_INTERVAL_MS,
      });
      return;
    }
    case 'error':
      if (isAuth(step.error)) throw new SignInNeeded();
      await ctx.finish(job, 'failed', { failure: { kind: 'api', error: step.error } });
  }
}
