/**
 * What is rewritten in a series before ical.js expands it, so it reads the series as RFC 5545 means
 * it: a long-running start moved forward, PERIOD RDATEs, EXDATEs matched by instant, the current
 * version of an event, overrides matched to their instance, UNTIL in UTC as an instant, and a
 * DTSTART off its own rule kept as the first instance.
 */
import ICAL from 'ical.js';
import type { FeedZones } from './feed-zones';
import { misreadByIcal } from './rule-expander';
import type { WallTime } from './zoned-time';

export const DAY_MS = 24 * 60 * 60_000;

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
export function fastForward(event: ICAL.Event, before: number, tzid: string | null, zones: FeedZones): void {
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
  const wallOf = (t: WallTime) => Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
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
export function periodsToStarts(component: ICAL.Component): void {
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
export interface Excluded {
  has(time: ICAL.Time, epoch: number): boolean;
}

function dayOf(time: ICAL.Time): string {
  return `${time.year}-${time.month}-${time.day}`;
}

export function takeExdates(component: ICAL.Component, startZone: string | null, zones: FeedZones): Excluded {
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

/** The current of several versions of one event: the highest SEQUENCE, then the latest DTSTAMP. */
export function current(list: ICAL.Component[]): ICAL.Component[] {
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
export function alignOverrides(
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
    let wall: WallTime;
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
export function untilAsWallTime(
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
export function startOffRule(component: ICAL.Component, start: ICAL.Time): boolean {
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
