/**
 * The background's one wiring root: each start of the worker makes its services from storage and
 * joins them into the `Background` (lib/background/types.ts) its handlers, menus and alarms use:
 * - the session and the account's spaces, with the API client (./account.ts);
 * - the deliveries of ready protocols (./deliveries.ts);
 * - jobs and results: the job engine, the poll scheduler, the archive (./results.ts);
 * - the calendars, the tab rule and the scheduled bots (./calendar-services.ts);
 * - "Record here", over the worker's one offscreen document (./recording/, ./offscreen.ts).
 */
import { ARCHIVE_CHANNEL, Archive, type ArchiveChange, archiveKv, dropSearchDatabase } from '@/lib/archive';
import { type Lang, resolveLang } from '@/lib/i18n';
import { ITEMS_CHANNEL, ItemsStore } from '@/lib/items/kept';
import type { Job } from '@/lib/jobs/types';
import { idbKeyValue } from '@/lib/kv';
import type { MeetingLink } from '@/lib/meetings';
import { TimelineStore } from '@/lib/page-names/store';
import { hasOriginAccess } from '@/lib/permissions';
import { createRecordingStore } from '@/lib/recording/store';
import { DATABASES, getSettings } from '@/lib/storage';
import { createAccount } from './account';
import { createCalendarServices } from './calendar-services';
import { createDeliveries, deliveryAlarm, trustedDeliveryKv } from './deliveries';
import { deliveryItemsReader } from './delivery-items';
import { createOpenItems, type ItemsStatus, type OpenItems, type PageOfMeeting } from './items';
import { withItemsExtractor } from './items-extraction';
import { notify } from './notifications';
import { theOffscreenDocument } from './offscreen';
import { createPageNames, type PageNamesService } from './page-names';
import {
  createRecording,
  firstRecording,
  type Recording,
  recordingBrowser,
  testSilencePieceMs,
} from './recording';
import { createResults } from './results';
import type { JobsService, SessionService, SpacesService } from './services';
import { keptSourcesReader, linkSourcesOffThread } from './sources';
import type { Background, BackgroundOptions } from './types';

export type { Background, BackgroundOptions } from './types';

/**
 * Tells the pages' search workers that the archive changed (they update their index); a wipe
 * also drops the search database's files.
 */
function announceArchiveChange(change: ArchiveChange): void {
  if (change.kind === 'clear') void dropSearchDatabase();
  try {
    const channel = new BroadcastChannel(ARCHIVE_CHANNEL);
    channel.postMessage(change);
    channel.close();
  } catch {
    // No page listens, or no BroadcastChannel here: the index catches up when next opened.
  }
}

/** Tells the open items views that the items changed (and how many meetings are still to read). */
function announceItems(status: ItemsStatus): void {
  try {
    const channel = new BroadcastChannel(ITEMS_CHANNEL);
    channel.postMessage(status);
    channel.close();
  } catch {
    // No page listens, or no BroadcastChannel here: a view reads the items when it opens.
  }
}

