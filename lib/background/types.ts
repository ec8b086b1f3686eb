/**
 * What the background is made of, as its handlers, menus, pages' answers and tests see it: one
 * object, wired once per start of the worker by `createBackground` (lib/background/app.ts) from its
 * services (session and spaces, results and jobs, calendars, deliveries).
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
import type { PollScheduler } from './scheduler';

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

export interface Background {
  now: () => number;
  client: ApiClient;
  sessionStore: BackgroundSessionStore;
  archive: Archive;
  archiveImport: ArchiveImport;
  /** The owner of the archive now: the service and the signed-in account, or null. */
  archiveOwner: () => Promise<string | null>;
  jobs: JobStore;
  files: FileStore;
  engine: JobEngine;
  scheduler: PollScheduler;
  schedules: Schedules;
  /** The calendars (made the first time in this start). */
  readonly calendars: Calendars;
  /** The tab rule (made the first time in this start). */
  readonly autoJoin: AutoJoin;
  /** Whether any calendar is configured, without reading the calendars. */
  hasCalendars: () => Promise<boolean>;
  /** The deliveries (made by the first use in a start). */
  readonly deliveries: Deliveries;
  /** With `notify`, each shortfall is notified once (per space and amount). */
  balanceShortfalls: (options?: { notify?: boolean }) => Promise<BalanceShortfall[]>;
  /** Reads every calendar, serves what is due, and warns once about a balance that will not do. */
  syncCalendars: () => Promise<void>;
  hasOriginAccess: (url: string) => Promise<boolean>;
  lang: () => Promise<Lang>;
  updateBadge: () => Promise<void>;
  checkSession: () => Promise<void>;
  /** The spaces of the account, read from the service and cached. */
  refreshSpaces: () => Promise<SpaceListItem[]>;
  /** The spaces of the account, from the cache when it is fresh enough. */
  spaces: (maxAgeMs?: number) => Promise<PageContext['spaces']>;
  /** The space an action goes to: the one named, else the default from the options, else the main space. */
  resolveSpace: (explicit?: number) => Promise<{ id: number; name?: string }>;
  sendBot: (meeting: MeetingLink, spaceId?: number) => Promise<Job>;
  /** A video page or a direct media link, submitted for download; null for anything else. */
  transcribe: (
    url: string,
    options?: { spaceId?: number; title?: string; videoTitle?: string; autoProcess?: boolean },
  ) => Promise<Job | null>;
  /** Remembers the storage origin of recording links, so `service.origins` can name it. */
  noteStorageOrigins: (urls: string[]) => Promise<void>;
  /** Every start of the worker: schedules, session notices, badge, and a tick if anything is due. */
  wake: () => Promise<void>;
}
