/**
 * One calendar's feed, fetched and read: a conditional request (ETag / Last-Modified), the size
 * cap (the body streamed and cut), no redirect followed, a time limit, then the parse (outside the background worker) into the occurrences of the window the
 * calendars plan from. Every failure ends as the calendar's `lastError`, never as a throw for a
 * feed that is merely bad.
 */
import { readCappedBytes } from '@/lib/capped-body';
import { FEED_CAPS, type FeedCaps } from './caps';
import { FeedFormatError, FeedTooComplexError } from './feed-error';
import type { ParseOptions } from './ical-engine';
import { ownerEmail } from './owner';
import type { CalendarErrorKind, MeetingOccurrence, ParsedFeed, StoredCalendar } from './types';

/** Occurrences kept from this long ago (a running meeting, a start missed while closed)... */
export const LOOK_BACK_MS = 12 * 60 * 60_000;
/** ...to this far ahead. */
export const LOOK_AHEAD_MS = 8 * 24 * 60 * 60_000;
/** A feed larger than this is refused (a real calendar is far smaller): lib/calendar/caps.ts. */
export const FEED_MAX_BYTES = FEED_CAPS.bytes;

export interface FeedSyncDeps {
  /** Feed text → occurrences (ical.js, outside the background worker: lib/background/engine-client.ts). */
  parseFeed: (text: string, options: ParseOptions) => Promise<ParsedFeed>;
  now: () => number;
  fetch: typeof fetch;
  hasOriginAccess: (url: string) => Promise<boolean>;
  /** The signed-in account's email (the calendar owner for declines and rules), or null. */
  accountEmail: () => Promise<string | null>;
  /** FEED_CAPS unless given (tests). */
  caps?: FeedCaps;
}

/** The answer's body, read as a stream and cut at `maxBytes`: null when it is longer. */
export async function readCapped(response: Response, maxBytes: number): Promise<string | null> {
  const bytes = await readCappedBytes(response, maxBytes);
  return bytes && new TextDecoder().decode(bytes);
}

/**
 * The occurrences of one event share one attendee list (and one list of names). The parser gives them one, but a message
 * between contexts (Chrome's extension messaging is JSON) copies it per occurrence; shared again
 * here, IndexedDB's structured clone stores each list once.
 */
export function shareAttendees(occurrences: MeetingOccurrence[]): MeetingOccurrence[] {
  const lists = new Map<string, string[]>();
  const share = (uid: string, kind: string, list: string[]): string[] => {
    const key = `${uid}\n${kind}\n${list.join('\n')}`;
    const shared = lists.get(key);
    if (shared) return shared;
    lists.set(key, list);
    return list;
  };
  return occurrences.map((occurrence) => {
    const attendees = share(occurrence.uid, 'a', occurrence.attendees);
    const people = occurrence.people && share(occurrence.uid, 'p', occurrence.people);
    if (attendees === occurrence.attendees && people === occurrence.people) return occurrence;
    return { ...occurrence, attendees, ...(people && { people }) };
  });
}

class FetchProblem extends Error {
  constructor(readonly kind: CalendarErrorKind) {
    super(kind);
  }
}

/**
 * A feed that cannot be read for this long (it answers a sign-in page, 401, 403, 404 or a redirect;
 * or it cannot be reached, is too large, too complex or fails to parse) holds its calendar's bots:
 * its list may be days old, with meetings cancelled or moved since. Until then the plan stands (a
 * feed that is briefly down should not cost a meeting its bot).
 */
export const FEED_HOLD_MS = 2 * 60 * 60_000;

/** Never throws: every failure is the calendar's `lastError` (one feed's failure is its own). */
export async function syncFeed(
  calendar: StoredCalendar,
  force: boolean,
  deps: FeedSyncDeps,
): Promise<StoredCalendar> {
  const now = deps.now();
  const fail = (kind: CalendarErrorKind, status?: number): StoredCalendar => ({
    ...calendar,
    lastSyncAt: now,
    lastError: { kind, at: now, ...(status ? { status } : {}) },
    // Any failure to read the feed starts the count to holding its bots.
    badSince: calendar.badSince ?? now,
  });
  try {
    return await syncOnce(calendar, force, deps, now, fail);
  } catch (error) {
    if (error instanceof FetchProblem) return fail(error.kind);
    if (error instanceof FeedFormatError) return fail('not-ical');
    if (error instanceof FeedTooComplexError) return fail('too-complex');
    return fail('parse-failed');
  }
}

async function syncOnce(
  calendar: StoredCalendar,
  force: boolean,
  deps: FeedSyncDeps,
  now: number,
  fail: (kind: CalendarErrorKind, status?: number) => StoredCalendar,
): Promise<StoredCalendar> {
  if (!(await deps.hasOriginAccess(calendar.url))) return fail('permission');
  const headers: Record<string, string> = {};
  if (!force && calendar.feed !== null) {
    if (calendar.etag) headers['If-None-Match'] = calendar.etag;
    if (calendar.lastModified) headers['If-Modified-Since'] = calendar.lastModified;
  }
  const caps = deps.caps ?? FEED_CAPS;
  // One time limit for the answer and its body.
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), caps.fetchMs);
  let feed = calendar.feed;
  let etag = calendar.etag;
  let lastModified = calendar.lastModified;
  try {
    let response: Response;
    try {
      response = await deps.fetch(calendar.url, {
        headers,
        credentials: 'omit',
        cache: 'no-store',
        // A redirect is not followed: it could lead to another scheme or host.
        redirect: 'manual',
        signal: abort.signal,
      });
    } catch {
      throw new FetchProblem(abort.signal.aborted ? 'timeout' : 'network');
    }
    if (
      response.type === 'opaqueredirect' ||
      (response.status >= 300 && response.status < 400 && response.status !== 304)
    ) {
      await response.body?.cancel().catch(() => undefined);
      return fail('redirect');
    }
    if (response.status === 304 && feed !== null) {
      // Unchanged: the stored feed is re-read only when the window has moved on by an hour.
      if (calendar.parsedAt !== null && now - calendar.parsedAt < 60 * 60_000) {
        return { ...calendar, lastSyncAt: now, lastError: null, badSince: undefined };
      }
    } else if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      return fail('http', response.status);
    } else {
      let text: string | null;
      try {
        text = await readCapped(response, caps.bytes);
      } catch {
        throw new FetchProblem(abort.signal.aborted ? 'timeout' : 'network');
      }
      if (text === null) return fail('too-large');
      feed = text;
      etag = response.headers.get('etag');
      lastModified = response.headers.get('last-modified');
    }
  } finally {
    clearTimeout(timer);
  }
  const account = await deps.accountEmail();
  // Declines are read against the owner the user gave (or the account), never the feed's name.
  const parsed = await deps.parseFeed(feed!, {
    from: now - LOOK_BACK_MS,
    to: now + LOOK_AHEAD_MS,
    email: ownerEmail(calendar, account),
  });
  const occurrences = parsed.occurrences;
  return {
    ...calendar,
    name: parsed.name ?? calendar.name,
    feed,
    etag,
    lastModified,
    parsedAt: now,
    occurrences: shareAttendees(occurrences),
    capped: parsed.capped,
    skipped: parsed.skipped,
    partsSkipped: parsed.partsSkipped,
    unknownZones: parsed.unknownZones,
    lastSyncAt: now,
    lastError: null,
    badSince: undefined,
  };
}
