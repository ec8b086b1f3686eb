/**
 * Where each protocol line is on the rendered page: the line's own end in its `<li>`, or the end of
 * its sentence in its paragraph's `<p>`, as a place to put its sources control. The rendered
 * protocol is sanitized HTML (lib/render), so the line is found by its text, with its index as the
 * first guess: the k-th list item of the linker is the k-th `<li>` marked renders, unless HTML in
 * the protocol added list items or paragraphs of its own; then the next element whose text begins
 * as the line's does is taken. A line found nowhere has no place (the caller lists it apart).
 *
 * Only reads the page, except for a paragraph's text node split where a sentence ends inside it
 * (`sentencePlaces`), which leaves the text as it was.
 */
import type { LineSources } from '@/lib/grounding/sources';

/** Insert before `before` in `parent` (null: at its end). */
export interface Slot {
  parent: Node;
  before: Node | null;
}

/** Characters of a line's text compared with the page's, at most. */
const COMPARED = 160;
/** Characters of an element's text read to compare, at most. */
const READ = 4_000;

/** Letters and digits only, lower case: markup, entities and spacing differ between the two texts. */
export function textKey(text: string): string {
  return text
    .slice(0, READ)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Whether the page's text of an element begins as the line's text does. */
function begins(pageKey: string, line: string): boolean {
  const key = textKey(line.replace(/…$/, '')).slice(0, COMPARED);
  return pageKey.slice(0, key.length) === key && (key.length > 0 || pageKey.length === 0);
}

const isList = (node: Node) => node.nodeName === 'UL' || node.nodeName === 'OL';

/** Whether `node` is one of ours (an element the caller marks), not the protocol's. */
export type IsOurs = (node: Node) => boolean;

/** An item's own text: its nested lists and our own elements left out. */
function ownText(item: Element, ours: IsOurs): string {
  let text = '';
  for (const child of item.childNodes) {
    if (isList(child) || ours(child)) continue;
    text += child.textContent ?? '';
    if (text.length > READ) break;
  }
  return text;
}

/** The end of an item's own content: before its nested list, or at the end of its last paragraph. */
function itemSlot(item: Element, ours: IsOurs): Slot {
  const children = [...item.childNodes].filter((child) => !ours(child));
  const nested = children.find(isList) ?? null;
  const own = nested ? children.slice(0, children.indexOf(nested)) : children;
  const last = [...own]
    .reverse()
    .find((child) => child.nodeType !== 3 || (child.textContent ?? '').trim() !== '');
  if (last && last.nodeName === 'P') return { parent: last, before: null };
  return { parent: item, before: nested };
}

/** The protocol's own elements of a kind, in document order. */
function elements(
  root: Element,
  selector: string,
  ours: IsOurs,
  keep: (element: Element) => boolean,
): Element[] {
  return [...root.querySelectorAll(selector)].filter((element) => keep(element) && !ours(element));
}

/**
 * Finds each line's element: the expected one (`expected[k]`) when its text begins as the line's,
 * else the next one after the last found whose text does.
 */
function matcher(list: Element[], text: (element: Element) => string) {
  const keys = new Map<Element, string>();
  const keyOf = (element: Element) => {
    let key = keys.get(element);
    if (key === undefined) {
      key = textKey(text(element));
      keys.set(element, key);
    }
    return key;
  };
  let cursor = 0;
  return (expected: number, line: string): Element | null => {
    const guess = list[expected];
    if (guess && expected >= cursor && begins(keyOf(guess), line)) {
      cursor = expected + 1;
      return guess;
    }
    for (let i = cursor; i < list.length; i += 1) {
      if (begins(keyOf(list[i] as Element), line)) {
        cursor = i + 1;
        return list[i] as Element;
      }
    }
    return null;
  };
}

let segmenter: Intl.Segmenter | null | undefined;

/** Where each sentence of a text ends (after its last character that is not a space). */
function sentenceEnds(text: string): Array<{ start: number; end: number }> {
  if (segmenter === undefined)
    segmenter =
      typeof Intl !== 'undefined' && 'Segmenter' in Intl
        ? new Intl.Segmenter('en', { granularity: 'sentence' })
        : null;
  const out: Array<{ start: number; end: number }> = [];
  if (!segmenter) return out;
  for (const { segment, index } of segmenter.segment(text)) {
    const trimmed = segment.trimEnd();
    if (trimmed.trim() === '') continue;
    out.push({ start: index, end: index + trimmed.length });
  }
  return out;
}

/**
 * The places after each sentence of a paragraph (the linker cut its text into the same sentences,
 * lib/grounding/protocol.ts): a text node is split where a sentence ends inside it. When the page's
 * sentences are not the linker's (markup read otherwise), every one goes to the paragraph's end.
 */
function sentencePlaces(paragraph: Element, lines: readonly LineSources[], ours: IsOurs): Slot[] {
  const atEnd = lines.map((): Slot => ({ parent: paragraph, before: null }));
  const nodes: Text[] = [];
  const walker = paragraph.ownerDocument.createTreeWalker(paragraph, 4 /* NodeFilter.SHOW_TEXT */);
  let text = '';
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (ours(node)) continue;
    nodes.push(node as Text);
    text += node.textContent ?? '';
  }
  const ends = sentenceEnds(text);
  if (ends.length !== lines.length) return atEnd;
  const same = lines.every((line, i) => {
    const { start, end } = ends[i] as { start: number; end: number };
    return begins(textKey(text.slice(start, end)), line.text);
  });
  if (!same) return atEnd;
  const slots: Slot[] = [];
  let offset = 0;
  let n = 0;
  for (const { end } of ends) {
    // The text node the sentence ends in, and where in it.
    while (n < nodes.length && offset + (nodes[n]?.length ?? 0) < end) {
      offset += nodes[n]?.length ?? 0;
      n += 1;
    }
    const node = nodes[n];
    if (!node) return atEnd;
    // A sentence that ends inside a link: its control goes after the link, never into it.
    const link = node.parentElement?.closest('a');
    if (link && paragraph.contains(link)) {
      slots.push({ parent: link.parentNode as Node, before: link.nextSibling });
      continue;
    }
    const inside = end - offset;
    if (inside < node.length) {
      const rest = node.splitText(inside);
      nodes.splice(n + 1, 0, rest);
      offset += node.length;
      n += 1;
      slots.push({ parent: rest.parentNode as Node, before: rest });
    } else slots.push({ parent: node.parentNode as Node, before: node.nextSibling });
  }
  return slots;
}

