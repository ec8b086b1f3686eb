/**
 * Calendar event panels: the model of one open event's panel (its meeting links, each with its own
 * action, the event's start and title, the box of the event's dialog) and its view, one
 * `<section>` beside each open event that holds meeting links, one `<fieldset>` per distinct link.
 * Rows keep their state and their elements across rescans while their link stays in the event.
 */

import { formatWhen } from '@/lib/format/dates';
import type { MeetingLink } from '@/lib/meetings';
import { meetingKey } from '@/lib/page/calendar-scan';
import { boxOf, nextFullHour, sameBox, toLocalInputValue } from '@/lib/page/event-panel';
import type { EventStart } from '@/lib/page/event-start';
import { type Box, placeBeside, type Size } from '@/lib/page/placement';
import { h, setAttr, setText } from './dom';
import { statusLine } from './floating-control';
import type { PageAction } from './page-action';
import type { PageState } from './page-state';
import { spacePicker } from './space-picker';
import type { VisibilityWatch } from './visibility';

export interface LinkRow {
  key: string;
  link: MeetingLink;
  action: PageAction;
  /** The person is choosing the start time (it could not be read from the event). */
  asking: boolean;
  /** The datetime-local value being chosen. */
  chosen: string;
}

export interface EventPanel {
  container: Element;
  title: string | undefined;
  start: EventStart | null;
  /** The text the start was last read from, when no attribute of the event told it. */
  startText?: string;
  /** That text is being read (the background reads starts from text, lib/page/event-start.ts). */
  reading?: boolean;
  rows: LinkRow[];
  anchor: Box;
  /** When an action of this panel last answered (ms), to keep its outcome in view for a moment. */
  settledAt?: number;
  /** When its event was first missed by a scan (ms). */
  lostAt?: number;
  /** When its event left the screen, once taken as gone (ms): the panel shows its answers only. */
  goneAt?: number;
}

export function createEventPanel(container: Element): EventPanel {
  return { container, title: undefined, start: null, rows: [], anchor: boxOf(container) };
}

/** Whether the event's box moved. */
export function updateAnchor(panel: EventPanel): boolean {
  const box = boxOf(panel.container);
  if (sameBox(box, panel.anchor)) return false;
  panel.anchor = box;
  return true;
}

/** New links get new rows; known links keep theirs (and their outcome); gone links go. */
export function updateRows(panel: EventPanel, links: MeetingLink[], makeAction: () => PageAction): boolean {
  const known = new Map(panel.rows.map((row) => [row.key, row]));
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
    return { key, link, action: makeAction(), asking: false, chosen: '' };
  });
  const same =
    !relinked && rows.length === panel.rows.length && rows.every((row, i) => row === panel.rows[i]);
  if (!same) panel.rows = rows;
  return !same;
}

export interface CalendarHandlers {
  onSend(panel: EventPanel, row: LinkRow, event: Event): void;
  /** Schedules at the event's start, or at the time the person chose. */
  onSchedule(panel: EventPanel, row: LinkRow, startsAt: number | null, event: Event): void;
}

interface RowView {
  element: HTMLElement;
  update(): void;
}

