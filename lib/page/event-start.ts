/**
 * The start time of a calendar event, read from its dialog or detail pane. Calendars change their
 * markup often, so no class name is relied on; the sources are, in order of trust:
 * 1. `datetime` attributes (`<time datetime="2026-03-04T10:00:00+03:00">`);
 * 2. `data-*` attributes whose name speaks of a start or a time and whose value is a timestamp
 *    (epoch milliseconds or seconds, or an ISO date-time);
 * 3. the visible text: "Wednesday, March 4 ⋅ 10:00 – 11:00am", "4 марта, 10:00–11:00",
 *    "Wed 3/4/2026 10:00 AM - 10:30 AM", "Tomorrow, 15:30". The calendar script reads the first two
 *    itself and asks the background for this one (`page.eventStart`): the parser stays out of the
 *    page, and it is asked once for each text an event shows.
 * When none yields a date and a time, the caller asks the person.
 */

export interface EventStartOptions {
  /** Now, in milliseconds; a date without a year is taken in the year that puts it nearest to now. */
  now: number;
  /** `m/d/y` (US English pages) or `d/m/y` for dates written with slashes. */
  slashOrder?: 'mdy' | 'dmy';
}

export type EventStartSource = 'datetime' | 'data' | 'text';

export interface EventStart {
  startsAt: number;
  source: EventStartSource;
}

/** Characters of an event's text a start is looked for in: an event's details are far shorter. */
export const MAX_TEXT = 20_000;

const MIN_PLAUSIBLE = Date.UTC(2000, 0, 1);
const MAX_PLAUSIBLE = Date.UTC(2100, 0, 1);

const plausible = (ms: number) => Number.isFinite(ms) && ms >= MIN_PLAUSIBLE && ms < MAX_PLAUSIBLE;

/** An ISO-like date-time with a time of day; date-only values (all-day events) have no start time. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

function parseIsoDateTime(value: string): number | null {
  const text = value.trim();
  if (!ISO_DATE_TIME.test(text)) return null;
  const ms = Date.parse(text.replace(' ', 'T'));
  return plausible(ms) ? ms : null;
}

/** A timestamp in a data attribute: 13 digits are milliseconds, 10 digits seconds, or ISO. */
export function parseTimestamp(value: string): number | null {
  const text = value.trim();
  if (/^\d{13}$/.test(text)) {
    const ms = Number(text);
    return plausible(ms) ? ms : null;
  }
  if (/^\d{10}$/.test(text)) {
    const ms = Number(text) * 1000;
    return plausible(ms) ? ms : null;
  }
  return parseIsoDateTime(text);
}

const START_NAME = /start|begin/i;
const TIME_NAME = /time|date|when|(?:^|[-_])ts$/i;

/**
 * Each month's first three letters, in order: a month's index is where its name's first three
 * letters stand, divided by three (`мая` stands for May: `мар` is March).
 */
const EN_MONTHS = 'janfebmaraprmayjunjulaugsepoctnovdec';
const RU_MONTHS = 'янвфевмарапрмаяиюниюлавгсеноктноядек';

/** Whole month names and their usual abbreviations, never a word that merely starts like one ("Market"). */
const EN_MONTH =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)(?![a-z])\\.?';
const RU_MONTH =
  '(янв(?:аря)?|фев(?:раля)?|мар(?:та)?|апр(?:еля)?|мая|июня?|июля?|авг(?:уста)?|сен(?:т(?:ября)?)?|окт(?:ября)?|ноя(?:бря)?|дек(?:абря)?)(?![а-яё])\\.?';
const WEEKDAY = '(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\\.?,?\\s+)?';
const YEAR = '(?:,?\\s+(\\d{4}))?';

interface DatePattern {
  regex: RegExp;
  /** Year (or null), month 0-11 and day from a match, or null when it is not a date. */
  read(
    match: RegExpExecArray,
    options: EventStartOptions,
  ): { year: number | null; month: number; day: number } | null;
}

