/**
 * Meeting links in the open calendar event. No class names: event details are found by their
 * roles (dialogs and detail panes), links by what they point to. A calendar that changes its
 * markup keeps working as long as it shows the event in a dialog or a main pane and the link as an
 * anchor or as text.
 */
import { unwrapLink } from '@/lib/links';
import { findMeetingLinks, type MeetingLink, parseMeetingLink } from '@/lib/meetings';

/** Event popovers and full-page event details, by role. Dialogs come first: they are more specific. */
const DIALOG_SELECTOR = '[role="dialog"], [role="alertdialog"], dialog[open], [aria-modal="true"]';
const PANE_SELECTOR = '[role="main"], main';

/** Beyond this many elements a container is a whole app view: its anchors are read, its text is not. */
const TEXT_SCAN_MAX_ELEMENTS = 4000;

/** Anything that can hold an event's details. */
export const CONTAINER_SELECTOR = `${DIALOG_SELECTOR}, ${PANE_SELECTOR}`;

/** What a calendar's adapter (lib/page/calendars/) adds to the generic scan. */
export interface ScanAdapter {
  /** Event containers beyond dialogs and panes. */
  containers?: string;
  /** Elements whose `class` or `style` flip shows or hides an event container. */
  toggles?: string;
  /** The attributes of `toggles` that flip (watched only where an adapter names them). */
  flips?: ReadonlyArray<'class' | 'style'>;
  /**
   * A popup kept mounted and shown by a class: its selector, then its classes that mean shown. A
   * container inside one without them is closed, whatever its layout says.
   */
  popup?: readonly [string, ...string[]];
}

export interface ScanOptions {
  /** Whether an element is rendered and visible (injectable: DOM emulations have no layout). */
  isShown?: (element: Element) => boolean;
  adapter?: ScanAdapter;
  /** The links of a container; a caller that knows which containers changed passes its cache. */
  linksOf?: (container: Element) => MeetingLink[];
}

/** Attributes that show or hide whatever they are on, with its descendants. */
const HIDING_ATTRIBUTES = new Set(['hidden', 'aria-hidden', 'inert']);

/**
 * Whether a DOM change outside the known containers can have brought, revealed, hidden or
 * removed an event container. Live pages change constantly (clocks, chats, the grid); only these
 * changes are worth a new look. Changes inside a known container are the caller's to notice.
 */
export function mayChangeContainers(
  record: MutationRecord,
  known: Iterable<Element>,
  adapter?: ScanAdapter,
): boolean {
  const selector = containerSelector(adapter);
  if (record.type === 'childList') {
    for (const node of Array.from(record.addedNodes)) {
      if (node instanceof Element && (node.matches(selector) || node.querySelector(selector))) return true;
    }
    for (const container of known) if (!container.isConnected) return true;
    return false;
  }
  if (record.type === 'attributes' && record.target instanceof Element) {
    const name = record.attributeName ?? '';
    // A class or style flip (frequent on any live page) counts only on the calendar's own toggles.
    if (name === 'class' || name === 'style')
      return !!adapter?.toggles && record.target.matches(adapter.toggles);
    if (record.target.matches(selector)) return true;
    return HIDING_ATTRIBUTES.has(name) && record.target.querySelector(selector) !== null;
  }
  return false;
}

/** The generic containers, and the adapter's own. */
export function containerSelector(adapter?: ScanAdapter): string {
  return adapter?.containers ? `${adapter.containers}, ${CONTAINER_SELECTOR}` : CONTAINER_SELECTOR;
}

export function isShown(element: Element): boolean {
  if (element.closest('[hidden], [aria-hidden="true"], [inert]')) return false;
  const check = (element as Element & { checkVisibility?: (options?: object) => boolean }).checkVisibility;
  if (typeof check === 'function')
    return check.call(element, { visibilityProperty: true, opacityProperty: true });
  return element.getClientRects().length > 0;
}

