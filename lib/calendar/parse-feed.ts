/**
 * An iCalendar feed → the occurrences of its meetings in a time window. ical.js parses the feed
 * and expands recurrences (RRULE, RDATE, EXDATE, RECURRENCE-ID overrides) in the zones the feed
 * defines (VTIMEZONE). Skipped: all-day events, cancelled events and occurrences, occurrences the
 * user declined, events without a meeting link.
 */
import ICAL from 'ical.js';
import { eventMeetingLink } from './event-links';
import type { MeetingOccurrence, ParsedFeed } from './types';
import { zonedToEpoch } from './zoned-time';

export interface ParseOptions {
  /** Occurrences that end after `from` and start before `to` (epoch ms) are returned. */
  from: number;
  to: number;
  /** The calendar owner's email: their declined occurrences are skipped. */
  email?: string | null;
}

/** A feed that is not iCalendar (an HTML sign-in page, a truncated download...). */
export class FeedFormatError extends Error {
  override readonly name = 'FeedFormatError';
}

/** Recurrences expanded per series at most this often: a hostile feed cannot stall the worker. */
const MAX_STEPS_PER_SERIES = 50_000;
/** An override may move an occurrence by this much: expansion runs this far past the window. */
const MOVE_MARGIN_MS = 31 * 24 * 60 * 60_000;

function emailOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const email = value
    .replace(/^mailto:/i, '')
    .trim()
    .toLowerCase();
  return email.includes('@') ? email : null;
}

/**
 * Epoch ms of an ICAL.Time. Floating times are the user's wall clock (the platform's zone). A
 * TZID without its VTIMEZONE in the feed is read as an IANA name through Intl.
 */
function toEpoch(time: ICAL.Time, tzid: string | null): number {
  const zone = time.zone?.tzid;
  if (zone === 'floating' || !time.zone) {
    const wall = {
      year: time.year,
      month: time.month,
      day: time.day,
      hour: time.hour,
      minute: time.minute,
      second: time.second,
    };
    const named = tzid ? zonedToEpoch(wall, tzid) : null;
    return (
      named ?? new Date(time.year, time.month - 1, time.day, time.hour, time.minute, time.second).getTime()
    );
  }
  return time.toUnixTime() * 1000;
}

function startTzid(component: ICAL.Component): string | null {
  const value = component.getFirstProperty('dtstart')?.getParameter('tzid');
  return typeof value === 'string' ? value : null;
}

