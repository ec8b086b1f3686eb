/**
 * Which of our buttons the browser sees as visible and unobscured (IntersectionObserver v2,
 * `trackVisibility`; Chromium has it). Browsers without it report no `isVisible`: every button's
 * visibility stays unknown there, and a press is confirmed with a second one
 * (lib/page/press-check.ts).
 */
export interface VisibilityWatch {
  watch(element: Element): void;
  /** true or false as last seen, undefined while unknown. */
  visible(element: Element): boolean | undefined;
}

export function createVisibilityWatch(signal: AbortSignal): VisibilityWatch {
  const seen = new WeakMap<Element, boolean | undefined>();
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        seen.set(entry.target, (entry as IntersectionObserverEntry & { isVisible?: boolean }).isVisible);
      }
    },
    // The least delay v2 allows; a full threshold, so a partly hidden button is not visible.
    { threshold: [1], trackVisibility: true, delay: 100 } as IntersectionObserverInit,
  );
  signal.addEventListener('abort', () => observer.disconnect(), { once: true });
  return {
    watch(element) {
      if (!signal.aborted) observer.observe(element);
    },
    visible: (element) => seen.get(element),
  };
}
