/**
 * The popup's snapshot: a copy of what the popup last showed (its home view with the recent
 * recordings), kept in the extension pages' `localStorage` (POPUP_SNAPSHOT_KEY, lib/storage.ts)
 * because that is the one store a page can read synchronously, before any module is loaded. A
 * tiny first script of the popup (entrypoints/popup-snapshot.ts) paints it while the app's own
 * bundle loads; the app then replaces it in one synchronous render, as the cached list, and the
 * live list replaces that as before.
 *
 * The snapshot is service data: it is written as a tree of allowed elements, allowed attributes
 * and text, and built back with `createElement`, `setAttribute` and text nodes only, never as
 * HTML. Links, sources other than the extension's icons, styles, values and event handlers are not
 * kept, nor test ids (what a test finds by its id is the app's, never the snapshot). It is bounded
 * on both sides: at most MAX_ROWS rows, MAX_NODES nodes, MAX_TEXT characters per text, MAX_DEPTH
 * levels and MAX_CHARS characters stored; anything over a bound on reading is dropped whole. It names its account (service URL and email): pages wipe it at sign-in, sign-out,
 * a change of settings, and whenever the app finds another account or none.
 */

/** A node: a text, or [tag, attributes, ...children]. */
export type SnapshotNode = string | [string, Record<string, string>, ...SnapshotNode[]];

export interface Snapshot {
  v: 1;
  /** Whose list this is: `accountKey(serviceUrl, email)`. */
  account: string;
  /** The page language the texts are in. */
  lang: string;
  savedAt: number;
  root: SnapshotNode;
}

/** The first rows of the list are kept: the popup shows about six without scrolling. */
export const MAX_ROWS = 8;
export const MAX_NODES = 1500;
export const MAX_TEXT = 300;
export const MAX_DEPTH = 30;
export const MAX_CHARS = 60_000;

import { forget, SNAPSHOT_ATTRIBUTE } from './key';

const SVG_NS = 'http://www.w3.org/2000/svg';

export const HTML_TAGS = new Set([
  'div',
  'span',
  'section',
  'header',
  'footer',
  'main',
  'nav',
  'search',
  'h1',
  'h2',
  'h3',
  'h4',
  'p',
  'ul',
  'ol',
  'li',
  'button',
  'a',
  'label',
  'input',
  'select',
  'option',
  'img',
  'strong',
  'em',
  'b',
  'i',
  'small',
  'time',
  'code',
  'br',
  'dl',
  'dt',
  'dd',
]);
export const SVG_TAGS = new Set(['svg', 'path', 'circle', 'rect', 'line', 'polyline', 'polygon', 'g']);

const ATTRIBUTES = new Set([
  'class',
  'id',
  'role',
  'title',
  'for',
  'alt',
  'width',
  'height',
  'hidden',
  'disabled',
  'placeholder',
  'data-status',
  'data-id',
]);
const SVG_ATTRIBUTES = new Set([
  'viewBox',
  'd',
  'cx',
  'cy',
  'r',
  'x',
  'y',
  'x1',
  'x2',
  'y1',
  'y2',
  'rx',
  'points',
  'fill',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'width',
  'height',
  'class',
  'aria-hidden',
  'focusable',
]);
const INPUT_TYPES = new Set(['checkbox', 'search', 'text', 'radio', 'button']);
/** The extension's own icons are the only images a snapshot shows. */
const ICON_SRC = /^\/icon\/\d{1,3}\.png$/;

export function allowedAttribute(tag: string, name: string, value: string, svg: boolean): boolean {
  if (svg) return SVG_ATTRIBUTES.has(name);
  if (ATTRIBUTES.has(name) || /^aria-[a-z]+$/.test(name)) return true;
  if (name === 'type') return tag === 'button' || (tag === 'input' && INPUT_TYPES.has(value));
  if (name === 'src') return tag === 'img' && ICON_SRC.test(value);
  // An option's value is not shown; an input's would be (what the user typed is not kept).
  if (name === 'value') return tag === 'option';
  return false;
}

function validNode(node: unknown, depth: number, budget: { nodes: number }): boolean {
  if (--budget.nodes < 0 || depth > MAX_DEPTH) return false;
  if (typeof node === 'string') return node.length <= MAX_TEXT;
  if (!Array.isArray(node) || node.length < 2) return false;
  const [tag, attributes, ...children] = node as unknown[];
  if (typeof tag !== 'string' || typeof attributes !== 'object' || attributes === null) return false;
  if (Array.isArray(attributes)) return false;
  for (const value of Object.values(attributes)) if (typeof value !== 'string') return false;
  return children.every((child) => validNode(child, depth + 1, budget));
}

