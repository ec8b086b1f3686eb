/**
 * How the call-state readers (one file per service here) read a call: each service names its
 * places, and `readCallState` reads them the same way.
 *
 * - The call's own controls (`controls`): while one is there, no screen is taken for an end.
 * - An end is the whole text of an end screen's heading (`ended` matches it from start to end,
 *   spaces collapsed), read only once the controls are gone: a heading that merely holds the words
 *   ("Anna: the meeting has ended") is no end screen. Alerts, dialogs, live regions and logs are
 *   never read for it, nor anything inside the places where participants' own words show (tiles,
 *   lists, chat, captions: `people`), so a name, a chat message or a caption is never the page's
 *   state.
 * - A service's own end dialog (`endDialog`, Zoom's host-ended modal: only the service writes
 *   there) ends the call though the controls are still drawn under it.
 *
 * Only the short texts of the places named are used (a text over `TEXT_LIMIT` characters is a
 * container, not a label; the first `MAX_READ` elements), never the page's whole text, and
 * nothing is kept. The feature that reads the call
 * (components/page/call-state.ts) also requires an end to hold over two readings apart.
 */

import type { CallState } from '../types';

export interface CallStateRules {
  /** The call's own controls, shown only in the call (with `inCall`). */
  controls: string;
  /** What shows the call is on (the controls themselves, or Meet's tiles). */
  inCall: string;
  /** An end screen's whole wording. */
  ended: RegExp;
  /** The service's own end dialog, read even while the controls are drawn. */
  endDialog?: string;
  /** Where participants' own words show (tiles, lists, chat): never read as the page's state. */
  people?: string;
  /** The pre-join screen or the waiting room. */
  lobby(doc: Document): boolean;
}

/** Where a screen says what it is. */
export const HEADINGS = 'h1,h2,h3,[role=heading]';

/** Places whose text comes from people or from the moment, never a screen's: left out everywhere. */
const NOT_A_SCREEN =
  '[role=alert],[role=alertdialog],[role=dialog],[role=log],[role=status],[role=region],[aria-live]';

const TEXT_LIMIT = 120;
const MAX_READ = 60;

/** Whether `selector` finds an element in the document. */
export function has(doc: Document, selector: string): boolean {
  return doc.querySelector(selector) !== null;
}

/** The short text of an element, spaces collapsed, or '' when it is longer than a label. */
function shortText(element: Element): string {
  const text = (element.textContent ?? '')
    .slice(0, TEXT_LIMIT * 2)
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > TEXT_LIMIT ? '' : text;
}

/** Whether one of the first elements `selector` finds (outside `outside`) has a short text `pattern` matches. */
export function says(doc: Document, selector: string, pattern: RegExp, outside?: string): boolean {
  const found = doc.querySelectorAll(selector);
  for (let i = 0; i < found.length && i < MAX_READ; i++) {
    const element = found[i]!;
    if (outside && element.closest(outside)) continue;
    const text = shortText(element);
    if (text && pattern.test(text)) return true;
  }
  return false;
}

export function readCallState(doc: Document, rules: CallStateRules): CallState {
  if (rules.endDialog && says(doc, rules.endDialog, rules.ended)) return 'ended';
  if (has(doc, rules.inCall)) return 'in-call';
  const outside = rules.people ? `${NOT_A_SCREEN},${rules.people}` : NOT_A_SCREEN;
  if (!has(doc, rules.controls) && says(doc, HEADINGS, rules.ended, outside)) return 'ended';
  if (rules.lobby(doc)) return 'lobby';
  return 'unknown';
}
