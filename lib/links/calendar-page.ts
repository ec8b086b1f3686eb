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

const OUTLOOK_CALENDAR = /^\/calendar(?:\/|$)/;

/**
 * The one list of calendar hosts: the content script's match patterns, the background's sender
 * check and the web-accessible stylesheet's hosts derive from it. docs/calendar-pages.md says
 * which hosts were checked, against which public sources, and when.
 */
export const CALENDAR_APPS: ReadonlyArray<{ host: string; app: CalendarApp; path: RegExp }> = [
  { host: 'calendar.google.com', app: 'google', path: /^\/calendar(?:\/|$)/ },
  { host: 'calendar.yandex.ru', app: 'yandex', path: /^\// },
  { host: 'calendar.yandex.com', app: 'yandex', path: /^\// },
  { host: 'calendar.yandex.kz', app: 'yandex', path: /^\// },
  { host: 'calendar.yandex.by', app: 'yandex', path: /^\// },
  // Yandex 360 for business.
  { host: 'calendar.360.yandex.ru', app: 'yandex', path: /^\// },
  { host: 'outlook.live.com', app: 'outlook', path: OUTLOOK_CALENDAR },
  // Work and school accounts: outlook.office.com redirects here.
  { host: 'outlook.cloud.microsoft', app: 'outlook', path: OUTLOOK_CALENDAR },
  { host: 'outlook.office.com', app: 'outlook', path: OUTLOOK_CALENDAR },
  { host: 'outlook.office365.com', app: 'outlook', path: OUTLOOK_CALENDAR },
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
