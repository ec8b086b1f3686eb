/**
 * The one typed message contract between the extension's contexts. Pages and content scripts
 * call `sendMessage(type, payload)`; the background validates every payload with the zod schemas
 * of lib/messaging-schemas.ts (which only it loads) and checks the sender before running a handler. Results are `{ ok: true, data } | { ok: false, error }`
 * with a plain error object (class instances do not survive messaging).
 *
 * Two kinds of messages:
 * - privileged: only from the extension's own pages (popup, options, viewer): sign-in, settings,
 *   account data, recordings;
 * - page-scoped: only from tabs whose URL the link detectors accept (a meeting, calendar or
 *   video page), and only for actions on that page: send a bot for a link, transcribe a page.
 */
import { browser } from 'wxt/browser';
import type { z } from 'zod/mini';
import type { ApiErrorInfo, Page, ProcessingResult, Recording, Space, SpaceListItem } from '@/lib/api';
import type { ImportState, SpaceSummary, SpeakerMap } from '@/lib/archive';
import type {
  CalendarErrorKind,
  CalendarView,
  DispatchRecord,
  ScheduledBot,
  UpcomingItem,
} from '@/lib/calendar/types';
import type { DestinationView } from '@/lib/delivery/types';
import type { ProtocolSources } from '@/lib/grounding/sources';
import type { LinkFailure } from '@/lib/grounding/thread';
import type { Lang } from '@/lib/i18n';
import type { MineNames } from '@/lib/items/kept';
import type { Job } from '@/lib/jobs/types';
import type { PageText } from '@/lib/page/page-text';
import type { SleepCut } from '@/lib/page-names/cuts';
import type { PageTimeline } from '@/lib/page-names/timeline';
import type { RecordingState } from '@/lib/recording/state';
import type { RecordingView } from '@/lib/recording/view';
import type { Settings } from '@/lib/storage';
import type { ServiceUrlProblem } from '@/lib/url/service-url';
import type { pageRequestSchemas, requestSchemas } from './messaging-schemas';

export type MessageType = keyof typeof requestSchemas;
export type MessagePayload<T extends MessageType> = z.input<(typeof requestSchemas)[T]>;
/** The messages a content script may send: the table's page-scoped ones (lib/messaging-schemas.ts). */
export type PageMessageType = keyof typeof pageRequestSchemas;

export interface SessionView {
  signedIn: boolean;
  serviceUrl: string;
  email?: string;
  /** When the current session can no longer be renewed without a new sign-in (ms). */
  renewableUntil?: number;
  /** `renewal-ends-soon`: less than a day before a new sign-in is needed; `expired`: needed now. */
  warning: 'renewal-ends-soon' | 'expired' | null;
}

export type { ScheduledBot };

export interface PageContext {
  signedIn: boolean;
  lang: Lang;
  defaultSpaceId: number | null;
  spaces: Array<{ id: number; name: string; isMain: boolean; availableSeconds: number; isActive: boolean }>;
  /** The person hid the floating controls on the sender tab's site ("Hide on this site"). */
  hidden: boolean;
  /** The page controls' texts in `lang` (templates, lib/page/page-text.ts). */
  text: PageText;
}

/** What a page control shows after an action: one sentence, made by the background. */
export interface PageOutcome {
  tone: 'success' | 'error';
  text: string;
  /** The person must sign in first (the popup does that). */
  signedOut?: boolean;
}

/** The answer to a page action (`page.sendBot`, ...): the result and the sentence to show. */
export type PageAnswer<T> = MessageResult<T> & { outcome?: PageOutcome | null };

/**
 * What a meeting tab is told about "Send the bot when I open a meeting tab": whether a countdown
 * runs (and how long it has left), or what came of it. The sentence to show comes as the answer's
 * `outcome` (lib/page/outcome.ts).
 */
export type PageAutoJoin =
  | { state: 'off' | 'cancelled' | 'closed' | 'sending' | 'paused' }
  | { state: 'counting'; remainingMs: number }
  | { state: 'sent' | 'failed'; job: PageJob | null; error?: string };

