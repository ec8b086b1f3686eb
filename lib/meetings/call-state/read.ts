/**
 * What the call-state readers (one file per service here) look at: whether an element is there,
 * and whether a short text of the page (a screen's heading, a button's label, a dialog's title)
 * says something. Only short texts are read, never the page's whole text, and nothing is kept.
 */

/** Headings and dialogs: where a screen says what it is ("You left the meeting"). */
export const HEADINGS = 'h1,h2,h3,[role=heading],[role=alert],[role=alertdialog],[role=dialog]';

/** Whether `selector` finds an element in the document. */
export function has(doc: Document, selector: string): boolean {
  return doc.querySelector(selector) !== null;
}

/**
 * Whether one of the first elements `selector` finds has a short text that `pattern` matches
 * (a text over 200 characters is a container, not a label, and is skipped).
 */
export function says(doc: Document, selector: string, pattern: RegExp): boolean {
  const found = doc.querySelectorAll(selector);
  for (let i = 0; i < found.length && i < 60; i++) {
    const text = found[i]!.textContent ?? '';
    if (text.length <= 200 && pattern.test(text)) return true;
  }
  return false;
}
