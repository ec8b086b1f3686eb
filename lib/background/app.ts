/**
 * The background's parts, wired once per worker: the API client (with the session in IndexedDB),
 * the job engine, the poll scheduler, the bot schedules, and the actions the message handlers,
 * context menus and command share. Everything is rebuilt from storage each time the worker starts.
 */
import { browser } from 'wxt/browser';
import {
  type ApiClient,
  ApiError,
  contentTypeFor,
  createApiClient,
  type ProcessingResult,
  type Sleep,
  type SpaceListItem,
} from '@/lib/api';
import {
  ARCHIVE_CHANNEL,
  Archive,
  type ArchiveChange,
  ArchiveImport,
  archiveKv,
  archiveOwner,
  isArchivable,
} from '@/lib/archive';
import { calendarsHaveWork, hasCalendars } from '@/lib/calendar/store';
import { ChargeWatch, incidentText, incidentTitle, storageChargeLog } from '@/lib/charges';
import type { Deliveries } from '@/lib/delivery/deliveries';
import { describeError as describeFailure } from '@/lib/failures';
import { createFileStore, type FileStore } from '@/lib/file-store';
import { formatDuration } from '@/lib/format/time';
import { type Lang, resolveLang } from '@/lib/i18n';
import { JobEngine } from '@/lib/jobs/engine';
import { createJobStore, type JobStore } from '@/lib/jobs/store';
import { isTerminal, type Job } from '@/lib/jobs/types';
import { idbKeyValue, type KeyValueStore } from '@/lib/kv';
import {
  type MediaLink,
  type MeetingLink,
  parseMediaLink,
  parseMeetingLink,
  parseVideoPage,
} from '@/lib/links';
import type { PageContext, ScheduledBot } from '@/lib/messaging';
import { isHiddenOnSite } from '@/lib/page/conditions';
import { hasOriginAccess } from '@/lib/permissions';
import { type BackgroundSessionStore, createSessionStore, sessionEndedItem } from '@/lib/session-store';
import { archiveImportItem, getSettings, serviceUrlItem } from '@/lib/storage';
import { defineTrustedItem } from '@/lib/trusted-settings';
import type { AutoJoin, AutoJoinDeps } from './auto-join';
import type { CalendarDeps, Calendars, DispatchRecord } from './calendars';
import { deliveriesWaiting, deliveryAlarm, deliveryWanted, trustedDeliveryKv } from './deliveries';
import { markNotified, missedNotices, notify, notifyJobEnded } from './notifications';
import { part } from './parts';
import type { DeliveriesDeps } from './parts/deliveries';
import { forgetRecordings } from './recording-watch';
import { PollScheduler } from './scheduler';
import { Schedules } from './schedules';
import { checkSessionNotices } from './session';
import { backgroundTexts } from './texts';

/** The spaces of the signed-in account, cached for the page context and the default space. */
export interface AccountCache {
  serviceUrl: string;
  email: string;
  fetchedAt: number;
  spaces: PageContext['spaces'];
}

/** Names the account (its e-mail): kept with the trusted settings, out of content scripts' reach. */
export const accountItem = defineTrustedItem<AccountCache | null>('account', null);

/**
 * Origins of the service's upload storage seen in recording links (for `service.origins`): the
 * upload asks access for them, so a trusted setting (lib/trusted-settings.ts).
 */
export const storageOriginsItem = defineTrustedItem<string[]>('storageOrigins', []);

/** The page context's spaces are re-read at most this often (balances change slowly). */
const ACCOUNT_CACHE_MS = 60_000;

export interface BackgroundOptions {
  /** Where the session lives; default: the extension origin's IndexedDB. */
  sessionKv?: KeyValueStore;
  /** Where files waiting for upload live; default: the extension origin's IndexedDB. */
  filesKv?: KeyValueStore;
  /** Where calendars (private addresses) and their dispatches live; default: the extension origin's IndexedDB. */
  calendarsKv?: KeyValueStore;
  /** Where results are kept for reading offline and searching; default: the extension origin's IndexedDB. */
  archiveKv?: KeyValueStore;
  fetch?: typeof fetch;
  /** How calendar feeds are parsed; default: outside the worker (lib/background/feed-parser.ts). */
  parseFeed?: CalendarDeps['parseFeed'];
  /** A protocol's Markdown as Slack text; default: outside the worker (lib/background/slack-conversion.ts). */
  slackText?: (markdown: string) => Promise<string>;
  now?: () => number;
  sleep?: Sleep;
  hasOriginAccess?: (url: string) => Promise<boolean>;
}

