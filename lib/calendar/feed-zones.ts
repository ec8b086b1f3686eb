/**
 * Which zone a feed's times are in, as calendars mean them. An IANA TZID uses the IANA rules
 * (the platform's, through Intl): where the feed's VTIMEZONE for it is silent (one listing only
 * the 2018-2020 transitions says nothing of 2026), and where it speaks too, since a VTIMEZONE of
 * an IANA name is a copy of those rules and ical.js misreads some copies (an observance whose
 * first DTSTART follows the other's, as khal writes them, read as UTC+0 for months). Windows and
 * other vendor names ("Russian Standard Time", "Western/Central Europe") use the feed's VTIMEZONE
 * for the years it covers and otherwise map through the CLDR table (./windows-zones.ts); a
 * malformed TZID (a trailing colon, quotes, a Mozilla-style prefix) is
 * cleaned first. Floating times use X-WR-TIMEZONE when the feed names one. Anything else is read
 * in the user's zone, and the name is reported so the calendar's line can say so.
 */
import type ICAL from 'ical.js';
import { windowsZone } from './windows-zones';
import { knownZone, type WallTime, zonedToEpoch } from './zoned-time';

/** Zone names reported as unknown, at most this many (each cut): the line shows a few. */
const UNKNOWN_MAX = 3;
const NAME_MAX = 60;

function cleanZone(raw: string): string {
  return raw
    .trim()
    .replace(/^["']+|["']+$/g, '')
    .replace(/[:;,\s]+$/, '')
    .trim();
}

/** The IANA zone a feed's zone name means, or null. */
export function resolveZone(raw: string): string | null {
  const clean = cleanZone(raw);
  if (clean === '') return null;
  if (knownZone(clean)) return clean;
  const windows = windowsZone(clean);
  if (windows && knownZone(windows)) return windows;
  // "/mozilla.org/20070129_1/Europe/Berlin", "/citadel.org/20190914_1/America/New_York".
  const parts = clean.split('/').filter((part) => part !== '');
  for (let take = Math.min(3, parts.length); take >= 2; take--) {
    const tail = parts.slice(-take).join('/');
    if (knownZone(tail)) return tail;
  }
  return null;
}

interface Entry {
  iana: string | null;
  /** The name is an IANA name itself: its rules are the platform's, whatever a VTIMEZONE says. */
  named: boolean;
  /** Years the feed's own VTIMEZONE of this name speaks of (none: no VTIMEZONE). */
  covers: { from: number; to: number } | null;
}

function yearOf(value: unknown): number | null {
  const year = (value as { year?: unknown } | null)?.year;
  return typeof year === 'number' && Number.isFinite(year) ? year : null;
}

/** The years a VTIMEZONE's observances cover: an open-ended yearly rule covers every year after. */
function coverage(zone: ICAL.Component): { from: number; to: number } | null {
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  for (const observance of zone.getAllSubcomponents()) {
    const start = yearOf(observance.getFirstPropertyValue('dtstart'));
    if (start === null) continue;
    from = Math.min(from, start);
    to = Math.max(to, start);
    for (const rdate of observance.getAllProperties('rdate')) {
      for (const value of rdate.getValues()) {
        const year = yearOf(value);
        if (year !== null) to = Math.max(to, year);
      }
    }
    const rule = observance.getFirstPropertyValue('rrule') as ICAL.Recur | null;
    if (rule) {
      const until = yearOf(rule.until);
      to = Math.max(to, until ?? (rule.count ? start + rule.count : Number.POSITIVE_INFINITY));
    }
  }
  return from <= to ? { from, to } : null;
}

export class FeedZones {
  readonly #root: ICAL.Component;
  readonly #entries = new Map<string, Entry>();
  readonly #floating: string | null;
  readonly #unknown = new Set<string>();

  constructor(root: ICAL.Component) {
    this.#root = root;
    const wr = root.getFirstPropertyValue('x-wr-timezone');
    this.#floating = typeof wr === 'string' ? this.#resolve(wr) : null;
  }

  /** Zone names read in the user's zone (unknown to the tables and without a VTIMEZONE). */
  get unknown(): string[] {
    return [...this.#unknown];
  }

  #resolve(name: string): string | null {
    const iana = resolveZone(name);
    if (iana === null && this.#unknown.size < UNKNOWN_MAX) this.#unknown.add(name.trim().slice(0, NAME_MAX));
    return iana;
  }

  #entry(tzid: string): Entry {
    let entry = this.#entries.get(tzid);
    if (!entry) {
      const zone = this.#root
        .getAllSubcomponents('vtimezone')
        .find((candidate) => candidate.getFirstPropertyValue('tzid') === tzid);
      const covers = zone ? coverage(zone) : null;
      const iana = resolveZone(tzid);
      // A name no table knows, with a VTIMEZONE of its own ("Customized Time Zone"), is read by it.
      if (iana === null && !zone && this.#unknown.size < UNKNOWN_MAX) {
        this.#unknown.add(tzid.trim().slice(0, NAME_MAX));
      }
      entry = {
        iana,
        named: knownZone(cleanZone(tzid)),
        covers: zone ? (covers ?? { from: 0, to: 0 }) : null,
      };
      this.#entries.set(tzid, entry);
    }
    return entry;
  }

  /** Epoch ms of an ICAL.Time whose property named `tzid` (null: none). */
  epoch(time: ICAL.Time, tzid: string | null): number {
    const zone = time.zone?.tzid;
    if (zone === 'UTC' || zone === 'Z') return time.toUnixTime() * 1000;
    const wall: WallTime = {
      year: time.year,
      month: time.month,
      day: time.day,
      hour: time.hour,
      minute: time.minute,
      second: time.second,
    };
    if (tzid !== null) {
      const entry = this.#entry(tzid);
      if (entry.named) return zonedToEpoch(wall, entry.iana!)!;
      const byVtimezone = entry.covers !== null && zone !== undefined && zone !== 'floating';
      if (
        byVtimezone &&
        (entry.iana === null || (entry.covers!.from <= time.year && time.year <= entry.covers!.to))
      ) {
        return time.toUnixTime() * 1000;
      }
      if (entry.iana !== null) return zonedToEpoch(wall, entry.iana)!;
      if (byVtimezone) return time.toUnixTime() * 1000;
    } else if (this.#floating !== null) {
      return zonedToEpoch(wall, this.#floating)!;
    }
    return new Date(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second).getTime();
  }
}
