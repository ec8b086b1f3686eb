/**
 * What the page readers share: a name read from the page with a bound on what is read, class
 * tokens of CSS-module pages (`rootStroke_a1B2c`) matched by their stable prefix, and ids for
 * participants the page knows only by the name it shows.
 */
// The timeline's bounds (lib/page-names/timeline.ts), repeated here so that a page script taking
// a reader does not take the timeline's stored-form checks (zod) with it; dom.test.ts holds the
// two to the same values and the same cleaning.
/** At most this many participants are read from a page. */
export const MAX_PARTICIPANTS = 500;
export const MAX_NAME_LENGTH = 80;

/** At most this many characters of a name element are read. */
export const READ_LIMIT = MAX_NAME_LENGTH * 4;

const INVISIBLE = /[\p{Cc}\p{Cf}]/gu;

/** A name as the timeline keeps it (`cleanName`): invisible characters dropped, one space between words, at most 80 characters. */
export function cleanName(value: string): string {
  const text = value
    .slice(0, READ_LIMIT * 2)
    .replace(INVISIBLE, '')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(text);
  return chars.length > MAX_NAME_LENGTH ? chars.slice(0, MAX_NAME_LENGTH).join('').trimEnd() : text;
}

/**
 * The text of an element, read text node by text node until `limit` characters: a name element
 * the page filled with something huge costs no more than the limit.
 */
export function boundedText(element: Element | null | undefined, limit = READ_LIMIT): string {
  if (!element) return '';
  // The common case, a name alone in its element, without a walk.
  const only = element.firstChild;
  if (only && only === element.lastChild && only.nodeType === 3) {
    return (only.nodeValue ?? '').slice(0, limit).replace(/\s+/g, ' ').trim();
  }
  const doc = element.ownerDocument;
  const walker = doc.createTreeWalker(element, 4 /* NodeFilter.SHOW_TEXT */);
  let text = '';
  for (let node = walker.nextNode(); node && text.length < limit; node = walker.nextNode()) {
    text += node.nodeValue ?? '';
  }
  return text.slice(0, limit).replace(/\s+/g, ' ').trim();
}

/** True when one of the element's classes is `prefix` or `prefix_<hash>` (a CSS-module class). */
export function hasClassPrefix(element: Element | null | undefined, prefix: string): boolean {
  const classes = element?.getAttribute('class');
  if (!classes) return false;
  // Read as the attribute's text: cheaper than the element's class list, four times a second.
  let at = classes.indexOf(prefix);
  while (at >= 0) {
    const before = at === 0 ? ' ' : classes[at - 1]!;
    const after = classes[at + prefix.length];
    if (/\s/.test(before) && (after === undefined || after === '_' || /\s/.test(after))) return true;
    at = classes.indexOf(prefix, at + 1);
  }
  return false;
}

/**
 * Ids for participants the page shows only by name: the name itself, and for the second and later
 * participant showing the very same name in one reading, the name with `#2`, `#3` (page order).
 */
export class NameIds {
  private readonly seen = new Map<string, number>();

  next(name: string): string {
    const count = (this.seen.get(name) ?? 0) + 1;
    this.seen.set(name, count);
    return count === 1 ? name : `${name}#${count}`;
  }
}

/**
 * The element that holds all of `elements` (their nearest common ancestor); the container of one
 * (its parent) when that is one of them, so that a sibling added beside them is inside it too. Null
 * for none.
 */
export function commonContainer(elements: readonly Element[]): Element | null {
  let common: Element | null = elements[0] ?? null;
  for (let i = 1; i < elements.length && common; i += 1) {
    while (common && !common.contains(elements[i]!)) common = common.parentElement;
  }
  return common && elements.includes(common) ? common.parentElement : common;
}

/** `root` itself when it matches `selector`, else the first element inside it that does. */
export function selfOrInside(root: Document | Element, selector: string): Element | null {
  return (root as Element).matches?.(selector) ? (root as Element) : root.querySelector(selector);
}
