/**
 * A calendar page that changed is seen, not guessed: when a shown event container lacks a part its
 * calendar's adapter expects (lib/page/calendars/) for longer than a skeleton lasts, the background
 * is told which part (once per part and page visit; no page content). The panel shows nothing it
 * did not find.
 */
import { sendMessage } from '@/lib/messaging';
import { type CalendarAdapter, missingPart } from '@/lib/page/calendars';
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
    const part = missingPart(adapter, container);
    if (!part) return;
    const since = missing.get(part);
    const now = Date.now();
    if (since === undefined) {
      missing.set(part, now);
      visitTimeout(visit, signal, recheck, BREAKAGE_SETTLE_MS);
    } else if (since > 0 && now - since >= BREAKAGE_SETTLE_MS) {
      missing.set(part, 0);
      void sendMessage('page.breakage', { part }).catch(() => undefined);
    }
  };
}
