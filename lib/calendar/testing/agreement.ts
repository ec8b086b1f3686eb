/**
 * The engine against an independent implementation, window by window. The reference reads each
 * feed with its own small line reader, expands rules with the `rrule` package (a separate
 * implementation of RFC 5545 recurrence, widely used), applies RDATE, EXDATE and RECURRENCE-ID
 * overrides (RANGE=THISANDFUTURE included) itself, and turns wall times into instants through
 * Intl. Zone names are resolved by the engine's own table (feed-zones.ts): the comparison is of
 * the expansion, not of the name table. Windows: the product's 9 days at a series' start, a month,
 * a year and five years later. Run by `npm run feeds:agree`; the unit test holds its result.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import rrulePackage from 'rrule';
import { resolveZone } from '../feed-zones';
import { parseFeed } from '../ical-engine';
import { epochToZoned, zonedToEpoch } from '../zoned-time';

const { RRule } = rrulePackage;

export const CORPUS = path.join(import.meta.dirname, '../fixtures/feeds');
const DAY = 86_400_000;
const WINDOW_MS = 9 * DAY;
const LINK = 'X-GOOGLE-CONFERENCE:https://meet.google.com/abc-defg-hij';

interface Prop {
  name: string;
  params: Record<string, string>;
  value: string;
}
type Component = Prop[];

function unfold(text: string): string[] {
  const out: string[] = [];
  for (const line of text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/)) {
    if ((line.startsWith(' ') || line.startsWith('\t')) && out.length > 0)
      out[out.length - 1] += line.slice(1);
    else if (line !== '') out.push(line);
  }
  return out;
}

function readProp(line: string): Prop {
  let i = 0;
  let quoted = false;
  const parts: string[] = [];
  let start = 0;
  for (; i < line.length; i++) {
    const c = line[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === ';' || c === ':')) {
      parts.push(line.slice(start, i));
      start = i + 1;
      if (c === ':') break;
    }
  }
  const [name = '', ...params] = parts;
  const map: Record<string, string> = {};
  for (const param of params) {
    const eq = param.indexOf('=');
    if (eq > 0) map[param.slice(0, eq).toUpperCase()] = param.slice(eq + 1).replace(/^"|"$/g, '');
  }
  return { name: name.toUpperCase(), params: map, value: line.slice(start) };
}

/** The feed's top-level VEVENTs (properties of nested components left out) and its calendar properties. */
function readFeed(text: string): { events: Component[]; calendar: Component } {
  const events: Component[] = [];
  const calendar: Component = [];
  const stack: string[] = [];
  let current: Component | null = null;
  for (const line of unfold(text)) {
    const prop = readProp(line);
    if (prop.name === 'BEGIN') {
      stack.push(prop.value.toUpperCase());
      if (stack.length === 2 && stack[1] === 'VEVENT') current = [];
    } else if (prop.name === 'END') {
      if (stack.length === 2 && current) {
        events.push(current);
        current = null;
      }
      stack.pop();
    } else if (stack.length === 2 && current) current.push(prop);
    else if (stack.length === 1) calendar.push(prop);
  }
  return { events, calendar };
}

interface Wall {
  y: number;
  m: number;
  d: number;
  h: number;
  mi: number;
  s: number;
  date: boolean;
  utc: boolean;
}

function readTime(value: string): Wall | null {
  const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z?))?$/.exec(value.trim());
  if (!match) return null;
  return {
    y: +match[1]!,
    m: +match[2]!,
    d: +match[3]!,
    h: +(match[4] ?? 0),
    mi: +(match[5] ?? 0),
    s: +(match[6] ?? 0),
    date: match[4] === undefined,
    utc: match[7] === 'Z',
  };
}

/** A zone: 'utc', an IANA name, or 'local' (floating times, the user's zone). */
type Zone = string;

function zoneOf(prop: Prop, wall: Wall, floating: Zone): Zone | null {
  if (wall.utc) return 'utc';
  const tzid = prop.params.TZID;
  if (tzid === undefined) return floating;
  return resolveZone(tzid);
}

