import { parseGoogleMeet } from './meeting/google-meet';
import { parseTelemost } from './meeting/telemost';
import { parseZoom } from './meeting/zoom';
import { MEETING_LINK_MAX, type MeetingLink } from './types';
import { unwrapLink } from './unwrap-link';
import { currentLocation, type ParsedLink, parseLink } from './url';

/** One detector per meeting service; each owns its hosts and paths. */
const MEETING_DETECTORS: ReadonlyArray<(link: ParsedLink) => MeetingLink | null> = [
  parseGoogleMeet,
  parseZoom,
  parseTelemost,
];

/**
 * A Google Meet, Zoom or Yandex Telemost join link, with the contract's `meeting_service` value and
 * the canonical https link to send to the bot; null for anything else, including links whose
 * canonical form would exceed the contract's 255 characters. Known redirect wrappers are followed
 * first. Never throws.
 */
export function parseMeetingLink(input: string = currentLocation()): MeetingLink | null {
  const link = parseLink(unwrapLink(input));
  if (!link) return null;
  for (const detect of MEETING_DETECTORS) {
    const meeting = detect(link);
    if (meeting) return meeting.url.length <= MEETING_LINK_MAX ? meeting : null;
  }
  return null;
}
