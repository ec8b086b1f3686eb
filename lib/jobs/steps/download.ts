/**
 * Link and video intents: submit the address once (`submitting`), then wait for the service's
 * background download (`downloading`); uploads wait for assembly (`assembling`) the same way.
 * An arrived recording either ends the job (`uploaded`) or goes on to processing.
 *
 * A submit whose answer is lost (the connection dropped after the service acted, or the worker
 * died during the call) is never sent again: the job goes on `downloading` without an `audioId`
 * and watches the space, as a bot's job does, for the recording this click made
 * (lib/charges/lost-answer.ts); it adopts it, or says so once the download time has passed.
 */
import { CLOCK_SKEW_TOLERANCE_MS, type Recording, toApiErrorInfo } from '@/lib/api';
import { findLostAnswerRecording } from '@/lib/charges/lost-answer';
import { parseVideoPage } from '@/lib/links/video-page';
import {
  ASSEMBLE_LIMIT_MS,
  LINK_DOWNLOAD_LIMIT_MS,
  LIST_PAGE_SIZE,
  POLL_INTERVAL_MS,
  VIDEO_DOWNLOAD_LIMIT_MS,
} from '../limits';
import type { Job } from '../types';
import { claimedAudioIds, isAuth, SignInNeeded, type StepContext, withIncident } from './context';
import { stepStarting } from './processing';

export async function stepSubmitting(ctx: StepContext, job: Job): Promise<void> {
  const { client } = ctx.deps;
  if (job.preexistingAudioIds === undefined) {
    // The recordings listed now can never be this click's (read before the call, as for a bot).
    const page = await client.listRecordings(
      job.spaceId,
      { ordering: '-created_at', limit: LIST_PAGE_SIZE, offset: 0 },
      { retry: false },
    );
    job =
      (await ctx.patch(job, { preexistingAudioIds: page.results.map((recording) => recording.id) })) ?? job;
  }
  if (job.requestedAt !== undefined) {
    // The worker died during the call: never submit twice; watch for what the call made.
    await ctx.patch(job, { phase: 'downloading', nextCheckAt: ctx.now() + POLL_INTERVAL_MS });
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
    if (info.kind === 'outcome-unknown') {
      // The service may have acted: watch for the recording this click made, never submit again.
      await ctx.patch(marked, { phase: 'downloading', nextCheckAt: ctx.now() + POLL_INTERVAL_MS });
      return;
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
  if (job.audioId === undefined) {
    await stepLostAnswer(ctx, job);
    return;
  }
  const now = ctx.now();
  const info = await ctx.deps.client.getRecordingInfo(job.spaceId, job.audioId!, { retry: false });
  if (info.is_uploaded) {
    await arrived(ctx, job, info);
    return;
  }
  if (job.phase === 'downloading') {
    const limit = downloadLimitMs(job);
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

function downloadLimitMs(job: Job): number {
  return job.intent === 'video' ? VIDEO_DOWNLOAD_LIMIT_MS : LINK_DOWNLOAD_LIMIT_MS;
}

/** Downloading after a lost submit answer: looks for the recording this click made, in one list read. */
async function stepLostAnswer(ctx: StepContext, job: Job): Promise<void> {
  const requestedAt = job.requestedAt ?? job.createdAt;
  const videoId = job.sourceUrl ? parseVideoPage(job.sourceUrl)?.id : undefined;
  const page = await ctx.deps.client.listRecordings(
    job.spaceId,
    { ordering: '-created_at', limit: LIST_PAGE_SIZE, offset: 0 },
    { retry: false },
  );
  const found = findLostAnswerRecording({
    recordings: page.results,
    preexisting: job.preexistingAudioIds ?? [],
    claimed: await claimedAudioIds(ctx, job.id),
    notBefore: requestedAt - CLOCK_SKEW_TOLERANCE_MS,
    ...(job.intent === 'link' && job.title !== undefined && job.contentType !== undefined
      ? { link: { title: job.title, contentType: job.contentType } }
      : {}),
    ...(job.intent === 'video' && job.videoTitle ? { videoTitle: job.videoTitle } : {}),
    ...(job.intent === 'video' && videoId ? { videoId } : {}),
  });
  const now = ctx.now();
  if (found?.is_uploaded) {
    const adopted = await ctx.patch(job, { audioId: found.id });
    if (adopted) await arrived(ctx, adopted, found);
    return;
  }
  const waited = now - requestedAt;
  if (waited > downloadLimitMs(job)) {
    await ctx.finish(job, 'failed', {
      failure: {
        kind: 'lost-answer-no-recording',
        waitedMs: waited,
        intent: job.intent === 'video' ? 'video' : 'link',
      },
    });
    return;
  }
  await ctx.patch(job, { nextCheckAt: now + POLL_INTERVAL_MS });
}
