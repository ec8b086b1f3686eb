/**
 * The parse's budget: ical.js's recurrence iterator and zone expansion are counted, so a hostile
 * feed ends in FeedTooComplexError (the feed's rule checks or its time) or ZoneUnreadableError (one
 * zone's own checks) instead of looping. One parse at a time per thread (the engine's: ical-engine.ts).
 */
import ICAL from 'ical.js';
import { FeedTooComplexError } from './feed-error';
import { ZoneUnreadableError } from './feed-zones';
import { expansion } from './rule-expander';

/**
 * Rule checks one VTIMEZONE's expansion may take (a real zone: a few thousand from 1601 to now): a
 * zone whose observances repeat by the hour fails its own events, not the feed.
 */
const ZONE_CHECKS_MAX = 200_000;
/**
 * Rule checks (the inner loop of ical.js's recurrence iterator) allowed per feed. One call of the
 * iterator can loop forever on a date that never exists (BYMONTH=2;BYMONTHDAY=30): each loop turn
 * checks the rule once, so counting the checks bounds the call. The parse time is checked there too.
 */
export const RULE_CHECKS_MAX = 5_000_000;
/** The parse time is read every this many checks. */
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

/** Opens the budget of one parse: `max` rule checks, until `deadline` on `clock`. */
export function openBudget(max: number, deadline: number, clock: () => number): void {
  budget = { checks: 0, max, deadline, clock };
}

/** Throws FeedTooComplexError once the parse's time is over. */
export function checkTime(): void {
  if (budget && budget.clock() > budget.deadline) throw new FeedTooComplexError('parse time limit reached');
}

export function closeBudget(): void {
  budget = null;
  zoneSpend = null;
}
