/**
 * Writing the popup's snapshot (lib/popup-snapshot): what the popup shows, as the bounded tree the
 * first script paints. Loaded by the popup once its live list is shown, not before its first frame.
 */
import {
  allowedAttribute,
  HTML_TAGS,
  MAX_CHARS,
  MAX_DEPTH,
  MAX_NODES,
  MAX_ROWS,
  MAX_TEXT,
  type Snapshot,
  type SnapshotNode,
  SVG_TAGS,
} from './index';

/**
 * The tree of `root` as the snapshot keeps it: allowed elements and attributes, texts cut to
 * MAX_TEXT, the list cut to its first MAX_ROWS rows, closed dialogs and disallowed elements left
 * out, a selected option marked. Null when over MAX_NODES or MAX_DEPTH.
 */
export function capture(root: Element): SnapshotNode | null {
  let nodes = 0;
  let rows = 0;
  let over = false;
  const walk = (element: Element, depth: number, svg: boolean): SnapshotNode | null => {
    const tag = element.localName;
    const inSvg = svg || tag === 'svg';
    if (inSvg ? !SVG_TAGS.has(tag) : !HTML_TAGS.has(tag)) return null;
    if (element.classList.contains('recording') && tag === 'li' && ++rows > MAX_ROWS) return null;
    if (depth > MAX_DEPTH || ++nodes > MAX_NODES) {
      over = true;
      return null;
    }
    const attributes: Record<string, string> = {};
    for (const { name, value } of Array.from(element.attributes)) {
      const attributeName = inSvg && name.toLowerCase() === 'viewbox' ? 'viewBox' : name;
      if (allowedAttribute(tag, attributeName, value, inSvg))
        attributes[attributeName] = value.slice(0, MAX_TEXT);
    }
    if (tag === 'option' && (element as HTMLOptionElement).selected) attributes.selected = '';
    const children: SnapshotNode[] = [];
    for (const child of Array.from(element.childNodes)) {
      if (over) return null;
      if (child.nodeType === 3) {
        const value = child.textContent ?? '';
        if (value === '') continue;
        if (++nodes > MAX_NODES) {
          over = true;
          return null;
        }
        children.push(value.slice(0, MAX_TEXT));
      } else if (child.nodeType === 1) {
        const kept = walk(child as Element, depth + 1, inSvg);
        if (kept !== null) children.push(kept);
      }
    }
    return [tag, attributes, ...children];
  };
  const tree = walk(root, 0, false);
  return over ? null : tree;
}

/** The stored form, or null when it would be over MAX_CHARS (then nothing is kept). */
export function encode(snapshot: Snapshot): string | null {
  const text = JSON.stringify(snapshot);
  return text.length > MAX_CHARS ? null : text;
}

type SnapshotStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Keeps `root` (the popup's home with its live list) as the snapshot of `account`. Returns false
 * when nothing was kept: over a bound (any older snapshot is removed then) or a full store.
 */
export function save(
  store: SnapshotStore,
  key: string,
  root: Element,
  meta: { account: string; lang: string; now: number },
): boolean {
  const tree = capture(root);
  const text =
    tree && encode({ v: 1, account: meta.account, lang: meta.lang, savedAt: meta.now, root: tree });
  try {
    if (!text) {
      store.removeItem(key);
      return false;
    }
    store.setItem(key, text);
    return true;
  } catch {
    try {
      store.removeItem(key);
    } catch {
      // Nothing to remove.
    }
    return false;
  }
}
