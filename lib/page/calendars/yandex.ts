/**
 * Yandex Calendar (calendar.yandex.ru, calendar.360.yandex.ru, ...). The event preview is a Lego
 * `Popup2` appended to `body`: no role, kept mounted, shown by the class `Popup2_visible`; its parts carry `qa-EventFormPreview`,
 * `qa-EventFormPreview-Title`, `qa-LocationField`, `qa-DescriptionField`. The date is text
 * (`.EventDatesField__value`), not a `<time>`.
 * Sources: bem/yandex-ui src/components/Popup/Popup.tsx @952662a (`keepMounted`, visibility by
 * class); astafev/meetings-cost-ya firefox/calendar/watch.js:8-21 and active-popup.js:47-80
 * @84a78b6; Yandex's public page objects; docs/calendar-pages.md.
 */
import type { CalendarAdapter } from './adapter';

const POPUP = '.Popup2';

export const yandexCalendar: CalendarAdapter = {
  containers: '.qa-EventFormPreview',
  toggles: POPUP,
  flips: ['class', 'style'],
  popup: [POPUP, 'Popup2_visible'],
  requires: [['.qa-EventFormPreview', '.qa-EventFormPreview-Title', 'event title']],
};