function isCancelled(component: ICAL.Component): boolean {
  return String(component.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED';
}

function declinedBy(component: ICAL.Component, email: string | null): boolean {
  if (!email) return false;
  return component.getAllProperties('attendee').some((attendee) => {
    const partstat = attendee.getParameter('partstat');
    return (
      emailOf(attendee.getFirstValue()) === email &&
      typeof partstat === 'string' &&
      partstat.toUpperCase() === 'DECLINED'
    );
  });
}

/** Every occurrence of a series shares its master's link: it is searched once. */
const links = new WeakMap<ICAL.Component, ReturnType<typeof eventMeetingLink>>();

function occurrenceOf(
  event: ICAL.Event,
  start: ICAL.Time,
  end: ICAL.Time,
  email: string | null,
): MeetingOccurrence | null {
  const component = event.component;
  if (start.isDate || isCancelled(component) || declinedBy(component, email)) return null;
  let link = links.get(component);
  if (link === undefined) {
    link = eventMeetingLink(component);
    links.set(component, link);
  }
  if (!link) return null;
  const tzid = startTzid(component);
  const startsAt = toEpoch(start, tzid);
  const endTzid = component.getFirstProperty('dtend')?.getParameter('tzid');
  const endsAt = Math.max(startsAt, toEpoch(end, typeof endTzid === 'string' ? endTzid : tzid));
  return {
    uid: event.uid ?? '',
    title: (event.summary ?? '').trim(),
    startsAt,
    endsAt,
    link,
    organizer: emailOf(component.getFirstPropertyValue('organizer')),
    attendees: component
      .getAllProperties('attendee')
      .map((attendee) => emailOf(attendee.getFirstValue()))
      .filter((value): value is string => value !== null),
  };
}

export function parseFeed(text: string, options: ParseOptions): ParsedFeed {
  let root: ICAL.Component;
  try {
    const parsed = ICAL.parse(text);
    root = new ICAL.Component(parsed);
  } catch (error) {
    throw new FeedFormatError(error instanceof Error ? error.message : 'not an iCalendar feed');
  }
  if (root.name !== 'vcalendar') throw new FeedFormatError('not an iCalendar feed');
  const email = options.email ? options.email.trim().toLowerCase() : null;
  const name = root.getFirstPropertyValue('x-wr-calname');
  const vevents = root.getAllSubcomponents('vevent');

  // Overrides (RECURRENCE-ID) belong to the master with the same UID.
  const masters = new Map<string, ICAL.Component>();
  const overrides = new Map<string, ICAL.Component[]>();
  const singles: ICAL.Component[] = [];
  for (const vevent of vevents) {
    const uid = vevent.getFirstPropertyValue('uid');
    const key = typeof uid === 'string' ? uid : null;
    if (key === null) singles.push(vevent);
    else if (vevent.hasProperty('recurrence-id')) overrides.set(key, [...(overrides.get(key) ?? []), vevent]);
    else if (masters.has(key)) singles.push(vevent);
    else masters.set(key, vevent);
  }
  // An override whose series is not in the feed (an invitation to one occurrence) stands alone.
  for (const [uid, list] of overrides) if (!masters.has(uid)) singles.push(...list);

  const occurrences: MeetingOccurrence[] = [];
  const inWindow = (occurrence: MeetingOccurrence | null) =>
    occurrence !== null && occurrence.endsAt > options.from && occurrence.startsAt < options.to;

  for (const component of singles) {
    const event = new ICAL.Event(component, { exceptions: [] });
    if (!event.startDate) continue;
    const occurrence = occurrenceOf(event, event.startDate, event.endDate ?? event.startDate, email);
    if (inWindow(occurrence)) occurrences.push(occurrence!);
  }

  for (const [uid, component] of masters) {
    // Overrides are passed in: otherwise ical.js relates every override of the feed to every series.
    const event = new ICAL.Event(component, { strictExceptions: true, exceptions: overrides.get(uid) ?? [] });
    if (!event.startDate) continue;
    if (!event.isRecurring()) {
      const occurrence = occurrenceOf(event, event.startDate, event.endDate ?? event.startDate, email);
      if (inWindow(occurrence)) occurrences.push(occurrence!);
      continue;
    }
    if (isCancelled(component)) continue;
    const tzid = startTzid(component);
    const stopAt = options.to + MOVE_MARGIN_MS;
    const lastsMs = event.duration ? event.duration.toSeconds() * 1000 : 0;
    const iterator = event.iterator();
    for (
      let step = 0, next = iterator.next();
      next && step < MAX_STEPS_PER_SERIES;
      step++, next = iterator.next()
    ) {
      const at = toEpoch(next, tzid);
      if (at > stopAt) break;
      // Past occurrences that no override moves are passed over without being built.
      if (
        at + lastsMs <= options.from &&
        !(event.exceptions as unknown as Record<string, unknown>)[next.toString()]
      )
        continue;
      const details = event.getOccurrenceDetails(next);
      const occurrence = occurrenceOf(details.item, details.startDate, details.endDate, email);
      if (inWindow(occurrence)) occurrences.push(occurrence!);
    }
  }

  occurrences.sort((a, b) => a.startsAt - b.startsAt || a.link.url.localeCompare(b.link.url));
  return {
    name: typeof name === 'string' && name.trim() !== '' ? name.trim() : null,
    occurrences,
    events: vevents.length,
  };
}
