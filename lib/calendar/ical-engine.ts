/**
 * The calendar engine (runs on the parser's own thread, lib/calendar/engine-thread.ts): an
 * iCalendar feed → the occurrences of its meetings in a time window. ical.js parses the feed
 * and expands recurrences (RRULE, RDATE, EXDATE, RECURRENCE-ID overrides) in the zones the feed
 * defines (VTIMEZONE). Skipped: all-day events, cancelled events and occurrences, occurrences the
 * user declined, events without a meeting link.
 */
import ICAL from 'ical.js';
import { FEED_CAPS, type FeedCaps } from './caps';
import { checkTime, closeBudget, openBudget, RULE_CHECKS_MAX } from './engine-budget';
import { isCancelled, occurrenceOf, startTzid } from './event-occurrence';
import { FeedFormatError, FeedTooComplexError } from './feed-error';
import { type Parts, readCalendar, readEvent, type Skip, splitFeed } from './feed-split';
import { FeedZones, ZoneUnreadableError } from './feed-zones';
import { expansion, RuleTooLongError } from './rule-expander';
import {
  alignOverrides,
  current,
  DAY_MS,
  fastForward,
  periodsToStarts,
  startOffRule,
  takeExdates,
  untilAsWallTime,
} from './series-prepare';
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

/** The calendar's name is cut here (events' titles: event-occurrence.ts). */
const NAME_MAX = 200;

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

/**
 * Throws FeedFormatError for a text that is not iCalendar, FeedTooComplexError when the parse
 * exceeds its time or recurrence budget. The events and occurrences caps cut the feed instead:
 * what fits is returned, and `capped` says which cap was reached (once for the feed).
 */
export function parseFeed(text: string, options: ParseOptions): ParsedFeed {
  const clock = options.clock ?? Date.now;
  const parseMs = options.caps?.parseMs ?? FEED_CAPS.parseMs;
  openBudget(options.caps?.ruleChecks ?? RULE_CHECKS_MAX, clock() + parseMs, clock);
  // Rules expanded by rrule stop shortly after the window (wall time: a day each side for zones).
  expansion.horizon = options.to + 2 * DAY_MS;
  try {
    return parseWithin(text, options, checkTime);
  } finally {
    closeBudget();
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