function instant(wall: Wall, zone: Zone): number {
  if (zone === 'utc') return Date.UTC(wall.y, wall.m - 1, wall.d, wall.h, wall.mi, wall.s);
  if (zone === 'local') return new Date(wall.y, wall.m - 1, wall.d, wall.h, wall.mi, wall.s).getTime();
  return zonedToEpoch(
    { year: wall.y, month: wall.m, day: wall.d, hour: wall.h, minute: wall.mi, second: wall.s },
    zone,
  )!;
}

/** Wall time as a Date whose UTC fields are the wall fields (how `rrule` works without a zone). */
function asUtcDate(wall: Wall): Date {
  return new Date(Date.UTC(wall.y, wall.m - 1, wall.d, wall.h, wall.mi, wall.s));
}
function fromUtcDate(date: Date): Wall {
  return {
    y: date.getUTCFullYear(),
    m: date.getUTCMonth() + 1,
    d: date.getUTCDate(),
    h: date.getUTCHours(),
    mi: date.getUTCMinutes(),
    s: date.getUTCSeconds(),
    date: false,
    utc: false,
  };
}
/** An instant as wall time in `zone`. */
function wallIn(epoch: number, zone: Zone): Wall {
  if (zone === 'utc') return fromUtcDate(new Date(epoch));
  if (zone === 'local') {
    const d = new Date(epoch);
    return fromUtcDate(
      new Date(
        Date.UTC(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds()),
      ),
    );
  }
  const wall = epochToZoned(epoch, zone);
  if (!wall) throw new RangeError(`Unknown time zone ${zone}`);
  return {
    y: wall.year,
    m: wall.month,
    d: wall.day,
    h: wall.hour,
    mi: wall.minute,
    s: wall.second,
    date: false,
    utc: false,
  };
}

const get = (event: Component, name: string) => event.find((prop) => prop.name === name);
const all = (event: Component, name: string) => event.filter((prop) => prop.name === name);

interface Series {
  uid: string;
  start: number;
  /** Instants of the series (overrides applied), from its start up to the last window's end. */
  instants(from: number, to: number): number[];
}

function readRules(master: Component, zone: Zone, wall: Wall): InstanceType<typeof RRule>[] {
  return all(master, 'RRULE').map((prop) => {
    const options = RRule.parseString(prop.value);
    const until = /UNTIL=([0-9TZ]+)/i.exec(prop.value)?.[1];
    if (until) {
      const untilWall = readTime(until);
      if (untilWall?.utc) options.until = asUtcDate(wallIn(instant(untilWall, 'utc'), zone));
      else if (untilWall?.date)
        options.until = new Date(Date.UTC(untilWall.y, untilWall.m - 1, untilWall.d, 23, 59, 59));
      else if (untilWall) options.until = asUtcDate(untilWall);
    }
    return new RRule({ ...options, dtstart: asUtcDate(wall) });
  });
}

