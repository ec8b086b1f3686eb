import type { BotService, MeetingLink } from '@/lib/meetings';

/** One occurrence of a calendar event that holds a meeting link (all-day, cancelled and declined ones never become one). */
export interface MeetingOccurrence {
  /** The event's UID (shared by every occurrence of a series). */
  uid: string;
  title: string;
  /** Start and end, epoch milliseconds (UTC). */
  startsAt: number;
  endsAt: number;
  /** The first meeting link of the event, in canonical form. */
  link: MeetingLink;
  /** Organizer's email, lower case, when the event names one. */
  organizer: string | null;
  /** Attendees' emails, lower case. */
  attendees: string[];
  /**
   * The attendees who accepted (or tentatively accepted), lower case. Absent in occurrences stored
   * before it was read: nobody counts as having accepted.
   */
  accepted?: string[];
  /**
   * The display names of the event's people (the organizer and the attendees, from their CN), for
   * the speakers' rename to offer: no room, no one who declined, no address. Absent in occurrences
   * stored before it was read.
   */
  people?: string[];
}

export interface ParsedFeed {
  /** The calendar's name (X-WR-CALNAME), when the feed has one. */
  name: string | null;
  /** Every occurrence with a link in the window, sorted by start. */
  occurrences: MeetingOccurrence[];
  /** VEVENTs read (masters and overrides), for the sync's summary and the benchmark. */
  events: number;
  /** The caps this feed reached (what fits was read); said once for the feed. */
  capped: FeedCap[];
  /** Events that could not be read and were left out: how many, and why the first was. */
  skipped?: FeedSkipped;
  /** Parts of events left out or mended while their events were read (an EXDATE value, a VALUE=DATE). */
  partsSkipped?: FeedParts;
  /** Zone names no table knows and no VTIMEZONE defines: their times were read in the user's zone. */
  unknownZones?: string[];
}

/**
 * Why events of a feed were left out (lib/calendar/feed-split.ts): `zone`, its time zone cannot be
 * read (the zone's name is the property); `long`, its rule steps through too many occurrences
 * before the window.
 */
export interface FeedSkipped {
  count: number;
  reason: 'time' | 'rule' | 'duration' | 'start' | 'broken' | 'zone' | 'long';
  /** The property at fault (DTSTART, RRULE…), or the zone's name, when one is. */
  property?: string;
}

/** Values, parameters or lines of a feed left out (or mended) while what they were in was read. */
export interface FeedParts {
  count: number;
  /** The property (or component) of the first. */
  property: string;
}

/** A cap that cuts a feed instead of failing it (lib/calendar/caps.ts). */
export type FeedCap = 'events' | 'occurrences';

/** Which meetings of a calendar get a bot. */
export type RuleMode = 'off' | 'all' | 'organiser' | 'external';

export const RULE_MODES: readonly RuleMode[] = ['off', 'all', 'organiser', 'external'];

export interface CalendarRule {
  mode: RuleMode;
  /** The space the bot records into; null: the default space of the options. */
  spaceId: number | null;
  /** 0: at the start; N: N minutes after it. */
  joinAfterMinutes: number;
  /** A meeting whose title contains one of these (case-insensitive) gets no bot. */
  skipWords: string[];
  /** Also invitations the owner has not answered (off by default: anyone can send one). */
  unanswered: boolean;
  /**
   * Also events organised outside the owner's domain, and events that do not name the owner (no
   * organiser, not on the guest list). Off by default: a shared or subscribed feed is a stranger's.
   */
  others: boolean;
  /** The calendar owner's address, as the user gave it; null: the signed-in account's. Never the feed's. */
  email: string | null;
}

/**
 * A newly added calendar: the meetings the user organises or has accepted, into the default space,
 * at the start.
 */
export const DEFAULT_RULE: CalendarRule = {
  mode: 'all',
  spaceId: null,
  joinAfterMinutes: 0,
  skipWords: [],
  unanswered: false,
  others: false,
  email: null,
};

/** Bots sent from calendars in 24 hours, unless the options say otherwise. */
export const DEFAULT_CALENDAR_BOTS_PER_DAY = 10;
export const CALENDAR_BOTS_PER_DAY_MAX = 100;