/** A date written with a month's name: which groups hold the day and the month, the year is group 3. */
const named = (regex: RegExp, months: string, day: 1 | 2, month: 1 | 2): DatePattern => ({
  regex,
  read: (m) => ({
    year: m[3] ? Number(m[3]) : null,
    month: months.indexOf(m[month]!.slice(0, 3).toLowerCase()) / 3,
    day: Number(m[day]),
  }),
});

/** Marked pure: a script that parses no text (the calendar script) leaves the patterns out. */
const DATE_PATTERNS: DatePattern[] = /* @__PURE__ */ (() => [
  {
    // 2026-03-04 10:00
    regex: /\b(\d{4})-(\d{2})-(\d{2})\b/g,
    read: (m) => ({ year: Number(m[1]), month: Number(m[2]) - 1, day: Number(m[3]) }),
  },
  // Wednesday, March 4, 2026 / Mar 4
  named(
    new RegExp(`\\b${WEEKDAY}${EN_MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b${YEAR}`, 'gi'),
    EN_MONTHS,
    2,
    1,
  ),
  // Wednesday 4 March 2026 / 4 Mar
  named(new RegExp(`\\b${WEEKDAY}(\\d{1,2})\\s+${EN_MONTH}${YEAR}`, 'gi'), EN_MONTHS, 1, 2),
  // 4 марта 2026 / 4 мар.
  named(new RegExp(`(?<![\\d])(\\d{1,2})\\s+${RU_MONTH}(?:\\s+(\\d{4}))?`, 'gi'), RU_MONTHS, 1, 2),
  {
    // 3/4/2026 (US: March 4) or 04/03/2026 and 04.03.2026 (day first)
    regex: /\b(\d{1,2})([./])(\d{1,2})\2(\d{4})\b/g,
    read: (m, options) => {
      const dayFirst = m[2] === '.' || options.slashOrder === 'dmy';
      const a = Number(m[1]);
      const b = Number(m[3]);
      return { year: Number(m[4]), month: (dayFirst ? b : a) - 1, day: dayFirst ? a : b };
    },
  },
  {
    regex: /\b(today|tomorrow)\b|(?<![а-яё])(сегодня|завтра)(?![а-яё])/gi,
    read: (m, options) => {
      const word = (m[1] ?? m[2] ?? '').toLowerCase();
      const date = new Date(options.now);
      if (word === 'tomorrow' || word === 'завтра') date.setDate(date.getDate() + 1);
      return { year: date.getFullYear(), month: date.getMonth(), day: date.getDate() };
    },
  },
])();

/**
 * A time of day close after the date: "10:00", "10:00 AM", "10am", "10 – 11am" (the meridiem of the
 * end applies to the start when the start has none).
 */
const TIME =
  /^[^\d]{0,40}?(?<![\d:])(\d{1,2})(?::(\d{2}))?\s*([ap])?\.?\s*m?\.?(?![a-zа-я])(?:\s*(?:-|–|—|to|до)\s*(\d{1,2})(?::(\d{2}))?\s*([ap])?\.?\s*m?\.?(?![a-zа-я]))?/i;

function to24(hour: number, meridiem: string): number | null {
  if (hour < 1 || hour > 12) return null;
  return (hour % 12) + (meridiem === 'p' ? 12 : 0);
}

function readTime(after: string): { hour: number; minute: number } | null {
  const m = TIME.exec(after);
  if (!m) return null;
  const hour = Number(m[1]);
  const minute = m[2] === undefined ? 0 : Number(m[2]);
  if (minute > 59) return null;
  const meridiem = m[3]?.toLowerCase();
  const endMeridiem = m[6]?.toLowerCase();
  if (meridiem) {
    const value = to24(hour, meridiem);
    return value === null ? null : { hour: value, minute };
  }
  if (endMeridiem && m[4] !== undefined) {
    // "10 – 11am", "11 – 1pm": the start is the latest reading of its hour that is not after the end.
    const endHour = to24(Number(m[4]), endMeridiem);
    if (endHour === null || hour < 1 || hour > 12) return null;
    const end = endHour * 60 + (m[5] === undefined ? 0 : Number(m[5]));
    const pm = ((hour % 12) + 12) * 60 + minute;
    return pm <= end ? { hour: (hour % 12) + 12, minute } : { hour: hour % 12, minute };
  }
  // A bare number ("4") is a day or a count, not a time: a 24-hour time needs its minutes.
  if (m[2] === undefined || hour > 23) return null;
  return { hour, minute };
}

