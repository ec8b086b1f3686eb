import type { ParsedLink } from '../links/url';
import { hostPatterns } from '../links/url';
import type { MeetingRoutes, MeetingServiceDefinition, ParsedMeeting } from './types';

/** SaluteJazz (Sber): `salutejazz.ru` today, `jazz.sber.ru` its earlier host, still in links. */
const JAZZ_HOSTS = ['salutejazz.ru', 'jazz.sber.ru'];

/** Room codes: short lower-case letters and digits (`nlg7d4`); the conference is `<code>@salutejazz.ru`. */
const ROOM = /^[a-z0-9]{4,32}$/;

const room = (host: string, code: string | undefined): ParsedMeeting | null => {
  const id = code?.toLowerCase();
  return id !== undefined && ROOM.test(id) ? { id, url: `https://${host}/calls/${id}` } : null;
};

/**
 * SaluteJazz meeting links, canonicalised to `https://<original host>/calls/<code>` (the `psw`
 * password hash dropped):
 *
 * - `/calls/<code>?psw=...` and `/call/<code>` (the web client's room);
 * - `/<code>?psw=...` (invitation links; a bare `/<word>` without `psw` may be a page of the site);
 * - `/#/calls/<code>` (the older web client's route in the fragment).
 *
 * The home page, `/calls` (the join form) and other paths are not meetings.
 */
function parseSaluteJazz(link: ParsedLink): ParsedMeeting | null {
  if (link.scheme !== 'http' && link.scheme !== 'https') return null;
  if (!JAZZ_HOSTS.includes(link.host)) return null;
  const [first, second] = link.segments;
  if (link.segments.length === 2 && (first === 'calls' || first === 'call')) return room(link.host, second);
  if (link.segments.length === 1 && link.url.searchParams.has('psw')) return room(link.host, first);
  if (link.segments.length === 0) {
    const route = /^#\/calls\/([^/?#]+)\/?(?:[?#]|$)/.exec(link.url.hash);
    return route ? room(link.host, route[1]) : null;
  }
  return null;
}

/**
 * The routes of one SaluteJazz meeting (lib/recording/meeting-end.ts): no public code that drives
 * the client was found. The room's own address (`/calls/<code>`, with its `psw`) is the meeting, the
 * site's home and its join form `/calls` are not; any other address is asked of the page.
 */
export const saluteJazzRoutes: MeetingRoutes = {
  outside: (link) =>
    link.segments.length === 0 ? !link.url.hash.startsWith('#/') : link.segments.join('/') === 'calls',
};

export const saluteJazz = {
  id: 'salutejazz',
  names: { en: 'SaluteJazz', ru: 'SaluteJazz' },
  hosts: JAZZ_HOSTS,
  pageMatches: /* @__PURE__ */ hostPatterns('https', JAZZ_HOSTS, ['/*']),
  parse: parseSaluteJazz,
  bot: null,
} as const satisfies MeetingServiceDefinition;
