/**
 * A demo calendar at `GET /__emulator/calendar.ics`, for trying automatic bots without a real
 * calendar. Its events sit at fixed offsets from an anchor on the virtual clock (by default the
 * next quarter hour at least 10 minutes after start or reset; `POST /__emulator/calendar {starts_in_ms, unit_ms?}` moves
 * it and sets the demo's "hour", so a test sees a day's meetings in seconds), so they move with
 * the clock. It answers conditional requests (ETag / Last-Modified) with 304.
 */
import type { Context, Hono } from 'hono';
import type { Emulator } from './emulator';
import { json } from './http';
import { SEED } from './seed';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const QUARTER = 15 * MINUTE;

export const DEMO_CALENDAR_NAME = 'Demo calendar';
/** Links of the demo events (the e2e tests and the README name them). */
export const DEMO_LINKS = {
  weekly: 'https://meet.google.com/abc-defg-hij',
  zoom: 'https://us02web.zoom.us/j/81234567890?pwd=demo',
  telemost: 'https://telemost.yandex.ru/j/18780842719093',
  timeZone: 'https://meet.google.com/tzo-newy-ork',
  declined: 'https://meet.google.com/dec-line-ddd',
  safeLinks: 'https://us02web.zoom.us/j/91234567890',
} as const;

interface CalendarState {
  /** The seed the state belongs to: a reset re-anchors the calendar. */
  db: Emulator['db'];
  anchor: number;
  /** The demo's hour: events are this far apart (tests shrink it to seconds). */
  unit: number;
  /** Moves on each change, so the ETag does. */
  version: number;
  modifiedAt: number;
  requests: number;
  notModified: number;
}

const states = new WeakMap<Emulator, CalendarState>();

/**
 * The demo's default anchor: the next quarter hour at least 10 minutes away, so the first meeting
 * has not begun while a test or a person looks at the list (a quarter hour a second away made the
 * weekly meeting start during a test that counted it as upcoming).
 */
function nextQuarter(ms: number): number {
  return Math.ceil((ms + 10 * 60_000) / QUARTER) * QUARTER;
}

function stateOf(emu: Emulator): CalendarState {
  let state = states.get(emu);
  if (!state || state.db !== emu.db) {
    const now = emu.now();
    state = {
      db: emu.db,
      anchor: nextQuarter(now),
      unit: HOUR,
      version: 1,
      modifiedAt: now,
      requests: 0,
      notModified: 0,
    };
    states.set(emu, state);
  }
  return state;
}

