/**
 * Calendars (Google Calendar, Yandex Calendar, Outlook on the web): beside an open event that
 * holds meeting links, a panel with "Send bot" for each distinct link and "Send at start" for a
 * future event. Events are found by watching the DOM (throttled) for dialogs and detail panes
 * and reading their links, not by class names, so a change of the calendar's markup does not
 * silently break it.
 */
import type { MeetingLink } from '@/lib/links';
import { findEventTitle, mayChangeContainers, scanCalendar, scanEventLinks } from '@/lib/page/calendar-scan';
import { isCalendarPage } from '@/lib/page/conditions';
import { fromLocalInputValue, lingerLeft } from '@/lib/page/event-panel';
import { findEventStart } from '@/lib/page/event-start';
import { type PageFeature, visitListener, visitTimeout } from '@/lib/page/feature';
import {
  createEventPanel,
  type EventPanel,
  type LinkRow,
  panelView,
  updateAnchor,
  updateRows,
} from './calendar-panels';
import { createPageAction, sendInSpace } from './page-action';
import { createPageState } from './page-state';
import { HOST_ATTRIBUTE, mountShadowHost, type ShadowHost } from './shadow-host';
import { createVisibilityWatch } from './visibility';

/** DOM changes are gathered for this long before the event dialogs are looked at again. */
export const SCAN_THROTTLE_MS = 400;

/** Attribute changes that can show or hide a dialog, or change a link. */
const WATCHED_ATTRIBUTES = ['hidden', 'aria-hidden', 'aria-modal', 'open', 'role', 'href', 'datetime'];

/** Only our own shadow hosts came or went: nothing of the calendar changed. */
function isOwnMutation(record: MutationRecord): boolean {
  if (record.type !== 'childList') return false;
  for (const nodes of [record.addedNodes, record.removedNodes]) {
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[i] as Node;
      if (node.nodeType !== Node.ELEMENT_NODE || !(node as Element).hasAttribute(HOST_ATTRIBUTE))
        return false;
    }
  }
  return true;
}

export const calendarSendBot: PageFeature = {
  id: 'calendar-send-bot',
  include: [isCalendarPage],
  init(signal, visit) {
    const state = createPageState(signal);
    const visibility = createVisibilityWatch(signal);
    const panels = new Map<Element, EventPanel>();
    const views = new Map<EventPanel, ReturnType<typeof panelView>>();
    let ui: ShadowHost | null = null;
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
    const handlers = { onSend, onSchedule };

    /** Mounts, updates or removes the panels' views to match the panels. */
    const render = () => {
      if (signal.aborted) return;
      // The texts come with the page context: nothing is shown before it answered.
      if (panels.size === 0 || !state.context) {
        removeUi();
        return;
      }
      if (!ui) {
        if (mounting) return;
        mounting = true;
        void mountShadowHost(visit, signal, 'meeting-capture-calendar').then((mounted) => {
          mounting = false;
          ui = mounted;
          if (mounted) render();
        });
        return;
      }
      for (const [panel, view] of views) {
        if (panels.get(panel.container) !== panel) {
          view.dispose();
          view.element.remove();
          views.delete(panel);
        }
      }
      for (const panel of panels.values()) {
        let view = views.get(panel);
        if (!view) {
          view = panelView(panel, state, handlers, Date.now, visibility);
          views.set(panel, view);
          ui.body.append(view.element);
        }
        view.update();
      }
    };
    const removeUi = () => {
      ui?.remove();
      ui = null;
      for (const view of views.values()) view.dispose();
      views.clear();
    };
    state.subscribe(render, signal);
    const makeAction = () => {
      const action = createPageAction(visit, signal, state, visibility);
      action.subscribe(render, signal);
      return action;
    };

    const scan = () => {
      if (signal.aborted) return;
      const now = Date.now();
      const seen = new Set<Element>();
      const scans = scanCalendar(document, { linksOf });
      let changed = false;
      // Containers without links stay known too, so a link added to one later is noticed.
      for (const container of linkCache.keys()) if (!container.isConnected) linkCache.delete(container);
      for (const { container, links } of scans) {
        seen.add(container);
        let panel = panels.get(container);
        const isNew = !panel;
        if (!panel) {
          panel = createEventPanel(container);
          panels.set(container, panel);
          changed = true;
        }
        if (isNew || dirty.has(container)) {
          if (updateRows(panel, links, makeAction)) changed = true;
          const start = findEventStart(container, { now, slashOrder });
          if (start?.startsAt !== panel.start?.startsAt) changed = true;
          panel.start = start;
          panel.title = findEventTitle(container);
        }
        if (updateAnchor(panel)) views.get(panel)?.place();
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
        changed = true;
      }
      if (changed || panels.size > 0 !== (ui !== null)) render();
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

    // A live page changes all the time (clocks, chats, the grid): each change is looked at as
    // cheaply as can be, and only the ones that can matter bring a scan.
    const observer = new MutationObserver((records) => {
      let relevant = false;
      for (const record of records) {
        const target =
          record.target.nodeType === Node.ELEMENT_NODE
            ? (record.target as Element)
            : record.target.parentElement;
        let inside = false;
        if (target) {
          for (const container of linkCache.keys()) {
            if (container.contains(target)) {
              dirty.add(container);
              inside = true;
            }
          }
        }
        // Whether a container came or went matters once per batch; our own hosts never do.
        if (inside || (!relevant && !isOwnMutation(record) && mayChangeContainers(record, linkCache.keys())))
          relevant = true;
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
        if (signal.aborted) return;
        for (const panel of panels.values()) if (updateAnchor(panel)) views.get(panel)?.place();
      });
    };
    visitListener(signal, document, 'scroll', follow, { capture: true, passive: true });
    visitListener(signal, window, 'resize', follow, { passive: true });

    function onSend(panel: EventPanel, row: LinkRow, event: Event) {
      void row.action
        .run(event, () => sendInSpace(state, 'page.sendBot', { link: row.link.url }))
        .then(() => {
          panel.settledAt = Date.now();
        });
    }

    function onSchedule(panel: EventPanel, row: LinkRow, startsAt: number | null, event: Event) {
      const when = startsAt ?? fromLocalInputValue(row.chosen);
      if (when === null || when <= Date.now()) {
        if (event.isTrusted) row.action.outcome = { tone: 'error', text: state.t('chooseFuture') };
        return;
      }
      const scheduling = row.action.run(event, async () => {
        const outcome = await sendInSpace(state, 'page.scheduleBot', {
          link: row.link.url,
          startsAt: when,
          title: panel.title || undefined,
        });
        if (outcome.tone === 'success') row.asking = false;
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
