/**
 * A feed's text → its calendar (every line outside a VEVENT: the header and the VTIMEZONEs) and
 * its VEVENTs, each read on its own: one event that cannot be read costs that event only. A line
 * that cannot be read is mended where its meaning is plain (spaces in a rule: `BYDAY= TU`) or
 * left out when it carries nothing the schedule needs (an Apple `X-APPLE-STRUCTURED-LOCATION`
 * parameter spilled onto a line of its own); a line the schedule needs that cannot be read skips
 * its event, with the reason. Absurd values are bounded before they reach the recurrence code.
 */
import ICAL from 'ical.js';

/** Why an event was skipped: the calendar's line names the first reason. */
export type SkipReason = 'time' | 'rule' | 'duration' | 'start' | 'broken' | 'zone' | 'long';

export interface Skip {
  reason: SkipReason;
  /** The property at fault (DTSTART, RRULE…), when one is. */
  property?: string;
}

/** Parts of an event or of the calendar left out while the rest was read (a value, a parameter, a line). */
export interface Parts {
  count: number;
  /** The property of the first. */
  property: string;
}

export type ReadEvent =
  | { ok: true; component: ICAL.Component; parts?: Parts }
  | { ok: false; skip: Skip; parts?: Parts };

/**
 * Splits the text's lines; a VEVENT left open ends at the next BEGIN:VEVENT or END:VCALENDAR. A
 * VCALENDAR nested in the calendar (two exports pasted into one) is read as part of it: its
 * events and zones join the others.
 */
export function splitFeed(text: string): { calendar: string[]; events: string[][] } {
  const calendar: string[] = [];
  const events: string[][] = [];
  let current: string[] | null = null;
  let opened = false;
  for (const line of text.split(/\r\n|\n|\r/)) {
    if (line === '') continue;
    const mark = line.length <= 16 ? line.trim().toUpperCase() : '';
    if (mark === 'BEGIN:VCALENDAR' && !current) {
      if (!opened) calendar.push(line);
      opened = true;
      continue;
    }
    if (mark === 'END:VCALENDAR') {
      if (current) events.push(current);
      current = null;
      continue;
    }
    if (mark === 'BEGIN:VEVENT') {
      if (current) events.push(current);
      current = [line];
    } else if (current) {
      current.push(line);
      if (mark === 'END:VEVENT') {
        events.push(current);
        current = null;
      }
    } else {
      calendar.push(line);
    }
  }
  if (current) events.push(current);
  if (opened) calendar.push('END:VCALENDAR');
  return { calendar, events };
}

/** Properties the schedule is made of: when one cannot be read, its event is skipped. */
const NEEDED: Record<string, SkipReason> = {
  DTSTART: 'time',
  DTEND: 'time',
  'RECURRENCE-ID': 'time',
  EXDATE: 'time',
  DURATION: 'duration',
  RRULE: 'rule',
  EXRULE: 'rule',
};

/** Logical lines (folds undone). */
function unfold(lines: string[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    if ((line[0] === ' ' || line[0] === '\t') && out.length > 0) out[out.length - 1] += line.slice(1);
    else out.push(line);
  }
  return out;
}

function nameOf(line: string): string {
  const end = line.search(/[;:]/);
  return (end < 0 ? line : line.slice(0, end)).trim().toUpperCase();
}

/** `RRULE:FREQ=WEEKLY;BYDAY= TU , TH;BYMONTH=1,2,` → `RRULE:FREQ=WEEKLY;BYDAY=TU,TH;BYMONTH=1,2`. */
function mendRule(line: string): string {
  const colon = line.indexOf(':');
  if (colon < 0) return line;
  const value = line
    .slice(colon + 1)
    .replace(/\s+/g, '')
    .replace(/,+(?=;|$)/g, '')
    .replace(/;+$/, '');
  return line.slice(0, colon + 1) + value;
}

/**
 * Lines read one by one: mended or left out as said above. Returns the lines to parse, or why the
 * component cannot be read.
 */
export function mendLines(lines: string[]): { ok: true; lines: string[] } | { ok: false; skip: Skip } {
  const kept: string[] = [];
  for (const raw of unfold(lines)) {
    if (/^(BEGIN|END):/i.test(raw)) {
      kept.push(raw.trim());
      continue;
    }
    const name = nameOf(raw);
    const line = name === 'RRULE' || name === 'EXRULE' ? mendRule(raw) : raw;
    try {
      ICAL.parse.property(line);
      kept.push(line);
    } catch {
      const reason = NEEDED[name];
      if (reason) return { ok: false, skip: { reason, property: name } };
    }
  }
  const first = kept[0]?.toUpperCase();
  const name = first?.startsWith('BEGIN:') ? first.slice(6) : null;
  if (name && !kept[kept.length - 1]?.toUpperCase().startsWith(`END:${name}`)) kept.push(`END:${name}`);
  return { ok: true, lines: kept };
}

