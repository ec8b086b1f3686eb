import type { ParsedLink } from '../links/url';
import type { MeetingLinkRules, MeetingRoutes, MeetingServiceDefinition, ParsedMeeting } from './types';

/** Meet codes are three groups of lowercase letters, 3-4-3: `abc-defg-hij`. */
const CODE = /^([a-z]{3})-?([a-z]{4})-?([a-z]{3})$/;

/** A code as `byCode` writes it, never a nickname. */
const CODED = /^[a-z]{3}-[a-z]{4}-[a-z]{3}$/;

/**
 * Meeting nicknames (Workspace for Education) used by `meet.google.com/lookup/<name>` and
 * `g.co/meet/<name>`, e.g. Classroom's `lookup/dgd4jfmd7p` or a typed `g.co/meet/history-7b`.
 */
const NICKNAME = /^[a-z0-9][a-z0-9._-]{0,62}$/;

/** Normalises `ABC-DEFG-HIJ` and the dash-less `abcdefghij` to `abc-defg-hij`. */
function meetCode(segment: string): string | null {
  const match = CODE.exec(segment.toLowerCase());
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null;
}

function byCode(code: string): ParsedMeeting {
  return { id: code, url: `https://meet.google.com/${code}` };
}

function byNickname(name: string): ParsedMeeting | null {
  const nickname = name.toLowerCase();
  if (!NICKNAME.test(nickname)) return null;
  return { id: nickname, url: `https://meet.google.com/lookup/${nickname}` };
}

/**
 * Google Meet join links. Query parameters (`authuser`, `hs`, `pli`, `ijlm`...) are only account
 * and tracking hints and are dropped.
 *
 * - `meet.google.com/abc-defg-hij` (also upper-case and dash-less codes, normalised);
 * - `meet.google.com/_meet/abc-defg-hij`: an internal prefix seen in real links, which MeetingBar's
 *   Meet pattern `meet.google.com/(_meet/)?...` also accepts; canonicalised to the plain code
 *   (`/_meet` alone or with anything but a code is rejected);
 * - `meet.google.com/lookup/<nickname>` (Classroom / Workspace nickname links);
 * - `g.co/meet/<code>` → the code, `g.co/meet/<nickname>` → `meet.google.com/lookup/<nickname>`.
 *
 * Home, `/new`, `/landing`, `/_meet` without a code and any other path are not meetings.
 */
function parseGoogleMeet(link: ParsedLink): ParsedMeeting | null {
  if (link.scheme !== 'http' && link.scheme !== 'https') return null;
  const segments = link.segments;

  if (link.host === 'meet.google.com') {
    const path = segments[0] === '_meet' ? segments.slice(1) : segments;
    if (path.length === 1) {
      const code = meetCode(path[0]!);
      return code ? byCode(code) : null;
    }
    if (path === segments && path.length === 2 && path[0] === 'lookup') return byNickname(path[1]!);
    return null;
  }

  if (link.host === 'g.co' && segments.length === 2 && segments[0]!.toLowerCase() === 'meet') {
    const code = meetCode(segments[1]!);
    return code ? byCode(code) : byNickname(segments[1]!);
  }

  return null;
}

/**
 * The routes of one Meet meeting (lib/recording/meeting-end.ts): the call keeps its code's address
 * (a query such as `?authuser=1` changes nothing), and ends on the same address ("You left the
 * meeting", read by the call-state reader). A nickname link `/lookup/<name>` opens a meeting by its
 * code, which the recording follows once (no public code that drives it was found: the rule is the
 * parser's own, a nickname is never a code). Outside: its home and `/landing`, which public code
 * takes for no meeting (vivek-nexus/transcriptonic, extension/background.js, excludes both from its
 * Meet pages), and `/new`, which starts another meeting.
 */
export const googleMeetRoutes: MeetingRoutes = {
  outside(link) {
    if (link.host !== 'meet.google.com') return false;
    const [first] = link.segments.map((segment) => segment.toLowerCase());
    return (
      link.segments.length === 0 || (link.segments.length === 1 && (first === 'landing' || first === 'new'))
    );
  },
  leadsTo: (from, to) => !CODED.test(from) && CODED.test(to),
};

/** What link detection needs of googleMeet (the calendars' script takes only this part). */
export const googleMeetLinks = {
  id: 'google_meet',
  hosts: ['meet.google.com', 'g.co'],
  parse: parseGoogleMeet,
  bot: 'google_meet',
} as const satisfies MeetingLinkRules;

export const googleMeet = {
  ...googleMeetLinks,
  names: { en: 'Google Meet', ru: 'Google Meet' },
  // Meet is a single-page app from its home page to the call: the whole host.
  pageMatches: ['https://meet.google.com/*'],
  linkPatterns: ['*://meet.google.com/*', '*://g.co/meet/*'],
} as const satisfies MeetingServiceDefinition;
