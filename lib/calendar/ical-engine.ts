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
import { type Parts, readCalendar, readEvent, type Skip, splitFeed } from './feed-split';
import { FeedZones, ZoneUnreadableError } from './feed-zones';
import { expansion, misreadByIcal, RuleTooLongError } from './rule-expander';
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

/**
 * Occurrences one series may have in the window: a meeting every minute for the week the product
 * reads ahead is 10,080. One past it is cut there, and the cap is said.
 */
const SERIES_KEPT_MAX = 10_000;
/**
 * Recurrences stepped through per series at most (past ones included): one series cannot take the
 * feed's whole budget. A series that needs more before the window is left out alone, and said.
 */
const MAX_STEPS_PER_SERIES = 200_000;
/**
 * Rule checks one VTIMEZONE's expansion may take (a real zone: a few thousand from 1601 to now): a
 * zone whose observances repeat by the hour fails its own events, not the feed.
 */
const ZONE_CHECKS_MAX = 200_000;
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
/** The zone being expanded, and its own count: a zone's checks draw on it, not on the feed's. */
let zoneSpend: { tzid: string; checks: number } | null = null;

type Iterator = { check_contracting_rules(): boolean };
const iteratorProto = (ICAL as unknown as { RecurIterator: { prototype: Iterator } }).RecurIterator.prototype;
const checkRules = iteratorProto.check_contracting_rules;
iteratorProto.check_contracting_rules = function (this: Iterator): boolean {
  spend();
  return checkRules.call(this);
};

type Zone = { tzid: string; _ensureCoverage(year: number): void };
const zoneProto = (ICAL as unknown as { Timezone: { prototype: Zone } }).Timezone.prototype;
const ensureCoverage = zoneProto._ensureCoverage;
zoneProto._ensureCoverage = function (this: Zone, year: number): void {
  if (zoneSpend || !budget) {
    ensureCoverage.call(this, year);
    return;
  }
  zoneSpend = { tzid: this.tzid, checks: 0 };
  try {
    ensureCoverage.call(this, year);
  } finally {
    zoneSpend = null;
  }
};

function spend(steps = 1): void {
  if (!budget) return;
  if (zoneSpend) {
    zoneSpend.checks += steps;
    if (zoneSpend.checks > ZONE_CHECKS_MAX) throw new ZoneUnreadableError(zoneSpend.tzid);
  } else {
    budget.checks += steps;
    if (budget.checks > budget.max) throw new FeedTooComplexError('too many recurrence steps');
  }
  if ((budget.checks + (zoneSpend?.checks ?? 0)) % CLOCK_EVERY < steps && budget.clock() > budget.deadline)
    throw new FeedTooComplexError('parse time limit reached');
}
expansion.spend = (dates) => spend(dates);
/** Titles and the calendar's name are cut here: a hostile feed cannot fill the list or the storage. */
const TITLE_MAX = 500;
const NAME_MAX = 200;

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

/** A rule's period in seconds, for the frequencies a start can be moved forward by. */
const PERIOD_S: Record<string, number> = {
  SECONDLY: 1,
  MINUTELY: 60,
  HOURLY: 3600,
  DAILY: 86_400,
  WEEKLY: 7 * 86_400,
};
/** BY parts that select the same times in every week: a shift by whole weeks keeps them. */
const WEEK_INVARIANT = new Set(['BYDAY', 'BYHOUR', 'BYMINUTE', 'BYSECOND']);

/**
 * Moves the start of a long-running series (every N seconds up to every N weeks) forward by whole
 * periods to shortly before `before`, so a stand-up that began two years ago, or a minute-by-minute
 * series from 1990, is not expanded from its first day on every sync. The occurrences from `before`
 * on are the same: the shift is in wall time by whole days that are a multiple of the rule's period
 * (and of a week when BYDAY is set), the rule has no COUNT and only BY parts that repeat every week
 * (weekdays without an ordinal, hours, minutes, seconds), and EXDATE, RDATE and overrides are
 * absolute times. The new start lies before the window.
 */
