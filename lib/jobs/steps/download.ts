/**
 * Link and video intents: submit the address once (`submitting`), then wait for the service's
 * background download (`downloading`); uploads wait for assembly (`assembling`) the same way.
 * An arrived recording either ends the job (`uploaded`) or goes on to processing.
 */
import { type Recording, toApiErrorInfo } from '@/lib/api';
import {
  ASSEMBLE_LIMIT_MS,
  LINK_DOWNLOAD_LIMIT_MS,
  POLL_INTERVAL_MS,
  VIDEO_DOWNLOAD_LIMIT_MS,
} from '../limits';
import type { Job } from '../types';
import { claimedAudioIds, isAuth, SignInNeeded, type StepContext, withIncident } from './context';
import { stepStarting } from './processing';

export async function stepSubmitting(ctx: StepContext, job: Job): Promise<void> {
  const { client } = ctx.deps;
  const operation = job.intent === 'video' ? 'uploadFromVideoSite' : 'uploadByUrl';
  if (job.requestedAt !== undefined) {
    // The worker died during the call. The recording would be hidden while it downloads, so there
    // is no way to check: say so rather than submit the link twice.
    await ctx.finish(job, 'failed', {
      failure: { kind: 'api', error: { kind: 'outcome-unknown', operation, check: 'recent-recordings' } },
    });
    return;
  }
  const marked = await ctx.patch(job, { requestedAt: ctx.now() });
  if (!marked) return;
  let audioId: number;
  try {
    audioId =
      job.intent === 'video'
        ? (await client.uploadFromVideoSite(job.spaceId, { url: job.sourceUrl! })).audio_id
        : (
            await client.uploadByUrl(job.spaceId, {
              url: job.sourceUrl!,
              title: job.title!,
              content_type: job.contentType!,
            })
          ).audio_id;
  } catch (error) {
    const info = toApiErrorInfo(error);
    if (isAuth(info)) {
      // Nothing was sent (401 comes before any effect): the job can be submitted after sign-in.
      await ctx.patch(marked, { requestedAt: undefined });
      throw new SignInNeeded();
    }
    await ctx.finish(marked, 'failed', { failure: { kind: 'api', error: info } });
    return;
  }
  await ctx.patch(marked, {
    phase: 'downloading',
    audioId,
    nextCheckAt: ctx.now() + POLL_INTERVAL_MS,
  });
}

/** Downloading (by URL, video page) or assembling (upload): waits for `is_uploaded`. */
export async function stepArrival(ctx: StepContext, job: Job): Promise<void> {
  const now = ctx.now();
  const info = await ctx.deps.client.getRecordingInfo(job.spaceId, job.audioId!, { retry: false });
  if (info.is_uploaded) {
    await arrived(ctx, job, info);
    return;
  }
  if (job.phase === 'downloading') {
    const limit = job.intent === 'video' ? VIDEO_DOWNLOAD_LIMIT_MS : LINK_DOWNLOAD_LIMIT_MS;
    const waited = now - (job.requestedAt ?? job.createdAt);
    if (waited > limit) {
      await ctx.finish(job, 'failed', {
        failure: { kind: 'download-probably-failed', waitedMs: waited },
      });
      return;
    }
  } else if (now - (job.phaseSince ?? job.updatedAt) > ASSEMBLE_LIMIT_MS) {
    await ctx.finish(job, 'failed', {
      failure: { kind: 'api', error: { kind: 'timeout', operation: 'uploadFile', phase: 'assembling' } },
    });
    return;
  }
  await ctx.patch(job, { nextCheckAt: now + POLL_INTERVAL_MS });
}

async function arrived(ctx: StepContext, job: Job, recording: Recording): Promise<void> {
  const incident =
    job.intent === 'link' || job.intent === 'video'
      ? await ctx.deps.charges?.afterArrival(job, recording, await claimedAudioIds(ctx, job.id))
      : null;
  const known = {
    title: recording.title,
    ...(recording.duration == null ? {} : { duration: recording.duration }),
    ...withIncident(job, incident),
  };
  if (!job.autoProcess) {
    await ctx.finish(job, 'uploaded', known);
    return;
  }
  const starting = await ctx.patch(job, {
    ...known,
    phase: 'starting',
    wasClassifiedBefore: recording.was_classified,
    nextCheckAt: ctx.now(),
  });
  if (starting) await stepStarting(ctx, starting, recording);
}