/**
 * Places lines one group at a time (a list item, or a paragraph's sentences), in the lines' order,
 * so a caller can stop between groups to let the page answer input. `ours` tells the caller's own
 * elements (its controls and panels), which are neither read nor counted.
 */
export function linePlacer(root: Element, ours: IsOurs) {
  const insideOurs = (node: Node) => {
    for (let at: Node | null = node; at && at !== root; at = at.parentNode) if (ours(at)) return true;
    return false;
  };
  const items = matcher(
    elements(root, 'li', insideOurs, () => true),
    (item) => ownText(item, ours),
  );
  const paragraphs = matcher(
    elements(root, 'p', insideOurs, (p) => p.closest('li') === null),
    (p) => p.textContent ?? '',
  );
  /** The slots of the group that starts at line `i` (null: found nowhere), and the next group's start. */
  return (lines: readonly LineSources[], i: number): { slots: Array<Slot | null>; next: number } => {
    const line = lines[i] as LineSources;
    if (line.kind === 'item') {
      const item = items(line.item ?? -1, line.text);
      return { slots: [item ? itemSlot(item, ours) : null], next: i + 1 };
    }
    let last = i;
    while (
      last + 1 < lines.length &&
      lines[last + 1]?.kind === 'sentence' &&
      lines[last + 1]?.paragraph === line.paragraph &&
      lines[last + 1]?.sentence === (lines[last]?.sentence ?? -2) + 1
    )
      last += 1;
    const group = lines.slice(i, last + 1);
    const paragraph = paragraphs(line.paragraph ?? -1, line.text);
    return {
      slots: paragraph ? sentencePlaces(paragraph, group, insideOurs) : group.map(() => null),
      next: last + 1,
    };
  };
}

/** The slot of every line (null: found nowhere on the page), in the lines' order. */
export function placeLines(root: Element, lines: readonly LineSources[], ours: IsOurs): Array<Slot | null> {
  const place = linePlacer(root, ours);
  const slots: Array<Slot | null> = [];
  for (let i = 0; i < lines.length; ) {
    const group = place(lines, i);
    slots.push(...group.slots);
    i = group.next;
  }
  return slots;
}
