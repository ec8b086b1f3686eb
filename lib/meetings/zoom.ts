import type { ParsedLink } from '../links/url';
import { hostMatches, hostPatterns } from '../links/url';
import type { MeetingLinkRules, MeetingRoutes, MeetingServiceDefinition, ParsedMeeting } from './types';

/**
 * Zoom's web domains; any subdomain is a Zoom host too (vanity `acme.zoom.us`, regional
 * `us02web.zoom.us`, `app.zoom.us`, `acme.zoomgov.com`). `zoom.com.cn` is Zoom's China domain,
 * listed by MeetingBar's and Neverlate's Zoom patterns (`zoom\.(?:us|com|com\.cn)`).
 * `zoom-x.de` is Zoom X, the Zoom service Deutsche Telekom runs in Germany, and `zoom.de` Zoom's
 * German domain: MeetingBar's catalogue matches both (`zoom(-x)?\.(?:us|com|com\.cn|de)`, web
 * links and `zoommtg://` deep links alike).
 */
export const ZOOM_HOSTS = [
  '*.zoom.us',
  '*.zoom.com',
  '*.zoomgov.com',
  '*.zoom.com.cn',
  '*.zoom.de',
  '*.zoom-x.de',
];

export function isZoomHost(host: string): boolean {
  return hostMatches(host, ZOOM_HOSTS);
}

/** Meeting and webinar numbers are 9 to 11 digits; links sometimes group them with dashes or spaces. */
function meetingNumber(segment: string | undefined): string | null {
  if (segment === undefined) return null;
  const digits = segment.replace(/[\s-]/g, '');
  return /^\d{9,11}$/.test(digits) ? digits : null;
}

/** Personal Meeting Link names (`/my/<name>`): letters, digits, dots, dashes, underscores. */
const PERSONAL_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** The passcode, which the bot needs to join; every other parameter is dropped. */
function passcodeQuery(link: ParsedLink): string {
  const pwd = link.url.searchParams.get('pwd');
  return pwd ? `?pwd=${encodeURIComponent(pwd)}` : '';
}

function numbered(host: string, id: string, link: ParsedLink): ParsedMeeting {
  return { id, url: `https://${host}/j/${id}${passcodeQuery(link)}` };
}

/**
 * The meeting number of a web link path, or null. Paths (Zoom's own link formats):
 * - `/j/<n>` join, `/s/<n>` host start, `/w/<n>` webinar join (its `tk` registration token is
 *   dropped; the bot joins with the number and passcode);
 * - web client `/wc/join/<n>`, `/wc/<n>/join`, `/wc/<n>/start` (e.g. app.zoom.us/wc/<n>/join).
 * Registration pages (`/webinar/register/...`, `/meeting/register/...`) carry no meeting number
 * and are not join links.
 */
function webMeetingNumber(segments: string[]): string | null {
  const [first, second, third] = segments.map((segment) => segment.toLowerCase());
  if ((first === 'j' || first === 's' || first === 'w') && segments.length === 2)
    return meetingNumber(second);
  if (first === 'wc' && segments.length === 3) {
    if (second === 'join') return meetingNumber(third);
    if (third === 'join' || third === 'start') return meetingNumber(second);
  }
  return null;
}

/**
 * Zoom meeting links, canonicalised to `https://<original host>/j/<number>[?pwd=...]` (the vanity
 * or regional host is kept, as Zoom's SSO and vanity settings depend on it) or
 * `https://<host>/my/<name>[?pwd=...]` for personal links. Deep links
 * `zoommtg://zoom.us/join?action=join&confno=<n>&pwd=...` and `zoomus://...` (Zoom's URL scheme for
 * the desktop and mobile clients) become the https form on the same Zoom host.
 */
function parseZoom(link: ParsedLink): ParsedMeeting | null {
  if (!isZoomHost(link.host)) return null;

  if (link.scheme === 'zoommtg' || link.scheme === 'zoomus') {
    const action = link.segments.length === 1 ? link.segments[0]!.toLowerCase() : '';
    // zoommtg://zoom.us/join?action=join&confno=<n>&pwd=... (also action=start for the host).
    if (action !== 'join' && action !== 'start') return null;
    const id = meetingNumber(link.url.searchParams.get('confno') ?? undefined);
    return id ? numbered(link.host, id, link) : null;
  }

  const id = webMeetingNumber(link.segments);
  if (id) return numbered(link.host, id, link);

  const [first, name] = link.segments;
  if (first?.toLowerCase() === 'my' && link.segments.length === 2 && PERSONAL_NAME.test(name!)) {
    return { id: name!, url: `https://${link.host}/my/${name}${passcodeQuery(link)}` };
  }
  return null;
}

/**
 * The routes of one Zoom meeting (lib/recording/meeting-end.ts). From public code that drives the
 * web client: "Join from your browser" of `<host>/j/<n>` goes to `/wc/<n>/join` (vivek-nexus/
 * transcriptonic, extension/rules.json, redirects `([^.]+.)?zoom.us/j/<n>` there, and `/s/<n>` to
 * `/wc/<n>/start`), on `app.zoom.us` from a regional host (meetingbot/meetingbot,
 * src/bots/zoom/src/bot.ts, opens `app.zoom.us/wc/<n>/join?fromPWA=1`); the meeting's steps keep
 * `/wc/<n>/<step>` (transcriptonic's content-zoom.js takes `app.zoom.us/wc/<n>/<anything>` for the
 * meeting); a personal link `/my/<name>` leads to the meeting's number (jim/bitbar-scripts,
 * ruby/lib.rb, follows `zoom.us/my/<name>`'s redirect to `/j/<n>`). Outside: the web client's
 * leave pages (`/wc/leave`, `/wc/<n>/leave`), its home `/wc/home` and the site's home.
 */
export const zoomRoutes: MeetingRoutes = {
  step(link) {
    const [first, second, third] = link.segments.map((segment) => segment.toLowerCase());
    if (first === 'wc' && link.segments.length >= 3 && third !== 'leave')
      return /^\d{9,11}$/.test(second!) ? second! : null;
    return null;
  },
  outside(link) {
    const [first, second, third] = link.segments.map((segment) => segment.toLowerCase());
    if (link.segments.length === 0) return true;
    if (first !== 'wc') return false;
    return second === 'leave' || second === 'home' || third === 'leave';
  },
  // A personal link's name, never a number, becomes the number of the meeting it opens.
  leadsTo: (from, to) => !/^\d+$/.test(from) && /^\d{9,11}$/.test(to),
};

/** Zoom join and web-client paths; the rest of its hosts is marketing and account pages. */
const ZOOM_MEETING_PATHS = ['/j/*', '/s/*', '/w/*', '/wc/*', '/my/*'];

/** What link detection needs of zoom (the calendars' script takes only this part). */
export const zoomLinks = {
  id: 'zoom',
  hosts: ZOOM_HOSTS,
  schemes: ['zoommtg', 'zoomus'],
  parse: parseZoom,
  bot: 'zoom',
} as const satisfies MeetingLinkRules;

export const zoom = {
  ...zoomLinks,
  names: { en: 'Zoom', ru: 'Zoom' },
  pageMatches: /* @__PURE__ */ hostPatterns('https', ZOOM_HOSTS, ZOOM_MEETING_PATHS),
  linkPatterns: /* @__PURE__ */ hostPatterns('*', ZOOM_HOSTS, ['/*']),
  // The app web client (`/wc/<n>/join`) draws the meeting in a same-origin frame.
  page: { frame: 'iframe#webclient' },
} as const satisfies MeetingServiceDefinition;
