import type { ParsedLink } from '../links/url';
import { hostPatterns } from '../links/url';
import type { MeetingLinkRules, MeetingRoutes, MeetingServiceDefinition, ParsedMeeting } from './types';

/**
 * Yandex Telemost hosts: personal accounts on `telemost.yandex.<tld>`, Yandex 360 for Business on
 * `telemost.360.yandex.<tld>`. `.ru` and `.com` appear in Yandex's own links and in public bot
 * code (e.g. host lists `telemost.yandex.ru`, `telemost.yandex.com`, `telemost.360.yandex.ru`,
 * `telemost.360.yandex.com`); `.by` and `.kz` are Yandex's regional domains and appear in public
 * host lists and tests. `.com.tr`, `.uz` and others have no public evidence and are not accepted.
 */
const TELEMOST_HOSTS = ['ru', 'com', 'by', 'kz'].flatMap((tld) => [
  `telemost.yandex.${tld}`,
  `telemost.360.yandex.${tld}`,
]);

/**
 * Conference ids are digit strings. Most are 14 digits, but Yandex documents no length and both
 * shorter and longer ids circulate, so any length is accepted up to 64 digits (the canonical
 * link stays far below the contract's 255 characters).
 */
const CONFERENCE_ID = /^\d{1,64}$/;

/**
 * Telemost join links `/j/<digits>`, canonicalised to `https://<original host>/j/<digits>` without
 * query parameters. The home page, `/j/` without an id and other paths are rejected.
 */
function parseTelemost(link: ParsedLink): ParsedMeeting | null {
  if (link.scheme !== 'http' && link.scheme !== 'https') return null;
  if (!TELEMOST_HOSTS.includes(link.host)) return null;
  const [first, id] = link.segments;
  if (first !== 'j' || link.segments.length !== 2 || !CONFERENCE_ID.test(id!)) return null;
  return { id: id!, url: `https://${link.host}/j/${id}` };
}

/**
 * The routes of one Telemost meeting (lib/recording/meeting-end.ts). From public code that drives
 * the client (Savin99/telemost-transcriber, bot-service/app/telemost.py): the top address stays
 * `/j/<id>` for the whole call (Telemost 3.0 draws the pre-join screen and the call in a
 * `/private-join/<id>` frame inside it, tests/fixtures/pages/telemost-call.html) and leaves it for
 * the home page on exit. Anything after `/j/<id>` is the same call.
 */
export const telemostRoutes: MeetingRoutes = {
  step(link) {
    const [first, id] = link.segments;
    return first === 'j' && link.segments.length > 2 && CONFERENCE_ID.test(id!) ? id! : null;
  },
  outside: (link) => link.segments.length === 0,
};

/** What link detection needs of telemost (the calendars' script takes only this part). */
export const telemostLinks = {
  id: 'telemost',
  hosts: TELEMOST_HOSTS,
  parse: parseTelemost,
  bot: 'telemost',
} as const satisfies MeetingLinkRules;

export const telemost = {
  ...telemostLinks,
  names: { en: 'Telemost', ru: 'Телемост' },
  pageMatches: /* @__PURE__ */ hostPatterns('https', TELEMOST_HOSTS, ['/*']),
  linkPatterns: /* @__PURE__ */ hostPatterns('*', TELEMOST_HOSTS, ['/*']),
  // Telemost 3.0 draws the pre-join screen and the call in a same-origin `/private-join/<id>` frame.
  page: { frame: 'iframe[src*="/private-join/"]' },
} as const satisfies MeetingServiceDefinition;
