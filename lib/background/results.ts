/**
 * Jobs and their results: the job engine over the job and file stores, the charge watch, the poll
 * scheduler, the badge and the notices of ended jobs, the archive that keeps ready results, the
 * import of past results, and the actions that create jobs (a bot, a transcription). Wired by
 * `createBackground` (lib/background/app.ts).
 */
import { browser } from 'wxt/browser';
import { type ApiClient, ApiError, contentTypeFor, type ProcessingResult } from '@/lib/api';
import { type Archive, ArchiveImport, archiveOwner } from '@/lib/archive';
import { ChargeWatch, incidentText, incidentTitle, storageChargeLog } from '@/lib/charges';
import { describeError as describeFailure } from '@/lib/failures';
import { createFileStore } from '@/lib/file-store';
import type { Lang } from '@/lib/i18n';
import { JobEngine } from '@/lib/jobs/engine';
import { createJobStore } from '@/lib/jobs/store';
import { isTerminal, type Job } from '@/lib/jobs/types';
import type { KeyValueStore } from '@/lib/kv';
import { type MediaLink, parseMediaLink, parseVideoPage } from '@/lib/links';
import type { MeetingLink } from '@/lib/meetings';
import type { BackgroundSessionStore } from '@/lib/session-store';
import { archiveImportItem, getSettings, serviceUrlItem } from '@/lib/storage';
import { siteOf } from '@/lib/url/site';
import { markNotified, missedNotices, notify, notifyJobEnded } from './notifications';
import { PollScheduler } from './scheduler';
import { backgroundTexts } from './texts';

/** The notification of an upload waiting for its storage's site (one per job). */
const SITE_NOTIFICATION_PREFIX = 'site:';

/** A page's title kept on a video job at most this long (a tab title is the page's to choose). */
const VIDEO_TITLE_MAX = 500;

export interface ResultsDeps {
  now: () => number;
  client: ApiClient;
  sessionStore: BackgroundSessionStore;
  archive: Archive;
  archiveOwner: () => Promise<string | null>;
  lang: () => Promise<Lang>;
  hasOriginAccess: (url: string) => Promise<boolean>;
  filesKv?: KeyValueStore;
  /** After each tick: the session notices. */
  checkSession: () => Promise<void>;
  resolveSpace: (explicit?: number) => Promise<{ id: number; name?: string }>;
  /** A ready result on its way out, before the job is marked ready (the deliveries). */
  deliver: (job: Job, result: ProcessingResult) => Promise<void>;
}

