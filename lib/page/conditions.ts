/**
 * URL conditions of the page features. Pure functions of a URL, built on the link detectors: a
 * page is a meeting page only if `parseMeetingLink` accepts the page's own URL, never by substring.
 *
 * A page that is itself a redirect wrapper (`outlook.office.com/mail/safelink.html?url=...`,
 * `youtube.com/redirect?q=...`) is not the meeting or the video it points to, so wrappers are
 * rejected before the detectors run (the detectors would otherwise follow them).
 */
import { detectCalendarPage, parseMediaLink, parseVideoPage, unwrapLink } from '@/lib/links';
import { detectMeeting } from '@/lib/meetings';

function isWrapper(url: URL): boolean {
  return unwrapLink(url.href) !== url.href;
}

/**
 * A meeting of any service in the registry (lib/meetings) open in this tab: the call, the web
 * client, the join page; record-only services' meetings too.
 */
export function isMeetingPage(url: URL): boolean {
  if (isWrapper(url)) return false;
  const meeting = detectMeeting(url.href);
  // The canonical link keeps the page's host for every service; a different host means the
  // detector followed something that is not this page.
  return meeting !== null && new URL(meeting.url).hostname === url.hostname;
}

/** A single video on a video-hosting site (YouTube watch page, Rutube video, ...). */
export function isVideoPage(url: URL): boolean {
  return !isWrapper(url) && parseVideoPage(url.href) !== null;
}

/** A media file opened directly in the tab (`.mp3`, `.mp4`, ...). */
export function isMediaPage(url: URL): boolean {
  return !isWrapper(url) && parseMediaLink(url.href) !== null;
}

/** Google Calendar, Yandex Calendar or Outlook on the web, in its calendar part (lib/links/calendar-page.ts). */
export function isCalendarPage(url: URL): boolean {
  return detectCalendarPage(url.href) !== null;
}

/** Hosts listed in settings `hiddenOnSites` hide the floating controls on that exact host. */
export function isHiddenOnSite(hiddenOnSites: readonly string[], hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return hiddenOnSites.some((entry) => entry.toLowerCase().replace(/\.$/, '') === host);
}
