/**
 * The meeting-service registry: one file per service (its hosts, page and link patterns, parser,
 * names, and whether the service sends a bot there), and here the one list every other list is
 * derived from: the meeting content script's matches (lib/page/match-patterns.ts, and through them
 * the background's sender checks), the menu's link patterns (lib/background/menus.ts), link
 * detection and free-text detection (./detect.ts, ./find-links.ts), the names pages and titles show.
 *
 * The list is in two parts so each content script carries only what it uses: the calendars, menus
 * and the tab rule send bots and take only BOT_SERVICES (the calendars' script their link rules
 * alone, BOT_LINK_RULES); the meeting pages take every service. Adding a record-only service is
 * one file and one line here, a bot service two lines (docs/meeting-services.md).
 */
import type { Lang } from '../i18n';
import { googleMeet, googleMeetLinks } from './google-meet';
import { jitsi } from './jitsi';
import { konturTalk } from './kontur-talk';
import { saluteJazz } from './salutejazz';
import { teams } from './teams';
import { telemost, telemostLinks } from './telemost';
import type { BotService, MeetingLinkRules, MeetingServiceDefinition } from './types';
import { zoom, zoomLinks } from './zoom';

/** Services whose bot the service sends: `bot` is their contract `meeting_service`. */
export const BOT_SERVICES = [googleMeet, zoom, telemost] as const;

/**
 * The link rules of BOT_SERVICES, in the same order (the meta-test holds them to it): what bot
 * link detection uses, so the calendars' script carries no names or patterns.
 */
export const BOT_LINK_RULES: readonly MeetingLinkRules[] = [googleMeetLinks, zoomLinks, telemostLinks];

/** Services recorded in the browser only ("Record here"): `bot` is null. */
export const RECORD_ONLY_SERVICES = [teams, jitsi, saluteJazz, konturTalk] as const;

export const MEETING_SERVICES: readonly MeetingServiceDefinition<MeetingServiceId>[] =
  /* @__PURE__ */ (() => [...BOT_SERVICES, ...RECORD_ONLY_SERVICES])();

export type MeetingServiceId =
  | (typeof BOT_SERVICES)[number]['id']
  | (typeof RECORD_ONLY_SERVICES)[number]['id'];

/** A meeting of any known service: the meeting pages' control and the recordings' titles. */
export interface Meeting {
  service: MeetingServiceId;
  id: string;
  /** Canonical https link on the original host. */
  url: string;
  /** The contract's `meeting_service` when the service sends a bot there, else null. */
  bot: BotService | null;
}

/** The service of an id, or undefined for an id no longer known (a stored value). */
export function meetingService(id: string): MeetingServiceDefinition<MeetingServiceId> | undefined {
  return MEETING_SERVICES.find((service) => service.id === id);
}

/** The service's name in the language, or its id for an id no longer known (a stored value). */
export function meetingServiceName(id: string, lang: Lang): string {
  return meetingService(id)?.names[lang] ?? id;
}

/** `service_<id>` page texts of a language: each service's name (lib/page/page-text.ts). */
export function serviceTexts(lang: Lang): Record<`service_${MeetingServiceId}`, string> {
  return Object.fromEntries(
    MEETING_SERVICES.map((service) => [`service_${service.id}`, service.names[lang]]),
  ) as Record<`service_${MeetingServiceId}`, string>;
}

/** Every host rule of `services` (`meet.google.com`, `*.zoom.us`): free-text detection's bare hosts. */
export function hostsOf(services: readonly MeetingLinkRules[]): string[] {
  return services.flatMap((service) => service.hosts);
}

/** A link's scheme anywhere in a token: http(s) and the services' own (`zoommtg:`...). */
export function schemePattern(services: readonly MeetingLinkRules[]): RegExp {
  const schemes = services.flatMap((service) => service.schemes ?? []);
  return new RegExp(`(?:${['https?', ...schemes].join('|')}):\\/\\/`, 'i');
}
