/**
 * Outlook on the web (outlook.cloud.microsoft, outlook.office.com, outlook.live.com, ...). A click
 * on an event opens a peek card, `[data-app-section="CalendarItemPeek"]` in a Fluent layer, with
 * title, time and location but never the body; "View event" opens a Fluent modal
 * (`role=dialog aria-modal`, its FocusTrapZone `.ms-Dialog-main`) holding
 * `[data-app-section="ReadingPane"]`, the body in `[data-app-section="Form_Content"]`, its links
 * behind Safe Links. The trap pulls focus back from a window capture listener and may swallow
 * clicks outside it, so the panel renders inside the trap there; it sits beside the reading pane,
 * not beside the modal's full-window overlay.
 * Sources: microsoft/fluentui packages/react/src/components/Modal/Modal.base.tsx @0e00ef8 and
 * packages/react-focus/src/components/FocusTrapZone/FocusTrapZone.tsx @9d79de1; y-saeki/UserScript
 * Outlook/Calendar/auto-full-open-schedule-popup @105010a; docs/calendar-pages.md.
 */
import type { CalendarAdapter } from './adapter';

const PEEK = '[data-app-section="CalendarItemPeek"]';
const READING_PANE = '[aria-modal="true"] [data-app-section="ReadingPane"]';

export const outlookCalendar: CalendarAdapter = {
  containers: `${PEEK}, ${READING_PANE}`,
  // Fluent's FocusTrapZone of a Modal or Dialog (Modal.styles' `main` class).
  trap: '.ms-Dialog-main',
  requires: [
    [PEEK, '[aria-label="Time"]', 'peek card time'],
    [READING_PANE, '[data-app-section="Form_Content"]', 'event body'],
  ],
};
