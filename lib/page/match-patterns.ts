/**
 * Content-script `matches`: only the hosts each page family serves, never `<all_urls>`. The
 * feature conditions (conditions.ts) then decide page by page; a pattern only decides where the
 * script is loaded at all. `*.host` in a match pattern covers the host itself and its subdomains.
 */
import { CALENDAR_APPS } from '../links';
import { MEETING_SERVICES } from '../meetings';
import { hostPatterns } from '../meetings/types';
import { ZOOM_HOSTS } from '../meetings/zoom';

// Lists built by calls are marked pure, so each content script keeps only its own family's.
/** Every meeting service's pages (lib/meetings, each service's `pageMatches`). */
export const MEETING_MATCHES: readonly string[] = /* @__PURE__ */ (() =>
  MEETING_SERVICES.flatMap((service) => service.pageMatches))();

/** The calendar apps' hosts (lib/links/calendar-page.ts, the one list), the whole host each. */
export const CALENDAR_MATCHES: readonly string[] = /* @__PURE__ */ (() =>
  CALENDAR_APPS.map(({ host }) => `https://${host}/*`))();

/**
 * The sites whose video pages `parseVideoPage` accepts, where a person watches a video. Short-link
 * hosts (youtu.be, dai.ly) redirect to these; embed-only hosts (youtube-nocookie.com) live in
 * frames of other sites, where no control is shown.
 */
export const VIDEO_MATCHES: readonly string[] = /* @__PURE__ */ (() => [
  'https://*.youtube.com/*',
  'https://*.youtubekids.com/*',
  'https://*.rutube.ru/*',
  'https://*.vk.com/*',
  'https://*.vk.ru/*',
  'https://*.vkvideo.ru/*',
  'https://*.vimeo.com/*',
  'https://*.dzen.ru/*',
  'https://zen.yandex.ru/*',
  'https://*.ok.ru/*',
  'https://*.odnoklassniki.ru/*',
  'https://*.twitch.tv/*',
  'https://*.dailymotion.com/*',
  'https://*.loom.com/*',
  'https://*.tiktok.com/*',
  // Zoom cloud recordings are video pages; meetings on the same hosts belong to the meeting script.
  ...hostPatterns('https', ZOOM_HOSTS, ['/rec/*', '/recording/*']),
])();
