/** The adapter of each calendar web app (lib/links/calendar-page.ts names the apps). */
import type { CalendarApp } from '@/lib/links';
import type { CalendarAdapter } from './adapter';
import { googleCalendar } from './google';
import { outlookCalendar } from './outlook';
import { yandexCalendar } from './yandex';

export type { CalendarAdapter } from './adapter';
export { missingPart, panelParent } from './adapter';

export const CALENDAR_ADAPTERS: Readonly<Record<CalendarApp, CalendarAdapter>> = {
  google: googleCalendar,
  yandex: yandexCalendar,
  outlook: outlookCalendar,
};
