/**
 * Calendars (Google Calendar, Yandex Calendar, Outlook on the web): beside an open event that
 * holds meeting links, a panel with "Send bot" for each distinct link and "Send at start" for a
 * future event. Events are found by watching the DOM (throttled) for dialogs and detail panes,
 * plus what each calendar's adapter (lib/page/calendars/) knows: its role-less popups, the class
 * or style flip that shows and hides them, where a focus trap lets the panel render. The panel
 * follows what the calendar shows: it goes when its event is hidden or replaced, and a press never
 * sends to a meeting its event no longer shows.
 */
import { detectCalendarPage } from '@/lib/links';
import type { MeetingLink } from '@/lib/meetings';
import { sendMessage } from '@/lib/messaging';
import {
  containerSelector,
  findEventTitle,
  mayChangeContainers,
  scanCalendar,
  scanEventLinks,
} from '@/lib/page/calendar-scan';
import { CALENDAR_ADAPTERS, panelParent } from '@/lib/page/calendars';
import { isCalendarPage } from '@/lib/page/conditions';
import { fromLocalInputValue, lingerLeft } from '@/lib/page/event-panel';
import { eventText, findEventStart } from '@/lib/page/event-start';
import { type PageFeature, visitListener, visitTimeout } from '@/lib/page/feature';
import { createBreakageWatch } from './calendar-breakage';
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

/**
 * A press in a panel lasts this long at most: meanwhile its panel stays as it is even if the
 * calendar took the press for one outside its dialog and closed the event.
 */
const PRESS_MS = 1000;

/** Attribute changes that can show or hide a dialog, or change a link. */
const WATCHED_ATTRIBUTES = ['hidden', 'aria-hidden', 'aria-modal', 'open', 'role', 'href', 'datetime'];

/** Only our own shadow hosts came or went: nothing of the calendar changed. */
function isOwnMutation(record: MutationRecord): boolean {
  return (
    record.type === 'childList' &&
    [...record.addedNodes, ...record.removedNodes].every(
      (node) => node instanceof Element && node.hasAttribute(HOST_ATTRIBUTE),
    )
  );
}

