/**
 * The payload schemas of lib/messaging.ts, one per message type, and the envelope. Only the
 * background loads this module: the pages and content scripts that send messages get the types
 * from lib/messaging.ts and do not carry zod.
 */

import { CALENDAR_BOTS_PER_DAY_MAX } from './calendar/types';
import { DELIVERY_KIND_IDS } from './delivery/kinds/ids';
import { MAX_TEXT } from './page/event-start';
import { MAX_CUTS } from './recording/sleep-cuts';
import { SILENCE_STOP_CHOICES } from './recording/types';
import { z } from './zod';

// No `new Function` probe: lib/zod.ts sets `jitless` (and the English messages) for every schema.

const spaceId = z.number().check(z.int(), z.positive());
const audioId = z.number().check(z.int(), z.positive());
/** A string of at most `max` characters (`z.string().max(max)` of the chained build). */
const text = (max: number) => z.string().check(z.maxLength(max));
/** A non-empty string of at most `max` characters (`z.string().min(1).max(max)`). */
const filled = (max: number) => z.string().check(z.minLength(1), z.maxLength(max));
const httpUrl = z.string().check(
  z.maxLength(4096),
  z.refine((value) => {
    try {
      const { protocol } = new URL(value);
      return protocol === 'http:' || protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Enter an http or https URL'),
);

/** A delivery kind (lib/delivery/kinds). */
const deliveryKind = z.enum(DELIVERY_KIND_IDS);
const count = z.number().check(z.int(), z.nonnegative(), z.lte(Number.MAX_SAFE_INTEGER));
const recorderEvent = z.union([
  z.object({
    type: z.literal('started'),
    microphone: z.enum(['recorded', 'refused', 'missing', 'unasked', 'off']),
  }),
  z.object({
    type: z.literal('piece'),
    index: count,
    bytes: count,
    recordedMs: count,
    audible: z.optional(z.boolean()),
  }),
  z.object({
    type: z.literal('released'),
    pieces: count,
    lastAudible: z.optional(z.number().check(z.int(), z.gte(-1), z.lte(Number.MAX_SAFE_INTEGER))),
  }),
  z.object({ type: z.literal('capture-ended') }),
  z.object({ type: z.literal('microphone-ended') }),
  z.object({
    type: z.literal('assembled'),
    fileKey: text(200),
    durationMs: count,
    size: count,
    closedMs: z.optional(count),
    cuts: z.optional(z.array(z.tuple([count, count])).check(z.maxLength(MAX_CUTS))),
  }),
  z.object({
    type: z.literal('failed'),
    failure: z.union([
      z.object({ kind: z.literal('capture-refused'), message: text(1000) }),
      z.object({ kind: z.literal('too-short'), recordedMs: count }),
      z.object({ kind: z.literal('storage-full') }),
      z.object({ kind: z.literal('assembly-failed'), message: text(1000) }),
      z.object({ kind: z.literal('upload-refused'), message: text(1000) }),
    ]),
  }),
]);

/** Privileged messages: only from the extension's own pages (popup, options, viewer, side panel). */
const privilegedSchemas = {
  'session.get': z.object({}),
  'session.signIn': z.object({
    serviceUrl: httpUrl,
    email: z.string().check(z.trim(), z.minLength(1), z.maxLength(254)),
    password: filled(4096),
    /** False: one attempt; the form retries itself and tells what failed meanwhile. */
    retry: z.optional(z.boolean()),
    /** The person agreed to delete the recordings kept for another account. */
    discardRecordings: z.optional(z.boolean()),
  }),
  /** Stops a sign-in under way (the form's Cancel while the service does not answer). */
  'session.signInCancel': z.object({}),
  /** `keepRecordings`: "Sign in again" of an expired session; the recordings stay for the next sign-in. */
  'session.signOut': z.object({ keepRecordings: z.optional(z.boolean()) }),
  'settings.get': z.object({}),
  'settings.set': z.partial(
    z.object({
      defaultSpaceId: z.nullable(spaceId),
      notifyReady: z.boolean(),
      notifyFailed: z.boolean(),
      autoProcess: z.boolean(),
      language: z.enum(['auto', 'en', 'ru']),
      hiddenOnSites: z.array(text(253)).check(z.maxLength(500)),
      autoJoinTabs: z.boolean(),
      applyPageNames: z.boolean(),
      calendarBotsPerDay: z.number().check(z.int(), z.minimum(1), z.maximum(CALENDAR_BOTS_PER_DAY_MAX)),
      silenceStopMinutes: z.union(SILENCE_STOP_CHOICES.map((minutes) => z.literal(minutes))),
      serviceUrl: httpUrl,
      /** With a new `serviceUrl`: the person agreed to delete the recordings kept (asked first). */
      discardRecordings: z.boolean(),
    }),
  ),
  'spaces.list': z.object({}),
  'space.get': z.object({ spaceId }),
  'recordings.list': z.object({
    spaceId,
    search: z.optional(text(255)),
    /** Treat `search` as a regular expression; otherwise its special characters are escaped. */
    regex: z.optional(z.boolean()),
    limit: z.number().check(z.int(), z.minimum(1), z.maximum(100)),
    offset: z.number().check(z.int(), z.minimum(0)),
  }),
  'recordings.trash': z.object({
    spaceId,
    limit: z.number().check(z.int(), z.minimum(1), z.maximum(100)),
    offset: z.number().check(z.int(), z.minimum(0)),
  }),
  'recordings.delete': z.object({
    spaceId,
    audioIds: z.array(audioId).check(z.minLength(1), z.maxLength(500)),
  }),
  'recording.info': z.object({ spaceId, audioId }),
  // `shown`: a page about to show the protocol (its sources are linked at once).
  'recording.result': z.object({ spaceId, audioId, shown: z.optional(z.boolean()) }),
  'recording.sources': z.object({ spaceId, audioId }),
  'recording.process': z.object({ spaceId, audioId }),
  'jobs.list': z.object({}),
  'jobs.dismiss': z.object({ jobId: filled(100) }),
  'jobs.cancel': z.object({ jobId: filled(100) }),
  /** The page stored the file in IndexedDB (lib/file-store.ts) under `fileKey` first. */
  'upload.file': z.object({
    spaceId,
    fileKey: filled(100),
    title: filled(1024),
    contentType: filled(255),
    size: z.number().check(z.int(), z.positive()),
    process: z.boolean(),
  }),
  'upload.url': z.object({
    spaceId,
    url: httpUrl,
    title: z.optional(filled(1024)),
    process: z.boolean(),
  }),
  'schedules.list': z.object({}),
  'schedules.cancel': z.object({ id: filled(100) }),
  /** Site access the extension needs for the service and its upload storage, and which is missing. */
  'service.origins': z.object({}),
  // Calendars (privileged): the address is a credential and never goes to a page.
  'calendars.list': z.object({}),
  'calendars.add': z.object({ address: filled(4096) }),
  'calendars.remove': z.object({ id: filled(100) }),
  'calendars.setRule': z.object({
    id: filled(100),
    rule: z.object({
      mode: z.enum(['off', 'all', 'organiser', 'external']),
      spaceId: z.nullable(spaceId),
      joinAfterMinutes: z.number().check(z.int(), z.minimum(0), z.maximum(60)),
      skipWords: z.array(text(100)).check(z.maxLength(50)),
      unanswered: z.optional(z.boolean()),
      others: z.optional(z.boolean()),
      /** The calendar owner's address; null: the signed-in account's. */
      email: z.optional(z.nullable(text(320))),
    }),
  }),
  'calendars.sync': z.object({}),
  'upcoming.list': z.object({}),
  'upcoming.skip': z.object({ key: filled(400), skip: z.boolean() }),
  'upcoming.sendNow': z.object({ key: filled(400) }),
  // The local archive (privileged).
  'archive.summary': z.object({}),
  'archive.clearSpace': z.object({ spaceId }),
  'archive.renameVoice': z.object({
    spaceId,
    audioId,
    speakerId: filled(40),
    /** Empty: the service's label again. */
    name: text(200),
  }),
  /** The meeting page's speaking timeline kept beside a recording (lib/page-names/store.ts), if any. */
  'pageNames.get': z.object({ spaceId, audioId }),
  // The open items (privileged): read by the pages from their database, changed here.
  /** Reads the kept meetings' items not read yet; answers how many there are. */
  'items.sync': z.object({}),
  /** An item's state: the keys of its occurrences (lib/items/kept.ts). */
  'items.setState': z.object({
    keys: z.array(filled(300)).check(z.minLength(1), z.maxLength(1_000)),
    state: z.enum(['open', 'done', 'dismissed']),
  }),
  /** The names the user says are theirs (none: back to the suggestion). */
  'items.setMine': z.object({ names: z.array(filled(200)).check(z.maxLength(20)) }),
  'archive.import.start': z.object({ spaceIds: z.array(spaceId).check(z.minLength(1), z.maxLength(100)) }),
  'archive.import.stop': z.object({}),
  'archive.import.status': z.object({}),
  // Deliveries (privileged): a destination address is a credential and never goes back to a page.
  'deliveries.list': z.object({}),
  /** How many destinations other accounts set up (kept for them, not listed). */
  'deliveries.others': z.object({}),
  'deliveries.add': z.object({
    kind: deliveryKind,
    /** A kind entered by address. */
    url: z.optional(filled(2048)),
    /** A kind entered by bot: its token (a credential) and the chat. */
    token: z.optional(filled(200)),
    chatId: z.optional(filled(100)),
    spaceIds: z.optional(z.nullable(z.array(spaceId).check(z.maxLength(200)))),
    includeTranscript: z.optional(z.boolean()),
  }),
  'deliveries.update': z.object({
    id: filled(100),
    kind: z.optional(deliveryKind),
    spaceIds: z.optional(z.nullable(z.array(spaceId).check(z.maxLength(200)))),
    includeTranscript: z.optional(z.boolean()),
  }),
  'deliveries.remove': z.object({ id: filled(100) }),
  'deliveries.test': z.object({ id: filled(100) }),
  /** "Send again": the recording's result is read from the service and sent as a new run. */
  'deliveries.sendAgain': z.object({ id: filled(100), spaceId, audioId }),
  // "Record here" (lib/background/recording/): extension pages only.
  'recording.status': z.object({}),
  'recording.start': z.object({
    tabId: z.number().check(z.int(), z.nonnegative()),
    microphone: z.boolean(),
    spaceId: z.optional(spaceId),
    /** "Record here instead" of a failed bot: the tab must show this meeting. */
    meetingLink: z.optional(filled(2048)),
  }),
  'recording.stop': z.object({}),
  /** "Keep recording" of "Still recording?": no stop for the silence going on now. */
  'recording.keep': z.object({}),
  'recording.recover': z.object({
    action: z.enum(['upload', 'discard']),
    /** The space the recording goes to (else its own). */
    spaceId: z.optional(spaceId),
    /** A recording set aside for a newer one (the view's `kept`); else the current one. */
    id: z.optional(filled(100)),
  }),
  /** From the recording page (the offscreen document) only: what happened to the recording. */
  'recording.event': z.object({ id: filled(100), event: recorderEvent }),
} as const;

/**
 * Page-scoped messages: from the top frame of pages the content scripts act on, for that page only.
 * The list of page messages everywhere (the senders' check, the content scripts' `PageMessageType`,
 * the page actions of lib/page/outcome.ts) derives from this table.
 */
export const pageRequestSchemas = {
  'page.context': z.object({}),
  'page.sendBot': z.object({ link: filled(2048), spaceId: z.optional(spaceId) }),
  // The background transcribes the sender tab's own page; `url` is accepted and ignored.
  'page.transcribe': z.object({ url: z.optional(filled(2048)), spaceId: z.optional(spaceId) }),
  'page.scheduleBot': z.object({
    link: filled(2048),
    startsAt: z.number().check(z.int(), z.positive()),
    title: z.optional(text(500)),
    spaceId: z.optional(spaceId),
  }),
  /**
   * "Hide on this site" of the floating page controls: adds `host` to settings `hiddenOnSites`.
   * The background accepts only the sender tab's own host name (a page can hide our controls on
   * itself, nowhere else). Content scripts read `hiddenOnSites` from storage; they never write it.
   */
  'page.hideOnSite': z.object({ host: filled(253) }),
  /**
   * "Auto-join this tab?" of a meeting page (the tab rule): the meeting is the sender tab's own;
   * the background decides, keeps the countdown and sends. The page only shows it.
   */
  /**
   * `looking`: the page is visible and focused (a background tab or a pop-under is not);
   * `spaceId`: the space the control shows, where the countdown's bot goes.
   */
  'page.autoJoin': z.object({ looking: z.boolean(), spaceId: z.optional(spaceId) }),
  /** "Cancel" of that countdown, for the sender tab's own meeting. */
  'page.autoJoinCancel': z.object({}),
  /**
   * "Record here" of a meeting page's control: records the sender tab (only its own, and only a
   * meeting page), in the chosen space. Chrome may refuse: a press on a page is not an invocation
   * of the extension; the answer then says what to press instead.
   */
  'page.record': z.object({ spaceId: z.optional(spaceId) }),
  /** Stop of that control: stops the recording of the sender tab, none other. */
  'page.recordStop': z.object({}),
  /** Whether the sender tab is being recorded, and for how long (the control's clock). */
  'page.recording': z.object({}),
  /**
   * The meeting page says its call ended (Meet's "You left the meeting", Zoom's and Telemost's end
   * screens, read by the service's page adapter): a recording of the sender tab's own meeting
   * stops and is uploaded. Nothing else is acted on.
   */
  'page.callEnded': z.object({}),
  /**
   * Whether the meeting page's call is on (its call-state reader sees the call itself): kept with a
   * recording of the sender tab's own meeting, which is never stopped for silence while it is.
   */
  'page.callState': z.object({ inCall: z.boolean() }),
  /** "Keep recording" of the control's "Still recording?": for the sender tab's recording only. */
  'page.recordKeep': z.object({}),
  /**
   * A calendar or meeting page that changed: the part its adapter expected and did not find (a name of the
   * adapter's own, lowercase words; the app and host are the sender's). Kept for the diagnostics.
   */
  'page.breakage': z.object({ part: z.string().check(z.regex(/^[a-z][a-z ]{0,39}$/)) }),
  /**
   * The speaking timeline of a meeting page whose tab is recorded ("Record here"): who is in the
   * call and when each spoke (lib/page-names/timeline.ts; bounded by `parseTimeline` where it is
   * kept), and the part the page's speaker reader never found (`missing`, for the diagnostics).
   * Without a timeline it only asks whether the sender tab is being recorded. Nothing is kept
   * unless the sender tab is the one recorded now.
   */
  'page.timeline': z.object({
    timeline: z.optional(z.unknown()),
    missing: z.optional(z.enum(['participant tiles', 'speaking marks'])),
  }),
  /**
   * A calendar event's start read from its text (lib/page/event-start.ts), when no attribute of
   * the event tells it: the text as far as it is read, and how the page writes slashed dates.
   * Answered for calendar pages only; nothing is kept.
   */
  'page.eventStart': z.object({ text: text(MAX_TEXT), slashOrder: z.enum(['mdy', 'dmy']) }),
} as const;

/** Payload schemas, one per message type: the one message table. */
export const requestSchemas = { ...privilegedSchemas, ...pageRequestSchemas } as const;

/** The page-scoped message types (`pageRequestSchemas`' keys). */
export const PAGE_SCOPED: ReadonlySet<string> = new Set(Object.keys(pageRequestSchemas));

export const envelopeSchema = z.object({
  channel: z.literal('meeting-capture'),
  type: text(64),
  payload: z.unknown(),
});