function fastForward(event: ICAL.Event, before: number, tzid: string | null, zones: FeedZones): void {
  const rules = event.component.getAllProperties('rrule');
  if (rules.length !== 1) return;
  const rule = rules[0]!.getFirstValue() as ICAL.Recur;
  const periodS = rule ? PERIOD_S[rule.freq] : undefined;
  if (!rule || rule.count || periodS === undefined || misreadByIcal(rule)) return;
  const parts = rule.parts as Record<string, (string | number)[]>;
  if (Object.keys(parts).some((part) => !WEEK_INVARIANT.has(part))) return;
  if ((parts.BYDAY ?? []).some((day) => /^[+-]?\d/.test(String(day)))) return;
  const stepS = periodS * (rule.interval || 1);
  if (!Number.isSafeInteger(stepS)) return;
  let periodDays = (stepS * 86_400) / gcd(stepS, 86_400) / 86_400;
  if ((parts.BYDAY || rule.freq === 'WEEKLY') && periodDays % 7 !== 0)
    periodDays = (periodDays * 7) / gcd(periodDays, 7);
  const start = event.startDate;
  const end = event.endDate;
  if (!start || !end) return;
  // In wall time: `before` as the series' zone shows it, less an hour or a day of margin.
  const wallOf = (t: {
    year: number;
    month: number;
    day: number;
    hour: number;
    minute: number;
    second: number;
  }) => Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  const gapMs = wallOf(zones.wall(before, tzid, start)) - wallOf(start);
  let days = 0;
  let seconds = 0;
  if (Object.keys(parts).length === 0 && stepS < 86_400) {
    // Every N seconds, minutes or hours: the grid is the same from any of its points.
    const steps = Math.floor((gapMs - 3_600_000) / (stepS * 1000));
    if (steps < 2) return;
    seconds = steps * stepS;
  } else {
    const periods = Math.floor((Math.floor(gapMs / DAY_MS) - 1) / periodDays);
    if (periods < 2) return;
    days = periods * periodDays;
  }
  const shifted = start.clone();
  shifted.adjust(days, 0, 0, seconds);
  const shiftedEnd = end.clone();
  shiftedEnd.adjust(days, 0, 0, seconds);
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

/** Errors that end more than the step they happen in: the feed (its budget), a zone, a series. */
function fatal(error: unknown): boolean {
  return (
    error instanceof FeedTooComplexError ||
    error instanceof ZoneUnreadableError ||
    error instanceof RuleTooLongError
  );
}

/** A zone's name as the calendar's line quotes it. */
const ZONE_NAME_MAX = 60;

/** The current of several versions of one event: the highest SEQUENCE, then the latest DTSTAMP. */
function current(list: ICAL.Component[]): ICAL.Component[] {
  if (list.length < 2) return list;
  const rank = (one: ICAL.Component): [number, number] => {
    const sequence = Number(one.getFirstPropertyValue('sequence'));
    const stamp = one.getFirstPropertyValue('dtstamp');
    return [
      Number.isFinite(sequence) ? sequence : 0,
      stamp instanceof ICAL.Time ? stamp.toUnixTime() : Number.NEGATIVE_INFINITY,
    ];
  };
  const ranked = list.map((one) => ({ one, rank: rank(one) }));
  const top = ranked.reduce((best, next) =>
    next.rank[0] > best.rank[0] || (next.rank[0] === best.rank[0] && next.rank[1] > best.rank[1])
      ? next
      : best,
  ).rank;
  return ranked.filter(({ rank: r }) => r[0] === top[0] && r[1] === top[1]).map(({ one }) => one);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * Writes each override's RECURRENCE-ID in the form of its series' DTSTART, so ical.js matches it
 * to its instance: one written in UTC or another zone names the instant (RFC 5545 3.8.4.4), one
 * written as a DATE for a timed series names that day's instance (at DTSTART's time of day).
 */
function alignOverrides(
  list: ICAL.Component[],
  start: ICAL.Time,
  tzid: string | null,
  zones: FeedZones,
): void {
  const startUtc = start.zone?.tzid === 'UTC';
  for (const override of list) {
    const property = override.getFirstProperty('recurrence-id');
    const rid = property?.getFirstValue();
    if (!property || !(rid instanceof ICAL.Time)) continue;
    const param = property.getParameter('tzid');
    const own = typeof param === 'string' ? param : null;
    const ridUtc = rid.zone?.tzid === 'UTC';
    if (rid.isDate === start.isDate && ridUtc === startUtc && (own === tzid || ridUtc)) continue;
    let wall: { year: number; month: number; day: number; hour: number; minute: number; second: number };
    if (rid.isDate) {
      wall = {
        year: rid.year,
        month: rid.month,
        day: rid.day,
        hour: start.hour,
        minute: start.minute,
        second: start.second,
      };
    } else {
      // A floating RECURRENCE-ID is in its series' zone, as DTSTART is.
      wall = zones.wall(zones.epoch(rid, ridUtc ? null : (own ?? tzid)), tzid, start);
    }
    const date = `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`;
    const text = start.isDate
      ? date
      : `${date}T${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}${startUtc ? 'Z' : ''}`;
    const params: Record<string, string> = {};
    if (tzid !== null && !startUtc) params.tzid = tzid;
    const range = property.getParameter('range');
    if (typeof range === 'string') params.range = range;
    override.removeProperty(property);
    override.addProperty(
      new ICAL.Property(
        ['recurrence-id', params, start.isDate ? 'date' : 'date-time', text] as never,
        override,
      ),
    );
  }
}

/**
 * An UNTIL in UTC is an instant (RFC 5545 3.3.10); ical.js compares it with the series' wall time
 * when the series' zone is read through Intl. It is rewritten as the wall time of that instant in
 * the series' zone, so both sides of the comparison are the same kind of time.
 */
function untilAsWallTime(
  component: ICAL.Component,
  start: ICAL.Time,
  tzid: string | null,
  zones: FeedZones,
): void {
  if (start.isDate || start.zone?.tzid === 'UTC') return;
  for (const property of component.getAllProperties('rrule')) {
    const rule = property.getFirstValue() as ICAL.Recur | null;
    const until = rule?.until;
    if (!rule || !until || until.isDate || until.zone?.tzid !== 'UTC') continue;
    const wall = zones.wall(until.toUnixTime() * 1000, tzid, start);
    rule.until = new ICAL.Time({ ...wall, isDate: false }, start.zone);
    property.setValue(rule);
  }
}

/**
 * Whether DTSTART is no instance of its own rules (a Wednesday start for a rule on Mondays). It is
 * then kept as the first instance and counts toward COUNT (RFC 5545 3.3.10: "The DTSTART property
 * value always counts as the first occurrence"), so the rules give one fewer.
 */
function startOffRule(component: ICAL.Component, start: ICAL.Time): boolean {
  const properties = component.getAllProperties('rrule');
  const rules = properties.map((property) => property.getFirstValue() as ICAL.Recur | null);
  if (rules.length === 0 || rules.some((rule) => !rule)) return false;
  // Without a BY part every rule starts at DTSTART.
  if (rules.every((rule) => Object.keys(rule!.parts ?? {}).length === 0)) return false;
  for (const rule of rules) {
    const first = rule!.iterator(start).next();
    if (first && first.compare(start) === 0) return false;
  }
  properties.forEach((property, i) => {
    const rule = rules[i]!;
    if (!rule.count) return;
    if (rule.count <= 1) component.removeProperty(property);
    else {
      rule.count -= 1;
      property.setValue(rule);
    }
  });
  return true;
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
  // Rules expanded by rrule stop shortly after the window (wall time: a day each side for zones).
  expansion.horizon = options.to + 2 * DAY_MS;
  try {
    return parseWithin(text, options, () => {
      if (clock() > budget!.deadline) throw new FeedTooComplexError('parse time limit reached');
    });
  } finally {
    budget = null;
    zoneSpend = null;
    expansion.horizon = null;
  }
}

function parseWithin(text: string, options: ParseOptions, checkTime: () => void): ParsedFeed {
  const { calendar, events: chunks } = splitFeed(text);
  if (!/^BEGIN:VCALENDAR\s*$/i.test(calendar[0] ?? '')) throw new FeedFormatError('not an iCalendar feed');
  let root: ICAL.Component;
  let brokenZones: string[];
  // Parts of the feed left out while the rest was read: the first one's property and how many.
  let parts: Parts | null = null;
  const addParts = (more: Parts | undefined) => {
    if (!more) return;
    if (parts) parts.count += more.count;
    else parts = { ...more };
  };
  try {
    const read = readCalendar(calendar);
    root = new ICAL.Component(read.jcal as never);
    brokenZones = read.brokenZones;
    addParts(read.parts);
  } catch (error) {
    throw new FeedFormatError(error instanceof Error ? error.message : 'not an iCalendar feed');
  }
  if (root.name !== 'vcalendar') throw new FeedFormatError('not an iCalendar feed');
  checkTime();
  const zones = new FeedZones(root, brokenZones);
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
    addParts(result.parts);
    if (result.ok) vevents.push(result.component);
    else skip(result.skip);
    if (i % 1024 === 1023) checkTime();
  }

  // Overrides (RECURRENCE-ID) belong to the master with the same UID (grouped in one pass). Several
  // VEVENTs with one UID and no RECURRENCE-ID are versions of one event: SEQUENCE, then DTSTAMP,
  // tells which is current and only it is kept (versions alike in both are each a series of their
  // own, as is an event without a UID).
  const masters = new Map<string, ICAL.Component>();
  const versions = new Map<string, ICAL.Component[]>();
  const overrides = new Map<string, ICAL.Component[]>();
  const singles: ICAL.Component[] = [];
  let anonymous = 0;
  for (const vevent of vevents) {
    const uid = vevent.getFirstPropertyValue('uid');
    const key = typeof uid === 'string' && uid !== '' ? uid : null;
    if (key === null) masters.set(`\u0000${anonymous++}`, vevent);
    else {
      const group = vevent.hasProperty('recurrence-id') ? overrides : versions;
      const list = group.get(key);
      if (list) list.push(vevent);
      else group.set(key, [vevent]);
    }
  }
  for (const [uid, list] of versions) {
    for (const [i, one] of current(list).entries())
      masters.set(i === 0 ? uid : `${uid}\u0000${anonymous++}`, one);
  }
  // ...and two versions of one override, the same way.
  for (const [uid, list] of overrides) {
    if (list.length < 2) continue;
    const byId = new Map<string, ICAL.Component[]>();
    for (const one of list) {
      const id = String(one.getFirstPropertyValue('recurrence-id'));
      byId.set(id, [...(byId.get(id) ?? []), one]);
    }
    overrides.set(uid, [...byId.values()].flatMap(current));
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
      if (error instanceof ZoneUnreadableError) {
        zones.markBroken(error.tzid);
        skip({ reason: 'zone', property: error.tzid.trim().slice(0, ZONE_NAME_MAX) });
      } else if (error instanceof RuleTooLongError) skip({ reason: 'long', property: 'RRULE' });
      else skip({ reason: 'broken' });
    }
  };

  for (const component of singles) {
    if (!take()) break;
    guarded(() => {
      const event = new ICAL.Event(component, { exceptions: [] });
      if (!event.startDate) return;
      zones.epoch(event.startDate, startTzid(component));
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
    const start = component.getFirstPropertyValue('dtstart');
    if (!(start instanceof ICAL.Time)) return;
    // A series in a zone that cannot be read fails here, before anything of it is kept.
    zones.epoch(start, tzid);
    // EXDATEs are matched here, by instant: ical.js compares them in its own zones, which do not
    // know a zone read through Intl (an EXDATE in UTC against a DTSTART in Europe/Berlin).
    const excluded = takeExdates(component, tzid, zones);
    const own = overrides.get(uid) ?? [];
    alignOverrides(own, start, tzid, zones);
    untilAsWallTime(component, start, tzid, zones);
    const offRule = startOffRule(component, start);
    // Overrides are passed in: otherwise ical.js relates every override of the feed to every series.
    const event = new ICAL.Event(component, { strictExceptions: true, exceptions: own });
    if (!event.startDate) return;
    if (!event.isRecurring()) {
      keep(occurrenceOf(event, event.startDate, event.endDate ?? event.startDate, email, options, zones));
      return;
    }
    if (isCancelled(component)) return;
    const lastsMs = event.duration ? event.duration.toSeconds() * 1000 : 0;
    // Expansion covers the window (plus the longest a meeting may last before it); overrides of
    // occurrences outside it that move into it are read directly below.
    fastForward(event, options.from - lastsMs, tzid, zones);
    const exceptions = event.exceptions as unknown as Record<string, ICAL.Event>;
    let kept = 0;
    const seen = new Set<string>();
    // DTSTART is the first instance (RFC 5545 3.8.5.2); ical.js gives it only through an RRULE
    // that matches it. One that does not (the set is then undefined) is kept first, as Google,
    // Outlook and python-recurring-ical-events do.
    if (
      (!component.hasProperty('rrule') || offRule) &&
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
      if (fatal(error)) throw error;
      skip({ reason: 'rule', property: 'RRULE' });
      return; // A rule ical.js cannot expand: this series alone is left out.
    }
    try {
      for (let step = 0, next = iterator.next(); next; step++, next = iterator.next()) {
        if (step >= MAX_STEPS_PER_SERIES) {
          skip({ reason: 'long', property: 'RRULE' });
          break;
        }
        const at = zones.epoch(next, tzid);
        if (at >= options.to) break;
        // Past occurrences are passed over without being built, and cost nothing of the feed's
        // occurrences budget: only those the window keeps do (an override that moves a past one
        // into the window is read below).
        if (at + lastsMs <= options.from) continue;
        const id = next.toString();
        if (seen.has(id)) continue;
        seen.add(id);
        if (excluded.has(next, at)) continue;
        const details = event.getOccurrenceDetails(next);
        const occurrence = occurrenceOf(
          details.item,
          details.startDate,
          details.endDate,
          email,
          options,
          zones,
        );
        if (occurrence === null) continue;
        if (kept >= SERIES_KEPT_MAX) {
          capped.add('occurrences');
          break;
        }
        if (!take()) break;
        kept += 1;
        keep(occurrence);
      }
    } catch (error) {
      // A rule on which ical.js throws (FREQ=WEEKLY;BYMONTHDAY=30) ends this series, not the feed.
      if (fatal(error)) throw error;
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
    ...(parts ? { partsSkipped: parts as Parts } : {}),
    ...(unknownZones.length > 0 ? { unknownZones } : {}),
  };
}
