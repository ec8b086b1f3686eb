/**
 * Recurrence rules ical.js 2.2 expands wrongly, expanded by the `rrule` package instead (a port of
 * python-dateutil's rrule). Checked against RFC 5545's examples and libical's cases with their listed
 * results (rfc5545-examples.test.ts), ical.js gets these shapes wrong: BYWEEKNO (with or without
 * WKST), an ordinal BYDAY in a YEARLY rule without BYMONTH (`20MO` read as every Monday),
 * BYYEARDAY outside YEARLY, BYSETPOS, MONTHLY with BYMONTH every N months, sub-daily rules every N
 * units with BY parts, and several BYSECOND values. Every other rule stays with ical.js, whose
 * iterator the rest of the engine (RDATE, EXDATE, overrides, zones) is built around.
 *
 * The iterator below stands in for ical.js's own (`ICAL.Recur.prototype.iterator`): the same
 * `last` / `completed` / `next()` contract, times in the series' own zone. rrule works in wall time
 * (a Date whose UTC fields are the wall fields), as RFC 5545 rules are; UNTIL is already in the
 * series' wall time when it gets here (ical-engine.ts). What it expands is bounded: up to the parse's
 * horizon (the window's end), at most `DATES_MAX` dates, and a sub-daily rule stepping through more
 * than `STEPS_MAX` periods before that is refused (the series is left out, not the feed).
 */
import ICAL from 'ical.js';
import type { Options } from 'rrule';
import * as rrule from 'rrule';

// Node loads the package's CommonJS build (its names under `default`), a bundler its ES module.
const { RRule } = ((rrule as { default?: typeof rrule }).default ?? rrule) as typeof rrule;

const SUB_DAILY: Record<string, number> = { SECONDLY: 1_000, MINUTELY: 60_000, HOURLY: 3_600_000 };
const DATES_MAX = 200_000;
const STEPS_MAX = 5_000_000;

export class RuleTooLongError extends Error {}

/** The parse's horizon (wall-time ms) and its budget, set by the engine for one parse. */
export const expansion: { horizon: number | null; spend: (dates: number) => void } = {
  horizon: null,
  spend: () => {},
};

type Parts = Record<string, (string | number)[] | undefined>;

/** Whether ical.js expands this rule wrongly (see above). */
export function misreadByIcal(rule: ICAL.Recur): boolean {
  const parts = (rule.parts ?? {}) as Parts;
  const interval = rule.interval || 1;
  if (parts.BYWEEKNO || parts.BYYEARDAY || parts.BYSETPOS) return true;
  const ordinal = (parts.BYDAY ?? []).some((day) => /^[+-]?\d/.test(String(day)));
  if (rule.freq === 'YEARLY' && ordinal && !parts.BYMONTH) return true;
  if (rule.freq === 'MONTHLY' && parts.BYMONTH && interval > 1) return true;
  if (rule.freq in SUB_DAILY && interval > 1 && Object.keys(parts).length > 0) return true;
  return (parts.BYSECOND?.length ?? 0) > 1;
}

const wallMs = (time: ICAL.Time) =>
  Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);

function fromWall(date: Date, like: ICAL.Time): ICAL.Time {
  return new ICAL.Time(
    {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
      hour: like.isDate ? 0 : date.getUTCHours(),
      minute: like.isDate ? 0 : date.getUTCMinutes(),
      second: like.isDate ? 0 : date.getUTCSeconds(),
      isDate: like.isDate,
    },
    like.zone,
  );
}

const WEEKDAYS = [RRule.SU, RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA];

/** ical.js's RecurIterator contract, over the dates rrule gives. */
class RruleIterator {
  completed = false;
  last: ICAL.Time;
  readonly #dates: Date[];
  readonly #start: ICAL.Time;
  #index = 0;

  constructor(rule: ICAL.Recur, start: ICAL.Time) {
    this.#start = start;
    const text = rule
      .toString()
      .split(';')
      .filter((part) => !/^(UNTIL|COUNT)=/i.test(part))
      .join(';');
    const options: Partial<Options> = RRule.parseString(text);
    const dtstart = new Date(wallMs(start));
    options.dtstart = dtstart;
    options.count = rule.count || null;
    options.until = rule.until ? new Date(wallMs(rule.until)) : null;
    const parts = (rule.parts ?? {}) as Parts;
    // RFC 5545: what the rule does not say is taken from DTSTART; a week number alone means DTSTART's weekday.
    if (rule.freq === 'YEARLY' && parts.BYWEEKNO && !parts.BYDAY && !parts.BYMONTHDAY && !parts.BYYEARDAY) {
      options.byweekday = [WEEKDAYS[dtstart.getUTCDay()]!];
    }
    const horizon = expansion.horizon ?? Number.POSITIVE_INFINITY;
    const unit = SUB_DAILY[rule.freq];
    if (unit !== undefined && Number.isFinite(horizon)) {
      const steps = (horizon - dtstart.getTime()) / (unit * (rule.interval || 1));
      if (steps > STEPS_MAX) throw new RuleTooLongError('too many steps before the window');
    }
    const seen = new Set<number>();
    this.#dates = new RRule(options)
      .all((date, i) => date.getTime() <= horizon && i < DATES_MAX)
      .filter((date) => !seen.has(date.getTime()) && seen.add(date.getTime()) !== undefined);
    expansion.spend(this.#dates.length);
    this.last = this.#dates.length > 0 ? fromWall(this.#dates[0]!, start) : start.clone();
    if (this.#dates.length === 0) this.completed = true;
  }

  next(): ICAL.Time | null {
    if (this.#index >= this.#dates.length) {
      this.completed = true;
      return null;
    }
    this.last = fromWall(this.#dates[this.#index++]!, this.#start);
    return this.last;
  }
}

type Recur = { iterator(start: ICAL.Time): unknown };
const recurProto = (ICAL as unknown as { Recur: { prototype: Recur } }).Recur.prototype;
const icalIterator = recurProto.iterator;
recurProto.iterator = function (this: ICAL.Recur, start: ICAL.Time) {
  return misreadByIcal(this) ? new RruleIterator(this, start) : icalIterator.call(this, start);
};