function resolveYear(month: number, day: number, options: EventStartOptions): number {
  const nowYear = new Date(options.now).getFullYear();
  let best = nowYear;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const year of [nowYear - 1, nowYear, nowYear + 1]) {
    const distance = Math.abs(new Date(year, month, day).getTime() - options.now);
    if (distance < bestDistance) {
      best = year;
      bestDistance = distance;
    }
  }
  return best;
}

/** Normalises the separators calendars put between dates and times (⋅ · nbsp, narrow nbsp). */
function normaliseText(text: string): string {
  return text.replace(/[\u00a0\u202f\u2009\u2007]/g, ' ').replace(/[⋅·•|]/g, ' ');
}

/** The first date followed closely by a time in the text, as local time; null when there is none. */
export function parseStartFromText(text: string, options: EventStartOptions): number | null {
  const normalised = normaliseText(text.slice(0, MAX_TEXT));
  let best: { index: number; ms: number } | null = null;
  for (const pattern of DATE_PATTERNS) {
    pattern.regex.lastIndex = 0;
    for (let m = pattern.regex.exec(normalised); m; m = pattern.regex.exec(normalised)) {
      if (best && m.index >= best.index) break;
      const date = pattern.read(m, options);
      if (!date || date.month < 0 || date.month > 11 || date.day < 1 || date.day > 31) continue;
      const time = readTime(normalised.slice(m.index + m[0].length, m.index + m[0].length + 80));
      if (!time) continue;
      const year = date.year ?? resolveYear(date.month, date.day, options);
      const value = new Date(year, date.month, date.day, time.hour, time.minute);
      if (value.getMonth() !== date.month || value.getDate() !== date.day) continue;
      const ms = value.getTime();
      if (plausible(ms)) best = { index: m.index, ms };
      break;
    }
  }
  return best?.ms ?? null;
}

/** Elements of the container in document order, the container first, at most `max`. */
function* elementsOf(container: Element, max: number): Generator<Element> {
  yield container;
  const all = container.getElementsByTagName('*');
  const count = Math.min(all.length, max);
  for (let i = 0; i < count; i++) yield all[i]!;
}

/**
 * The event's start time from the container's attributes; null when none tells it. The text is
 * then read (`eventText`, `parseStartFromText`): by the background, for the calendar script
 * (message `page.eventStart`), which so carries no date parser.
 */
export function findEventStart(container: Element, maxElements = 3000): EventStart | null {
  for (const element of elementsOf(container, maxElements)) {
    const value = element.getAttribute('datetime');
    if (value === null) continue;
    const ms = parseIsoDateTime(value);
    if (ms !== null) return { startsAt: ms, source: 'datetime' };
  }

  let timeAttribute: number | null = null;
  for (const element of elementsOf(container, maxElements)) {
    for (const attribute of Array.from(element.attributes)) {
      if (!attribute.name.startsWith('data-')) continue;
      const name = attribute.name.slice(5);
      const isStart = START_NAME.test(name);
      if (!isStart && !TIME_NAME.test(name)) continue;
      const ms = parseTimestamp(attribute.value);
      if (ms === null) continue;
      if (isStart) return { startsAt: ms, source: 'data' };
      timeAttribute ??= ms;
    }
  }
  return timeAttribute === null ? null : { startsAt: timeAttribute, source: 'data' };
}

/** The text a start is read from when no attribute tells it: the container's, as far as it is read. */
export function eventText(container: Element): string {
  // innerText, not textContent: keeps the line breaks between blocks that textContent runs together ("March 410:00").
  return ((container as HTMLElement).innerText ?? container.textContent ?? '').slice(0, MAX_TEXT);
}