/** 20261102T090000Z */
function utc(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** 20261102 (the UTC date) for an all-day event. */
function date(ms: number): string {
  return utc(ms).slice(0, 8);
}

/** Wall time in America/New_York, for an event written in that zone. */
function newYork(ms: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(ms))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}${parts.month}${parts.day}T${parts.hour}${parts.minute}${parts.second}`;
}

const NEW_YORK_ZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:America/New_York',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0400',
  'TZNAME:EDT',
  'DTSTART:19700308T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:-0400',
  'TZOFFSETTO:-0500',
  'TZNAME:EST',
  'DTSTART:19701101T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** Lines longer than 75 octets are folded (RFC 5545 3.1); ASCII content here. */
function fold(line: string): string {
  if (line.length <= 75) return line;
  const parts = [line.slice(0, 75)];
  for (let at = 75; at < line.length; at += 74) parts.push(` ${line.slice(at, at + 74)}`);
  return parts.join('\r\n');
}

export function demoCalendar(anchor: number, stamp: number, unit: number = HOUR): string {
  const me = SEED.users.demo.email;
  const event = (uid: string, lines: string[]) => [
    'BEGIN:VEVENT',
    `UID:${uid}@emulator.example`,
    `DTSTAMP:${utc(stamp)}`,
    ...lines,
    'END:VEVENT',
  ];
  const safeLink = `https://eur03.safelinks.protection.outlook.com/?url=${encodeURIComponent(DEMO_LINKS.safeLinks)}&data=05%7C01%7C${encodeURIComponent(me)}%7C0&reserved=0`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Meeting Capture//Service emulator//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${DEMO_CALENDAR_NAME}`,
    ...NEW_YORK_ZONE,
    // Weekly Meet: the second occurrence moved two hours later, the third cancelled.
    ...event('weekly', [
      `DTSTART:${utc(anchor)}`,
      `DTEND:${utc(anchor + unit / 2)}`,
      'RRULE:FREQ=WEEKLY',
      'SUMMARY:Weekly team sync',
      `ORGANIZER;CN=Demo:mailto:${me}`,
      'ATTENDEE;PARTSTAT=ACCEPTED:mailto:colleague@example.com',
      `X-GOOGLE-CONFERENCE:${DEMO_LINKS.weekly}`,
      `DESCRIPTION:Join with Google Meet: ${DEMO_LINKS.weekly}`,
    ]),
    ...event('weekly', [
      `RECURRENCE-ID:${utc(anchor + 7 * DAY)}`,
      `DTSTART:${utc(anchor + 7 * DAY + 2 * unit)}`,
      `DTEND:${utc(anchor + 7 * DAY + 2 * unit + unit / 2)}`,
      'SUMMARY:Weekly team sync (moved)',
      `X-GOOGLE-CONFERENCE:${DEMO_LINKS.weekly}`,
    ]),
    ...event('weekly', [
      `RECURRENCE-ID:${utc(anchor + 14 * DAY)}`,
      `DTSTART:${utc(anchor + 14 * DAY)}`,
      `DTEND:${utc(anchor + 14 * DAY + unit / 2)}`,
      'SUMMARY:Weekly team sync',
      'STATUS:CANCELLED',
    ]),
    ...event('zoom', [
      `DTSTART:${utc(anchor + unit)}`,
      `DTEND:${utc(anchor + 2 * unit)}`,
      'SUMMARY:Customer call',
      `LOCATION:${DEMO_LINKS.zoom}`,
      `ORGANIZER:mailto:client@partner.example`,
      `ATTENDEE;PARTSTAT=ACCEPTED:mailto:${me}`,
    ]),
    ...event('telemost', [
      `DTSTART:${utc(anchor + 2 * unit)}`,
      `DTEND:${utc(anchor + 3 * unit)}`,
      'SUMMARY:Планёрка',
      `DESCRIPTION:Ссылка на встречу: ${DEMO_LINKS.telemost}`,
    ]),
    ...event('all-day', [
      `DTSTART;VALUE=DATE:${date(anchor)}`,
      `DTEND;VALUE=DATE:${date(anchor + DAY)}`,
      'SUMMARY:Conference day (all day)',
      `LOCATION:${DEMO_LINKS.weekly}`,
    ]),
    ...event('new-york', [
      `DTSTART;TZID=America/New_York:${newYork(anchor + 3 * unit)}`,
      `DTEND;TZID=America/New_York:${newYork(anchor + 4 * unit)}`,
      'SUMMARY:New York office hours',
      `LOCATION:${DEMO_LINKS.timeZone}`,
    ]),
    ...event('declined', [
      `DTSTART:${utc(anchor + 4 * unit)}`,
      `DTEND:${utc(anchor + 5 * unit)}`,
      'SUMMARY:Declined all-hands',
      'ORGANIZER:mailto:ceo@example.com',
      `ATTENDEE;PARTSTAT=DECLINED:mailto:${me}`,
      `LOCATION:${DEMO_LINKS.declined}`,
    ]),
    ...event('safelinks', [
      `DTSTART:${utc(anchor + 5 * unit)}`,
      `DTEND:${utc(anchor + 6 * unit)}`,
      'SUMMARY:Vendor demo (Outlook)',
      'LOCATION:Zoom',
      `X-ALT-DESC;FMTTYPE=text/html:<html><body><p><a href="${safeLink.replace(/&/g, '&amp;')}">Join Zoom Meeting</a></p></body></html>`,
    ]),
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

