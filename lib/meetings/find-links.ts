/** Meeting links in free text (calendar event descriptions), by the registry's hosts and schemes. */

import { hostMatches } from '../links/url';
import { detectMeeting, parseMeetingLink } from './detect';
import { BOT_LINK_RULES, hostsOf, MEETING_SERVICES, type Meeting, schemePattern } from './registry';
import type { MeetingLink } from './types';

/** Calendar descriptions are capped far above any real one so a hostile event cannot stall the page. */
const MAX_TEXT = 1_000_000;

/** HTML entities that calendar providers leave in plain-text descriptions. */
const ENTITIES: Readonly<Record<string, string>> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#34;': '"',
  '&#39;': "'",
  '&apos;': "'",
  '&nbsp;': ' ',
  '&#160;': ' ',
};

/**
 * Characters that never occur unescaped inside a meeting link but do surround links in text:
 * whitespace, angle brackets (`<https://...>`), quotes, backticks, braces, pipes, backslashes,
 * square brackets and parentheses (Markdown `[Join](https://...)`).
 */
const SEPARATORS = /[\s<>"'`{}|\\^[\]()\u00ab\u00bb\u201c\u201d\u2018\u2019]+/;

/** Punctuation that ends a sentence or list item right after a link. */
const TRAILING = /[.,;:!?*]+$/;

/**
 * What a token must show to be a link of a group of services: a scheme anywhere in it (http(s) and
 * the services' own), or one of their hosts (the registry's) at its start, before a `/`. Only at the
 * start: `evil.io/meet.google.com/...` is a path on evil.io.
 */
interface LinkShapes {
  scheme: RegExp;
  hosts: readonly string[];
}

/** The shapes of the links of services that send a bot (the calendars and the tab rule). */
const BOT_LINKS: LinkShapes = /* @__PURE__ */ (() => ({
  scheme: schemePattern(BOT_LINK_RULES),
  hosts: hostsOf(BOT_LINK_RULES),
}))();

/** Whether the text starts with a host of `hosts` and a `/` (`us02web.zoom.us/j/...`). */
function startsWithHost(text: string, hosts: readonly string[]): boolean {
  const slash = text.indexOf('/');
  return slash > 0 && hostMatches(text.slice(0, slash).toLowerCase(), hosts);
}

/** Text before a scheme inside a token that shows the scheme is itself inside another URL. */
const URL_PREFIX = /[/?&#%@]/;

/**
 * Meeting numbers written in groups inside a Zoom-style link (`https://zoom.us/j/123 4567 8901`);
 * the groups are joined only right after `/j/`, never in free text such as "Meeting ID: 123 4567 8901".
 */
const GROUPED_NUMBER = /(\/j\/)(\d{3})[ \u00a0-](\d{3,4})[ \u00a0-](\d{3,4})(?!\d)/gi;

function decodeEntities(text: string): string {
  return text.replace(
    /&(?:amp|lt|gt|quot|apos|nbsp|#34|#39|#160);/gi,
    (entity) => ENTITIES[entity.toLowerCase()] ?? entity,
  );
}

/**
 * The link inside a token: from its scheme, or from a known bare host at the token's start, to the
 * end of the token minus trailing punctuation. A scheme that follows URL text (`evil.com/?u=https://...`)
 * is a parameter of another link, not a link of its own.
 */
function linkInToken(token: string, { scheme, hosts }: LinkShapes): string | null {
  const stripped = token.replace(/^[*.,;:!?]+/, '');
  // A protocol-relative link: `//` directly followed by one of the known hosts.
  const relative = stripped.startsWith('//') ? stripped.slice(2) : null;
  const start = stripped.search(scheme);
  let link: string;
  if (relative !== null && startsWithHost(relative, hosts)) {
    link = relative;
  } else if (start !== -1) {
    if (URL_PREFIX.test(stripped.slice(0, start))) return null;
    link = stripped.slice(start);
  } else if (startsWithHost(stripped, hosts)) {
    link = stripped;
  } else {
    return null;
  }
  return link.replace(TRAILING, '');
}

/** The meetings `detect` finds in the text's tokens, each once by canonical link, in order. */
function meetingsInText<T extends { url: string }>(
  text: string,
  shapes: LinkShapes,
  detect: (link: string) => T | null,
): T[] {
  if (typeof text !== 'string' || text === '') return [];
  const prepared = decodeEntities(text.slice(0, MAX_TEXT)).replace(GROUPED_NUMBER, '$1$2$3$4');

  const found = new Map<string, T>();
  for (const token of prepared.split(SEPARATORS)) {
    const candidate = linkInToken(token, shapes);
    if (candidate === null) continue;
    const meeting = detect(candidate);
    if (meeting && !found.has(meeting.url)) found.set(meeting.url, meeting);
  }
  return [...found.values()];
}

/**
 * Finds the links of services that send a bot (Google Meet, Zoom, Telemost) in free text such as
 * a calendar event description: plain or HTML-escaped text, links with or without a scheme,
 * wrapped in angle brackets, parentheses or Markdown, followed by punctuation, or wrapped by
 * redirectors (Google, Outlook Safe Links...). Returns each meeting once (by canonical link), in
 * order of first appearance. Record-only services' links are not bot links and are not returned.
 * Bare meeting numbers without a link are not turned into links. Never throws.
 */
export function findMeetingLinks(text: string): MeetingLink[] {
  return meetingsInText(text, BOT_LINKS, parseMeetingLink);
}

/**
 * The meetings of every service in the registry in free text, record-only ones included, by the
 * same rules as `findMeetingLinks`.
 */
export function findMeetings(text: string): Meeting[] {
  return meetingsInText(
    text,
    { scheme: schemePattern(MEETING_SERVICES), hosts: hostsOf(MEETING_SERVICES) },
    detectMeeting,
  );
}
