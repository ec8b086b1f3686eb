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

export function createVisibilityWatch(signal: AbortSignal): VisibilityWatch {
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
