/**
 * Calendars (Google Calendar, Yandex Calendar, Outlook on the web): beside an open event that
 * holds meeting links, a panel with "Send bot" for each distinct link and "Send at start" for a
 * future event. Events are found by watching the DOM (throttled) for dialogs and detail panes
 * and reading their links, not by class names, so a change of the calendar's markup does not
 * silently break it.
 */
import { signal as createSignal } from '@preact/signals';
import { CalendarPanels } from '@/components/page/CalendarPanels';
import type { MeetingLink } from '@/lib/links';
import { findEventTitle, mayChangeContainers, scanCalendar, scanEventLinks } from './calendar-scan';
import { isCalendarPage } from './conditions';
import {
  createEventPanel,
  type EventPanel,
  fromLocalInputValue,
  type LinkRow,
  lingerLeft,
  updateAnchor,
  updateRows,
} from './event-panel';
import { findEventStart } from './event-start';
import { type PageFeature, visitListener, visitTimeout } from './feature';
import { pageMessages } from './messages';
import { describeBotResult, describeScheduleResult } from './outcome';
import { sendInSpace } from './page-action';
import { sendPageMessage } from './page-messaging';
import { createPageState } from './page-state';
import { HOST_ATTRIBUTE, type MountedPageUi, mountPageUi } from './page-ui';

/** DOM changes are gathered for this long before the event dialogs are looked at again. */
export const SCAN_THROTTLE_MS = 400;

/** Attribute changes that can show or hide a dialog, or change a link. */
const WATCHED_ATTRIBUTES = ['hidden', 'aria-hidden', 'aria-modal', 'open', 'role', 'href', 'datetime'];

/** Only our own shadow hosts came or went: nothing of the calendar changed. */
function isOwnMutation(record: MutationRecord): boolean {
  if (record.type !== 'childList') return false;
  const nodes = [...Array.from(record.addedNodes), ...Array.from(record.removedNodes)];
  return (
    nodes.length > 0 && nodes.every((node) => node instanceof Element && node.hasAttribute(HOST_ATTRIBUTE))
  );
}