/** A line's name and parameters, and its value (the first colon outside quotes). */
function splitLine(line: string): { head: string; value: string } | null {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') quoted = !quoted;
    else if (c === ':' && !quoted) return { head: line.slice(0, i), value: line.slice(i + 1) };
  }
  return null;
}

const DATE_VALUE = /^\d{8}$/;
const DATE_TIME_VALUE = /^\d{8}T\d{6}Z?$/;
/** Properties whose values are dates or date-times, one or a list. */
const TIMES = new Set(['DTSTART', 'DTEND', 'DUE', 'RECURRENCE-ID', 'EXDATE', 'RDATE']);

/**
 * Time values mended where their meaning is plain, each mend counted: `VALUE=DATE` on a value that
 * is a date-time (an export's 128 events), `VALUE=DATE-TIME` on a date; a list of EXDATE or RDATE
 * values keeps the values that can be read, without the one that cannot.
 */
function mendTimes(lines: string[], parts: (property: string) => void): string[] {
  return lines.map((line) => {
    const name = nameOf(line);
    if (!TIMES.has(name)) return line;
    const split = splitLine(line);
    if (!split) return line;
    let { head, value } = split;
    const values = value.split(',').map((one) => one.trim());
    const declared = /;VALUE=(DATE-TIME|DATE|PERIOD)(?=;|$)/i.exec(head)?.[1]?.toUpperCase();
    if (declared === 'DATE' && values.every((one) => DATE_TIME_VALUE.test(one))) {
      head = head.replace(/;VALUE=DATE(?=;|$)/i, '');
      parts(name);
    } else if (declared === 'DATE-TIME' && values.every((one) => DATE_VALUE.test(one))) {
      head = head.replace(/;VALUE=DATE-TIME(?=;|$)/i, ';VALUE=DATE');
      parts(name);
    }
    if ((name === 'EXDATE' || name === 'RDATE') && declared !== 'PERIOD' && values.length > 0) {
      const readable = values.filter((one) => DATE_VALUE.test(one) || DATE_TIME_VALUE.test(one));
      if (readable.length < values.length) {
        for (let i = readable.length; i < values.length; i++) parts(name);
        if (readable.length === 0) return '';
        value = readable.join(',');
      }
    }
    return `${head}:${value}`;
  });
}

/** One VEVENT's lines → its component (under `root`, whose VTIMEZONEs it uses), bounded. */
export function readEvent(raw: string[], root: ICAL.Component): ReadEvent {
  let parsed: unknown;
  let mended: Parts | undefined;
  const lines = mendTimes(unfold(raw), (property) => {
    mended ??= { count: 0, property };
    mended.count += 1;
  }).filter((line) => line !== '');
  const withParts = <T extends ReadEvent>(result: T): T => (mended ? { ...result, parts: mended } : result);
  // A rule ical.js reads without complaint but cannot expand (a trailing comma) is mended first.
  const ruled = lines.map((line) =>
    /^(RRULE|EXRULE)[;:]/i.test(line) && /\s|,(;|$)|;$/.test(line) ? mendRule(line) : line,
  );
  try {
    parsed = ICAL.parse(ruled.join('\r\n'));
  } catch {
    const fixed = mendLines(lines);
    if (!fixed.ok) return withParts(fixed);
    try {
      parsed = ICAL.parse(fixed.lines.join('\r\n'));
    } catch {
      return withParts({ ok: false, skip: { reason: 'broken' } });
    }
  }
  if (!Array.isArray(parsed) || parsed[0] !== 'vevent')
    return withParts({ ok: false, skip: { reason: 'broken' } });
  const component = new ICAL.Component(parsed as never, root);
  const skip = bound(component);
  return withParts(skip ? { ok: false, skip } : { ok: true, component });
}

/**
 * The calendar's own lines (its properties and VTIMEZONEs) → its jCal. A line that cannot be read
 * costs what it is in: a property of the calendar is left out, a VTIMEZONE (or another component)
 * with such a line is left out whole, and the VTIMEZONE's name is returned so its events are
 * left out too rather than read in a wrong zone. Throws only when nothing can be read.
 */
