import type { ParsedLink } from '../links/url';
import { hostPatterns } from '../links/url';
import type { MeetingRoutes, MeetingServiceDefinition, ParsedMeeting } from './types';

/** Kontur.Talk: each organisation's space is a subdomain, `<space>.ktalk.ru`. */
const KTALK_HOSTS = ['*.ktalk.ru'];

/** A space: one DNS label under ktalk.ru. */
const SPACE = /^([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)\.ktalk\.ru$/;

/** Room names: generated (`hpb5rfegc1tl`) or chosen (`sales-daily`). */
const ROOM = /^[a-z0-9][a-z0-9_-]{2,63}$/;

/** A space's own pages on the first segment: not rooms. */
const RESERVED = /* @__PURE__ */ new Set([
  'api',
  'content',
  'users',
  'calendar',
  'history',
  'settings',
  'profile',
  'admin',
  'login',
  'logout',
  'auth',
  'signin',
  'static',
  'assets',
  'recordings',
  'rooms',
  'event',
]);

/**
 * Kontur.Talk rooms `<space>.ktalk.ru/<room>` and scheduled events `<space>.ktalk.ru/event/<id>`,
 * canonicalised on the original host without the query. The space's home, its own pages and
 * `ktalk.ru` itself are not meetings.
 */
function parseKonturTalk(link: ParsedLink): ParsedMeeting | null {
  if (link.scheme !== 'http' && link.scheme !== 'https') return null;
  if (!SPACE.test(link.host)) return null;
  const [first, second] = link.segments.map((segment) => segment.toLowerCase());
  if (link.segments.length === 1 && ROOM.test(first!) && !RESERVED.has(first!)) {
    return { id: first!, url: `https://${link.host}/${first}` };
  }
  if (link.segments.length === 2 && first === 'event' && ROOM.test(second!)) {
    return { id: `event/${second}`, url: `https://${link.host}/event/${second}` };
  }
  return null;
}

/**
 * The routes of one Kontur.Talk meeting (lib/recording/meeting-end.ts). A scheduled event
 * `/event/<id>` goes to its room, `/<room>` of the space, as the call starts. No public code was
 * found that shows the room's address: the public join code found (a Playwright launcher of
 * Telemost and Kontur.Talk calls, kept in the index without its repository's name) only opens
 * `<space>.ktalk.ru/event/<id>` and joins there as a guest. So the recording follows an event to the
 * first room it shows, once. The space's home and its own pages (calendar, history, settings...)
 * are outside.
 */
export const konturTalkRoutes: MeetingRoutes = {
  outside(link) {
    const [first] = link.segments.map((segment) => segment.toLowerCase());
    return link.segments.length === 0 || (first !== undefined && first !== 'event' && RESERVED.has(first));
  },
  leadsTo: (from, to) => from.startsWith('event/') && !to.startsWith('event/'),
};

export const konturTalk = {
  id: 'kontur_talk',
  names: { en: 'Kontur.Talk', ru: 'Контур.Толк' },
  hosts: KTALK_HOSTS,
  pageMatches: /* @__PURE__ */ hostPatterns('https', KTALK_HOSTS, ['/*']),
  parse: parseKonturTalk,
  bot: null,
} as const satisfies MeetingServiceDefinition;