export const calendarSendBot: PageFeature = {
  id: 'calendar-send-bot',
  include: [isCalendarPage],
  init(signal, visit) {
    const state = createPageState(signal);
    const panelList = createSignal<EventPanel[]>([]);
    const panels = new Map<Element, EventPanel>();
    let ui: MountedPageUi | null = null;
    let mounting = false;
    /** Containers touched by DOM changes since the last scan; their links are read again. */
    const dirty = new Set<Element>();
    /** The links of every visible container of the last scan, with or without links. */
    const linkCache = new Map<Element, MeetingLink[]>();
    const linksOf = (container: Element) => {
      let links = linkCache.get(container);
      if (!links || dirty.has(container)) {
        links = scanEventLinks(container);
        linkCache.set(container, links);
      }
      return links;
    };
    const slashOrder = /^en(?:-us)?$/i.test(document.documentElement.lang || 'en-US') ? 'mdy' : 'dmy';

    const ensureUi = async () => {
      if (ui || mounting || panelList.value.length === 0) return;
      mounting = true;
      await state.refresh();
      ui = await mountPageUi(visit, signal, 'meeting-capture-calendar', () => (
        <CalendarPanels
          state={state}
          panels={panelList}
          now={Date.now}
          onSend={onSend}
          onSchedule={onSchedule}
        />
      ));
      mounting = false;
      if (panelList.value.length === 0) removeUi();
    };
    const removeUi = () => {
      ui?.remove();
      ui = null;
    };

    const scan = () => {
      if (signal.aborted) return;
      const now = Date.now();
      const seen = new Set<Element>();
      const scans = scanCalendar(document, { linksOf });
      // Containers without links stay known too, so a link added to one later is noticed.
      for (const container of linkCache.keys()) if (!container.isConnected) linkCache.delete(container);
      for (const { container, links } of scans) {
        seen.add(container);
        let panel = panels.get(container);
        const isNew = !panel;
        if (!panel) {
          panel = createEventPanel(container);
          panels.set(container, panel);
        }
        if (isNew || dirty.has(container)) {
          updateRows(panel, links, visit, signal);
          panel.start.value = findEventStart(container, { now, slashOrder });
          panel.title.value = findEventTitle(container);
        }
        updateAnchor(panel);
      }
      dirty.clear();
      for (const [container, panel] of panels) {
        // An event closed while its bot was being sent keeps its panel until the answer was seen.
        if (seen.has(container)) continue;
        const left = lingerLeft(panel, now);
        if (left > 0) {
          visitTimeout(visit, signal, scheduleScan, left);
          continue;
        }
        panels.delete(container);
      }
      const list = [...panels.values()];
      const changed =
        list.length !== panelList.value.length || list.some((panel, i) => panel !== panelList.value[i]);
      if (changed) panelList.value = list;
      if (list.length > 0) void ensureUi();
      else removeUi();
    };

    let scanPending = false;
    function scheduleScan() {
      if (scanPending) return;
      scanPending = true;
      visitTimeout(
        visit,
        signal,
        () => {
          scanPending = false;
          scan();
        },
        SCAN_THROTTLE_MS,
      );
    }

    const observer = new MutationObserver((records) => {
      let relevant = false;
      for (const record of records) {
        if (isOwnMutation(record)) continue;
        const target = record.target instanceof Element ? record.target : record.target.parentElement;
        let inside = false;
        for (const container of linkCache.keys()) {
          if (target && container.contains(target)) {
            dirty.add(container);
            inside = true;
          }
        }
        if (inside || mayChangeContainers(record, linkCache.keys())) relevant = true;
      }
      if (relevant) scheduleScan();
    });
    observer.observe(document.documentElement, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
      attributeFilter: WATCHED_ATTRIBUTES,
    });
    signal.addEventListener('abort', () => observer.disconnect(), { once: true });

    // Panels follow their event when the page scrolls or resizes, once per frame.
    let framePending = false;
    const follow = () => {
      if (framePending || panels.size === 0) return;
      framePending = true;
      visit.ctx.requestAnimationFrame(() => {
        framePending = false;
        if (!signal.aborted) for (const panel of panels.values()) updateAnchor(panel);
      });
    };
    visitListener(signal, document, 'scroll', follow, { capture: true, passive: true });
    visitListener(signal, window, 'resize', follow, { passive: true });

    function onSend(panel: EventPanel, row: LinkRow, event: Event) {
      void row.action
        .run(event, state.lang.value, () =>
          sendInSpace(state, 'page.sendBot', { link: row.link.url }, describeBotResult),
        )
        .then(() => {
          panel.settledAt = Date.now();
        });
    }

    function onSchedule(panel: EventPanel, row: LinkRow, startsAt: number | null, event: Event) {
      const lang = state.lang.value;
      const when = startsAt ?? fromLocalInputValue(row.chosen.value);
      if (when === null || when <= Date.now()) {
        if (event.isTrusted)
          row.action.outcome.value = { tone: 'error', text: pageMessages[lang].chooseFuture };
        return;
      }
      const scheduling = row.action.run(event, lang, async () => {
        const space = state.space.value;
        const title = panel.title.value;
        const result = await sendPageMessage('page.scheduleBot', {
          link: row.link.url,
          startsAt: when,
          ...(title ? { title } : {}),
          ...(space ? { spaceId: space.id } : {}),
        });
        const outcome = describeScheduleResult(result, state.lang.value, space);
        if (result.ok) row.asking.value = false;
        if (outcome.signedOut) void state.refresh();
        return outcome;
      });
      void scheduling.then(() => {
        panel.settledAt = Date.now();
      });
    }

    // The first page too: an event may already be open (a reload on an event's own URL).
    scan();
  },
};