/**
 * What a meeting page's control is told about "Record here": whether its own tab is being
 * recorded and for how long; `elsewhere`: another tab is (one recording at a time). Never the
 * recording's title, space or any other tab.
 */
export interface PageRecording {
  recording: boolean;
  elapsedMs: number;
  elsewhere: boolean;
  /** The very first recording started: the consent notice is said with the answer, once. */
  consent?: boolean;
  /**
   * How this tab's recording broke, for 10 minutes after: its microphone's track ended (the tab
   * goes on), the tab's sound ended (stopped, uploaded), or the recording page gone (stopped, kept).
   */
  broke?: 'microphone' | 'tab' | 'page';
  /**
   * "Still recording?" of this tab's recording, not answered yet: the minutes heard nothing and
   * the minutes of silence it stops at. The control offers Keep recording.
   */
  silence?: { heard: number; stops: number };
}

/** Sent by the background to content scripts when settings change: ask `page.context` again. */
export const PAGE_CONTEXT_CHANGED = 'page.contextChanged';

/**
 * Sent by the background to the meeting pages when a bot job of ours starts: a page of its meeting
 * asks `page.timeline` again (lib/background/timeline-notice.ts).
 */
export const PAGE_TIMELINE_CHANGED = 'page.timelineChanged';

/**
 * What a page control is told about the job it started: only what it shows (the phase, why it
 * failed, the space's name, whether the job existed before the press). Never the account, the
 * service URL or other recordings.
 */
export type PageJob = Pick<
  Job,
  'id' | 'intent' | 'phase' | 'spaceId' | 'spaceName' | 'createdAt' | 'failure'
>;

/**
 * A processing result as the pages get it: a protocol longer than `PROTOCOL_SHOWN_MAX` characters
 * is cut at a line end before it leaves the background (a page that rendered 50 MB of markdown
 * would not answer for minutes), and `protocolTruncated` says how much there was.
 */
export type ShownResult = ProcessingResult & {
  protocolTruncated?: { shownChars: number; totalChars: number };
  /**
   * Present when the result is kept in the local archive (lib/archive): when the recording was
   * made, when known, and the speaker names given in the viewer (id → name).
   */
  archived?: { createdAt: number | null; speakerMap: SpeakerMap };
};

/** Protocols longer than this many characters are shown shortened. */
export const PROTOCOL_SHOWN_MAX = 1_000_000;