export const JOIN_AFTER_MAX_MINUTES = 60;

// What the calendar service stores and what extension pages see of it (lib/calendar/calendars.ts).

export type CalendarErrorKind =
  | 'permission'
  | 'network'
  | 'http'
  | 'not-ical'
  | 'too-large'
  /** The parse exceeded its time or recurrence budget: the parse worker was stopped. */
  | 'too-complex'
  /** The feed answered with a redirect to another scheme or host. */
  | 'redirect'
  /** No answer within the fetch's time limit. */
  | 'timeout'
  /** The parser failed for another reason. */
  | 'parse-failed';

export interface CalendarError {
  kind: CalendarErrorKind;
  status?: number;
  at: number;
}

export interface StoredCalendar {
  id: string;
  url: string;
  name: string | null;
  rule: CalendarRule;
  addedAt: number;
  lastSyncAt: number | null;
  lastError: CalendarError | null;
  etag: string | null;
  lastModified: string | null;
  /** The feed text of the last 200 answer, re-read when the window moves on an unchanged feed. */
  feed: string | null;
  /** When `occurrences` were computed, and of which window. */
  parsedAt: number | null;
  occurrences: MeetingOccurrence[];
  /** The caps the last parse reached (absent before any). */
  capped?: FeedCap[];
  /** Events the last parse left out (absent when none). */
  skipped?: FeedSkipped;
  /** Parts of events the last parse left out or mended (absent when none). */
  partsSkipped?: FeedParts;
  /** Zone names the last parse read in the user's zone (absent when none). */
  unknownZones?: string[];
  /**
   * Since when the feed has not been read (it answered something other than iCalendar, could not
   * be reached, or could not be parsed); absent once it is read again.
   */
  badSince?: number;
}

/** What extension pages see of a calendar: never the full address. */
export interface CalendarView {
  id: string;
  address: string;
  name: string | null;
  rule: CalendarRule;
  lastSyncAt: number | null;
  lastError: CalendarError | null;
  /** Upcoming meetings with a link (whatever the rule). */
  upcoming: number;
  /** The caps its feed reached, said once for the calendar. */
  capped: FeedCap[];
  /** Events its feed had that could not be read, and why the first could not. */
  skipped?: FeedSkipped;
  /** Values or lines of its feed left out (or mended) while their events were read. */
  partsSkipped?: FeedParts;
  /** Zone names its feed uses that were read in the user's zone. */
  unknownZones?: string[];
  /** Its bots are held: its feed has not been read since then, for over FEED_HOLD_MS. */
  heldSince?: number;
}

export type DispatchState = 'sending' | 'sent' | 'skipped' | 'missed' | 'failed';

export interface DispatchRecord {
  key: string;
  state: DispatchState;
  at: number;
  link: string;
  startsAt: number;
  /** The occurrence's end (records written before it was kept have none). */
  endsAt?: number;
  title: string;
  jobId?: string;
  /** Why the bot could not be asked for (not signed in, no access...). */
  error?: string;
  /** The calendars asked the service for this bot by themselves (counted against the daily cap). */
  auto?: true;
  /** Skipped because the calendars' bots-per-day cap was reached. */
  capped?: true;
}

export interface UpcomingItem {
  key: string;
  source: 'calendar' | 'schedule';
  title: string;
  link: string;
  service: MeetingLink['service'];
  startsAt: number;
  endsAt: number | null;
  sendAt: number;
  spaceId: number | null;
  calendarName: string | null;
  /**
   * `planned`: will be sent; `off`: the calendar's rule does not send it; `held`: its calendar's
   * feed has not been read for a while, so it is sent only if the user sends it anyway.
   */
  state: 'planned' | 'off' | 'held' | DispatchState;
  jobId?: string;
  scheduleId?: string;
  error?: string;
  /** Skipped because the calendars' bots-per-day cap was reached. */
  capped?: true;
}

/** A bot to send at a calendar event's start (messages `page.scheduleBot`, `schedules.*`). */
export interface ScheduledBot {
  id: string;
  link: string;
  meetingService: BotService;
  startsAt: number;
  title?: string;
  spaceId: number;
}
