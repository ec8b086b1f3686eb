/**
 * The pure part of a calendar event's panel: the box of the event's dialog the panel sits beside,
 * how long a panel whose event closed stays, and the datetime-local values of "Send at start…".
 * The panel itself (rows, actions, view) is components/page/calendar-panels.ts.
 */
import type { Box } from './placement';

export function boxOf(element: Element): Box {
  return element.getBoundingClientRect();
}

export const sameBox = (a: Box, b: Box) =>
  a.top === b.top && a.left === b.left && a.width === b.width && a.height === b.height;

/** How long a panel whose event closed stays, after its last answer, so the answer can be read. */
export const LINGER_MS = 6000;

/**
 * Time left for a panel whose event is gone: while an action runs, and for a while after its
 * answer when the event went before that answer (the press in the panel closed the calendar's
 * dialog, and the person has not read the answer yet). An event that went later takes its panel
 * with it at once. 0: it can go.
 */
export function lingerLeft(
  panel: {
    rows: ReadonlyArray<{ action: { busy: boolean; outcome: unknown } }>;
    settledAt?: number;
    goneAt?: number;
  },
  now: number,
): number {
  // An answer still awaited (a busy action without its outcome yet; the cooldown after it is not).
  if (panel.rows.some((row) => row.action.busy && row.action.outcome === null)) return LINGER_MS;
  const { settledAt, goneAt } = panel;
  if (settledAt === undefined || goneAt === undefined || goneAt > settledAt) return 0;
  return Math.max(0, settledAt + LINGER_MS - now);
}

/** `YYYY-MM-DDTHH:mm` in local time, the value format of `<input type="datetime-local">`. */
export function toLocalInputValue(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The local time of a datetime-local value, or null. */
export function fromLocalInputValue(value: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const date = new Date(year, month - 1, day, hour, minute);
  return date.getMonth() === month - 1 && date.getDate() === day ? date.getTime() : null;
}

/** The next full hour after `now`: a likely meeting start to offer. */
export function nextFullHour(now: number): number {
  const d = new Date(now);
  d.setMinutes(0, 0, 0);
  d.setHours(d.getHours() + 1);
  return d.getTime();
}
