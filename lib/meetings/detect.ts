/**
 * Meeting detection: which meeting of the registry (./registry.ts) a link or a page address
 * names, redirect wrappers followed first (the URL rules themselves are lib/links').
 */

import { MEETING_LINK_MAX } from '../links/types';
import { unwrapLink } from '../links/unwrap-link';
import { currentLocation, parseLink } from '../links/url';
import { BOT_LINK_RULES, MEETING_SERVICES, type Meeting, type MeetingServiceId } from './registry';
import type { BotService, MeetingLink, MeetingLinkRules } from './types';

/** The meeting of `input` among `services`, redirect wrappers followed first; null past 255 characters. */
function detect(input: string, services: readonly MeetingLinkRules[]) {
  const link = parseLink(unwrapLink(input));
  if (!link) return null;
  for (const service of services) {
    const meeting = service.parse(link);
    if (meeting) return meeting.url.length <= MEETING_LINK_MAX ? { service, ...meeting } : null;
  }
  return null;
}

/**
 * A join link of a service that sends a bot there (Google Meet, Zoom, Yandex Telemost: the
 * registry's BOT_LINK_RULES), with the contract's `meeting_service` value and the canonical https
 * link to send to the bot; null for anything else, record-only services' meetings included, and
 * for links whose canonical form would exceed the contract's 255 characters. Known redirect
 * wrappers are followed first. Never throws.
 */
export function parseMeetingLink(input: string = currentLocation()): MeetingLink | null {
  const meeting = detect(input, BOT_LINK_RULES);
  if (!meeting) return null;
  return { service: meeting.service.bot as BotService, id: meeting.id, url: meeting.url };
}

/**
 * A meeting of any service in the registry, with whether the service sends a bot
 * there: the meeting pages' control and the titles of recordings made in the browser. The same
 * rules as `parseMeetingLink` (wrappers followed, 255 characters at most). Never throws.
 */
export function detectMeeting(input: string = currentLocation()): Meeting | null {
  const meeting = detect(input, MEETING_SERVICES);
  if (!meeting) return null;
  return {
    service: meeting.service.id as MeetingServiceId,
    id: meeting.id,
    url: meeting.url,
    bot: meeting.service.bot,
  };
}
