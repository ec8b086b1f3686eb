/**
 * What the background is made of, as its handlers, menus, pages' answers and tests see it: one
 * object, wired once per start of the worker by `createBackground` (lib/background/app.ts), grouped
 * by its services (session, spaces, jobs, archive, calendar, deliveries, recording).
 */
import type { ApiClient, Sleep, SpaceListItem } from '@/lib/api';
import type { Archive, ArchiveImport } from '@/lib/archive';
import type { AutoJoin } from '@/lib/calendar/auto-join-service';
import type { CalendarDeps, Calendars } from '@/lib/calendar/calendars';
import type { Schedules } from '@/lib/calendar/schedules';
import type { Deliveries } from '@/lib/delivery/deliveries';
import type { MarkdownDialect } from '@/lib/delivery/markdown-request';
import type { FileStore } from '@/lib/file-store';
import type { Lang } from '@/lib/i18n';
import type { JobEngine } from '@/lib/jobs/engine';
import type { JobStore } from '@/lib/jobs/store';
import type { Job } from '@/lib/jobs/types';
import type { KeyValueStore } from '@/lib/kv';
import type { MeetingLink } from '@/lib/links';
import type { PageContext } from '@/lib/messaging';
import type { BackgroundSessionStore } from '@/lib/session-store';
import type { Recording } from './recording';
import type { PollScheduler } from './scheduler';
import type { SpeakerPages } from './speakers';

export interface BackgroundOptions {
  /** Where the session lives; default: the extension origin's IndexedDB. */
  sessionKv?: KeyValueStore;
  /** Where files waiting for upload live; default: the extension origin's IndexedDB. */
  filesKv?: KeyValueStore;
  /** Where calendars (private addresses) and their dispatches live; default: the extension origin's IndexedDB. */
  calendarsKv?: KeyValueStore;
  /** Where results are kept for reading offline and searching; default: the extension origin's IndexedDB. */
  archiveKv?: KeyValueStore;
  /** Where "Record here" keeps its state and pieces; default: the recording database (lib/recording/store.ts). */
  recordingKv?: KeyValueStore;
  /** Where the meeting pages' timelines are kept; default: the speakers database (lib/speakers/store.ts). */
  speakersKv?: KeyValueStore;
  fetch?: typeof fetch;
  /** How calendar feeds are parsed; default: outside the worker (lib/background/engine-client.ts). */
  parseFeed?: CalendarDeps['parseFeed'];
  /** A protocol's Markdown in a chat's markup; default: outside the worker (lib/background/markdown-conversion.ts). */
  convertMarkdown?: (markdown: string, dialect: MarkdownDialect) => Promise<string>;
  now?: () => number;
  sleep?: Sleep;
  hasOriginAccess?: (url: string) => Promise<boolean>;
}

/** A space whose remaining time does not cover the meetings planned for the next 24 hours. */
export interface BalanceShortfall {
  spaceId: number;
  spaceName: string;
  neededSeconds: number;
  availableSeconds: number;
}

/** The session with the service: the API client over the session store, and its notices. */
export interface SessionService {
  client: ApiClient;
  store: BackgroundSessionStore;
  /** Shows or clears the session notices (ending soon, ended). */
  check: () => Promise<void>;
  /** Remembers the storage origin of recording links, so `service.origins` can name it. */
  noteStorageOrigins: (urls: string[]) => Promise<void>;
}

/** The account's spaces. */
export interface SpacesService {
  /** Read from the service and cached. */
  refresh: () => Promise<SpaceListItem[]>;
  /** From the cache when it is fresh enough. */
  list: (maxAgeMs?: number) => Promise<PageContext['spaces']>;
  /** The space an action goes to: the one named, else the default from the options, else the main space. */
  resolve: (explicit?: number) => Promise<{ id: number; name?: string }>;
}

/** Jobs: their store and engine, the files waiting for upload, the poll scheduler, the badge, and the actions that make jobs. */
export interface JobsService {
  store: JobStore;
  files: FileStore;
  engine: JobEngine;
  scheduler: PollScheduler;
  updateBadge: () => Promise<void>;
  sendBot: (meeting: MeetingLink, spaceId?: number) => Promise<Job>;
  /** A video page or a direct media link, submitted for download; null for anything else. */
  transcribe: (
    url: string,
    options?: { spaceId?: number; title?: string; videoTitle?: string; autoProcess?: boolean },
  ) => Promise<Job | null>;
}

/** Ready results kept for reading offline and searching, and the import of past ones. */
export interface ArchiveService {
  store: Archive;
  import: ArchiveImport;
  /** The owner of the archive now: the service and the signed-in account, or null. */
  owner: () => Promise<string | null>;
}

/** The calendar feature: scheduled bots, the calendars, the tab rule, the balance warning. */
export interface CalendarService {
  schedules: Schedules;
  /** The calendars (made the first time in this start). */
  readonly calendars: Calendars;
  /** The tab rule (made the first time in this start). */
  readonly autoJoin: AutoJoin;
  /** Whether any calendar is configured, without reading the calendars. */
  hasCalendars: () => Promise<boolean>;
  /** With `notify`, each shortfall is notified once (per space and amount). */
  balanceShortfalls: (options?: { notify?: boolean }) => Promise<BalanceShortfall[]>;
  /** Reads every calendar, serves what is due, and warns once about a balance that will not do. */
  sync: () => Promise<void>;
}

/** The background, grouped by service (each made by its factory in lib/background/app.ts). */
export interface Background {
  now: () => number;
  lang: () => Promise<Lang>;
  hasOriginAccess: (url: string) => Promise<boolean>;
  session: SessionService;
  spaces: SpacesService;
  jobs: JobsService;
  archive: ArchiveService;
  calendar: CalendarService;
  /** The deliveries (made by the first use in a start). */
  readonly deliveries: Deliveries;
  /** "Record here" (lib/background/recording.ts). */
  recording: Recording;
  /** Names from the meeting page: its timelines beside their recordings (lib/background/speakers.ts). */
  speakers: SpeakerPages;
  /** Every start of the worker: schedules, session notices, badge, and a tick if anything is due. */
  wake: () => Promise<void>;
}
