/**
 * The model of one calendar event's panel: its meeting links, each with its own action (send now,
 * or at the event's start), and the box of the event's dialog the panel sits beside. Rows keep
 * their state across rescans while their link stays in the event.
 */
import { type Signal, signal } from '@preact/signals';
import type { MeetingLink } from '@/lib/links';
import { meetingKey } from './calendar-scan';
import type { EventStart } from './event-start';
import type { PageVisit } from './feature';
import { createPageAction, type PageAction } from './page-action';
import type { Box } from './placement';

export interface LinkRow {
  key: string;
  link: MeetingLink;
  action: PageAction;
  /** The person is choosing the start time (it could not be read from the event). */
  asking: Signal<boolean>;
  /** The datetime-local value being chosen. */
  chosen: Signal<string>;
}

export interface EventPanel {
  id: number;
  container: Element;
  title: Signal<string | undefined>;
  start: Signal<EventStart | null>;
  rows: Signal<LinkRow[]>;
  anchor: Signal<Box>;
  /** When an action of this panel last answered (ms), to keep its outcome in view for a moment. */
  settledAt?: number;
}

let nextId = 1;

export function createEventPanel(container: Element): EventPanel {
  return {
    id: nextId++,
    container,
    title: signal(undefined),
    start: signal(null),
    rows: signal([]),
    anchor: signal(boxOf(container)),
  };
}

export function boxOf(element: Element): Box {
  const rect = element.getBoundingClientRect();
  return { top: rect.top, left: rect.left, width: rect.width, height: rect.height };
}

const sameBox = (a: Box, b: Box) =>
  a.top === b.top && a.left === b.left && a.width === b.width && a.height === b.height;

export function updateAnchor(panel: EventPanel): void {
  const box = boxOf(panel.container);
  if (!sameBox(box, panel.anchor.value)) panel.anchor.value = box;
}

/** New links get new rows; known links keep theirs (and their outcome); gone links go. */
export function updateRows(
  panel: EventPanel,
  links: MeetingLink[],
  visit: PageVisit,
  visitSignal: AbortSignal,
): void {
  const known = new Map(panel.rows.value.map((row) => [row.key, row]));
  let relinked = false;
  const rows = links.map((link) => {
    const key = meetingKey(link);
    const row = known.get(key);
    if (row) {
      if (row.link.url !== link.url) {
        row.link = link;
        relinked = true;
      }
      return row;
    }
    return {
      key,
      link,
      action: createPageAction(visit, visitSignal),
      asking: signal(false),
      chosen: signal(''),
    };
  });
  const same =
    !relinked &&
    rows.length === panel.rows.value.length &&
    rows.every((row, i) => row === panel.rows.value[i]);
  if (!same) panel.rows.value = rows;
}

/** How long a panel whose event closed stays, after its last answer, so the answer can be read. */
export const LINGER_MS = 6000;

/**
 * Time left for a panel whose event is gone: while an action runs, and for a while after its
 * answer (a click in the panel may have closed the calendar's dialog). 0: it can go.
 */
export function lingerLeft(panel: EventPanel, now: number): number {
  if (panel.rows.value.some((row) => row.action.busy.value)) return LINGER_MS;
  return panel.settledAt === undefined ? 0 : Math.max(0, panel.settledAt + LINGER_MS - now);
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
