/**
 * Google Calendar (calendar.google.com/calendar/...). The event bubble is a
 * `div[role=dialog][aria-modal=true][data-chips-dialog=true]`, one element reused for every event:
 * it is filled after a skeleton, re-rendered in place for the next event, and hidden with
 * `style="display:none"` (or faded with `opacity`) rather than removed. Details live in
 * `#xDetDlg[data-eventid]`, the title is `[role=heading]`, the Meet join an anchor.
 * Sources: toggl/track-extension src/scripts/content/google-calendar.js @4b9c136 ("one popup
 * element gets recycled"); brave/brave-talk-gcalendar-extension src/google/calendar.ts:259-332
 * @a43e953 (dialogs shown by `style`); docs/calendar-pages.md.
 */
import type { CalendarAdapter } from './adapter';

export const googleCalendar: CalendarAdapter = {
  toggles: '[role="dialog"]',
  flips: ['style', 'class'],
  requires: [['[data-chips-dialog]:has([data-eventid])', '[role="heading"]', 'event title']],
};
