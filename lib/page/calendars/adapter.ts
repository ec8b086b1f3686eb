/**
 * What one calendar web app adds to the generic event scan (lib/page/calendar-scan.ts): the
 * containers it shows events in beyond dialogs and panes, how it shows and hides them (a class or
 * a style flip on a container kept mounted), where the panel may render when the event is in a
 * focus-trapping modal, and the parts an event of this calendar always holds, so a page that
 * changed is noticed instead of guessed at. One calendar, one file (google.ts, yandex.ts,
 * outlook.ts); docs/calendar-pages.md gives the public sources of each.
 */
import type { ScanAdapter } from '../calendar-scan';

export interface CalendarAdapter extends ScanAdapter {
  /**
   * The focus trap of the calendar's modal (it pulls focus back to itself and may swallow clicks
   * outside it): the panel of an event inside or around one renders in it. Else at the body's end.
   */
  trap?: string;
  /**
   * The parts an event container of this calendar holds: [containers this applies to, the part
   * such a container holds, the part's name in a breakage report (never page content)].
   */
  requires: ReadonlyArray<readonly [string, string, string]>;
}

/** The first part a shown container should hold and does not, or null. */
export function missingPart(adapter: CalendarAdapter, container: Element): string | null {
  for (const [within, needs, part] of adapter.requires)
    if (container.matches(within) && !container.querySelector(needs)) return part;
  return null;
}

/** Where the panel of an event in this container renders: inside its trap, or null (the body). */
export const panelParent = (adapter: CalendarAdapter, container: Element): Element | null =>
  adapter.trap ? (container.closest(adapter.trap) ?? container.querySelector(adapter.trap)) : null;
