/**
 * The calendar engine (runs on the parser's own thread, lib/calendar/engine-thread.ts): an
 * iCalendar feed → the occurrences of its meetings in a time window. ical.js parses the feed
 * and expands recurrences (RRULE, RDATE, EXDATE, RECURRENCE-ID overrides) in the zones the feed
 * defines (VTIMEZONE). Skipped: all-day events, cancelled events and occurrences, occurrences the
 * user declined, events without a meeting link.
 */
import ICAL from 'ical.js';
import { FEED_CAPS, type FeedCaps } from './caps';
import { eventMeetingLink } from './event-links';
import { FeedFormatError, FeedTooComplexError } from './feed-error';
import { readEvent, type Skip, splitFeed } from './feed-split';
import { FeedZones } from './feed-zones';
import type { FeedCap, MeetingOccurrence, ParsedFeed } from './types';

export interface ParseOptions {
  /** Occurrences that end after `from` and start before `to` (epoch ms) are returned. */
  from: number;
  to: number;
  /** The calendar owner's email: their declined occurrences are skipped. */
  email?: string | null;
  /** Caps (FEED_CAPS by default; tests pass smaller ones). */
  caps?: Partial<Pick<FeedCaps, 'events' | 'occurrences' | 'parseMs'>> & { ruleChecks?: number };
  /** The clock the parse time is measured on (tests inject one). */
  clock?: () => number;
}

export { FeedFormatError, FeedTooComplexError };

/** Recurrences expanded per series at most this often: one series cannot take the feed's whole budget. */
const MAX_STEPS_PER_SERIES = 50_000;
/** Attendees kept per event: the rules need a few; a list of thousands is a flood. */
const ATTENDEES_MAX = 200;
/**
 * Rule checks (the inner loop of ical.js's recurrence iterator) allowed per feed. One call of the
 * iterator can loop forever on a date that never exists (BYMONTH=2;BYMONTHDAY=30): each loop turn
 * checks the rule once, so counting the checks bounds the call. The parse time is checked there too.
 */
const RULE_CHECKS_MAX = 5_000_000;
const CLOCK_EVERY = 4096;

/** The running parse's budget; the iterator's checks draw on it (one parse at a time per thread). */
let budget: { checks: number; max: number; deadline: number; clock: () => number } | null = null;

type Iterator = { check_contracting_rules(): boolean };
const iteratorProto = (ICAL as unknown as { RecurIterator: { prototype: Iterator } }).RecurIterator.prototype;
const checkRules = iteratorProto.check_contracting_rules;
iteratorProto.check_contracting_rules = function (this: Iterator): boolean {
  spend();
  return checkRules.call(this);
};

function spend(): void {
  if (!budget) return;
  budget.checks += 1;
  if (budget.checks > budget.max) throw new FeedTooComplexError('too many recurrence steps');
  if (budget.checks % CLOCK_EVERY === 0 && budget.clock() > budget.deadline)
    throw new FeedTooComplexError('parse time limit reached');
}
/** Titles and the calendar's name are cut here: a hostile feed cannot fill the list or the storage. */
const TITLE_MAX = 500;
const NAME_MAX = 200;
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
/** ...and its attendees: one list per event, shared by its occurrences (a structured clone keeps one copy). */
const guests = new WeakMap<ICAL.Component, string[]>();

function attendeesOf(component: ICAL.Component): string[] {
  let list = guests.get(component);
  if (!list) {
    list = [];
    for (const attendee of component.getAllProperties('attendee')) {
      const email = emailOf(attendee.getFirstValue());
      if (email !== null && !list.includes(email)) list.push(email);
      if (list.length >= ATTENDEES_MAX) break;
    }
    guests.set(component, list);
  }
  return list;
}

/** A display name is cut to this many characters (a rename takes at most 100). */
const PERSON_NAME_MAX = 100;
// Control and format characters (bidirectional overrides, zero-width joiners) are dropped.
const INVISIBLE = /[\p{Cc}\p{Cf}]/gu;
/** A common name that is only an address (Google writes the address when the person has no name). */
const ADDRESS_ONLY = /^(mailto:)?[^\s@]+@[^\s@]+$/i;
/** Calendar users that are no person: a meeting room, a projector, a mailing list. */
const NO_PERSON = new Set(['ROOM', 'RESOURCE', 'GROUP']);

/**
 * A CN parameter as a display name: RFC 6868's caret escapes are undone by ical.js; a backslash
 * before `,` `;` `\` (some producers write them) is dropped; control and bidirectional characters
 * dropped, whitespace collapsed, trimmed, cut at `PERSON_NAME_MAX`. Empty, or only an address: no name.
 */