function rowView(
  panel: EventPanel,
  row: LinkRow,
  state: PageState,
  handlers: CalendarHandlers,
  futureStart: () => number | null,
  now: () => number,
  visibility: VisibilityWatch,
): RowView {
  const service = h('strong');
  const shownLink = document.createTextNode('');
  const send = h('button', {
    type: 'button',
    class: 'mc-primary',
    onClick: (event: Event) => handlers.onSend(panel, row, event),
  });
  const schedule = h('button', {
    type: 'button',
    onClick: (event: Event) => {
      const start = futureStart();
      if (start !== null) handlers.onSchedule(panel, row, start, event);
      else {
        // Offer the next full hour, the most likely start, to adjust.
        if (!row.chosen) row.chosen = toLocalInputValue(nextFullHour(now()));
        row.asking = true;
        update();
        input.focus();
      }
    },
  });
  const input = h('input', {
    type: 'datetime-local',
    required: true,
    onInput: () => {
      row.chosen = input.value;
    },
  });
  const startLabel = document.createTextNode('');
  const submit = h('button', { type: 'submit', class: 'mc-primary' });
  const cancel = h('button', {
    type: 'button',
    onClick: () => {
      row.asking = false;
      update();
      schedule.focus();
    },
  });
  const ask = h(
    'form',
    {
      class: 'mc-ask',
      onSubmit: (event: Event) => {
        event.preventDefault();
        handlers.onSchedule(panel, row, null, event);
      },
    },
    h('label', null, startLabel, ' ', input),
    h('div', { class: 'mc-actions' }, submit, cancel),
  );
  const status = statusLine();
  const element = h(
    'fieldset',
    { class: 'mc-link' },
    h('legend', { class: 'mc-link-name' }, service, ': ', shownLink),
    h('div', { class: 'mc-actions' }, send, schedule),
    ask,
    status.element,
  );
  for (const button of [send, schedule, submit]) visibility.watch(button);

  function update() {
    const start = futureStart();
    // A start read from the event that has passed: the meeting is on, "Send bot" is the action.
    // While the start is being read, neither "Send at start" nor its question is offered yet.
    const offerSchedule =
      (start !== null || panel.start === null) && !panel.reading && panel.goneAt === undefined;
    const busy = row.action.busy ? 'true' : 'false';
    setText(service, state.t(`service_${row.link.service}`));
    setText(shownLink, row.link.url.replace(/^https:\/\//, ''));
    setText(send, state.t('sendBot'));
    setAttr(send, 'aria-disabled', busy);
    send.hidden = panel.goneAt !== undefined;
    schedule.hidden = !(offerSchedule && !row.asking);
    setText(
      schedule,
      start !== null
        ? state.t('sendAtStartTime', { when: formatWhen(start, state.lang) })
        : `${state.t('sendAtStart')}…`,
    );
    setAttr(schedule, 'aria-disabled', busy);
    ask.hidden = !row.asking || panel.goneAt !== undefined;
    setText(startLabel, state.t('meetingStart'));
    if (input.value !== row.chosen) input.value = row.chosen;
    setText(submit, state.t('schedule'));
    setAttr(submit, 'aria-disabled', busy);
    setText(cancel, state.t('cancel'));
    status.update(state, row.action);
  }
  return { element, update };
}

/** One panel's view: placed beside its event, never over it, never out of the viewport. */
export function panelView(
  panel: EventPanel,
  state: PageState,
  handlers: CalendarHandlers,
  now: () => number,
  visibility: VisibilityWatch,
) {
  const picker = spacePicker(state, () => false);
  const element = h(
    'section',
    { class: 'mc-panel' },
    h('div', { class: 'mc-panel-head' }, h('h2', null, 'Meeting Capture'), picker.element),
  );
  const rows = new Map<LinkRow, RowView>();
  // The panel's size decides where it fits; until reported, its width in page.css.
  let size: Size = { width: 300, height: 160 };
  const futureStart = () => {
    const start = panel.start;
    return start && start.startsAt > now() ? start.startsAt : null;
  };

  const place = () => {
    const position = placeBeside(panel.anchor, size, { width: innerWidth, height: innerHeight });
    element.style.top = `${position.top}px`;
    element.style.left = `${position.left}px`;
  };
  // Its size is reported by the browser after its layout (first as it appears, again whenever its
  // content changes), never read from script: reading it would force a layout of the whole page.
  // The callback comes before the frame is painted, so the panel is shown where it fits. (A removed
  // panel's observer goes with it.)
  new ResizeObserver((entries) => {
    const box = entries[0]?.borderBoxSize[0];
    if (box?.inlineSize && box.blockSize) size = { width: box.inlineSize, height: box.blockSize };
    place();
  }).observe(element);

  function update() {
    setAttr(element, 'aria-label', state.t('eventLinks'));
    picker.update();
    for (const [row, view] of rows) {
      if (!panel.rows.includes(row)) {
        view.element.remove();
        rows.delete(row);
      }
    }
    let previous: Element = element.firstElementChild as Element;
    for (const row of panel.rows) {
      let view = rows.get(row);
      if (!view) {
        view = rowView(panel, row, state, handlers, futureStart, now, visibility);
        rows.set(row, view);
      }
      view.update();
      if (previous.nextElementSibling !== view.element) previous.after(view.element);
      previous = view.element;
    }
  }

  return { element, update, place };
}