/** The data each message answers with. */
export interface ResponseMap {
  'session.get': SessionView;
  'session.signIn': SessionView;
  'session.signInCancel': { cancelled: boolean };
  'session.signOut': SessionView;
  'settings.get': Settings & { serviceUrl: string };
  'settings.set': Settings & { serviceUrl: string };
  'spaces.list': SpaceListItem[];
  'space.get': Space;
  'recordings.list': Page<Recording>;
  'recordings.trash': Page<Recording>;
  'recordings.delete': null;
  'recording.info': Recording;
  /** null: processing was never started (the result endpoint answered 404). */
  'recording.result': ShownResult | null;
  /**
   * The suggested sources of the shown protocol's lines (lib/grounding/sources.ts), linked outside
   * the page; null: no ready result.
   */
  'recording.sources': ProtocolSources | null;
  'recording.process': Job;
  'jobs.list': Job[];
  'jobs.dismiss': null;
  'jobs.cancel': Job | null;
  'upload.file': Job;
  'upload.url': Job;
  'page.context': PageContext;
  'page.sendBot': PageJob;
  'page.transcribe': PageJob;
  'page.scheduleBot': ScheduledBot;
  'page.hideOnSite': null;
  'page.autoJoin': PageAutoJoin;
  'page.autoJoinCancel': PageAutoJoin;
  'page.record': PageRecording;
  'page.recordStop': PageRecording;
  'page.recording': PageRecording;
  'page.callEnded': null;
  'page.callState': null;
  'page.recordKeep': PageRecording;
  'page.breakage': null;
  /**
   * Whether the sender tab's meeting is being recorded (the tab by "Record here", or the meeting by
   * our bot): its page samples who speaks while it is.
   */
  'page.timeline': { recording: boolean };
  /** The start in ms, or null when the text tells none (or the sender is no calendar page). */
  'page.eventStart': number | null;
  'schedules.list': ScheduledBot[];
  /** null: no such schedule (already sent or cancelled). */
  'schedules.cancel': ScheduledBot | null;
  'service.origins': ServiceOrigins;
  // Calendars (lib/calendar/calendars.ts).
  'calendars.list': CalendarView[];
  'calendars.add': CalendarView;
  'calendars.remove': null;
  /** null: no such calendar. */
  'calendars.setRule': CalendarView | null;
  'calendars.sync': CalendarView[];
  'upcoming.list': UpcomingView;
  'upcoming.skip': null;
  /** null: no such planned meeting. */
  'upcoming.sendNow': DispatchRecord | null;
  // The local archive (lib/archive).
  'archive.summary': SpaceSummary[];
  'archive.clearSpace': null;
  /** The names in force for the recording; null: the recording is not in the archive. */
  'archive.renameVoice': SpeakerMap | null;
  /** The page's timeline and the recording's start on the same clock; null: none kept. */
  /** `attendees`: the calendar event's attendees' names, when a synced feed held the meeting. */
  /** `cuts`: the sleeps taken out of a "Record here" recording's file (lib/page-names/cuts.ts). */
  'pageNames.get': {
    timeline: PageTimeline;
    startedAt: number;
    bot: boolean;
    attendees?: string[];
    cuts?: SleepCut[];
    /** The calendar event's UID, when a synced feed held the meeting. */
    event?: string;
  } | null;
  'items.sync': { pending: number };
  /** How many of the keys were items of this account's meetings. */
  'items.setState': number;
  'items.setMine': MineNames;
  'archive.import.start': ImportState;
  'archive.import.stop': ImportState;
  'archive.import.status': ImportState;
  // Deliveries (lib/delivery): destinations are shown masked, never with their full address.
  'deliveries.list': DestinationView[];
  'deliveries.others': { kept: number };
  'deliveries.add': DestinationView;
  'deliveries.update': DestinationView;
  'deliveries.remove': null;
  'deliveries.test': DestinationView;
  'deliveries.sendAgain': DestinationView;
  // "Record here" (lib/background/recording/).
  'recording.status': RecordingView;
  'recording.start': RecordingView;
  'recording.stop': RecordingState | null;
  'recording.keep': RecordingView;
  'recording.recover': RecordingView;
  'recording.event': null;
}

/** The popup's "Upcoming": meetings with links and the spaces whose balance will not cover them. */
export interface UpcomingView {
  items: UpcomingItem[];
  /** Spaces where the meetings planned for the next 24 hours exceed the remaining time. */
  shortfalls: Array<{ spaceId: number; spaceName: string; neededSeconds: number; availableSeconds: number }>;
  /** Whether any calendar is configured. */
  calendars: boolean;
}

/**
 * Match patterns (see `originPattern` in lib/permissions.ts) of the service and of its upload
 * storage as seen so far; `missing` lists those not granted, to pass to `permissions.request`
 * during a click.
 */
export interface ServiceOrigins {
  service: string;
  storage: string[];
  missing: string[];
}

/**
 * Why the background refused a well-formed request, for the refusals it words itself: the page
 * words them in its language (lib/failures); `message` keeps the English for logs.
 */
export type Refusal =
  | 'event-started'
  | 'not-own-host'
  | 'file-missing'
  | 'invalid-regex'
  | `service-url-${ServiceUrlProblem}`;

