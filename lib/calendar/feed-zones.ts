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
import ICAL from 'ical.js';
import { windowsZone } from './windows-zones';
import { epochToZoned, knownZone, type WallTime, zonedToEpoch } from './zoned-time';

/**
 * A zone the feed defines that cannot be used: its VTIMEZONE could not be read, or its
 * observances repeat more often than yearly or expand past their own budget. Its events are left
 * out (the calendar's line names the zone); the rest of the feed is read.
 */
export class ZoneUnreadableError extends Error {
  constructor(readonly tzid: string) {
    super(`time zone ${tzid} cannot be read`);
  }
}

/** RDATE values one VTIMEZONE may list: real zones list a few hundred transitions at most. */
const ZONE_RDATES_MAX = 2000;

/** Why a VTIMEZONE cannot be used as it is written, or null: an observance repeating other than yearly. */
function unusable(zone: ICAL.Component): boolean {
  let rdates = 0;
  for (const observance of zone.getAllSubcomponents()) {
    for (const rule of observance.getAllProperties('rrule')) {
      const value = rule.getFirstValue() as ICAL.Recur | null;
      if (value?.freq !== 'YEARLY') return true;
    }
    for (const rdate of observance.getAllProperties('rdate')) rdates += rdate.getValues().length;
  }
  return rdates > ZONE_RDATES_MAX;
}

/** A TZID as written in a parameter or a VTIMEZONE: quotes and escapes left out. */
function sameZoneName(value: string): string {
  return value
    .replace(/\\([,;\\])/g, '$1')
    .replace(/^["']+|["']+$/g, '')
    .trim();
}

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
  /** The feed's own VTIMEZONE of this name, read by its observances (null: none, or unusable). */
  zone: ICAL.Timezone | null;
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
  /** VTIMEZONEs that cannot be used (by their name as written). */
  readonly #broken = new Set<string>();

  /** `broken`: the names of VTIMEZONEs that could not be read (feed-split.ts). */
  constructor(root: ICAL.Component, broken: Iterable<string> = []) {
    this.#root = root;
    for (const name of broken) this.#broken.add(sameZoneName(name));
    // A zone whose observances repeat more often than yearly is never expanded (ical.js would step
    // through every hour since its start): its events fail alone.
    for (const zone of root.getAllSubcomponents('vtimezone')) {
      const tzid = zone.getFirstPropertyValue('tzid');
      if (typeof tzid === 'string' && unusable(zone)) {
        this.#broken.add(sameZoneName(tzid));
        root.removeSubcomponent(zone);
      }
    }
    const wr = root.getFirstPropertyValue('x-wr-timezone');
    this.#floating = typeof wr === 'string' ? this.#resolve(wr) : null;
  }

  /** A zone found unusable while reading its events (its expansion ran past its budget). */
  markBroken(tzid: string): void {
    const name = sameZoneName(tzid);
    this.#broken.add(name);
    for (const [key, entry] of this.#entries) if (sameZoneName(key) === name) entry.zone = null;
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
      const name = sameZoneName(tzid);
      // Matched as written, quotes and escapes aside: Outlook escapes the commas of
      // "(UTC+01:00) Amsterdam\, Berlin" in the VTIMEZONE and quotes them in the parameter.
      const zone = this.#root.getAllSubcomponents('vtimezone').find((candidate) => {
        const value = candidate.getFirstPropertyValue('tzid');
        return typeof value === 'string' && sameZoneName(value) === name;
      });
      const covers = zone ? coverage(zone) : null;
      const iana = resolveZone(tzid);
      const broken = this.#broken.has(name);
      // A name no table knows, with a VTIMEZONE of its own ("Customized Time Zone"), is read by it.
      if (iana === null && !zone && !broken && this.#unknown.size < UNKNOWN_MAX) {
        this.#unknown.add(tzid.trim().slice(0, NAME_MAX));
      }
      entry = {
        iana,
        zone: zone && !broken ? new ICAL.Timezone(zone) : null,
        named: knownZone(cleanZone(tzid)),
        covers: zone ? (covers ?? { from: 0, to: 0 }) : null,
      };
      this.#entries.set(tzid, entry);
    }
    if (entry.iana === null && this.#broken.has(sameZoneName(tzid))) throw new ZoneUnreadableError(tzid);
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
      if (this.#byVtimezone(entry, time.year)) {
        return ICAL.Time.fromData({ ...wall, isDate: false }, entry.zone!).toUnixTime() * 1000;
      }
      if (entry.iana !== null) return zonedToEpoch(wall, entry.iana)!;
    } else if (this.#floating !== null) {
      return zonedToEpoch(wall, this.#floating)!;
    }
    return new Date(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second).getTime();
  }

  /** Whether a time of `year` in this zone is read by the feed's own VTIMEZONE. */
  #byVtimezone(entry: Entry, year: number): boolean {
    if (entry.zone === null) return false;
    return entry.iana === null || (entry.covers!.from <= year && year <= entry.covers!.to);
  }

  /**
   * The wall time `epoch` is in the zone `epoch(…, tzid)` reads `like` in: the inverse of `epoch`,
   * for a RECURRENCE-ID or an UNTIL written in another zone than the series' DTSTART.
   */
  wall(epoch: number, tzid: string | null, like: ICAL.Time): WallTime {
    const zone = like.zone?.tzid;
    const utc = new Date(epoch);
    const fromDate = (d: Date, local: boolean): WallTime =>
      local
        ? {
            year: d.getFullYear(),
            month: d.getMonth() + 1,
            day: d.getDate(),
            hour: d.getHours(),
            minute: d.getMinutes(),
            second: d.getSeconds(),
          }
        : {
            year: d.getUTCFullYear(),
            month: d.getUTCMonth() + 1,
            day: d.getUTCDate(),
            hour: d.getUTCHours(),
            minute: d.getUTCMinutes(),
            second: d.getUTCSeconds(),
          };
    if (zone === 'UTC' || zone === 'Z') return fromDate(utc, false);
    if (tzid !== null) {
      const entry = this.#entry(tzid);
      if (entry.named) return epochToZoned(epoch, entry.iana!)!;
      if (this.#byVtimezone(entry, utc.getUTCFullYear())) {
        const at = ICAL.Time.fromJSDate(new Date(Math.floor(epoch / 1000) * 1000), true).convertToZone(
          entry.zone!,
        );
        return {
          year: at.year,
          month: at.month,
          day: at.day,
          hour: at.hour,
          minute: at.minute,
          second: at.second,
        };
      }
      if (entry.iana !== null) return epochToZoned(epoch, entry.iana)!;
    } else if (this.#floating !== null) {
      return epochToZoned(epoch, this.#floating)!;
    }
    return fromDate(utc, true);
  }
}