function personName(value: unknown): string | null {
  const raw = Array.isArray(value) ? value.filter((part) => typeof part === 'string').join(', ') : value;
  if (typeof raw !== 'string') return null;
  const text = raw
    .slice(0, PERSON_NAME_MAX * 8)
    .replace(/\\([,;\\])/g, '$1')
    .replace(INVISIBLE, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '' || ADDRESS_ONLY.test(text)) return null;
  const chars = Array.from(text);
  return chars.length > PERSON_NAME_MAX ? chars.slice(0, PERSON_NAME_MAX).join('').trimEnd() : text;
}

const upper = (value: unknown) => (typeof value === 'string' ? value.toUpperCase() : '');

/**
 * ...and the display names of its people (the organizer, then the attendees in feed order):
 * names only, never addresses. Left out: an attendee who declined, one that is no person (CUTYPE
 * ROOM, RESOURCE, GROUP), one who is only informed (ROLE=NON-PARTICIPANT), and a CN that is empty
 * or only an address. One per name, compared case-insensitively; at most `ATTENDEES_MAX`.
 */
const named = new WeakMap<ICAL.Component, string[]>();

function peopleOf(component: ICAL.Component): string[] {
  let list = named.get(component);
  if (!list) {
    list = [];
    const seen = new Set<string>();
    const properties = [
      ...component.getAllProperties('organizer'),
      ...component.getAllProperties('attendee'),
    ];
    for (const property of properties) {
      if (list.length >= ATTENDEES_MAX) break;
      if (
        upper(property.getParameter('partstat')) === 'DECLINED' ||
        NO_PERSON.has(upper(property.getParameter('cutype'))) ||
        upper(property.getParameter('role')) === 'NON-PARTICIPANT'
      )
        continue;
      const name = personName(property.getParameter('cn'));
      if (name === null) continue;
      const key = name.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      list.push(name);
    }
    named.set(component, list);
  }
  return list;
}

/** ...and who of them accepted (or tentatively): the same sharing and the same cap. */
const accepting = new WeakMap<ICAL.Component, string[]>();

function acceptedOf(component: ICAL.Component): string[] {
  let list = accepting.get(component);
  if (!list) {
    list = [];
    for (const attendee of component.getAllProperties('attendee')) {
      const partstat = String(attendee.getParameter('partstat') ?? '').toUpperCase();
      const email = emailOf(attendee.getFirstValue());
      if (email !== null && (partstat === 'ACCEPTED' || partstat === 'TENTATIVE') && !list.includes(email)) {
        list.push(email);
      }
      if (list.length >= ATTENDEES_MAX) break;
    }
    accepting.set(component, list);
  }
  return list;
}