/** The reference's series of one feed; events the reference cannot read are left out (and counted). */
function referenceSeries(text: string): { series: Series[]; unreadable: string[] } {
  const { events, calendar } = readFeed(text);
  const wr = get(calendar, 'X-WR-TIMEZONE');
  const floating: Zone = (wr && resolveZone(wr.value)) || 'local';
  const masters: Component[] = [];
  const overrides = new Map<string, Component[]>();
  let anonymous = 0;
  const keyed = new Map<Component, string>();
  // Versions of one event (one UID, no RECURRENCE-ID): the highest SEQUENCE, then the latest DTSTAMP.
  const version = (event: Component) => [
    Number(get(event, 'SEQUENCE')?.value ?? 0) || 0,
    Number((get(event, 'DTSTAMP')?.value ?? '').replace(/\D/g, '')) || 0,
  ];
  const newer = (a: Component, b: Component) => {
    const [x, y] = [version(a), version(b)];
    return x[0]! - y[0]! || x[1]! - y[1]!;
  };
  for (const event of events) {
    const uid = get(event, 'UID')?.value;
    if (uid && get(event, 'RECURRENCE-ID')) {
      overrides.set(uid, [...(overrides.get(uid) ?? []), event]);
      continue;
    }
    const same = uid ? masters.filter((m) => get(m, 'UID')?.value === uid) : [];
    if (same.some((m) => newer(m, event) > 0)) continue;
    for (const old of same.filter((m) => newer(event, m) > 0)) {
      masters.splice(masters.indexOf(old), 1);
      if (keyed.get(old) === uid) keyed.delete(old);
    }
    const key = uid && !masters.some((m) => keyed.get(m) === uid) ? uid : `\u0000${anonymous++}`;
    keyed.set(event, key);
    masters.push(event);
  }
  const series: Series[] = [];
  const unreadable: string[] = [];
  for (const master of masters) {
    const key = keyed.get(master)!;
    const uid = key.startsWith('\u0000') ? (get(master, 'UID')?.value ?? '') : key;
    if (!get(master, 'RRULE') && !get(master, 'RDATE')) continue;
    if ((get(master, 'STATUS')?.value ?? '').toUpperCase() === 'CANCELLED') continue;
    const dtstart = get(master, 'DTSTART');
    const wall = dtstart && readTime(dtstart.value);
    if (!dtstart || !wall) {
      unreadable.push(get(master, 'UID')?.value ?? '(no UID)');
      continue;
    }
    if (wall.date) continue; // All-day series: no meeting, the engine leaves them out too.
    const zone = zoneOf(dtstart, wall, floating);
    if (zone === null) {
      unreadable.push(get(master, 'UID')?.value ?? '(no UID)');
      continue;
    }
    const start = instant(wall, zone);
    let rules: InstanceType<typeof RRule>[];
    try {
      rules = readRules(master, zone, wall);
    } catch {
      unreadable.push(get(master, 'UID')?.value ?? '(no UID)');
      continue;
    }
    const rdates: number[] = [];
    for (const prop of all(master, 'RDATE')) {
      for (const value of prop.value.split(',')) {
        const t = readTime(value.split('/')[0]!);
        if (!t) continue;
        rdates.push(instant(t, t.date ? zone : (zoneOf(prop, t, zone === 'utc' ? 'utc' : zone) ?? zone)));
      }
    }
    const exInstants = new Set<number>();
    const exDays = new Set<string>();
    for (const prop of all(master, 'EXDATE')) {
      for (const value of prop.value.split(',')) {
        const t = readTime(value);
        if (!t) continue;
        if (t.date) exDays.add(`${t.y}-${t.m}-${t.d}`);
        else exInstants.add(instant(t, zoneOf(prop, t, zone) ?? zone));
      }
    }
    const moves: { from: number; to: number | null; future: boolean }[] = [];
    for (const override of overrides.get(uid) ?? []) {
      const rid = get(override, 'RECURRENCE-ID')!;
      const ridWall = readTime(rid.value);
      const newStart = get(override, 'DTSTART');
      const newWall = newStart && readTime(newStart.value);
      if (!ridWall) continue;
      // A DATE names that day's instance, at DTSTART's time of day.
      const fromAt = ridWall.date
        ? instant({ ...ridWall, h: wall.h, mi: wall.mi, s: wall.s, date: false }, zone)
        : instant(ridWall, zoneOf(rid, ridWall, zone) ?? zone);
      const cancelled = (get(override, 'STATUS')?.value ?? '').toUpperCase() === 'CANCELLED';
      const to =
        cancelled || !newWall || newWall.date
          ? null
          : instant(newWall, zoneOf(newStart!, newWall, zone) ?? zone);
      moves.push({ from: fromAt, to, future: (rid.params.RANGE ?? '').toUpperCase() === 'THISANDFUTURE' });
    }
    series.push({
      uid,
      start,
      instants(from, to) {
        // Expanded a little wider than asked: overrides may move instances in or out.
        const lo = new Date(from - 60 * DAY);
        const hi = new Date(to + 60 * DAY);
        const set = new Set<number>();
        // DTSTART is the first instance (RFC 5545 3.8.5.3), whether or not the rule matches it; one
        // the rule does not match counts toward COUNT (docs/feeds.md), so the rule gives one fewer.
        set.add(start);
        for (const rule of rules) {
          const offRule =
            rule.options.count !== null &&
            rule.all((_, i) => i < 1)[0]?.getTime() !== asUtcDate(wall).getTime();
          const last = offRule ? rule.all().at(-1)?.getTime() : undefined;
          // Wall times: widen by a day each side for zone offsets.
          for (const date of rule.between(new Date(lo.getTime() - DAY), new Date(hi.getTime() + DAY), true)) {
            if (date.getTime() !== last) set.add(instant(fromUtcDate(date), zone));
          }
        }
        for (const at of rdates) set.add(at);
        let list = [...set].filter((at) => {
          if (exInstants.has(at)) return false;
          if (exDays.size === 0) return true;
          const w = wallIn(at, zone);
          return !exDays.has(`${w.y}-${w.m}-${w.d}`);
        });
        // Instances counted by COUNT include DTSTART: rrule gives DTSTART as the first already.
        // A THISANDFUTURE override moves its instance and every later one by its own shift from the
        // original time; a later such override replaces it from its own instance on.
        const ranges = moves.filter((m) => m.future).sort((a, b) => b.from - a.from);
        list = list.flatMap((at) => {
          const range = ranges.find((m) => m.from <= at);
          if (!range) return [at];
          return range.to === null ? [] : [at + (range.to - range.from)];
        });
        for (const move of moves.filter((m) => !m.future)) {
          list = list.filter((at) => at !== move.from);
          if (move.to !== null) list.push(move.to);
        }
        return [...new Set(list)].filter((at) => at >= from && at < to).sort((a, b) => a - b);
      },
    });
  }
  return { series, unreadable };
}

