/**
 * Whether a button of ours is visible and unobscured, so that a pointer press on it can count at
 * once (lib/page/press-check.ts; keyboard presses need no check). A page could draw something over
 * our button with `pointer-events: none`, so that a click meant for its picture lands on our button.
 *
 * - Chromium (and any browser with it): IntersectionObserver v2 (`trackVisibility`). Tracking visibility makes the browser
 *   test the button's box against everything painted over it, which is not free on a busy page, so
 *   a button is watched only while a pointer is over it (a press with the pointer always starts
 *   there). A press that comes before the first report waits for it, briefly.
 * - Browsers without v2 (Firefox): the page is read directly (`coverCheck`): while the pointer is
 *   over the button (on entering, on moves at most every `RECHECK_MS`, on the press down and at the
 *   press), nothing may be able to paint over it. Hit testing alone (`elementsFromPoint`) cannot
 *   tell, since it skips exactly the `pointer-events: none` veils, so every element of the page (its
 *   shadow roots and `::before`/`::after` included) is looked at for what could paint above our
 *   shadow host: a z-index at least the host's, the top layer, or an effect on the host's ancestors
 *   (opacity, filters, transforms, masks, blending...) that would veil the host or put it into
 *   another stacking context. One veiled look while the pointer is over the button makes the
 *   answer false until it leaves: a page cannot lift its veil at the moment of the press. When the
 *   page cannot be read (no access to closed shadow roots) the answer is unknown and a press is
 *   confirmed with a second one.
 */
export interface VisibilityWatch {
  watch(element: Element): void;
  /** true or false as seen now, undefined when unknown. */
  visible(element: Element): Promise<boolean | undefined>;
}

/** The least time between two looks at the page while the pointer moves over a button. */
export const RECHECK_MS = 150;

/** Whether IntersectionObserver v2 reports `isVisible`. */
function hasVisibilityTracking(): boolean {
  return (
    typeof IntersectionObserverEntry !== 'undefined' && 'isVisible' in IntersectionObserverEntry.prototype
  );
}

/**
 * Chromium builds (Chrome, Edge, Opera) always have v2: reading the page is left out of their
 * content scripts (about 1.3 kB gzip each).
 */
const CHROMIUM_BUILD = import.meta.env.CHROME || import.meta.env.EDGE || import.meta.env.OPERA;

export function createVisibilityWatch(signal: AbortSignal): VisibilityWatch {
  return CHROMIUM_BUILD || hasVisibilityTracking() ? createObserverWatch(signal) : createCoverWatch(signal);
}

