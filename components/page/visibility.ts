/**
 * Whether a button of ours is visible and unobscured (IntersectionObserver v2, `trackVisibility`;
 * Chromium has it). Tracking visibility makes the browser test the button's box against
 * everything painted over it, which is not free on a busy page, so a button is watched only
 * while a pointer is over it (a press with the pointer always starts there; keyboard presses need
 * no check). A press that comes before the first report waits for it, briefly. Browsers without
 * v2 report no `isVisible`: the answer stays unknown, and a press is confirmed with a second one
 * (lib/page/press-check.ts).
 */
export interface VisibilityWatch {
  watch(element: Element): void;
  /** true or false as seen now, undefined when unknown. */
  visible(element: Element): Promise<boolean | undefined>;
}

/** The first report comes within a frame or two of watching; a press waits no longer than this. */
const FIRST_REPORT_MS = 300;

export function createVisibilityWatch(signal: AbortSignal): VisibilityWatch {
  const seen = new Map<Element, boolean | undefined>();
  const waiting = new Map<Element, Array<() => void>>();
  const observer = new IntersectionObserver(
    (entries) => {
      for (const { target, isVisible } of entries as Array<
        IntersectionObserverEntry & { isVisible?: boolean }
      >) {
        if (!waiting.has(target) && !seen.has(target)) continue; // no longer watched
        seen.set(target, isVisible);
        for (const done of waiting.get(target) ?? []) done();
        waiting.delete(target);
      }
    },
    // The least delay v2 allows; a full threshold, so a partly hidden button is not visible.
    { threshold: [1], trackVisibility: true, delay: 100 } as IntersectionObserverInit,
  );
  signal.addEventListener('abort', () => observer.disconnect(), { once: true });

  const start = (element: Element) => {
    if (signal.aborted || waiting.has(element) || seen.has(element)) return;
    waiting.set(element, []);
    observer.observe(element);
  };
  const stop = (element: Element) => {
    observer.unobserve(element);
    seen.delete(element);
    for (const done of waiting.get(element) ?? []) done();
    waiting.delete(element);
  };
  return {
    watch(element) {
      element.addEventListener('pointerenter', () => start(element), { signal });
      element.addEventListener('pointerleave', () => stop(element), { signal });
    },
    async visible(element) {
      const pending = waiting.get(element);
      if (pending) {
        await new Promise<void>((resolve) => {
          pending.push(resolve);
          setTimeout(resolve, FIRST_REPORT_MS);
        });
      }
      return seen.get(element);
    },
  };
}