export function normalizeServiceUrl(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

export type Background = ReturnType<typeof createBackground>;

/** Tells the pages' search workers that the archive changed (they update their index). */
function announceArchiveChange(change: ArchiveChange): void {
  try {
    const channel = new BroadcastChannel(ARCHIVE_CHANNEL);
    channel.postMessage(change);
    channel.close();
  } catch {
    // No page listens, or no BroadcastChannel here: the index catches up when next opened.
  }
}

export function createBackground(options: BackgroundOptions = {}) {
  const now = options.now ?? Date.now;
  const archive = new Archive(options.archiveKv ?? archiveKv(), { now, changed: announceArchiveChange });
  const forgetArchive = () =>
    Promise.all([
      archive.clear().catch((error) => console.error('archive not cleared', error)),
      // "Record here": the capture stops and its pieces go with the session.
      forgetRecordings().catch((error) => console.error('recording not wiped', error)),
    ]);
  const sessionKept: BackgroundSessionStore = createSessionStore(options.sessionKv, now);
  // The archive belongs to the session: when it ends (sign-out, another service, or a session
  // that can no longer be renewed) the archive and its search index go with it.
  const sessionStore: BackgroundSessionStore = {
    get: () => sessionKept.get(),
    set: async (session) => {
      await sessionKept.set(session);
      if (!session) await forgetArchive();
    },
    clear: async () => {
      await sessionKept.clear();
      await forgetArchive();
    },
  };
  /** The owner of the archive now: the service and the signed-in account, or null. */
  const archiveOwnerNow = async (): Promise<string | null> => {
    const session = await sessionStore.get();
    return session ? archiveOwner(await serviceUrlItem.getValue(), session.email) : null;
  };
  const client: ApiClient = createApiClient({
    baseUrl: () => serviceUrlItem.getValue(),
    session: sessionStore,
    now,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
  });
  const jobs: JobStore = createJobStore(now);
  const files: FileStore = createFileStore(options.filesKv);
  const originAccess = options.hasOriginAccess ?? hasOriginAccess;

  const lang = async (): Promise<Lang> => resolveLang((await getSettings()).language);

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
    void scheduler.reschedule();
  };

  const deliveryDeps: DeliveriesDeps = {
    now,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    hasOriginAccess: originAccess,
    lang,
    ...(options.slackText ? { slackText: options.slackText } : {}),
    kv: trustedDeliveryKv,
    schedule: deliveryAlarm(now),
  };
  /**
   * The deliveries come from the worker part `deliveries`, made on first use in this start: a wake
   * with an empty outbox and a result no destination wants never load it.
   */
  let deliveriesMade: Deliveries | undefined;
  const deliveries = () => {
    deliveriesMade ??= part('deliveries').createDeliveries(deliveryDeps);
    return deliveriesMade;
  };

  /** A ready job's result is kept in the archive: it opens without the network afterwards. */
  const keepResult = async (job: Job, result: ProcessingResult) => {
    const owner = await archiveOwnerNow();
    if (!owner || job.audioId === undefined || !isArchivable(result)) return;
    if (job.serviceUrl && job.account && archiveOwner(job.serviceUrl, job.account) !== owner) return;
    await archive.put(owner, {
      spaceId: job.spaceId,
      audioId: job.audioId,
      title: job.title ?? result.title,
      createdAt: job.createdAt,
      result,
    });
  };

  const engine = new JobEngine({
    client,
    store: jobs,
    files,
    now,
    identity: async () => ({
      serviceUrl: await serviceUrlItem.getValue(),
      account: (await sessionStore.get())?.email ?? null,
    }),
    hasOriginAccess: originAccess,
    onChange: onJobChange,
    charges,
    onResult: async (job, result) => {
      // Kept in the archive first (a delivery may name speakers renamed there); whatever happens
      // there, the delivery is queued before the job is marked ready.
      await keepResult(job, result).catch((error) => console.error('result not archived', error));
      // No destination wants this space (the common case): the deliveries are not loaded.
      if (!(await deliveryWanted(trustedDeliveryKv, job.spaceId))) return;
      // Names given to speakers in the viewer (a recording processed again may have them).
      const names = await archive.speakerNames(job.spaceId, result.audio_id).catch(() => ({}));
      // Before the job is marked ready: the outbox keeps the delivery across worker stops.
      await deliveries().enqueueResult(job, result, Object.keys(names).length > 0 ? names : undefined);
    },
  });

  const archiveImport = new ArchiveImport({
    archive,
    owner: archiveOwnerNow,
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

  const checkSession = async () => {
    await checkSessionNotices(
      await sessionStore.get(),
      await sessionEndedItem.getValue(),
      now(),
      await lang(),
    );
  };

  const scheduler = new PollScheduler({
    tick: async () => {
      await engine.tick();
      // The client ends the session when it can no longer be renewed: say so.
      await checkSession();
    },
    nextDueAt: () => engine.nextDueAt(),
    now,
    onError: (error) => console.error('background tick failed', error),
  });

  /** The spaces of the account, read from the service and cached. */
  const refreshSpaces = async (): Promise<SpaceListItem[]> => {
    const items: SpaceListItem[] = [];
    for await (const item of client.iterateSpaces({ limit: 50 })) items.push(item);
    const session = await sessionStore.get();
    if (session) {
      await accountItem.setValue({
        serviceUrl: await serviceUrlItem.getValue(),
        email: session.email,
        fetchedAt: now(),
        spaces: items.map((item) => ({
          id: item.space.id,
          name: item.space.name,
          isMain: item.is_main_space,
          availableSeconds: item.space.subscribe?.available_usage_count ?? 0,
          isActive: item.space.subscribe?.is_active ?? false,
        })),
      });
    }
    return items;
  };

  /** The cached spaces when they belong to this service and account and are fresh enough. */
  const cachedSpaces = async (maxAgeMs: number): Promise<PageContext['spaces'] | null> => {
    const [cache, session, serviceUrl] = await Promise.all([
      accountItem.getValue(),
      sessionStore.get(),
      serviceUrlItem.getValue(),
    ]);
    if (!cache || !session || cache.email !== session.email || cache.serviceUrl !== serviceUrl) return null;
    return now() - cache.fetchedAt <= maxAgeMs ? cache.spaces : null;
  };

  const spaces = async (maxAgeMs = ACCOUNT_CACHE_MS): Promise<PageContext['spaces']> => {
    const cached = await cachedSpaces(maxAgeMs);
    if (cached) return cached;
    await refreshSpaces();
    return (await cachedSpaces(Number.POSITIVE_INFINITY)) ?? [];
  };

  /** The space an action goes to: the one named, else the default from the options, else the main space. */
  const resolveSpace = async (explicit?: number): Promise<{ id: number; name?: string }> => {
    const wanted = explicit ?? (await getSettings()).defaultSpaceId ?? undefined;
    // Names and the main space change rarely: a day-old list is good enough to find them.
    let known = await cachedSpaces(24 * 60 * 60_000);
    if (!known || (wanted !== undefined && !known.some((space) => space.id === wanted)))
      known = await spaces(0);
    if (wanted !== undefined) return { id: wanted, name: known.find((space) => space.id === wanted)?.name };
    const main = known.find((space) => space.isMain) ?? known[0];
    if (!main) throw new ApiError({ kind: 'forbidden', detail: 'The account has no space.' });
    return { id: main.id, name: main.name };
  };

  const sendBot = async (meeting: MeetingLink, spaceId?: number): Promise<Job> => {
    const space = await resolveSpace(spaceId);
    return engine.createBot(space.id, meeting, space.name);
  };

  /**
   * A video page or a direct media link, submitted for download; processed afterwards when the
   * intent is to transcribe and the options allow it. Null for anything else.
   */
  const transcribe = async (
    url: string,
    options: { spaceId?: number; title?: string; autoProcess?: boolean } = {},
  ): Promise<Job | null> => {
    const autoProcess = (options.autoProcess ?? true) && (await getSettings()).autoProcess;
    const page = parseVideoPage(url);
    if (page) {
      const space = await resolveSpace(options.spaceId);
      return engine.createVideo(space.id, page, autoProcess, space.name);
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

  const schedules = new Schedules({
    now,
    dispatch: async (bot: ScheduledBot) => {
      const language = await lang();
      try {
        // Only a link the meeting detector accepts: an entry that is not one is never sent anywhere.
        const meeting = parseMeetingLink(bot.link);
        if (!meeting) {
          console.error('scheduled bot dropped: not a meeting link');
          return;
        }
        const job = await engine.createBot(bot.spaceId, meeting);
        if (job.phase !== 'failed') {
          const t = backgroundTexts(language);
          await notify(`schedule:${bot.id}`, t.scheduledSentTitle, t.botSentMessage(bot.title ?? bot.link));
        }
      } catch (error) {
        console.error('scheduled bot not sent', error);
      }
      void scheduler.reschedule();
    },
    missed: async (bot: ScheduledBot) => {
      const t = backgroundTexts(await lang());
      await notify(
        `schedule:${bot.id}`,
        t.scheduledMissedTitle,
        t.scheduledMissedMessage(bot.title ?? bot.link),
      );
    },
  });

  const calendarMissed = async (record: DispatchRecord) => {
    const t = backgroundTexts(await lang());
    await notify(
      `calendar:${record.key}`,
      t.scheduledMissedTitle,
      t.scheduledMissedMessage(record.title || record.link),
    );
  };

  const describeError = async (error: unknown) => {
    const language = await lang();
    if (error instanceof ApiError) return describeFailure(error.info, language);
    return error instanceof Error ? error.message : String(error);
  };

  const calendarsKv = options.calendarsKv ?? idbKeyValue('meeting-capture-calendars', 'calendars');
  // The calendars' and the tab rule's dependencies: they are made from their part (`calendarsPart`).
  const calendarDeps: Omit<CalendarDeps, 'parseFeed'> = {
    kv: calendarsKv,
    now,
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    hasOriginAccess: originAccess,
    accountEmail: async () => (await sessionStore.get())?.email.toLowerCase() ?? null,
    sendBot: async (meeting, spaceId) => {
      const job = await sendBot(meeting, spaceId);
      void scheduler.reschedule();
      return job;
    },
    jobs: () => jobs.list(),
    schedules: () => schedules.list(),
    missed: calendarMissed,
    failed: async (record, error) => {
      const t = backgroundTexts(await lang());
      await notify(
        `calendar:${record.key}`,
        t.actionFailedTitle,
        `${record.title || record.link}: ${record.error ?? String(error)}`,
      );
    },
    describeError: (error) => describeError(error),
  };

  const autoJoinDeps: Omit<AutoJoinDeps, 'coverage'> = {
    kv: calendarsKv,
    now,
    enabled: async (senderUrl) => {
      const settings = await getSettings();
      let host = '';
      try {
        host = new URL(senderUrl).hostname;
      } catch {
        return false;
      }
      // With the controls hidden on the site there is no countdown to see, so nothing is sent.
      return settings.autoJoinTabs && !isHiddenOnSite(settings.hiddenOnSites ?? [], host);
    },
    signedIn: async () => (await sessionStore.get()) !== null,
    jobs: () => jobs.list(),
    sendBot: async (meeting) => {
      const job = await sendBot(meeting);
      void scheduler.reschedule();
      return job;
    },
    tabExists: async (tabId) => {
      try {
        await browser.tabs.get(tabId);
        return true;
      } catch {
        return false;
      }
    },
    describeError,
  };

  /**
   * The calendars and the tab rule, made from their part (lib/background/parts.ts) the first time
   * an event of this start needs them: a start with nothing stored for them never loads it.
   */
  let calendarsMade: { calendars: Calendars; autoJoin: AutoJoin } | undefined;
  const calendarsPart = () => {
    if (!calendarsMade) {
      const made = part('calendars');
      const parseFeed = options.parseFeed ?? made.parseFeedOffThread;
      const calendars = new made.Calendars({ ...calendarDeps, parseFeed });
      const autoJoin = new made.AutoJoin({ ...autoJoinDeps, coverage: (link) => calendars.coverage(link) });
      calendarsMade = { calendars, autoJoin };
    }
    return calendarsMade;
  };

  /**
   * Spaces whose remaining time does not cover the meetings planned for the next 24 hours. With
   * `notify`, each shortfall is notified once (per space and amount).
   */
  const balanceShortfalls = async (options: { notify?: boolean } = {}) => {
    const needed = await calendarsPart().calendars.plannedSeconds();
    if (needed.size === 0 || !(await sessionStore.get())) return [];
    const known = await spaces();
    const settings = await getSettings();
    const fallback =
      settings.defaultSpaceId ?? known.find((space) => space.isMain)?.id ?? known[0]?.id ?? null;
    const bySpace = new Map<number, number>();
    for (const [spaceId, seconds] of needed) {
      const id = spaceId ?? fallback;
      if (id !== null) bySpace.set(id, (bySpace.get(id) ?? 0) + seconds);
    }
    const shortfalls = [];
    for (const [spaceId, neededSeconds] of bySpace) {
      const space = known.find((candidate) => candidate.id === spaceId);
      if (!space || space.availableSeconds >= neededSeconds) continue;
      shortfalls.push({
        spaceId,
        spaceName: space.name,
        neededSeconds,
        availableSeconds: space.availableSeconds,
      });
    }
    if (options.notify) {
      const language = await lang();
      const t = backgroundTexts(language);
      for (const shortfall of shortfalls) {
        const day = new Date(now()).toISOString().slice(0, 10);
        if (await calendarsPart().calendars.firstTime(`balance:${shortfall.spaceId}:${day}`)) {
          await notify(
            `calendar-balance:${shortfall.spaceId}`,
            t.balanceShortTitle,
            t.balanceShortMessage(
              shortfall.spaceName,
              formatDuration(shortfall.neededSeconds, language),
              formatDuration(shortfall.availableSeconds, language),
            ),
          );
        }
      }
    }
    return shortfalls;
  };

  /** Reads every calendar, serves what is due, and warns once about a balance that will not do. */
  const syncCalendars = async () => {
    await calendarsPart().calendars.syncAll();
    await balanceShortfalls({ notify: true }).catch((error) => console.error('balance check failed', error));
  };

  /** Remembers the storage origin of recording links, so `service.origins` can name it. */
  const noteStorageOrigins = async (urls: string[]) => {
    const origins = new Set<string>();
    for (const url of urls) {
      try {
        origins.add(new URL(url).origin);
      } catch {
        // Not a URL: nothing to note.
      }
    }
    const known = await storageOriginsItem.getValue();
    const added = [...origins].filter((origin) => !known.includes(origin));
    if (added.length > 0) await storageOriginsItem.setValue([...known, ...added].slice(-10));
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

  /**
   * At a start, the calendars' part only when something is stored for it (lib/calendar/store.ts):
   * due meetings served, interrupted sends settled, running countdowns and the alarms re-armed.
   */
  const wakeCalendars = async () => {
    // Unreadable: the part is loaded and reads it itself, rather than leave anything unsettled.
    if (!(await calendarsHaveWork(calendarsKv).catch(() => true))) return;
    const { calendars, autoJoin } = calendarsPart();
    await calendars.reconcile().catch((error) => console.error('calendars not reconciled', error));
    await autoJoin.fireDue().catch((error) => console.error('tab countdowns not settled', error));
  };

  /** Every start of the worker: schedules, session notices, badge, and a tick if anything is due. */
  const wake = async () => {
    await catchUpNotices().catch((error) => console.error('missed notices not shown', error));
    await schedules.reconcile().catch((error) => console.error('schedules not reconciled', error));
    await wakeCalendars().catch((error) => console.error('calendars part not loaded', error));
    await checkSession().catch((error) => console.error('session not checked', error));
    await archiveImport.resume().catch((error) => console.error('archive import not resumed', error));
    // Sends what is due and re-arms the alarm (Chrome may drop it at a restart); only when something waits.
    void deliveriesWaiting(trustedDeliveryKv)
      .then((waiting) => (waiting ? deliveries().sendDue() : undefined))
      .catch((error) => console.error('deliveries not sent', error));
    await updateBadge();
    await scheduler.run();
  };

  return {
    now,
    client,
    sessionStore,
    archive,
    archiveImport,
    archiveOwner: archiveOwnerNow,
    jobs,
    files,
    engine,
    scheduler,
    schedules,
    /** Loads the calendars' part (the first time in this start). */
    get calendars(): Calendars {
      return calendarsPart().calendars;
    },
    /** Loads the calendars' part (the first time in this start). */
    get autoJoin(): AutoJoin {
      return calendarsPart().autoJoin;
    },
    /** Whether any calendar is configured, without loading the calendars' part. */
    hasCalendars: () => hasCalendars(calendarsKv),
    /** The deliveries (the worker part `deliveries`, loaded by this first use in a start). */
    get deliveries() {
      return deliveries();
    },
    balanceShortfalls,
    syncCalendars,
    hasOriginAccess: originAccess,
    lang,
    updateBadge,
    checkSession,
    refreshSpaces,
    spaces,
    resolveSpace,
    sendBot,
    transcribe,
    noteStorageOrigins,
    wake,
  };
}
