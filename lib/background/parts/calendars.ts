/**
 * The worker part of the calendars and the tab rule (auto-join): loaded when a start has
 * something stored for them (lib/calendar/store.ts), on their alarms and on their messages, never
 * by a wake that has nothing for them (lib/background/parts.ts). The worker builds them with its
 * own dependencies (lib/background/app.ts).
 */
export { AutoJoin } from '@/lib/calendar/auto-join-service';
export { CalendarAddError, Calendars } from '@/lib/calendar/calendars';
export { parseFeedOffThread } from '../feed-parser';
