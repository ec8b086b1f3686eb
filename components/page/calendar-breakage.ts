/**
 * A calendar page that changed is seen, not guessed: when a shown event container lacks a part its
 * calendar's adapter expects (lib/page/calendars/) for longer than a skeleton lasts, the background
 * is told which part (once per part and page visit; no page content). The panel shows nothing it
 * did not find.
 */
import { sendMessage } from '@/lib/messaging';
import type { CalendarAdapter } from '@/lib/page/calendars';
import { type PageVisit, visitTimeout } from '@/lib/page/feature';

/** A part missing for this long is missing (Google fills its bubble after a skeleton). */
export const BREAKAGE_SETTLE_MS = 2000;

/** `check` looks at a shown container; `recheck` runs a scan once a missing part had time to come. */
export function createBreakageWatch(
  visit: PageVisit,
  signal: AbortSignal,
  adapter: CalendarAdapter,
  recheck: () => void,
) {
  /** Parts missing, since when; 0 once reported. */
  const missing = new Map<string, number>();
  return (container: Element): void => {
    for (const [within, needs, part] of adapter.requires) {
      if (!container.matches(within)) continue;
      const since = missing.get(part);
      if (container.querySelector(needs)) {
        // Back (it was a skeleton): its time starts again if it goes missing once more.
        if (since) missing.delete(part);
      } else if (since === undefined) {
        missing.set(part, Date.now());
        visitTimeout(visit, signal, recheck, BREAKAGE_SETTLE_MS);
      } else if (since > 0 && Date.now() - since >= BREAKAGE_SETTLE_MS) {
        missing.set(part, 0);
        void sendMessage('page.breakage', { part }).catch(() => undefined);
      }
    }
  };
}
