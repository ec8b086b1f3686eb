/**
 * Wall-clock time in a named IANA zone → epoch milliseconds, for feeds that name a TZID without
 * carrying its VTIMEZONE (RFC 5545 requires one; some exporters omit it). Uses the platform's
 * time zone data through Intl; null when the zone is unknown to it.
 */
const formatters = new Map<string, Intl.DateTimeFormat | null>();

function formatter(zone: string): Intl.DateTimeFormat | null {
  if (!formatters.has(zone)) {
    try {
      formatters.set(
        zone,
        new Intl.DateTimeFormat('en-US', {
          timeZone: zone,
          hourCycle: 'h23',
          year: 'numeric',
          month: 'numeric',
          day: 'numeric',
          hour: 'numeric',
          minute: 'numeric',
          second: 'numeric',
        }),
      );
    } catch {
      formatters.set(zone, null);
    }
  }
  return formatters.get(zone) ?? null;
}

/** The wall-clock time `format`'s zone shows at `epoch`. */
function wallAt(format: Intl.DateTimeFormat, epoch: number): WallTime {
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(epoch))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** The zone's offset from UTC at `epoch`, in milliseconds. */
function offsetAt(format: Intl.DateTimeFormat, epoch: number): number {
  const wall = wallAt(format, epoch);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(epoch / 1000) * 1000;
}

export interface WallTime {
  year: number;
  /** 1-12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * Offsets found, by zone and wall-clock hour: a feed of thousands of events asks for the same few
 * hours again and again, and each Intl call costs. Zones change their offset on the hour, so the
 * offset found for one time of an hour holds for the whole hour. Bounded: cleared when full.
 */
const offsets = new Map<string, number>();
const OFFSETS_MAX = 200_000;

export function zonedToEpoch(wall: WallTime, zone: string): number | null {
  const naive = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  const key = `${zone}|${Math.floor(naive / 3_600_000)}`;
  const known = offsets.get(key);
  if (known !== undefined) return naive - known;
  const format = formatter(zone);
  if (!format) return null;
  // Two passes settle the offset on either side of a DST change.
  let guess = naive - offsetAt(format, naive);
  guess = naive - offsetAt(format, guess);
  if (offsets.size >= OFFSETS_MAX) offsets.clear();
  offsets.set(key, naive - guess);
  return guess;
}

/** The wall-clock time a named zone shows at `epoch`; null when the zone is unknown. */
export function epochToZoned(epoch: number, zone: string): WallTime | null {
  const format = formatter(zone);
  return format && wallAt(format, epoch);
}

/** Whether the platform knows `zone` as a time zone (an IANA name or one of its aliases). */
export function knownZone(zone: string): boolean {
  return zone !== '' && formatter(zone) !== null;
}
