/**
 * Calendar web apps whose event pages carry meeting links: Google Calendar, Yandex Calendar and
 * Outlook on the web (its calendar part only: Outlook serves mail from the same hosts). Strict:
 * https, the exact host, no port, no user name, and the calendar's own path.
 *
 * The calendar content script's conditions (lib/page/conditions.ts) and the background's check of
 * page-scoped senders (lib/background/senders.ts) both call this one detector, so the background
 * never trusts a page the content script would not act on.
 */

export type CalendarApp = 'google' | 'yandex' | 'outlook';

export interface CalendarPage {
  app: CalendarApp;
  /** The page URL, normalized by the URL parser. */
  url: string;
}

/** The one list of calendar hosts: the content script's match patterns derive from it too. */
export const CALENDAR_APPS: ReadonlyArray<{ host: string; app: CalendarApp; path: RegExp }> = [
  { host: 'calendar.google.com', app: 'google', path: /^\/calendar(?:\/|$)/ },
  { host: 'calendar.yandex.ru', app: 'yandex', path: /^\// },
  { host: 'calendar.yandex.com', app: 'yandex', path: /^\// },
  { host: 'outlook.live.com', app: 'outlook', path: /^\/calendar(?:\/|$)/ },
  { host: 'outlook.office.com', app: 'outlook', path: /^\/calendar(?:\/|$)/ },
  { host: 'outlook.office365.com', app: 'outlook', path: /^\/calendar(?:\/|$)/ },
];

/** The calendar app a page URL belongs to, or null for anything else (mail, lookalikes, other schemes). */
export function detectCalendarPage(input: string): CalendarPage | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.port !== '' || url.username !== '' || url.password !== '') return null;
  const found = CALENDAR_APPS.find(({ host, path }) => url.hostname === host && path.test(url.pathname));
  return found ? { app: found.app, url: url.href } : null;
}
