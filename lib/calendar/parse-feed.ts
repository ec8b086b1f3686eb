/**
 * An iCalendar feed → the occurrences of its meetings in a time window. ical.js parses the feed
 * and expands recurrences (RRULE, RDATE, EXDATE, RECURRENCE-ID overrides) in the zones the feed
 * defines (VTIMEZONE). Skipped: all-day events, cancelled events and occurrences, occurrences the
 * user declined, events without a meeting link.
 */
import ICAL from 'ical.js';
import { eventMeetingLink } from './event-links';
import { FeedFormatError } from './feed-error';
import type { MeetingOccurrence, ParsedFeed } from './types';
import { zonedToEpoch } from './zoned-time';

export interface ParseOptions {
  /** Occurrences that end after `from` and start before `to` (epoch ms) are returned. */
  from: number;
  to: number;
  /** The calendar owner's email: their declined occurrences are skipped. */
  email?: string | null;
}

export { FeedFormatError };

/** Recurrences expanded per series at most this often: a hostile feed cannot stall the worker. */
const MAX_STEPS_PER_SERIES = 50_000;
/** Titles are cut here: a hostile feed cannot fill the list or the storage. */
const TITLE_MAX = 500;
/** A meeting of a series may have started this long before the window and still be running in it. */
const OVERLAP_MS = 2 * 24 * 60 * 60_000;

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
  window: { from: number; to: number },
): MeetingOccurrence | null {
  if (start.isDate) return null;
  const component = event.component;
  // Times first: most events of a feed are outside the window, and links cost more to find.
  const tzid = startTzid(component);
  const startsAt = toEpoch(start, tzid);
  if (startsAt >= window.to) return null;
  const endTzid = component.getFirstProperty('dtend')?.getParameter('tzid');
  const endsAt = Math.max(startsAt, toEpoch(end, typeof endTzid === 'string' ? endTzid : tzid));
  if (endsAt <= window.from) return null;
  if (isCancelled(component) || declinedBy(component, email)) return null;
  let link = links.get(component);
  if (link === undefined) {
    link = eventMeetingLink(component);
    links.set(component, link);
  }
  if (!link) return null;
  return {
    uid: event.uid ?? '',
    title: (event.summary ?? '').trim().slice(0, TITLE_MAX),
    startsAt,
    endsAt,
    link,
    organizer: emailOf(component.getFirstPropertyValue('organizer')),
    attendees: component
      .getAllProperties('attendee')
      .map((attendee) => emailOf(attendee.getFirstValue()))
      .filter((value): value is string => value !== null),
    accepted: component
      .getAllProperties('attendee')
      .filter((attendee) => /^(ACCEPTED|TENTATIVE)$/i.test(String(attendee.getParameter('partstat') ?? '')))
      .map((attendee) => emailOf(attendee.getFirstValue()))
      .filter((value): value is string => value !== null),
  };
}

const DAY_MS = 24 * 60 * 60_000;

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * Moves the start of a long-running DAILY or WEEKLY series forward by whole periods to shortly
 * before `before`, so a stand-up that began two years ago is not expanded from its first day on
 * every sync. The occurrences from `before` on are the same: the shift is in wall time by a
 * multiple of the rule's period (and of a week when BYDAY is set), the rule has no COUNT and no
 * other BY part, and EXDATE, RDATE and overrides are absolute times. The new start, which counts
 * as an occurrence, lies before the window.
 */
function fastForward(event: ICAL.Event, before: number, tzid: string | null): void {
  const rules = event.component.getAllProperties('rrule');
  if (rules.length !== 1) return;
  const rule = rules[0]!.getFirstValue() as ICAL.Recur;
  if (!rule || rule.count || (rule.freq !== 'DAILY' && rule.freq !== 'WEEKLY')) return;
  const parts = Object.keys(rule.parts ?? {});
  if (parts.some((part) => part !== 'BYDAY')) return;
  const interval = rule.interval || 1;
  let periodDays = (rule.freq === 'WEEKLY' ? 7 : 1) * interval;
  if (parts.includes('BYDAY') && periodDays % 7 !== 0) periodDays = (periodDays * 7) / gcd(periodDays, 7);
  const start = event.startDate;
  const end = event.endDate;
  if (!start || !end) return;
  // Two spare days absorb any zone offset between wall time and UTC.
  const gapDays = Math.floor((before - toEpoch(start, tzid)) / DAY_MS) - 2;
  const periods = Math.floor(gapDays / periodDays);
  if (periods < 2) return;
  const shifted = start.clone();
  shifted.adjust(periods * periodDays, 0, 0, 0);
  const shiftedEnd = end.clone();
  shiftedEnd.adjust(periods * periodDays, 0, 0, 0);
  // Setting a floating time drops TZID; a zone read through Intl (no VTIMEZONE) needs it back.
  const startZone = event.component.getFirstProperty('dtstart')?.getParameter('tzid');
  const endZone = event.component.getFirstProperty('dtend')?.getParameter('tzid');
  event.startDate = shifted;
  event.endDate = shiftedEnd;
  if (typeof startZone === 'string')
    event.component.getFirstProperty('dtstart')?.setParameter('tzid', startZone);
  if (typeof endZone === 'string') event.component.getFirstProperty('dtend')?.setParameter('tzid', endZone);
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
  const inWindow = (occurrence: MeetingOccurrence | null) => occurrence !== null;

  for (const component of singles) {
    const event = new ICAL.Event(component, { exceptions: [] });
    if (!event.startDate) continue;
    const occurrence = occurrenceOf(event, event.startDate, event.endDate ?? event.startDate, email, options);
    if (inWindow(occurrence)) occurrences.push(occurrence!);
  }

  for (const [uid, component] of masters) {
    // Overrides are passed in: otherwise ical.js relates every override of the feed to every series.
    const event = new ICAL.Event(component, { strictExceptions: true, exceptions: overrides.get(uid) ?? [] });
    if (!event.startDate) continue;
    if (!event.isRecurring()) {
      const occurrence = occurrenceOf(
        event,
        event.startDate,
        event.endDate ?? event.startDate,
        email,
        options,
      );
      if (inWindow(occurrence)) occurrences.push(occurrence!);
      continue;
    }
    if (isCancelled(component)) continue;
    const tzid = startTzid(component);
    const lastsMs = event.duration ? event.duration.toSeconds() * 1000 : 0;
    // Expansion covers the window (plus the longest a meeting may last before it); overrides of
    // occurrences outside it that move into it are read directly below.
    fastForward(event, options.from - OVERLAP_MS, tzid);
    const exceptions = event.exceptions as unknown as Record<string, ICAL.Event>;
    const seen = new Set<string>();
    const iterator = event.iterator();
    for (
      let step = 0, next = iterator.next();
      next && step < MAX_STEPS_PER_SERIES;
      step++, next = iterator.next()
    ) {
      const at = toEpoch(next, tzid);
      if (at >= options.to) break;
      // Past occurrences are passed over without being built.
      if (at + Math.max(lastsMs, OVERLAP_MS) <= options.from) continue;
      const id = next.toString();
      seen.add(id);
      const details = event.getOccurrenceDetails(next);
      const occurrence = occurrenceOf(details.item, details.startDate, details.endDate, email, options);
      if (inWindow(occurrence)) occurrences.push(occurrence!);
    }
    for (const [id, exception] of Object.entries(exceptions)) {
      if (seen.has(id) || !exception.startDate) continue;
      const occurrence = occurrenceOf(
        exception,
        exception.startDate,
        exception.endDate ?? exception.startDate,
        email,
        options,
      );
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