/** Every VEVENT gets a meeting link, so the engine keeps every timed occurrence. */
function withLinks(text: string): string {
  return text.replace(/^BEGIN:VEVENT\r?$/gim, (line) => `${line.replace(/\r$/, '')}\r\n${LINK}`);
}

export interface WindowResult {
  feed: string;
  uid: string;
  window: 'start' | 'month' | 'year' | 'five years';
  from: number;
  engine: number[];
  reference: number[];
  agree: boolean;
}

function addMonths(epoch: number, months: number): number {
  const d = new Date(epoch);
  return Date.UTC(
    d.getUTCFullYear(),
    d.getUTCMonth() + months,
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
  );
}

export function compareFeed(file: string, text: string): { windows: WindowResult[]; unreadable: string[] } {
  const { series, unreadable } = referenceSeries(text);
  const linked = withLinks(text);
  const windows: WindowResult[] = [];
  const offsets: [WindowResult['window'], number][] = [
    ['start', 0],
    ['month', 1],
    ['year', 12],
    ['five years', 60],
  ];
  for (const one of series) {
    for (const [label, months] of offsets) {
      const from = addMonths(one.start, months);
      const to = from + WINDOW_MS;
      let engine: number[];
      try {
        // Asked from a day before: the engine keeps what overlaps its window (a zero-length
        // meeting at the window's first instant does not), the comparison is of starts.
        engine = parseFeed(linked, { from: from - DAY, to })
          .occurrences.filter((o) => o.uid === one.uid && o.startsAt >= from && o.startsAt < to)
          .map((o) => o.startsAt);
      } catch {
        engine = [-1];
      }
      engine = [...new Set(engine)].sort((a, b) => a - b);
      const reference = one.instants(from, to);
      windows.push({
        feed: file,
        uid: one.uid,
        window: label,
        from,
        engine,
        reference,
        agree: engine.length === reference.length && engine.every((at, i) => at === reference[i]),
      });
    }
  }
  return { windows, unreadable };
}

export function compareCorpus(dir = CORPUS): {
  windows: WindowResult[];
  unreadable: string[];
  feeds: number;
} {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.ics'))
    .sort();
  const windows: WindowResult[] = [];
  const unreadable: string[] = [];
  for (const file of files) {
    const result = compareFeed(file, readFileSync(path.join(dir, file), 'utf8'));
    windows.push(...result.windows);
    unreadable.push(...result.unreadable.map((uid) => `${file} · ${uid}`));
  }
  return { windows, unreadable, feeds: files.length };
}