export const calendarSendBot: PageFeature = {
  id: 'calendar-send-bot',
  include: [isCalendarPage],
  init(signal, visit) {
    const app = detectCalendarPage(visit.url.href)?.app;
    if (!app) return;
    const adapter = CALENDAR_ADAPTERS[app];
    const checkParts = createBreakageWatch(visit, signal, adapter, () => scheduleScan());
    const state = createPageState(signal);
    const visibility = createVisibilityWatch(signal);
    const panels = new Map<Element, EventPanel>();
    const views = new Map<EventPanel, ReturnType<typeof panelView>>();
    let ui: ShadowHost | null = null;
    let mounting = false;
    let pressedAt = 0;
    /** Containers touched by DOM changes since the last scan; their links are read again. */
    const dirty = new Set<Element>();
    /** The links of every visible container of the last scan, with or without links. */
    const linkCache = new Map<Element, MeetingLink[]>();
    /** Called for each shown container of a scan: its parts are checked, its links read when changed. */
    const linksOf = (container: Element) => {
      checkParts(container);
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
      placeHost(ui);
    };
    /**
     * Inside the focus trap of the event's modal when there is one (the trap pulls focus back to
     * itself and may swallow clicks outside it), else at the end of the body.
     */
    const placeHost = (mounted: ShadowHost) => {
      let parent: Element | null = null;
      for (const panel of panels.values()) {
        if (panel.goneAt !== undefined) continue;
        parent = panelParent(adapter, panel.container);
        if (parent) break;
      }
      // A modal hides what is beside it from assistive technology; inside it, the panel is its part.
      if (parent) mounted.host.removeAttribute('aria-hidden');
      parent ??= document.body ?? document.documentElement;
      if (mounted.host.parentElement !== parent) parent.append(mounted.host);
    };
    const removeUi = () => {
      ui?.remove();
      ui = null;
      views.clear();
    };
    state.subscribe(render, signal);
    const makeAction = () => {
      const action = createPageAction(visit, signal, state, visibility);
      action.subscribe(render, signal);
      return action;
    };

    /**
     * The event's start from its attributes, at once; else from its text, by the background, once
     * for each text the event shows (meanwhile the panel offers no "Send at start"). Whether the
     * panel changed now.
     */
    const readStart = (panel: EventPanel): boolean => {
      const before = panel.start?.startsAt;
      const wasReading = panel.reading;
      const start = findEventStart(panel.container);
      const text = start ? '' : eventText(panel.container);
      if (!text) {
        panel.startText = undefined;
        panel.reading = false;
        panel.start = start;
      } else if (text !== panel.startText) {
        panel.startText = text;
        panel.reading = true;
        panel.start = null;
        void sendMessage('page.eventStart', { text, slashOrder }).then((answer) => {
          if (panel.startText !== text) return;
          panel.reading = false;
          panel.start = answer.ok && answer.data ? { startsAt: answer.data, source: 'text' } : null;
          render();
        });
      }
      return panel.reading !== wasReading || panel.start?.startsAt !== before;
    };

    const scan = () => {
      if (signal.aborted) return;
      const now = Date.now();
      const seen = new Set<Element>();
      const scans = scanCalendar(document, { linksOf, adapter });
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
        panel.lostAt = undefined;
        if (panel.goneAt !== undefined) {
          panel.goneAt = undefined;
          changed = true;
        }
        if (isNew || dirty.has(container)) {
          if (updateRows(panel, links, makeAction)) changed = true;
          if (readStart(panel)) changed = true;
          panel.title = findEventTitle(container);
        }
        if (updateAnchor(panel)) views.get(panel)?.place();
      }
      dirty.clear();
      for (const [container, panel] of panels) {
        // An event closed by a press in its panel (an outside click for the calendar) keeps its
        // panel, without actions, until the answer could be read; any other goes now.
        if (seen.has(container)) continue;
        panel.lostAt ??= now;
        if (now - pressedAt < PRESS_MS) {
          visitTimeout(visit, signal, scheduleScan, PRESS_MS);
          continue;
        }
        if (panel.goneAt === undefined) {
          panel.goneAt = panel.lostAt;
          changed = true;
        }
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

    const observer = new MutationObserver((records) => {
      let relevant = false;
      for (const record of records) {
        if (isOwnMutation(record)) continue;
        const target = record.target instanceof Element ? record.target : record.target.parentElement;
        const flip = record.attributeName === 'class' || record.attributeName === 'style';
        let inside = false;
        for (const container of linkCache.keys()) {
          // A class or style change inside an event is its own styling; on the event, a show or hide.
          if (target && (flip ? container === target : container.contains(target))) {
            dirty.add(container);
            inside = true;
          }
        }
        if (inside || mayChangeContainers(record, linkCache.keys(), adapter)) relevant = true;
      }
      if (!relevant) return;
      // An event with a panel hidden, emptied or refilled with another one: the panel follows at
      // once, so it never offers the previous event's meeting, even for the throttle's time.
      for (const { container } of panels.values())
        if (dirty.has(container) || !container.isConnected) return scan();
      scheduleScan();
    });
    observer.observe(document.documentElement, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
      attributeFilter: [...WATCHED_ATTRIBUTES, ...(adapter.flips ?? [])],
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
    // Seen before the page's own listeners on the document (an outside-click handler among them).
    // A key counts only where it activates (Enter, Space): Escape or Tab in the panel is no press.
    const pressed = (event: Event) => {
      if (event instanceof KeyboardEvent && event.key !== 'Enter' && event.key !== ' ') return;
      if (ui && event.composedPath().includes(ui.host)) pressedAt = Date.now();
    };
    visitListener(signal, window, 'pointerdown', pressed, { capture: true, passive: true });
    visitListener(signal, window, 'keydown', pressed, { capture: true, passive: true });
    // A container that faded or slid in shows no DOM change when its motion ends: a dialog still at
    // opacity 0 at a scan is looked at again then.
    const selector = containerSelector(adapter);
    const settled = (event: Event) => {
      if (event.target instanceof Element && event.target.matches(selector)) scheduleScan();
    };
    visitListener(signal, document, 'transitionend', settled, { capture: true, passive: true });
    visitListener(signal, document, 'animationend', settled, { capture: true, passive: true });

    /**
     * A press on a panel whose event shows another meeting now: nothing is sent, the panel follows
     * the event. (An event the press itself closed is still the one the person saw.)
     */
    const pressIsStale = (panel: EventPanel, row: LinkRow) => {
      scan();
      return panels.get(panel.container) !== panel || !panel.rows.includes(row);
    };

    function onSend(panel: EventPanel, row: LinkRow, event: Event) {
      if (pressIsStale(panel, row)) return;
      void row.action.run(event, async () => {
        const outcome = await sendInSpace(state, 'page.sendBot', { link: row.link.url });
        panel.settledAt = Date.now();
        return outcome;
      });
    }

    function onSchedule(panel: EventPanel, row: LinkRow, startsAt: number | null, event: Event) {
      if (pressIsStale(panel, row)) return;
      const when = startsAt ?? fromLocalInputValue(row.chosen);
      if (when === null || when <= Date.now()) {
        if (event.isTrusted) row.action.outcome = { tone: 'error', text: state.t('chooseFuture') };
        return;
      }
      void row.action.run(event, async () => {
        const outcome = await sendInSpace(state, 'page.scheduleBot', {
          link: row.link.url,
          startsAt: when,
          title: panel.title || undefined,
        });
        if (outcome.tone === 'success') row.asking = false;
        panel.settledAt = Date.now();
        return outcome;
      });
    }

    // The first page too: an event may already be open (a reload on an event's own URL).
    scan();
  },
};