export function readCalendar(lines: string[]): { jcal: unknown; brokenZones: string[]; parts?: Parts } {
  try {
    return { jcal: ICAL.parse(lines.join('\r\n')), brokenZones: [] };
  } catch {
    // Read part by part below.
  }
  const kept: string[] = [];
  const brokenZones: string[] = [];
  let parts: Parts | undefined;
  const leftOut = (property: string) => {
    parts ??= { count: 0, property };
    parts.count += 1;
  };
  const all = unfold(lines);
  for (let i = 0; i < all.length; i++) {
    const line = all[i]!;
    const begin = /^BEGIN:(.+)$/i.exec(line.trim());
    if (begin && i > 0) {
      // A component of the calendar: from here to its own END.
      const name = begin[1]!.toUpperCase();
      let depth = 0;
      let end = i;
      for (; end < all.length; end++) {
        const mark = all[end]!.trim().toUpperCase();
        if (mark.startsWith('BEGIN:')) depth++;
        else if (mark.startsWith('END:') && --depth === 0) break;
      }
      const block = all.slice(i, end + 1);
      try {
        ICAL.parse(block.join('\r\n'));
        kept.push(...block);
      } catch {
        if (name === 'VTIMEZONE') {
          const tzid = block.find((one) => /^TZID[:;]/i.test(one));
          const value = tzid ? splitLine(tzid)?.value : undefined;
          if (value) brokenZones.push(value);
        }
        leftOut(name);
      }
      i = end;
      continue;
    }
    if (/^(BEGIN|END):/i.test(line)) {
      kept.push(line.trim());
      continue;
    }
    try {
      ICAL.parse.property(line);
      kept.push(line);
    } catch {
      leftOut(nameOf(line));
    }
  }
  return { jcal: ICAL.parse(kept.join('\r\n')), brokenZones, ...(parts ? { parts } : {}) };
}

/** A date or date-time as ical.js keeps it: each field in its range. */
const TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(T([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)Z?)?$/;
/** An event longer than a year is not a meeting; a longer DURATION also stalls ical.js's date arithmetic. */
const DURATION_MAX_S = 366 * 24 * 3600;
/** A rule's step beyond this many years gives one occurrence in any window the product reads. */
const STEP_MAX_YEARS = 200;
const UNTIL_MAX_YEAR = 2200;
const COUNT_MAX = 1_000_000;
const STEP_YEARS: Record<string, number> = {
  SECONDLY: 1 / (365 * 86400),
  MINUTELY: 1 / (365 * 1440),
  HOURLY: 1 / (365 * 24),
  DAILY: 1 / 365,
  WEEKLY: 7 / 365,
  MONTHLY: 1 / 12,
  YEARLY: 1,
};

function timesReadable(source: ICAL.Component | ICAL.Property, name: string | null): boolean {
  const properties =
    name === null ? [source as ICAL.Property] : (source as ICAL.Component).getAllProperties(name);
  for (const property of properties) {
    for (const value of property.jCal.slice(3)) {
      // PERIOD values of RDATE are [start, end or duration].
      const first = Array.isArray(value) ? value[0] : value;
      if (typeof first !== 'string' || !TIME.test(first)) return false;
    }
  }
  return true;
}

/** Why the event cannot be read once parsed, after bounding its rule; null when it can. */
export function bound(component: ICAL.Component): Skip | null {
  if (!component.hasProperty('dtstart')) return { reason: 'start', property: 'DTSTART' };
  for (const name of ['dtstart', 'dtend', 'recurrence-id', 'exdate']) {
    if (!timesReadable(component, name)) return { reason: 'time', property: name.toUpperCase() };
  }
  // An extra date that cannot be read (RDATE;VALUE=TIME) is left out; the series stands.
  for (const property of component.getAllProperties('rdate')) {
    if (!timesReadable(property, null)) component.removeProperty(property);
  }
  const duration = component.getFirstPropertyValue('duration') as ICAL.Duration | null;
  if (duration) {
    const seconds = duration.toSeconds();
    if (!Number.isFinite(seconds) || Math.abs(seconds) > DURATION_MAX_S)
      return { reason: 'duration', property: 'DURATION' };
  }
  for (const property of component.getAllProperties('rrule')) {
    const rule = property.getFirstValue() as ICAL.Recur | null;
    if (!rule || !(rule.freq in STEP_YEARS)) return { reason: 'rule', property: 'RRULE' };
    const interval = rule.interval || 1;
    if (!Number.isFinite(interval) || interval < 1) return { reason: 'rule', property: 'RRULE' };
    if (interval * STEP_YEARS[rule.freq]! > STEP_MAX_YEARS) {
      // Only the first occurrence falls in any window the product reads: the event stands alone.
      component.removeProperty(property);
      continue;
    }
    if (rule.count && rule.count > COUNT_MAX) rule.count = COUNT_MAX;
    if (rule.until && rule.until.year > UNTIL_MAX_YEAR) rule.until = null as never;
    property.setValue(rule);
  }
  return null;
}