/** Failures that are not the service's. */
export type MessagingErrorInfo =
  | { kind: 'invalid-message'; issues: Array<{ path: string; message: string; refusal?: Refusal }> }
  | { kind: 'forbidden-sender'; type: string }
  | { kind: 'unknown-message'; type: string }
  | { kind: 'not-a-meeting-link' }
  | { kind: 'not-a-video-page' }
  | { kind: 'permission-denied'; origin: string }
  /** jobs.cancel: the job's request has been made (a started processing run is charged). */
  | { kind: 'not-cancellable' }
  /** A calendar could not be added: its address, its access, or its answer. */
  | {
      kind: 'calendar';
      reason: 'invalid-address' | 'too-many' | CalendarErrorKind;
      problem?: string;
      status?: number;
    }
  /** A destination could not be added or used: its address, the count, or it is gone. */
  | {
      kind: 'delivery';
      reason: 'invalid-address' | 'too-many' | 'not-found' | 'not-ready';
      problem?: string;
    }
  /** The background did not answer (the extension was updated, reloaded or is starting). */
  | { kind: 'no-answer' }
  /** A result's lines could not be linked to their suggested sources (lib/grounding/thread.ts). */
  | { kind: 'sources'; reason: LinkFailure }
  /** "Record here" could not start (lib/background/recording/start.ts); `detail`: the browser's words. */
  | { kind: 'recording'; reason: RecordingRefusal; detail?: string; shortcut?: string }
  | { kind: 'internal'; message: string };

export type RecordingRefusal =
  | 'unsupported'
  | 'signed-out'
  | 'already-recording'
  /** Another start is under way (a double shortcut press, the page control and the popup). */
  | 'already-starting'
  /** The last recording's upload is still under way (one recording at a time). */
  | 'still-uploading'
  | 'unfinished'
  | 'tab-gone'
  | 'not-a-web-page'
  /** "Record here instead": the tab in front is not the failed bot's meeting. */
  | 'not-the-meeting'
  | 'capture-refused'
  /** Sign-in: recordings are kept for another account (`detail`: how many); deleted once agreed. */
  | 'kept-for-another'
  /** Upload or Discard of a recording made under another account than the one signed in. */
  | 'another-account';

export type ErrorInfo = ApiErrorInfo | MessagingErrorInfo;

/** Every kind of MessagingErrorInfo; the record makes the compiler ask for a new kind here. */
const MESSAGING_KINDS: Record<MessagingErrorInfo['kind'], true> = {
  'invalid-message': true,
  'forbidden-sender': true,
  'unknown-message': true,
  'not-a-meeting-link': true,
  'not-a-video-page': true,
  'permission-denied': true,
  'not-cancellable': true,
  calendar: true,
  delivery: true,
  'no-answer': true,
  recording: true,
  sources: true,
  internal: true,
};

export function isMessagingError(error: ErrorInfo): error is MessagingErrorInfo {
  return Object.hasOwn(MESSAGING_KINDS, error.kind);
}

export type MessageResult<T> = { ok: true; data: T } | { ok: false; error: ErrorInfo };

export interface Envelope<T extends MessageType = MessageType> {
  /** Marks our messages so the background ignores anything else on the channel. */
  channel: 'meeting-capture';
  type: T;
  payload: MessagePayload<T>;
}

/** The answer `sendMessage` gives: a page message's answer carries the sentence to show as well. */
export type Answer<T extends MessageType> = T extends PageMessageType
  ? PageAnswer<ResponseMap[T]>
  : MessageResult<ResponseMap[T]>;

/**
 * What every context that is not the background (pages and content scripts) uses to reach it. No
 * answer (the extension was updated or restarted) is one `no-answer` failure, which the page
 * controls read as "reload the page".
 */
export async function sendMessage<T extends MessageType>(
  type: T,
  payload: MessagePayload<T>,
): Promise<Answer<T>> {
  const envelope: Envelope<T> = { channel: 'meeting-capture', type, payload };
  try {
    const answer = (await browser.runtime.sendMessage(envelope)) as Answer<T> | null | undefined;
    if (typeof answer?.ok === 'boolean') return answer;
  } catch {
    // No receiver, or no runtime left in a content script: no answer either.
  }
  return { ok: false, error: { kind: 'no-answer' } } as Answer<T>;
}