export function createBackground(options: BackgroundOptions = {}): Background {
  const now = options.now ?? Date.now;
  const originAccess = options.hasOriginAccess ?? hasOriginAccess;
  const lang = async (): Promise<Lang> => resolveLang((await getSettings()).language);
  // Made below, once the archive and the recording they follow exist.
  let pageNames: PageNamesService | undefined;
  let items: OpenItems | undefined;
  const archive = new Archive(options.archiveKv ?? archiveKv(), {
    now,
    changed: (change) => {
      announceArchiveChange(change);
      void pageNames?.archiveChanged(change).catch((error) => console.error('page timelines', error));
      void items?.archiveChanged(change).catch((error) => console.error('open items', error));
    },
  });

  // Made below, once the jobs it uploads through exist; the session's end wipes it.
  let recording: Recording | undefined;
  const account = createAccount({
    now,
    archive,
    lang,
    forgetRecordings: async (how) => {
      await recording?.forget(how);
      // Sign-out takes the meeting pages' timelines with the recordings; a session that ended (and
      // "Sign in again") keeps them with the recordings they belong to (the archive's clear does not touch them).
      if (how === 'signed-out') await pageNames?.wipe();
    },
    ...(options.sessionKv ? { sessionKv: options.sessionKv } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
  });

  /** A result's lines linked to their suggested sources (lib/background/sources.ts). */
  const linkSources = options.linkSources ?? linkSourcesOffThread;

  /** The deliveries (their store and sending are made on first use in this start). */
  const delivery = createDeliveries({
    now,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    hasOriginAccess: originAccess,
    lang,
    ...(options.convertMarkdown ? { convertMarkdown: options.convertMarkdown } : {}),
    readItems: deliveryItemsReader({
      requestFor: async (spaceId, audioId) => (items ? items.requestFor(spaceId, audioId) : null),
      extractor: options.itemsExtractor ?? withItemsExtractor,
    }),
    kv: trustedDeliveryKv,
    schedule: deliveryAlarm(now),
    speakerNames: (spaceId, audioId) => archive.speakerMap(spaceId, audioId),
    // Destinations belong to the account that set them up.
    owner: account.archiveOwner,
    linkSources,
  });

  const results = createResults({
    now,
    client: account.client,
    sessionStore: account.sessionStore,
    archive,
    archiveOwner: account.archiveOwner,
    lang,
    hasOriginAccess: originAccess,
    ...(options.filesKv ? { filesKv: options.filesKv } : {}),
    checkSession: account.checkSession,
    resolveSpace: account.resolveSpace,
    // Before the job is marked ready: the outbox keeps the delivery across worker stops.
    deliver: (job, result) => delivery.deliverResult(job, result),
  });

  /**
   * The one way a bot is sent (a click, the menu, the shortcut, a calendar, the tab rule, a schedule):
   * its space resolved, and the calendar event's attendees kept beside its job when a feed holds the
   * meeting.
   */
  const sendBot = async (meeting: MeetingLink, spaceId?: number): Promise<Job> => {
    const job = await results.sendBot(meeting, spaceId);
    await pageNames?.botSent(job).catch((error) => console.error('attendees not kept', error));
    return job;
  };

  const calendars = createCalendarServices({
    now,
    lang,
    sessionStore: account.sessionStore,
    hasOriginAccess: originAccess,
    jobs: results.jobs,
    reschedule: () => void results.scheduler.reschedule(),
    sendBot,
    spaces: () => account.spaces(),
    ...(options.calendarsKv ? { calendarsKv: options.calendarsKv } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.parseFeed ? { parseFeed: options.parseFeed } : {}),
  });

  const session: SessionService = {
    client: account.client,
    store: account.sessionStore,
    check: account.checkSession,
    noteStorageOrigins: account.noteStorageOrigins,
  };
  const spaces: SpacesService = {
    refresh: account.refreshSpaces,
    list: account.spaces,
    resolve: account.resolveSpace,
  };
  const jobs: JobsService = {
    store: results.jobs,
    files: results.files,
    engine: results.engine,
    scheduler: results.scheduler,
    updateBadge: results.updateBadge,
    sendBot,
    transcribe: results.transcribe,
  };

  const recordingKv = options.recordingKv ?? idbKeyValue(DATABASES.recording.name, DATABASES.recording.store);
  const recordingStore = createRecordingStore(recordingKv);
  recording = createRecording({
    now,
    lang,
    store: recordingStore,
    offscreen: theOffscreenDocument(),
    browser: recordingBrowser(),
    notify,
    session,
    owner: account.archiveOwner,
    spaces,
    jobs,
    autoProcess: async () => (await getSettings()).autoProcess,
    silenceStop: async () => (await getSettings()).silenceStopMinutes,
    silencePieceMs: testSilencePieceMs(recordingKv),
    firstRecording,
    started: async (state, pageUrl) => pageNames?.recordingStarted(state, pageUrl),
  });

  pageNames = createPageNames({
    now,
    store: new TimelineStore(
      options.timelinesKv ?? idbKeyValue(DATABASES.timelines.name, DATABASES.timelines.store),
      now,
    ),
    // A timeline lives as long as its recording is kept: the current one or one set aside.
    recording: { state: () => recordingStore.getState(), kept: () => recordingStore.getKept() },
    jobs: results.jobs,
    archive: { store: archive, owner: account.archiveOwner },
    applyWithoutAsking: async () => (await getSettings()).applyPageNames,
    // Only when a calendar is kept: the calendars are not made for nothing.
    occurrences: async () => ((await calendars.hasCalendars()) ? calendars.calendars().occurrences() : []),
  });

  items = createOpenItems({
    now,
    store: new ItemsStore(options.itemsKv ?? idbKeyValue(DATABASES.items.name, DATABASES.items.store), {
      changed: () => announceItems(items?.status() ?? { pending: 0 }),
    }),
    archive,
    owner: account.archiveOwner,
    pages: async () => {
      const out = new Map<string, PageOfMeeting>();
      for (const [key, kept] of (await pageNames?.kept()) ?? []) {
        const { participants } = kept.timeline;
        out.set(key, {
          names: participants.map((participant) => participant.name).filter(Boolean),
          self: participants.filter((one) => one.self && one.name).map((one) => one.name),
          attendees: kept.attendees,
          event: kept.event,
        });
      }
      return out;
    },
    extractor: options.itemsExtractor ?? withItemsExtractor,
    announce: announceItems,
  });

  /** Every start of the worker: schedules, session notices, badge, and a tick if anything is due. */
  const wake = async () => {
    await results.catchUpNotices().catch((error) => console.error('missed notices not shown', error));
    await calendars.schedules.reconcile().catch((error) => console.error('schedules not reconciled', error));
    await calendars.wakeCalendars().catch((error) => console.error('calendars not woken', error));
    await account.checkSession().catch((error) => console.error('session not checked', error));
    await results.archiveImport.resume().catch((error) => console.error('archive import not resumed', error));
    await recording.resume().catch((error) => console.error('recording upload not resumed', error));
    // Timelines past 90 days go, and the daily alarm that lets them go is set again (Chrome may drop it).
    await pageNames.expire().catch((error) => console.error('page timelines not expired', error));
    // Sends what is due and re-arms the alarm (Chrome may drop it at a restart); only when something waits.
    void delivery.wake().catch((error) => console.error('deliveries not sent', error));
    await results.updateBadge();
    await results.scheduler.run();
  };

  return {
    now,
    lang,
    hasOriginAccess: originAccess,
    session,
    spaces,
    jobs,
    archive: {
      store: archive,
      import: results.archiveImport,
      owner: account.archiveOwner,
    },
    calendar: {
      schedules: calendars.schedules,
      get calendars() {
        return calendars.calendars();
      },
      get autoJoin() {
        return calendars.autoJoin();
      },
      hasCalendars: calendars.hasCalendars,
      balanceShortfalls: calendars.balanceShortfalls,
      sync: calendars.syncCalendars,
    },
    get deliveries() {
      return delivery.deliveries;
    },
    recording,
    sources: { link: linkSources, kept: keptSourcesReader({ archive, link: linkSources }) },
    pageNames,
    items,
    wake,
  };
}
