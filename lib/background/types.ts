/**
 * What the background is made of, as its handlers, menus, pages' answers and tests see it: one
 * object, wired once per start of the worker by `createBackground` (lib/background/app.ts), grouped
 * by its services (session, spaces, jobs, archive, calendar, deliveries, recording). The shapes of
 * the services themselves are ./services.ts; "Record here"'s are ./recording/types.ts.
 */
import type { Sleep } from '@/lib/api';
import type { CalendarDeps } from '@/lib/calendar/calendars';
import type { Deliveries } from '@/lib/delivery/deliveries';
import type { MarkdownDialect } from '@/lib/delivery/markdown-request';
import type { ProtocolSources } from '@/lib/grounding/sources';
import type { LinkSources } from '@/lib/grounding/thread';
import type { Lang } from '@/lib/i18n';
import type { KeyValueStore } from '@/lib/kv';
import type { OpenItems } from './items';
import type { withItemsExtractor } from './items-extraction';
import type { PageNamesService } from './page-names';
import type { Recording } from './recording/types';
import type { ArchiveService, CalendarService, JobsService, SessionService, SpacesService } from './services';

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
  /** Where the meeting pages' timelines are kept; default: the timelines database (lib/page-names/store.ts). */
  timelinesKv?: KeyValueStore;
  /** Where the open items are kept; default: the items database (lib/items/kept.ts). */
  itemsKv?: KeyValueStore;
  /** How a protocol's action items are read; default: outside the worker (lib/background/items-extraction.ts). */
  itemsExtractor?: typeof withItemsExtractor;
  fetch?: typeof fetch;
  /** How calendar feeds are parsed; default: outside the worker (lib/background/engine-client.ts). */
  parseFeed?: CalendarDeps['parseFeed'];
  /** A protocol's Markdown in a chat's markup; default: outside the worker (lib/background/markdown-conversion.ts). */
  convertMarkdown?: (markdown: string, dialect: MarkdownDialect) => Promise<string>;
  /** A result's lines linked to their suggested sources; default: outside the worker (lib/background/sources.ts). */
  linkSources?: LinkSources;
  now?: () => number;
  sleep?: Sleep;
  hasOriginAccess?: (url: string) => Promise<boolean>;
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
  /** "Record here" (lib/background/recording/). */
  recording: Recording;
  /** The suggested sources of protocols' lines (lib/background/sources.ts). */
  sources: {
    /** A result's sources, linked outside the worker (throws when they could not be). */
    link: LinkSources;
    /**
     * A kept result's sources: kept beside it for its revision, or linked and kept. Null: not in
     * this owner's archive (or the archive could not be read).
     */
    kept: (owner: string, spaceId: number, audioId: number) => Promise<ProtocolSources | null>;
  };
  /** Names from the meeting page: its timelines beside their recordings (lib/background/page-names.ts). */
  pageNames: PageNamesService;
  /** The open items: every kept meeting's action items and their states (lib/background/items.ts). */
  items: OpenItems;
  /** Every start of the worker: schedules, session notices, badge, and a tick if anything is due. */
  wake: () => Promise<void>;
}