function occurrenceOf(
  event: ICAL.Event,
  start: ICAL.Time,
  end: ICAL.Time,
  email: string | null,
  window: { from: number; to: number },
  zones: FeedZones,
): MeetingOccurrence | null {
  if (start.isDate) return null;
  const component = event.component;
  // Times first: most events of a feed are outside the window, and links cost more to find.
  const tzid = startTzid(component);
  const startsAt = zones.epoch(start, tzid);
  if (startsAt >= window.to) return null;
  const endTzid = component.getFirstProperty('dtend')?.getParameter('tzid');
  const endsAt = Math.max(startsAt, zones.epoch(end, typeof endTzid === 'string' ? endTzid : tzid));
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
    attendees: attendeesOf(component),
    accepted: acceptedOf(component),
    people: peopleOf(component),
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
function fastForward(event: ICAL.Event, before: number, tzid: string | null, zones: FeedZones): void {
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
  const gapDays = Math.floor((before - zones.epoch(start, tzid)) / DAY_MS) - 2;
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

/** RDATE;VALUE=PERIOD values → their starts (ical.js cannot order periods; the event keeps its length). */
function periodsToStarts(component: ICAL.Component): void {
  for (const property of component.getAllProperties('rdate')) {
    if (property.type !== 'period') continue;
    const starts = property
      .getValues()
      .map((value) => (value as ICAL.Period).start)
      .filter((start): start is ICAL.Time => start instanceof ICAL.Time);
    const tzid = property.getParameter('tzid');
    component.removeProperty(property);
    if (starts.length === 0) continue;
    const replacement = new ICAL.Property('rdate', component);
    replacement.resetType('date-time');
    replacement.setValues(starts);
    if (typeof tzid === 'string') replacement.setParameter('tzid', tzid);
    component.addProperty(replacement);
  }
}

/** A series' EXDATEs, taken off the component: instants, and whole days for DATE values. */
interface Excluded {
  has(time: ICAL.Time, epoch: number): boolean;
}

function dayOf(time: ICAL.Time): string {
  return `${time.year}-${time.month}-${time.day}`;
}

function takeExdates(component: ICAL.Component, startZone: string | null, zones: FeedZones): Excluded {
  const instants = new Set<number>();
  const days = new Set<string>();
  for (const property of component.getAllProperties('exdate')) {
    const own = property.getParameter('tzid');
    // A floating EXDATE is in the series' zone, as its DTSTART is.
    const tzid = typeof own === 'string' ? own : startZone;
    for (const value of property.getValues()) {
      if (!(value instanceof ICAL.Time)) continue;
      if (value.isDate) days.add(dayOf(value));
      else instants.add(zones.epoch(value, tzid));
    }
  }
  component.removeAllProperties('exdate');
  return {
    has: (time, epoch) => instants.has(epoch) || (days.size > 0 && days.has(dayOf(time))),
  };
}

/**
 * Throws FeedFormatError for a text that is not iCalendar, FeedTooComplexError when the parse
 * exceeds its time or recurrence budget. The events and occurrences caps cut the feed instead:
 * what fits is returned, and `capped` says which cap was reached (once for the feed).
 */
export function parseFeed(text: string, options: ParseOptions): ParsedFeed {
  const clock = options.clock ?? Date.now;
  const parseMs = options.caps?.parseMs ?? FEED_CAPS.parseMs;
  budget = {
    checks: 0,
    max: options.caps?.ruleChecks ?? RULE_CHECKS_MAX,
    deadline: clock() + parseMs,
    clock,
  };
  try {
    return parseWithin(text, options, () => {
      if (clock() > budget!.deadline) throw new FeedTooComplexError('parse time limit reached');
    });
  } finally {
    budget = null;
  }
}

function parseWithin(text: string, options: ParseOptions, checkTime: () => void): ParsedFeed {
  const { calendar, events: chunks } = splitFeed(text);
  if (!/^BEGIN:VCALENDAR\s*$/i.test(calendar[0] ?? '')) throw new FeedFormatError('not an iCalendar feed');
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(calendar.join('\r\n')) as never);
  } catch (error) {
    throw new FeedFormatError(error instanceof Error ? error.message : 'not an iCalendar feed');
  }
  if (root.name !== 'vcalendar') throw new FeedFormatError('not an iCalendar feed');
  checkTime();
  const zones = new FeedZones(root);
  const email = options.email ? options.email.trim().toLowerCase() : null;
  const name = root.getFirstPropertyValue('x-wr-calname');
  const eventsMax = options.caps?.events ?? FEED_CAPS.events;
  let occurrencesLeft = options.caps?.occurrences ?? FEED_CAPS.occurrences;
  const capped = new Set<FeedCap>();
  if (chunks.length > eventsMax) capped.add('events');
  const read = chunks.length > eventsMax ? chunks.slice(0, eventsMax) : chunks;

  // Each VEVENT read on its own: one that cannot be read is skipped, with the first reason kept.
  let skipped = 0;
  let firstSkip: Skip | null = null;
  const skip = (why: Skip) => {
    skipped += 1;
    firstSkip ??= why;
  };
  const vevents: ICAL.Component[] = [];
  for (let i = 0; i < read.length; i++) {
    const result = readEvent(read[i]!, root);
    if (result.ok) vevents.push(result.component);
    else skip(result.skip);
    if (i % 1024 === 1023) checkTime();
  }

  // Overrides (RECURRENCE-ID) belong to the master with the same UID (grouped in one pass). An
  // event without a UID, or a second master with the same UID, is a series of its own.
  const masters = new Map<string, ICAL.Component>();
  const overrides = new Map<string, ICAL.Component[]>();
  const singles: ICAL.Component[] = [];
  let anonymous = 0;
  for (const vevent of vevents) {
    const uid = vevent.getFirstPropertyValue('uid');
    const key = typeof uid === 'string' && uid !== '' ? uid : null;
    if (key === null) masters.set(`\u0000${anonymous++}`, vevent);
    else if (vevent.hasProperty('recurrence-id')) {
      const list = overrides.get(key);
      if (list) list.push(vevent);
      else overrides.set(key, [vevent]);
    } else if (masters.has(key)) masters.set(`${key}\u0000${anonymous++}`, vevent);
    else masters.set(key, vevent);
  }
  // An override whose series is not in the feed (an invitation to one occurrence) stands alone.
  for (const [uid, list] of overrides) if (!masters.has(uid)) for (const one of list) singles.push(one);

  const occurrences: MeetingOccurrence[] = [];
  /** One occurrence more expanded; false once the feed's cap is reached. */
  const take = (): boolean => {
    if (occurrencesLeft <= 0) {
      capped.add('occurrences');
      return false;
    }
    occurrencesLeft -= 1;
    if (occurrencesLeft % 1024 === 0) checkTime();
    return true;
  };
  const keep = (occurrence: MeetingOccurrence | null) => {
    if (occurrence !== null) occurrences.push(occurrence);
  };
  /** One event's work; what it throws (other than the feed's budget) skips that event alone. */
  const guarded = (work: () => void) => {
    try {
      work();
    } catch (error) {
      if (error instanceof FeedTooComplexError) throw error;
      skip({ reason: 'broken' });
    }
  };

  for (const component of singles) {
    if (!take()) break;
    guarded(() => {
      const event = new ICAL.Event(component, { exceptions: [] });
      if (!event.startDate) return;
      keep(occurrenceOf(event, event.startDate, event.endDate ?? event.startDate, email, options, zones));
    });
  }

  // Plain events before series: a hostile series that takes the occurrences budget cannot hide them.
  const repeats = (component: ICAL.Component) =>
    component.hasProperty('rrule') || component.hasProperty('rdate');
  const ordered = [...masters].sort(([, a], [, b]) => Number(repeats(a)) - Number(repeats(b)));
  for (const [uid, component] of ordered) {
    if (!take()) break;
    guarded(() => expandSeries(uid, component));
  }

  function expandSeries(uid: string, component: ICAL.Component): void {
    periodsToStarts(component);
    const tzid = startTzid(component);
    // EXDATEs are matched here, by instant: ical.js compares them in its own zones, which do not
    // know a zone read through Intl (an EXDATE in UTC against a DTSTART in Europe/Berlin).
    const excluded = takeExdates(component, tzid, zones);
    // Overrides are passed in: otherwise ical.js relates every override of the feed to every series.
    const event = new ICAL.Event(component, { strictExceptions: true, exceptions: overrides.get(uid) ?? [] });
    if (!event.startDate) return;
    if (!event.isRecurring()) {
      keep(occurrenceOf(event, event.startDate, event.endDate ?? event.startDate, email, options, zones));
      return;
    }
    if (isCancelled(component)) return;
    const lastsMs = event.duration ? event.duration.toSeconds() * 1000 : 0;
    // Expansion covers the window (plus the longest a meeting may last before it); overrides of
    // occurrences outside it that move into it are read directly below.
    fastForward(event, options.from - OVERLAP_MS, tzid, zones);
    const exceptions = event.exceptions as unknown as Record<string, ICAL.Event>;
    const seen = new Set<string>();
    // DTSTART is the first instance (RFC 5545 3.8.5.2); ical.js gives it only through an RRULE.
    if (
      !component.hasProperty('rrule') &&
      !excluded.has(event.startDate, zones.epoch(event.startDate, tzid))
    ) {
      seen.add(event.startDate.toString());
      const details = event.getOccurrenceDetails(event.startDate);
      keep(occurrenceOf(details.item, details.startDate, details.endDate, email, options, zones));
    }
    let iterator: ReturnType<ICAL.Event['iterator']>;
    try {
      iterator = event.iterator();
    } catch (error) {
      if (error instanceof FeedTooComplexError) throw error;
      skip({ reason: 'rule', property: 'RRULE' });
      return; // A rule ical.js cannot expand: this series alone is left out.
    }
    try {
      for (
        let step = 0, next = iterator.next();
        next && step < MAX_STEPS_PER_SERIES && take();
        step++, next = iterator.next()
      ) {
        const at = zones.epoch(next, tzid);
        if (at >= options.to) break;
        // Past occurrences are passed over without being built.
        if (at + Math.max(lastsMs, OVERLAP_MS) <= options.from) continue;
        const id = next.toString();
        if (seen.has(id)) continue;
        seen.add(id);
        if (excluded.has(next, at)) continue;
        const details = event.getOccurrenceDetails(next);
        keep(occurrenceOf(details.item, details.startDate, details.endDate, email, options, zones));
      }
    } catch (error) {
      // A rule on which ical.js throws (FREQ=WEEKLY;BYMONTHDAY=30) ends this series, not the feed.
      if (error instanceof FeedTooComplexError) throw error;
    }
    for (const [id, exception] of Object.entries(exceptions)) {
      if (seen.has(id) || !exception.startDate) continue;
      if (!take()) break;
      keep(
        occurrenceOf(
          exception,
          exception.startDate,
          exception.endDate ?? exception.startDate,
          email,
          options,
          zones,
        ),
      );
    }
  }

  occurrences.sort((a, b) => a.startsAt - b.startsAt || a.link.url.localeCompare(b.link.url));
  const unknownZones = zones.unknown;
  // Assigned in callbacks, which the compiler does not follow.
  const first = firstSkip as Skip | null;
  return {
    name: typeof name === 'string' && name.trim() !== '' ? name.trim().slice(0, NAME_MAX) : null,
    occurrences,
    events: read.length,
    capped: [...capped],
    ...(first ? { skipped: { count: skipped, ...first } } : {}),
    ...(unknownZones.length > 0 ? { unknownZones } : {}),
  };
}