function createObserverWatch(signal: AbortSignal): VisibilityWatch {
  /** The buttons with a pointer over them: visible or not as last reported, undefined before. */
  const seen = new Map<Element, boolean | undefined>();
  const observer = new IntersectionObserver(
    (entries) => {
      for (const { target, isVisible } of entries as Array<
        IntersectionObserverEntry & { isVisible?: boolean }
      >) {
        if (seen.has(target)) seen.set(target, isVisible);
      }
    },
    // The least delay v2 allows; a full threshold, so a partly hidden button is not visible.
    { threshold: [1], trackVisibility: true, delay: 100 } as IntersectionObserverInit,
  );
  signal.addEventListener('abort', () => observer.disconnect(), { once: true });
  return {
    watch(element) {
      element.addEventListener(
        'pointerenter',
        () => {
          seen.set(element, undefined);
          observer.observe(element);
        },
        { signal },
      );
      element.addEventListener(
        'pointerleave',
        () => {
          seen.delete(element);
          observer.unobserve(element);
        },
        { signal },
      );
    },
    async visible(element) {
      // The first report comes within a frame or two of the pointer's arrival: wait up to 300 ms.
      for (let i = 0; i < 6 && seen.has(element) && seen.get(element) === undefined; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return seen.get(element);
    },
  };
}

interface Hover {
  /** false once a look found the button veiled; undefined once a look could not tell. */
  visible: boolean | undefined;
  point: { x: number; y: number } | null;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/**
 * The pause before the next look: at least `RECHECK_MS`, and four times what the last look took,
 * so that reading a very large page takes at most a fifth of the main thread while hovered.
 */
export function nextLookAfter(lastLookMs: number): number {
  return Math.max(RECHECK_MS, 4 * lastLookMs);
}

function createCoverWatch(signal: AbortSignal): VisibilityWatch {
  const hovered = new Map<Element, Hover>();
  const look = (element: Element, hover: Hover): number => {
    const started = performance.now();
    hover.visible = combineLooks(hover.visible, coverCheck(element, hover.point));
    return performance.now() - started;
  };
  // Looks go on while the pointer rests too: a veil shown and lifted between two moves is seen.
  const schedule = (element: Element, hover: Hover, lastLookMs: number) => {
    hover.timer = setTimeout(() => {
      if (hovered.get(element) !== hover || signal.aborted) return;
      schedule(element, hover, look(element, hover));
    }, nextLookAfter(lastLookMs));
  };
  const leave = (element: Element) => {
    clearTimeout(hovered.get(element)?.timer);
    hovered.delete(element);
  };
  signal.addEventListener('abort', () => {
    for (const element of [...hovered.keys()]) leave(element);
  });
  return {
    watch(element) {
      const on = (type: string, listener: (event: PointerEvent) => void) =>
        element.addEventListener(type, listener as EventListener, { signal });
      on('pointerenter', (event) => {
        leave(element);
        const hover: Hover = {
          visible: true,
          point: { x: event.clientX, y: event.clientY },
          timer: undefined,
        };
        hovered.set(element, hover);
        schedule(element, hover, look(element, hover));
      });
      on('pointermove', (event) => {
        const hover = hovered.get(element);
        if (hover) hover.point = { x: event.clientX, y: event.clientY };
      });
      on('pointerleave', () => leave(element));
    },
    async visible(element) {
      const hover = hovered.get(element);
      if (!hover) return undefined;
      look(element, hover);
      return hover.visible;
    },
  };
}

/** A look adds to what was seen since the pointer came: veiled stays veiled, unknown stays unknown. */
export function combineLooks(before: boolean | undefined, now: boolean | undefined): boolean | undefined {
  if (before === false || now === false) return false;
  if (before === undefined || now === undefined) return undefined;
  return true;
}

/** The computed style properties `ancestorEffect` reads (a `CSSStyleDeclaration` has them all). */
export type EffectStyle = Pick<
  CSSStyleDeclaration,
  | 'opacity'
  | 'filter'
  | 'backdropFilter'
  | 'transform'
  | 'translate'
  | 'scale'
  | 'rotate'
  | 'perspective'
  | 'clipPath'
  | 'maskImage'
  | 'mixBlendMode'
  | 'isolation'
  | 'contain'
  | 'willChange'
  | 'contentVisibility'
  | 'containerType'
  | 'position'
  | 'zIndex'
>;

const NONE_OR_EMPTY = (value: string | undefined) => value === undefined || value === '' || value === 'none';

/**
 * Why an ancestor of our host (or the host itself) could veil it or let the page paint over it,
 * or null when it cannot: any visual effect on the subtree (transparency, filters, masks, clipping,
 * blending, transforms) and anything that makes a stacking context or a containing block for our
 * fixed host (our z-index would then only count inside it).
 */
export function ancestorEffect(style: EffectStyle): string | null {
  if (style.opacity !== '' && Number(style.opacity) !== 1) return 'opacity';
  if (!NONE_OR_EMPTY(style.filter)) return 'filter';
  if (!NONE_OR_EMPTY(style.backdropFilter)) return 'backdrop-filter';
  if (!NONE_OR_EMPTY(style.transform)) return 'transform';
  if (!NONE_OR_EMPTY(style.translate)) return 'translate';
  if (!NONE_OR_EMPTY(style.scale)) return 'scale';
  if (!NONE_OR_EMPTY(style.rotate)) return 'rotate';
  if (!NONE_OR_EMPTY(style.perspective)) return 'perspective';
  if (!NONE_OR_EMPTY(style.clipPath)) return 'clip-path';
  if (!NONE_OR_EMPTY(style.maskImage)) return 'mask';
  if (style.mixBlendMode && style.mixBlendMode !== 'normal') return 'mix-blend-mode';
  if (style.isolation === 'isolate') return 'isolation';
  if (!NONE_OR_EMPTY(style.contain)) return 'contain';
  if (style.willChange && style.willChange !== 'auto') return 'will-change';
  if (style.contentVisibility && style.contentVisibility !== 'visible') return 'content-visibility';
  if (style.containerType && style.containerType !== 'normal') return 'container-type';
  if (style.position && style.position !== 'static' && style.zIndex !== 'auto' && style.zIndex !== '')
    return 'stacking context';
  return null;
}

/**
 * Whether an element is painted as one stacking context (nothing inside can come between what is
 * outside): a positioned element with a z-index, a fixed or sticky one, or one with an effect
 * (`ancestorEffect`) that makes one. Containment other than layout or paint makes none.
 */
export function stackingContext(style: EffectStyle): boolean {
  if (style.position === 'fixed' || style.position === 'sticky') return true;
  const effect = ancestorEffect(style);
  if (effect === null || effect === 'will-change') return false;
  if (effect === 'contain') return /paint|layout|strict|content/.test(style.contain);
  return true;
}

/** A computed z-index as a number (`auto` is 0 for painting order). */
export function zOf(zIndex: string): number {
  const value = Number.parseInt(zIndex, 10);
  return Number.isFinite(value) ? value : 0;
}

/**
 * Whether a box of the page can be painted over our host. `z` is the highest z-index on its way up
 * to the document (itself and its ancestors, across shadow roots): a stacking context is painted as
 * a whole at its own z-index, so only one of them at least as high as the host's can come above
 * it; at the host's own z-index, tree order decides, so only a box after the host can (`follows`).
 */
export function paintsAbove(box: { z: number; follows: boolean }, hostZ: number): boolean {
  return box.z > hostZ || (box.z === hostZ && box.follows);
}

export interface CoverFacts {
  /** The press point (or the button's centre) lies inside the button's box, within the viewport. */
  pointOnButton: boolean;
  /** The topmost element there (hit testing) is our host, and inside it our button. */
  topmostIsOurs: boolean;
  /** The first effect found on the host and its ancestors (`ancestorEffect`), or null. */
  ancestorEffect: string | null;
  /** An element of the page is in the top layer (modal dialog, popover, full screen). */
  topLayer: boolean;
  /** A box of the page that `paintsAbove` our host. */
  paintedAbove: boolean;
  /** Every shadow root of the page could be read (else a veil could hide in a closed one). */
  readable: boolean;
}

/** The decision: true only when nothing of the page can be over the button. */
export function coverVerdict(facts: CoverFacts): boolean | undefined {
  if (!facts.pointOnButton || !facts.topmostIsOurs) return false;
  if (facts.ancestorEffect !== null || facts.topLayer || facts.paintedAbove) return false;
  return facts.readable ? true : undefined;
}

type ShadowReader = (element: Element) => ShadowRoot | null;

/** Firefox gives content scripts the closed shadow roots of the page too. */
function shadowReader(): ShadowReader | null {
  const probe = document.documentElement as Element & { openOrClosedShadowRoot?: ShadowRoot | null };
  if (!('openOrClosedShadowRoot' in probe)) return null;
  return (element) =>
    (element as Element & { openOrClosedShadowRoot?: ShadowRoot | null }).openOrClosedShadowRoot ?? null;
}

function topLayerInUse(): boolean {
  if (document.fullscreenElement) return true;
  for (const selector of [':modal', ':popover-open']) {
    try {
      if (document.querySelector(selector)) return true;
    } catch {
      // A selector this browser does not know: nothing of that kind can be shown either.
    }
  }
  return false;
}

/** Looks at the page now: see the module's comment. */
export function coverCheck(button: Element, point: { x: number; y: number } | null): boolean | undefined {
  const root = button.getRootNode() as ShadowRoot;
  // A shadow root is the one document fragment with a host.
  if (root.nodeType !== Node.DOCUMENT_FRAGMENT_NODE || !root.host) return undefined;
  const host = root.host;
  if (!host.isConnected) return false;
  const rect = button.getBoundingClientRect();
  const at = point ?? { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
  const pointOnButton =
    rect.width > 0 &&
    rect.height > 0 &&
    at.x >= rect.left &&
    at.x <= rect.right &&
    at.y >= rect.top &&
    at.y <= rect.bottom &&
    at.x >= 0 &&
    at.y >= 0 &&
    at.x <= window.innerWidth &&
    at.y <= window.innerHeight;
  const topmost = document.elementsFromPoint(at.x, at.y)[0];
  const inner = root.elementsFromPoint(at.x, at.y)[0];
  const topmostIsOurs = topmost === host && inner !== undefined && button.contains(inner);

  // The host's own styles are ours (page.css `:host`, important: the page cannot change them).
  let effect: string | null = null;
  for (let node = host.parentElement; node && !effect; node = node.parentElement) {
    effect = ancestorEffect(getComputedStyle(node));
  }
  const facts: CoverFacts = {
    pointOnButton,
    topmostIsOurs,
    ancestorEffect: effect,
    topLayer: topLayerInUse(),
    paintedAbove: false,
    readable: true,
  };
  if (!pointOnButton || !topmostIsOurs || effect !== null || facts.topLayer) return coverVerdict(facts);

  const readShadow = shadowReader();
  const hostZ = zOf(getComputedStyle(host).zIndex);
  /** Whether a box in the light DOM at `element` comes after our host in tree order. */
  const follows = (element: Element) =>
    (host.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0 &&
    !host.contains(element);
  const ancestorsOfHost = new Set<Element>();
  for (let node = host.parentElement; node; node = node.parentElement) ancestorsOfHost.add(node);

  /**
   * Walks the children of `parent` (an element, or a shadow root of the page): `baseZ` is the
   * highest z-index on the way down, `outer` the light-DOM element a shadow tree hangs from.
   * A subtree that is not displayed, or that is a stacking context below the host's z-index, is
   * painted as a whole below the host: it is not looked into (most of a large page, as a rule).
   */
  const walk = (parent: ParentNode, baseZ: number, outer: Element | null): boolean => {
    for (let element = parent.firstElementChild; element; element = element.nextElementSibling) {
      if (element === host) continue;
      const style = getComputedStyle(element);
      if (style.display === 'none') continue;
      const ownZ = zOf(style.zIndex);
      const z = Math.max(baseZ, ownZ);
      const light = outer ?? element;
      const after = follows(light);
      const holdsHost = ancestorsOfHost.has(element);
      if (!holdsHost && paintsAbove({ z, follows: after }, hostZ)) return true;
      if (!holdsHost && stackingContext(style) && z < hostZ) continue;
      for (const pseudo of ['::before', '::after'] as const) {
        const pseudoStyle = getComputedStyle(element, pseudo);
        if (
          pseudoStyle.content === 'none' ||
          pseudoStyle.content === 'normal' ||
          pseudoStyle.display === 'none'
        )
          continue;
        // `::after` of an element that holds our host comes after the host.
        const pseudoFollows = after || (pseudo === '::after' && holdsHost);
        if (paintsAbove({ z: Math.max(z, zOf(pseudoStyle.zIndex)), follows: pseudoFollows }, hostZ))
          return true;
      }
      const shadow = readShadow ? readShadow(element) : element.shadowRoot;
      if (shadow && walk(shadow, z, light)) return true;
      if (walk(element, z, outer)) return true;
    }
    return false;
  };
  facts.paintedAbove = walk(document, 0, null);
  // Without access to closed shadow roots a veil could hide in one.
  facts.readable = readShadow !== null;
  return coverVerdict(facts);
}