export function registerCalendarRoutes(app: Hono, emu: Emulator): void {
  app.get('/__emulator/calendar.ics', (c: Context) => {
    const state = stateOf(emu);
    state.requests += 1;
    const etag = `"demo-${state.anchor}-${state.version}"`;
    // HTTP dates have one-second precision.
    const modified = new Date(Math.floor(state.modifiedAt / 1000) * 1000);
    const headers = {
      ETag: etag,
      'Last-Modified': modified.toUTCString(),
      'Cache-Control': 'no-cache',
    };
    const ifNoneMatch = c.req.header('if-none-match');
    const ifModifiedSince = c.req.header('if-modified-since');
    const notModified = ifNoneMatch
      ? ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
      : ifModifiedSince !== undefined && Date.parse(ifModifiedSince) >= modified.getTime();
    if (notModified) {
      state.notModified += 1;
      return new Response(null, { status: 304, headers });
    }
    return new Response(demoCalendar(state.anchor, state.modifiedAt, state.unit), {
      status: 200,
      headers: { ...headers, 'Content-Type': 'text/calendar; charset=utf-8' },
    });
  });

  app.get('/__emulator/calendar', () => {
    const state = stateOf(emu);
    return json({
      anchor: new Date(state.anchor).toISOString(),
      anchorMs: state.anchor,
      unitMs: state.unit,
      requests: state.requests,
      not_modified: state.notModified,
    });
  });

  app.post('/__emulator/calendar', async (c) => {
    let data: unknown;
    try {
      data = JSON.parse((await c.req.text()) || '{}');
    } catch {
      data = null;
    }
    const startsIn = (data as { starts_in_ms?: unknown } | null)?.starts_in_ms;
    const unit = (data as { unit_ms?: unknown } | null)?.unit_ms ?? HOUR;
    if (!finite(startsIn) || startsIn < 0 || !finite(unit) || unit < 2_000) {
      return json(
        { error: 'Body must be {"starts_in_ms": <non-negative number>, "unit_ms"?: <at least 2000>}.' },
        400,
      );
    }
    const state = stateOf(emu);
    // Whole seconds: iCalendar times have no milliseconds.
    state.anchor = Math.ceil((emu.now() + startsIn) / 1000) * 1000;
    state.unit = Math.round(unit / 1000) * 1000;
    state.version += 1;
    // Last-Modified must move even within the same second.
    state.modifiedAt = Math.max(emu.now(), state.modifiedAt + 1000);
    return json({ anchor: new Date(state.anchor).toISOString(), anchorMs: state.anchor, unitMs: state.unit });
  });
}

/**
 * A second feed for the hostile-feed tests: empty until POST `{"hostile": true}`, then one event
 * whose rule names a date that never exists (RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30), on which
 * the parser's recurrence expansion never yields.
 */
const hostile = new WeakMap<Emulator, boolean>();

export function registerHostileCalendarRoutes(app: Hono, emu: Emulator): void {
  app.get('/__emulator/calendar-hostile.ics', () => {
    const lines = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Meeting Capture emulator//EN',
      'X-WR-CALNAME:Stranger',
    ];
    if (hostile.get(emu)) {
      lines.push(
        'BEGIN:VEVENT',
        'UID:never@stranger.example',
        'DTSTAMP:20260101T000000Z',
        'DTSTART:20260101T100000Z',
        'DTEND:20260101T110000Z',
        'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
        'SUMMARY:Never',
        'LOCATION:https://zoom.us/j/1234567890',
        'END:VEVENT',
      );
    }
    lines.push('END:VCALENDAR');
    return new Response(`${lines.join('\r\n')}\r\n`, {
      status: 200,
      headers: { 'Content-Type': 'text/calendar; charset=utf-8', 'Cache-Control': 'no-cache' },
    });
  });
  app.post('/__emulator/calendar-hostile', async (c) => {
    const data = (await c.req.json().catch(() => null)) as { hostile?: unknown } | null;
    hostile.set(emu, data?.hostile === true);
    return json({ hostile: hostile.get(emu) });
  });
}
