/**
 * Bot intent: send the service's bot to a meeting without ever sending two (`requesting`), then
 * claim the new recording it makes in the space (`waiting-meeting`, from the core's space pass).
 */
import {
  CLOCK_SKEW_TOLERANCE_MS,
  isTransportFailure,
  type Recording,
  sendBotSafely,
  toApiErrorInfo,
} from '@/lib/api';
import {
  BOT_RECORDING_LIMIT_MS,
  MEETING_POLL_INTERVAL_MS,
  POLL_INTERVAL_MS,
  REQUEST_UNKNOWN_LIMIT_MS,
} from '../limits';
import type { Job } from '../types';
import { ownBotActive, type StepContext, withIncident } from './context';

export async function stepRequesting(ctx: StepContext, job: Job): Promise<void> {
  const { client } = ctx.deps;
  const now = ctx.now();
  const link = job.sourceUrl!;
  const service = job.meetingService ?? 'google_meet';
  if (job.preexistingAudioIds === undefined) {
    // The recordings that exist now can never be the bot's, whatever their created_at says.
    const page = await client.listRecordings(
      job.spaceId,
      { ordering: '-created_at', limit: 20, offset: 0 },
      { retry: false },
    );
    job =
      (await ctx.patch(job, { preexistingAudioIds: page.results.map((recording) => recording.id) })) ?? job;
  }
  const alreadyAttempted = job.requestedAt !== undefined;
  if (alreadyAttempted && now - job.requestedAt! > REQUEST_UNKNOWN_LIMIT_MS) {
    await ctx.finish(job, 'failed', {
      failure: { kind: 'api', error: { kind: 'outcome-unknown', operation: 'sendBot', check: 'meeting' } },
    });
    return;
  }
  const marked = alreadyAttempted ? job : await ctx.patch(job, { requestedAt: now });
  if (!marked) return;
  let requestId: number | undefined;
  try {
    if (alreadyAttempted) {
      // A previous worker made the call and died with its answer. Re-sending is its own check:
      // code 5 (a bot is already active in the space) means the first call took effect.
      try {
        requestId = (await client.sendBot(job.spaceId, { link, meeting_service: service })).id;
      } catch (error) {
        if (toApiErrorInfo(error).kind !== 'bot-busy') throw error;
      }
    } else {
      const outcome = await sendBotSafely(client, job.spaceId, { link, meeting_service: service });
      requestId = outcome.request?.id;
    }
  } catch (error) {
    const info = toApiErrorInfo(error);
    if (info.kind === 'bot-busy' && !alreadyAttempted && !(await ownBotActive(ctx, job))) {
      // No bot sent from here is active in the space: the answer may be to the browser's own
      // repeat of this request (lib/charges), so the job must not say the bot was not sent.
      const incident = await ctx.deps.charges?.botBusyUnconfirmed(marked);
      await ctx.finish(marked, 'failed', {
        failure: { kind: 'api', error: { ...info, replayPossible: true } },
        ...withIncident(marked, incident),
      });
      return;
    }
    if (info.kind === 'outcome-unknown' || isTransportFailure(info)) {
      // Still unknown: the next tick re-sends, where code 5 proves the first call.
      await ctx.patch(marked, { nextCheckAt: ctx.now() + POLL_INTERVAL_MS });
      return;
    }
    throw error;
  }
  await ctx.patch(marked, {
    phase: 'waiting-meeting',
    ...(requestId === undefined ? {} : { botRequestId: requestId }),
    nextCheckAt: ctx.now() + MEETING_POLL_INTERVAL_MS,
  });
}

export async function claimBotRecordings(
  ctx: StepContext,
  ids: string[],
  page: Recording[],
  run: <T>(id: string, work: () => Promise<T>) => Promise<T>,
): Promise<void> {
  const all = await ctx.deps.store.list();
  const waiting = all
    .filter((job) => ids.includes(job.id) && job.phase === 'waiting-meeting')
    .sort((a, b) => (a.requestedAt ?? a.createdAt) - (b.requestedAt ?? b.createdAt));
  if (waiting.length === 0) return;
  const claimed = new Set(all.flatMap((job) => (job.audioId === undefined ? [] : [job.audioId])));
  // Oldest first on both sides: the earliest request gets the earliest new recording.
  const candidates = page
    .filter((recording) => recording.is_uploaded && !claimed.has(recording.id))
    .sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
  for (const waitingJob of waiting) {
    await run(waitingJob.id, async () => {
      const job = await ctx.deps.store.get(waitingJob.id);
      if (job?.phase !== 'waiting-meeting') return;
      const now = ctx.now();
      const requestedAt = job.requestedAt ?? job.createdAt;
      const index = candidates.findIndex(
        (recording) =>
          !job.preexistingAudioIds?.includes(recording.id) &&
          Date.parse(recording.created_at) >= requestedAt - CLOCK_SKEW_TOLERANCE_MS,
      );
      if (index < 0) {
        const waited = now - requestedAt;
        if (waited > BOT_RECORDING_LIMIT_MS) {
          await ctx.finish(job, 'failed', { failure: { kind: 'bot-no-recording', waitedMs: waited } });
        } else {
          await ctx.patch(job, { nextCheckAt: now + MEETING_POLL_INTERVAL_MS });
        }
        return;
      }
      const [recording] = candidates.splice(index, 1);
      await ctx.patch(job, {
        phase: 'processing',
        audioId: recording!.id,
        title: recording!.title,
        ...(recording!.duration == null ? {} : { duration: recording!.duration }),
        wasClassifiedBefore: false,
        processingSince: now,
        lastResultCheckAt: now,
        firstServerErrorAt: null,
        notStartedSince: null,
        nextCheckAt: now,
      });
    });
  }
}
