/**
 * A page family (meeting pages, calendars, video pages) is a small registry of features. Each
 * feature is one file that declares where it runs and what it does on a page visit:
 *
 * - `include`: the feature runs when any of these predicates accepts the URL;
 * - `exclude`: ...and none of these does;
 * - `init(signal, visit)`: sets the feature up; everything it starts ends when `signal` aborts
 *   (navigation to another URL, or the extension being updated or disabled).
 *
 * `runFeatures` gives each page visit its own AbortController. Single-page apps (Meet, YouTube,
 * calendars) change the URL without a reload: the visit is aborted, the conditions run again on
 * the new URL, and they run on the first page too (the location-change event fires only on change).
 * A visit is for the address the tab shows: a navigation is followed once it has committed, never
 * at its start (it may be cancelled, or still loading another document).
 */
import type { ContentScriptContext } from 'wxt/utils/content-script-context';

export type UrlCondition = (url: URL) => boolean;

export interface PageVisit {
  /** The URL of this visit. Read it rather than `location.href`, which may still be the old one. */
  url: URL;
  /** The content script's context: use its timers and listeners, never bare globals. */
  ctx: ContentScriptContext;
}

export interface PageFeature {
  /** Stable id, the file name without its extension. */
  id: string;
  include: readonly UrlCondition[];
  exclude?: readonly UrlCondition[];
  init(signal: AbortSignal, visit: PageVisit): void | Promise<void>;
}

/** Whether the feature's conditions accept the URL. */
export function shouldRun(feature: Pick<PageFeature, 'include' | 'exclude'>, url: URL): boolean {
  const accepts = (condition: UrlCondition) => {
    try {
      return condition(url);
    } catch {
      return false;
    }
  };
  return feature.include.some(accepts) && !(feature.exclude ?? []).some(accepts);
}

/** The features of a registry that run on this URL, in registry order. */
export function featuresFor(features: readonly PageFeature[], url: URL): PageFeature[] {
  return features.filter((feature) => shouldRun(feature, url));
}

/** The part of the context `runFeatures` uses, so tests can drive it without a browser. */
export type FeatureContext = Pick<
  ContentScriptContext,
  'addEventListener' | 'onInvalidated' | 'signal' | 'isInvalid'
>;

/**
 * Runs the registry on the first page and again after every location change. A feature that
 * throws is reported and does not stop the others. `shownUrl` is the address the tab shows,
 * `navigation` its Navigation API where there is one (tests give their own).
 */
export function runFeatures(
  ctx: FeatureContext,
  features: readonly PageFeature[],
  shownUrl: () => string = () => location.href,
  navigation: EventTarget | undefined = (globalThis as { navigation?: EventTarget }).navigation,
): void {
  let visit: AbortController | null = null;
  let shown = '';

  /** A new visit when the address the tab shows changed. */
  const follow = () => {
    const href = shownUrl();
    if (href === shown) return;
    shown = href;
    visit?.abort();
    if (ctx.signal.aborted) return;
    const url = new URL(href);
    const controller = new AbortController();
    visit = controller;
    for (const feature of featuresFor(features, url)) {
      try {
        const started = feature.init(controller.signal, { url, ctx: ctx as ContentScriptContext });
        if (started instanceof Promise) started.catch((error) => report(feature, error));
      } catch (error) {
        report(feature, error);
      }
    }
  };

  ctx.onInvalidated(() => {
    visit?.abort();
    visit = null;
  });
  // WXT's location change comes when a navigation starts (Navigation API) or after it (polled,
  // without that API); the Navigation API says when a same-document one has committed. A
  // navigation to another document is followed by the content script of that document.
  ctx.addEventListener(window, 'wxt:locationchange', follow);
  navigation?.addEventListener('currententrychange', follow, { signal: ctx.signal });
  // An updated or removed extension leaves this script orphaned without telling it; reading
  // `isInvalid` notices, and invalidation ends the visit and removes its UI. The person coming
  // back to the tab is the moment that matters.
  ctx.addEventListener(document, 'visibilitychange', () => void ctx.isInvalid);
  follow();
}

function report(feature: PageFeature, error: unknown): void {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  console.error(`[Meeting Capture] ${feature.id} failed`, error);
}

/**
 * A timeout owned by the content script context and the page visit: it never fires after the
 * visit ended or the extension was updated. (`ctx.addEventListener` and `ctx.setTimeout` end with
 * the context only; a visit ends sooner.)
 */
export function visitTimeout(visit: PageVisit, signal: AbortSignal, callback: () => void, ms: number): void {
  if (signal.aborted) return;
  const cancel = () => clearTimeout(id);
  const id = visit.ctx.setTimeout(() => {
    signal.removeEventListener('abort', cancel);
    if (!signal.aborted) callback();
  }, ms);
  signal.addEventListener('abort', cancel, { once: true });
}

/**
 * A listener that ends with the visit. The visit's signal is aborted when the context is
 * invalidated too (see `runFeatures`), so the listener is owned by the context as well.
 */
export function visitListener<K extends keyof DocumentEventMap>(
  signal: AbortSignal,
  target: Document,
  type: K,
  handler: (event: DocumentEventMap[K]) => void,
  options?: AddEventListenerOptions,
): void;
export function visitListener<K extends keyof WindowEventMap>(
  signal: AbortSignal,
  target: Window,
  type: K,
  handler: (event: WindowEventMap[K]) => void,
  options?: AddEventListenerOptions,
): void;
export function visitListener(
  signal: AbortSignal,
  target: EventTarget,
  type: string,
  handler: (event: Event) => void,
  options?: AddEventListenerOptions,
): void {
  if (signal.aborted) return;
  target.addEventListener(type, handler, { ...options, signal });
}
