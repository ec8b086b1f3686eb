/**
 * The services the background is made of, as one another and the handlers see them (session,
 * spaces, jobs, archive, calendar): each made by its factory and wired by `createBackground`
 * (lib/background/app.ts) into the one `Background` (./types.ts). Kept apart from `Background` so a
 * service that takes another (Record here takes the spaces) imports these shapes without importing
 * the whole background that holds it.
 */
import type { ApiClient, SpaceListItem } from '@/lib/api';
import type { Archive, ArchiveImport } from '@/lib/archive';
import type { AutoJoin } from '@/lib/calendar/auto-join-service';
import type { Calendars } from '@/lib/calendar/calendars';
import type { Schedules } from '@/lib/calendar/schedules';
import type { FileStore } from '@/lib/file-store';
import type { JobEngine } from '@/lib/jobs/engine';
import type { JobStore } from '@/lib/jobs/store';
import type { Job } from '@/lib/jobs/types';
import type { MeetingLink } from '@/lib/meetings';
import type { PageContext } from '@/lib/messaging';
import type { BackgroundSessionStore } from '@/lib/session-store';
import type { PollScheduler } from './scheduler';

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
