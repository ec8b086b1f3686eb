/**
 * Calendar days as whole numbers (days since 1970-01-01), so that "three days after the meeting" or
 * "the Friday of next week" is integer arithmetic with no time zone in the way. A meeting's day is
 * the date its `created_at` shows in its own offset (what the people in the meeting saw on their
 * calendars), not the UTC date.
 */

const DAY_MS = 86_400_000;

export type Day = number;

/** The day of a valid calendar date, or null for one that does not exist (31 February). */
export function dayOf(year: number, month: number, date: number): Day | null {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(date)) return null;
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || date < 1) return null;
  if (date > daysInMonth(year, month)) return null;
  return Math.round(Date.UTC(year, month - 1, date) / DAY_MS);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export interface YearMonthDate {
  year: number;
  month: number;
  date: number;
}

export function partsOf(day: Day): YearMonthDate {
  const d = new Date(day * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, date: d.getUTCDate() };
}

/** `YYYY-MM-DD`. */
export function isoOf(day: Day): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** 0 for Monday … 6 for Sunday. */
export function weekdayOf(day: Day): number {
  return (new Date(day * DAY_MS).getUTCDay() + 6) % 7;
}

/** The same date `months` later, the last day of that month when the date is not in it (31 January + 1). */
export function addMonths(day: Day, months: number): Day {
  const { year, month, date } = partsOf(day);
  const index = year * 12 + (month - 1) + months;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return dayOf(y, m, Math.min(date, daysInMonth(y, m))) ?? day;
}

export function lastOfMonth(year: number, month: number): Day {
  return dayOf(year, month, daysInMonth(year, month)) as Day;
}

/** `count` working days (Monday to Friday) after `day`. */
export function addWorkingDays(day: Day, count: number): Day {
  let out = day;
  let left = Math.min(count, 1000);
  while (left > 0) {
    out += 1;
    if (weekdayOf(out) < 5) left -= 1;
  }
  return out;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * The meeting's day from the recording's `created_at` (ISO 8601 with its offset): the date as
 * written, which is the date in the offset the service gave. Null when absent or unreadable.
 */
export function meetingDayOf(createdAt: unknown): Day | null {
  if (typeof createdAt !== 'string') return null;
  const match = ISO_DATE.exec(createdAt.trim());
  if (match) return dayOf(Number(match[1]), Number(match[2]), Number(match[3]));
  const ms = Date.parse(createdAt);
  return Number.isFinite(ms) ? Math.floor(ms / DAY_MS) : null;
}
