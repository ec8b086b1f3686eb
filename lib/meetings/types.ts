/**
 * What the extension knows of one meeting service, in one file per service (lib/meetings/<id>.ts).
 * Every list of hosts, patterns and names derives from these definitions (lib/meetings/index.ts);
 * docs/meeting-services.md says how to add one.
 */
import type { LinkScheme, ParsedLink } from '../links/url';

/**
 * `meeting_service` values of the service's "Send a bot to a meeting" request: the contract's
 * three, the one definition (lib/api/schemas.ts takes it). Each is the `bot` of one service in
 * the meeting-service registry; record-only services have none.
 */
export type BotService = 'google_meet' | 'zoom' | 'telemost';

/** A join link of a service that sends a bot there, as the bot is sent to it. */
export interface MeetingLink {
  service: BotService;
  /** Meeting code, number or personal-link name; stable for the same meeting. */
  id: string;
  /** Canonical https join link to send as `link` (at most 255 characters). */
  url: string;
}

/** The meeting a link or a page address names, as a service's `parse` returns it. */
export interface ParsedMeeting {
  /** Meeting code, number, room or thread: stable for the same meeting. */
  id: string;
  /** Canonical https link on the original host, without credentials or tracking. */
  url: string;
}

/**
 * What the meeting page script needs of this service's pages beyond their address: where the
 * control floats clear of the call's own controls. The page's own structures (the frame the call
 * is drawn in, the participants' names and who is speaking) come here too, one adapter per
 * service, as the page features that need them are built.
 */
export interface MeetingPageAdapter {
  /**
   * `top` (the default): the top edge, where the service keeps no controls (Meet, Zoom, Telemost
   * and Jitsi keep them at the bottom). `bottom-left`: for a service whose call controls are in a
   * bar at the top (Teams).
   */
  placement?: 'top' | 'bottom-left';
  /**
   * The same-origin frame the call is drawn in, when it is not the top document: Zoom's web
   * client draws it in `iframe#webclient`, Telemost 3.0 in a `/private-join/<id>` frame. What the
   * page features read of the call (its state, who is in it, who speaks) is read there
   * (lib/meetings/call-document.ts); the control itself stays in the top document.
   */
  frame?: string;
}

/**
 * What a meeting page shows of its call, read from the call's document (the top one or the
 * adapter's `frame`) by the service's call-state reader (lib/meetings/call-state/): the pre-join or
 * waiting screen, the call, the screen after it ended, or `unknown` when none of what the
 * service's page should hold is there (a page that changed, a screen not known). Never `ended` on
 * a guess: a recording stops on it.
 */
export type CallState = 'lobby' | 'in-call' | 'ended' | 'unknown';

export interface MeetingServiceDefinition<Id extends string = string> {
  /** Stable short name (`zoom`, `kontur_talk`): the recording's `meeting.service`, the `service_<id>` texts. */
  id: Id;
  /** The name people know the service by, in every language of the interface. */
  names: { readonly en: string; readonly ru: string };
  /**
   * The hosts its links live on: `meet.google.com` is that host only, `*.zoom.us` is zoom.us and
   * any subdomain of it (as in a match pattern). Free-text detection recognises a link without a
   * scheme when it starts with one of these hosts.
   */
  hosts: readonly string[];
  /** Link schemes beyond http(s) (Zoom's `zoommtg:`/`zoomus:` deep links). */
  schemes?: readonly LinkScheme[];
  /** The meeting content script's match patterns: every meeting page of the service, and no more. */
  pageMatches: readonly string[];
  /**
   * Where the right-click menu's "Send a bot to this meeting" shows (`targetUrlPatterns`): its
   * links. Only services that send a bot have them.
   */
  linkPatterns?: readonly string[];
  /** The meeting a parsed link or page address names on this service, or null. Never throws. */
  parse(link: ParsedLink): ParsedMeeting | null;
  /**
   * The contract's `meeting_service` the bot is sent with, or null when the service sends no bot
   * there: its meetings are recorded in the browser ("Record here") only, and no link of it ever
   * becomes a bot request (calendars, menus, the tab rule).
   */
  bot: BotService | null;
  /** What the meeting page script reads from this service's pages (see MeetingPageAdapter). */
  page?: MeetingPageAdapter;
}

/**
 * The routes that belong to one meeting of a service: how its web client moves while a tab stays
 * in the same meeting, declared in the service's file (`<id>Routes`) from public code that drives
 * that client, and read by a recording that ends with its meeting (lib/recording/meeting-end.ts,
 * through lib/meetings/routes.ts, which the content scripts do not carry). An address of the
 * service that none of these rules knows is neither the meeting nor outside it: the recording goes
 * on and the page is asked.
 */
export interface MeetingRoutes {
  /**
   * A step within a meeting that `parse` takes for no link: the meeting's id, `true` for a step
   * that names none (the call the tab is in: Teams' `/_#/modern-calling/`), or null. Never throws.
   */
  step?(link: ParsedLink): string | true | null;
  /** Addresses of the service that are no meeting: its home, the page after a call. Never throws. */
  outside?(link: ParsedLink): boolean;
  /**
   * Whether the meeting `from` leads to the meeting `to` on the way in (a personal link to the
   * meeting's number, a scheduled event to its room): the recording follows it, once.
   */
  leadsTo?(from: string, to: string): boolean;
}

/**
 * The part of a definition link detection needs (its id, hosts, schemes, parser and bot), exported
 * on its own by each service that sends a bot: the calendars' script detects bot links only and
 * carries no names or patterns.
 */
export type MeetingLinkRules<Id extends string = string> = Pick<
  MeetingServiceDefinition<Id>,
  'id' | 'hosts' | 'schemes' | 'parse' | 'bot'
>;
