/**
 * One calendar's feed, fetched and read: a conditional request (ETag / Last-Modified), the size
 * cap, then the parse (outside the background worker) into the occurrences of the window the
 * calendars plan from. Every failure ends as the calendar's `lastError`, never as a throw for a
 * feed that is merely bad.
 */
import { FeedFormatError } from './feed-error';
import { ownerEmail } from './owner';
import type { ParseOptions } from './parse-feed';
import type { CalendarErrorKind, ParsedFeed, StoredCalendar } from './types';

/** Occurrences kept from this long ago (a running meeting, a start missed while closed)... */
export const LOOK_BACK_MS = 12 * 60 * 60_000;
/** ...to this far ahead. */
export const LOOK_AHEAD_MS = 8 * 24 * 60 * 60_000;
/** A feed larger than this is refused (a real calendar is far smaller). */
export const FEED_MAX_BYTES = 20 * 1024 * 1024;

export interface FeedSyncDeps {
  /** Feed text → occurrences (ical.js, outside the background worker: lib/background/feed-parser.ts). */
  parseFeed: (text: string, options: ParseOptions) => Promise<ParsedFeed>;
  now: () => number;
  fetch: typeof fetch;
  hasOriginAccess: (url: string) => Promise<boolean>;
  /** The signed-in account's email (the calendar owner for declines and rules), or null. */
  accountEmail: () => Promise<string | null>;
}

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
  });
  if (!(await deps.hasOriginAccess(calendar.url))) return fail('permission');
  const headers: Record<string, string> = {};
  if (!force && calendar.feed !== null) {
    if (calendar.etag) headers['If-None-Match'] = calendar.etag;
    if (calendar.lastModified) headers['If-Modified-Since'] = calendar.lastModified;
  }
  let response: Response;
  try {
    response = await deps.fetch(calendar.url, {
      headers,
      credentials: 'omit',
      cache: 'no-store',
      redirect: 'follow',
    });
  } catch {
    return fail('network');
  }
  let feed = calendar.feed;
  let etag = calendar.etag;
  let lastModified = calendar.lastModified;
  if (response.status === 304 && feed !== null) {
    // Unchanged: the stored feed is re-read only when the window has moved on by an hour.
    if (calendar.parsedAt !== null && now - calendar.parsedAt < 60 * 60_000) {
      return { ...calendar, lastSyncAt: now, lastError: null };
    }
  } else if (!response.ok) {
    return fail('http', response.status);
  } else {
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > FEED_MAX_BYTES) return fail('too-large');
    const text = await response.text().catch(() => null);
    if (text === null) return fail('network');
    if (text.length > FEED_MAX_BYTES) return fail('too-large');
    feed = text;
    etag = response.headers.get('etag');
    lastModified = response.headers.get('last-modified');
  }
  try {
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
      occurrences,
      lastSyncAt: now,
      lastError: null,
    };
  } catch (error) {
    if (error instanceof FeedFormatError) return fail('not-ical');
    throw error;
  }
}