export function createResults(deps: ResultsDeps) {
  const { now, client, archive, lang, resolveSpace } = deps;
  const jobs = createJobStore(now);
  const files = createFileStore(deps.filesKv);

  const updateBadge = async () => {
    const active = (await jobs.list()).filter((job) => !isTerminal(job.phase)).length;
    // Manifest V2 (Firefox) names it browserAction.
    const action =
      browser.action ?? (browser as unknown as { browserAction: typeof browser.action }).browserAction;
    try {
      await action.setBadgeText({ text: active > 0 ? String(active) : '' });
      if (active > 0) await action.setBadgeBackgroundColor({ color: '#1a73e8' });
    } catch (error) {
      console.warn('badge not updated', error);
    }
  };

  const charges = new ChargeWatch({
    client,
    log: storageChargeLog(),
    now,
    onIncident: async (incident) => {
      const language = await lang();
      await notify(
        `charge:${incident.id}`,
        incidentTitle(incident, language),
        incidentText(incident, language),
      );
    },
  });

  const onJobChange = async (job: Job, previous: Job | undefined) => {
    if (!previous || previous.phase !== job.phase) await updateBadge();
    if (previous && job.phase === 'failed' && previous.phase === 'processing') {
      const refund =
        job.failure?.kind === 'processing-failed' || job.failure?.kind === 'processing-server-error';
      // A failed run gives its charge back: logged, so it is not mistaken around another charge.
      if (refund)
        await charges.refunded(job, previous.lastResultCheckAt ?? job.processingSince ?? job.createdAt);
    }
    if (isTerminal(job.phase) && (!previous || !isTerminal(previous.phase))) {
      await notifyJobEnded(job, previous, await getSettings(), await lang());
      await markNotified(jobs, job.id, now());
    }
    // An upload (a recording stopped by itself, nobody's click) waits for its storage's site: the
    // popup asks for it in a click; said once as it starts waiting.
    if (job.blocked === 'site' && previous?.blocked !== 'site' && job.blockedOrigin) {
      const t = backgroundTexts(await lang());
      await notify(
        `${SITE_NOTIFICATION_PREFIX}${job.id}`,
        t.uploadSiteTitle,
        t.uploadSiteMessage(job.title ?? t.recordingFallback, siteOf(job.blockedOrigin)),
      );
    }
    void scheduler.reschedule();
  };

  /** A ready job's result is kept in the archive: it opens without the network afterwards. */
  const keepResult = async (job: Job, result: ProcessingResult) => {
    if (job.audioId === undefined) return;
    await archive.keep(await deps.archiveOwner(), {
      spaceId: job.spaceId,
      audioId: job.audioId,
      title: job.title ?? result.title,
      createdAt: job.createdAt,
      result,
      readAs: job.serviceUrl && job.account ? archiveOwner(job.serviceUrl, job.account) : null,
    });
  };

  const engine = new JobEngine({
    client,
    store: jobs,
    files,
    now,
    identity: async () => ({
      serviceUrl: await serviceUrlItem.getValue(),
      account: (await deps.sessionStore.get())?.email ?? null,
    }),
    hasOriginAccess: deps.hasOriginAccess,
    onChange: onJobChange,
    charges,
    onResult: async (job, result) => {
      // Kept in the archive first (a delivery may name speakers renamed there); whatever happens
      // there, the delivery is queued before the job is marked ready.
      await keepResult(job, result).catch((error) => console.error('result not archived', error));
      await deps.deliver(job, result);
    },
  });

  const archiveImport = new ArchiveImport({
    archive,
    owner: deps.archiveOwner,
    recordings: (spaceId) => client.iterateRecordings(spaceId, { ordering: '-created_at', limit: 100 }),
    result: (spaceId, audioId) => client.getResult(spaceId, audioId),
    load: () => archiveImportItem.getValue(),
    save: (state) => archiveImportItem.setValue(state),
    now,
    describeError: async (error) => {
      if (error instanceof ApiError) return describeFailure(error.info, await lang());
      return error instanceof Error ? error.message : String(error);
    },
  });

  const scheduler = new PollScheduler({
    tick: async () => {
      await engine.tick();
      // The client ends the session when it can no longer be renewed: say so.
      await deps.checkSession();
    },
    nextDueAt: () => engine.nextDueAt(),
    now,
    onError: (error) => console.error('background tick failed', error),
  });

  const sendBot = async (meeting: MeetingLink, spaceId?: number): Promise<Job> => {
    const space = await resolveSpace(spaceId);
    return engine.createBot(space.id, meeting, space.name);
  };

  /**
   * A video page or a direct media link, submitted for download; processed afterwards when the
   * intent is to transcribe and the options allow it. Null for anything else. `videoTitle`: the
   * video's title as its page showed it (the tab's title), which tells its recording should the
   * submit's answer be lost; a `title` given for a video page serves the same way.
   */
  const transcribe = async (
    url: string,
    options: { spaceId?: number; title?: string; videoTitle?: string; autoProcess?: boolean } = {},
  ): Promise<Job | null> => {
    const autoProcess = (options.autoProcess ?? true) && (await getSettings()).autoProcess;
    const page = parseVideoPage(url);
    if (page) {
      const space = await resolveSpace(options.spaceId);
      const title = (options.videoTitle ?? options.title)?.trim().slice(0, VIDEO_TITLE_MAX);
      return engine.createVideo(space.id, title ? { ...page, title } : page, autoProcess, space.name);
    }
    const media: MediaLink | null = parseMediaLink(url);
    if (!media) return null;
    const space = await resolveSpace(options.spaceId);
    const title = options.title ?? media.suggestedTitle;
    return engine.createLink(
      space.id,
      { url: media.url, title, contentType: contentTypeFor(title) ?? 'application/octet-stream' },
      autoProcess,
      space.name,
    );
  };

  /** Notices of jobs that ended just before the worker stopped, so none is lost. */
  const catchUpNotices = async () => {
    const missed = missedNotices(await jobs.list(), now());
    if (missed.length === 0) return;
    const [settings, language] = [await getSettings(), await lang()];
    for (const job of missed) {
      await notifyJobEnded(job, undefined, settings, language);
      await markNotified(jobs, job.id, now());
    }
  };

  return {
    jobs,
    files,
    engine,
    scheduler,
    archiveImport,
    updateBadge,
    sendBot,
    transcribe,
    catchUpNotices,
  };
}

export type Results = ReturnType<typeof createResults>;
