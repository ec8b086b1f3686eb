import type { MeetingLink } from '../types';
import type { ParsedLink } from '../url';

/**
 * Yandex Telemost hosts: personal accounts on `telemost.yandex.<tld>`, Yandex 360 for Business on
 * `telemost.360.yandex.<tld>`. `.ru` and `.com` appear in Yandex's own links and in public bot
 * code (e.g. host lists `telemost.yandex.ru`, `telemost.yandex.com`, `telemost.360.yandex.ru`,
 * `telemost.360.yandex.com`); `.by` and `.kz` are Yandex's regional domains and appear in public
 * host lists and tests. `.com.tr`, `.uz` and others have no public evidence and are not accepted.
 */
const TELEMOST_HOST = /^telemost\.(?:360\.)?yandex\.(?:ru|com|by|kz)$/;

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
export function parseTelemost(link: ParsedLink): MeetingLink | null {
  if (link.scheme !== 'http' && link.scheme !== 'https') return null;
  if (!TELEMOST_HOST.test(link.host)) return null;
  const [first, id] = link.segments;
  if (first !== 'j' || link.segments.length !== 2 || !CONFERENCE_ID.test(id!)) return null;
  return { service: 'telemost', id: id!, url: `https://${link.host}/j/${id}` };
}