/** Whether a container is shown by its kept-mounted popup's class (true outside such a popup). */
export function popupShown(container: Element, adapter?: ScanAdapter): boolean {
  const [selector, ...shown] = adapter?.popup ?? [];
  const popup = selector ? container.closest(selector) : null;
  return !popup || shown.some((name) => popup.classList.contains(name));
}

/** Visible event dialogs and detail panes, innermost dialogs first, each at most once. */
export function findEventContainers(root: ParentNode, options: ScanOptions = {}): Element[] {
  const generic = options.isShown ?? isShown;
  const adapter = options.adapter;
  const shown = (element: Element) => generic(element) && popupShown(element, adapter);
  const own = adapter?.containers ? Array.from(root.querySelectorAll(adapter.containers)) : [];
  // The calendar's own containers first: they are the event itself, not a frame around it.
  const dialogs = [...own, ...Array.from(root.querySelectorAll(DIALOG_SELECTOR))];
  // A dialog inside a dialog: the inner one is the event, the outer one its frame.
  dialogs.sort((a, b) => (a.contains(b) ? 1 : b.contains(a) ? -1 : 0));
  const panes = Array.from(root.querySelectorAll(PANE_SELECTOR));
  const result: Element[] = [];
  for (const element of [...dialogs, ...panes]) {
    if (!result.includes(element) && shown(element)) result.push(element);
  }
  return result;
}

/** One meeting, whatever form its link takes (Zoom links of one meeting differ by the passcode). */
export const meetingKey = (link: MeetingLink) => `${link.service}:${link.id.toLowerCase()}`;

/** The link that carries a passcode is the one to keep. */
function addLink(found: Map<string, MeetingLink>, link: MeetingLink | null): void {
  if (!link) return;
  const key = meetingKey(link);
  const known = found.get(key);
  if (!known || (!known.url.includes('?') && link.url.includes('?'))) found.set(key, link);
}

/**
 * Distinct meeting links of a container: anchors first (their `href`, unwrapped from redirect
 * wrappers), then the text (descriptions with pasted links), in order of appearance.
 */
export function scanEventLinks(container: Element): MeetingLink[] {
  const found = new Map<string, MeetingLink>();
  for (const anchor of Array.from(container.querySelectorAll('a[href]'))) {
    const href = (anchor as HTMLAnchorElement).href || anchor.getAttribute('href') || '';
    addLink(found, parseMeetingLink(unwrapLink(href)));
  }
  if (container.getElementsByTagName('*').length <= TEXT_SCAN_MAX_ELEMENTS) {
    // innerText, not textContent: separates blocks, so links in adjacent paragraphs stay apart.
    const text = (container as HTMLElement).innerText ?? container.textContent ?? '';
    for (const link of findMeetingLinks(text)) addLink(found, link);
  }
  return [...found.values()];
}

/** The event's title: its first heading, else the container's accessible label. */
export function findEventTitle(container: Element): string | undefined {
  const heading = container.querySelector('[role="heading"], h1, h2, h3');
  const text = (heading?.textContent ?? container.getAttribute('aria-label') ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return text ? text.slice(0, 500) : undefined;
}

export interface EventScan {
  container: Element;
  links: MeetingLink[];
}

/**
 * Every visible event container that holds meeting links, with its links. A link shown in a
 * dialog is not repeated for the pane behind it.
 */
export function scanCalendar(root: ParentNode, options: ScanOptions = {}): EventScan[] {
  const linksOf = options.linksOf ?? scanEventLinks;
  const claimed = new Set<string>();
  const scans: EventScan[] = [];
  for (const container of findEventContainers(root, options)) {
    const links = linksOf(container).filter((link) => !claimed.has(meetingKey(link)));
    for (const link of links) claimed.add(meetingKey(link));
    if (links.length > 0) scans.push({ container, links });
  }
  return scans;
}