/** The stored snapshot read back, or null for anything not a well-formed, bounded snapshot. */
export function decode(text: string | null): Snapshot | null {
  if (text === null || text.length > MAX_CHARS) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const snapshot = value as Partial<Snapshot>;
  if (snapshot.v !== 1 || typeof snapshot.account !== 'string' || typeof snapshot.lang !== 'string')
    return null;
  if (typeof snapshot.savedAt !== 'number') return null;
  if (!validNode(snapshot.root, 0, { nodes: MAX_NODES })) return null;
  return snapshot as Snapshot;
}

/**
 * The elements of `node` in `doc`, built with `createElement(NS)`, `setAttribute` and text nodes
 * only; what is not allowed (a tag, an attribute, an image source) is left out here too.
 */
export function build(doc: Document, node: SnapshotNode, svg = false): Node | null {
  if (typeof node === 'string') return doc.createTextNode(node);
  const [tag, attributes, ...children] = node;
  const inSvg = svg || tag === 'svg';
  if (inSvg ? !SVG_TAGS.has(tag) : !HTML_TAGS.has(tag)) return null;
  const element = inSvg ? doc.createElementNS(SVG_NS, tag) : doc.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (allowedAttribute(tag, name, value, inSvg) || (name === 'selected' && tag === 'option')) {
      element.setAttribute(name, value);
    }
  }
  for (const child of children) {
    const built = build(doc, child, inSvg);
    if (built) element.appendChild(built);
  }
  return element;
}

/**
 * Paints the stored snapshot into `container` (empty), marked as a snapshot, inert, and its list
 * as being refreshed; sets the page language. A bad snapshot is removed and nothing is painted.
 */
export function paint(doc: Document, store: Pick<Storage, 'getItem' | 'removeItem'>, key: string): boolean {
  const container = doc.getElementById('app');
  if (!container || container.firstChild) return false;
  let text: string | null;
  try {
    text = store.getItem(key);
  } catch {
    return false;
  }
  if (text === null) return false;
  const snapshot = decode(text);
  const root = snapshot && build(doc, snapshot.root);
  if (!snapshot || !root || root.nodeType !== 1) {
    forget(store, key);
    return false;
  }
  const element = root as Element;
  element.setAttribute(SNAPSHOT_ATTRIBUTE, '');
  element.setAttribute('inert', '');
  for (const list of Array.from(element.querySelectorAll('.recording-list'))) {
    list.setAttribute('aria-busy', 'true');
  }
  if (/^[a-z]{2}$/.test(snapshot.lang)) doc.documentElement.lang = snapshot.lang;
  container.appendChild(element);
  return true;
}

/**
 * Starts the app: inserts the module script and preloads the build holds in the page's
 * `<template id="app-modules">` (scripts/popup-html.ts), so that they are fetched after the snapshot, not
 * beside the files it waits for. A page without one (the dev server's) loads its modules itself.
 */
export function startApp(doc: Document): void {
  const held = doc.getElementById('app-modules') as HTMLTemplateElement | null;
  if (held) doc.head.append(held.content);
}

/** The longest the app waits for the snapshot's frame (a hidden page draws none). */
export const FRAME_WAIT_MS = 100;

/**
 * Runs `start` (the app's start) once the snapshot's frame is on its way: in a task of its own
 * after the callbacks of the next animation frame, the frame that shows the snapshot, so that the
 * app's modules are fetched and run after it, not before it. At once when nothing was painted. A
 * page that draws no frame (hidden) starts it after FRAME_WAIT_MS all the same; it starts once.
 */
export function startAfterFrame(
  win: Pick<Window, 'requestAnimationFrame' | 'setTimeout'>,
  painted: boolean,
  start: () => void,
): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  if (!painted) {
    once();
    return;
  }
  win.requestAnimationFrame(() => win.setTimeout(once, 0));
  win.setTimeout(once, FRAME_WAIT_MS);
}

export { accountKey, storedAccount } from './account';
export { forget, POPUP_SNAPSHOT_KEY, SNAPSHOT_ATTRIBUTE } from './key';
