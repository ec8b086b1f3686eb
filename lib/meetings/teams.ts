import type { ParsedLink } from '../links/url';
import { hostPatterns } from '../links/url';
import type { MeetingRoutes, MeetingServiceDefinition, ParsedMeeting } from './types';

/**
 * Microsoft Teams on the web: work and school accounts on `teams.microsoft.com` and, since the
 * move to the unified Microsoft 365 domain, `teams.cloud.microsoft`; personal accounts (Teams
 * free) on `teams.live.com`. All three serve the same link forms and the same web client.
 */
const TEAMS_HOSTS = ['teams.microsoft.com', 'teams.cloud.microsoft', 'teams.live.com'];

/** A meeting chat thread: `19:meeting_<base64>@thread.v2` (older `@thread.skype`, `@thread.tacv2`). */
const THREAD = /^19:[A-Za-z0-9_=-]{1,160}@thread\.[a-z0-9]{1,12}$/;

/** The numeric meeting ID of `/meet/<id>` links ("Meeting ID: 123 456 789 012 34"). */
const MEETING_CODE = /^\d{9,20}$/;

/** Upper bound of the base64 `coords` a light-meetings page carries (a link and a code, a few hundred). */
const MAX_COORDS = 4096;

/**
 * The meeting of a Teams path (with its leading `/`): `/l/meetup-join/<thread>/<n>` or
 * `/meet/<id>`. Everything else (chats, channels, `/v2/` itself, `/l/chat/...`) names no meeting.
 */
function meetingOfPath(host: string, path: string): ParsedMeeting | null {
  const segments = path
    .split(/[?#]/, 1)[0]!
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
  const [first, second, third] = segments;
  if (first === 'l' && second === 'meetup-join' && segments.length === 4 && THREAD.test(third!)) {
    return {
      id: third!,
      url: `https://${host}/l/meetup-join/${encodeURIComponent(third!)}/${encodeURIComponent(segments[3]!)}`,
    };
  }
  if (first === 'meet' && segments.length === 2 && MEETING_CODE.test(second!)) {
    return { id: second!, url: `https://${host}/meet/${second}` };
  }
  return null;
}

/** JSON of base64 text, plain or URI-encoded before the base64 (both are seen), or null. */
function decodeCoords(coords: string): unknown {
  const text = atob(coords.replace(/ /g, '+'));
  try {
    return JSON.parse(text);
  } catch {
    return JSON.parse(decodeURIComponent(text));
  }
}

/**
 * The meeting of a light-meetings page's `coords`: base64 of `{meetingUrl, meetingCode}` for a
 * meeting ID, or of `{conversationId, messageId, tenantId...}` for a meetup-join link.
 */
function meetingOfCoords(host: string, coords: string | null): ParsedMeeting | null {
  if (!coords || coords.length > MAX_COORDS) return null;
  try {
    const decoded = decodeCoords(coords) as Record<string, unknown> | null;
    const code = decoded?.meetingCode;
    if (typeof code === 'string' && MEETING_CODE.test(code))
      return { id: code, url: `https://${host}/meet/${code}` };
    const thread = decoded?.conversationId;
    const message = decoded?.messageId;
    if (typeof thread !== 'string' || (typeof message !== 'string' && typeof message !== 'number'))
      return null;
    return meetingOfPath(
      host,
      `/l/meetup-join/${encodeURIComponent(thread)}/${encodeURIComponent(String(message))}`,
    );
  } catch {
    return null;
  }
}

/**
 * Teams meeting links and the pages they lead to, canonicalised to the link on the original host
 * (passcode `p`, `context` and tracking dropped):
 *
 * - `/l/meetup-join/<thread>/<n>?context=...`: scheduled meetings of work and school accounts;
 * - `/meet/<id>?p=<passcode>`: the newer links by meeting ID, on all three hosts;
 * - pages a browser shows while joining: the launcher `/dl/launcher/launcher.html?url=/_#/<link
 *   path>&type=meetup-join|meet`, the web client `/v2/?meetingjoin=true#/<link path>` (also the
 *   older `/_#/<link path>`), and the light-meetings client `/light-meetings/launch?...&coords=`
 *   whose base64 `coords` holds the meeting code.
 *
 * Chats, channels, the web client's own home (`/v2/`) and everything else are not meetings.
 */
function parseTeams(link: ParsedLink): ParsedMeeting | null {
  if (link.scheme !== 'http' && link.scheme !== 'https') return null;
  if (!TEAMS_HOSTS.includes(link.host)) return null;
  const path = link.url.pathname;
  const hash = link.url.hash.slice(1);
  if (path === '/dl/launcher/launcher.html') {
    const inner = link.url.searchParams.get('url') ?? '';
    const at = inner.indexOf('#');
    return at === -1 ? null : meetingOfPath(link.host, inner.slice(at + 1));
  }
  if (path === '/light-meetings/launch')
    return meetingOfCoords(link.host, link.url.searchParams.get('coords'));
  if ((path === '/v2/' || path === '/v2' || path === '/_' || path === '/') && hash.startsWith('/')) {
    return meetingOfPath(link.host, hash);
  }
  return meetingOfPath(link.host, path);
}

/**
 * The routes of one Teams meeting (lib/recording/meeting-end.ts). From public code that drives the
 * web client: as the call starts it moves from the link (`/l/meetup-join/<thread>/<n>`, or the
 * `/v2/?meetingjoin=true#/l/meetup-join/...` it opens: meetingbot/meetingbot,
 * src/bots/teams/src/bot.ts) to the pre-join screen `/_#/pre-join-calling/<thread>`, the meeting's
 * own thread (TobiasPankner/Teams-Auto-Joiner, auto_joiner.py, opens it to join a meeting, at
 * eeb74a7), and into the call at `/_#/modern-calling/`, an address that names no meeting (public
 * join scripts wait for that target address; the index keeps their text without their
 * repositories). The web client keeps a call going while its chats and channels are browsed, and
 * vivek-nexus/transcriptonic (extension/content-teams.js) tells a Teams meeting by its page, not its
 * address: none of the client's other addresses is taken for the meeting's end here, the page is
 * asked.
 */
export const teamsRoutes: MeetingRoutes = {
  step(link) {
    const route = link.url.hash.slice(1).split('?', 1)[0]!;
    const [first, second] = route.split('/').filter(Boolean);
    if (first === 'modern-calling') return true;
    if (first !== 'pre-join-calling' || second === undefined) return null;
    let thread = second;
    try {
      thread = decodeURIComponent(second);
    } catch {
      return null;
    }
    return THREAD.test(thread) ? thread : null;
  },
};

export const teams = {
  id: 'teams',
  names: { en: 'Microsoft Teams', ru: 'Microsoft Teams' },
  hosts: TEAMS_HOSTS,
  // The web client is a single-page app (launcher, pre-join, call): the whole host.
  pageMatches: /* @__PURE__ */ hostPatterns('https', TEAMS_HOSTS, ['/*']),
  parse: parseTeams,
  bot: null,
  // The call's controls (camera, microphone, share, leave) are in the top bar, on the right.
  page: { placement: 'bottom-left' },
} as const satisfies MeetingServiceDefinition;
