/**
 * "Record here" in the background, a service of the wiring root (`createRecording`, made by
 * lib/background/app.ts with every dependency explicit): starts a tab's recording on a user
 * invocation (popup, side panel, context menu, keyboard command, a meeting page's control), hands
 * the capture to the offscreen document (lib/recording/recorder.ts), follows its pieces (badge,
 * balance warnings), and on the stop sends the assembled file through the one upload path (the job
 * engine's `createUpload`). Everything it knows is in the recording database
 * (lib/recording/store.ts), so a stopped worker loses nothing; the one thing held in memory is the
 * start under way in this instance (`startingHere`), on purpose (see there).
 */
import { browser } from 'wxt/browser';
import type { FileStore } from '@/lib/file-store';
import { formatBadgeElapsed, formatDuration } from '@/lib/format/time';
import type { Lang } from '@/lib/i18n';
import type { JobEngine } from '@/lib/jobs/engine';
import type { JobStore } from '@/lib/jobs/store';
import { isTerminal, type Job } from '@/lib/jobs/types';
import { detectMeeting, parseMeetingLink } from '@/lib/links';
import { PAGE_CONTEXT_CHANGED, type PageRecording, type RecordingRefusal } from '@/lib/messaging';
import { balanceWarning, outgrowsBalance } from '@/lib/recording/balance';
import { pageWitness, showsMeeting } from '@/lib/recording/meeting-end';
import { PIECE_MS } from '@/lib/recording/pieces';
import {
  RECORDING_CHANNEL,
  type RecorderAnswer,
  type RecorderCommand,
  type RecorderEvent,
} from '@/lib/recording/protocol';
import { type AtStart, atStart } from '@/lib/recording/recovery';
import { piecesToKeep, silenceStep } from '@/lib/recording/silence';
import {
  holdsRecordingPage,
  isCapturing,
  isFinished,
  newRecording,
  type RecordingEvent,
  type RecordingState,
  type StopReason,
  transition,
  uploadOutcome,
} from '@/lib/recording/state';
import type { RecordingStore } from '@/lib/recording/store';
import { recordingTitle } from '@/lib/recording/title';
import type { RecordingView } from '@/lib/recording/view';
import type { BackgroundSessionStore } from '@/lib/session-store';
import { recordingConsentItem } from '@/lib/storage';
import { MessageError } from './handler-types';
import type { OffscreenDocument } from './offscreen';
import { askOffscreen } from './offscreen';
import type { PollScheduler } from './scheduler';
import type { SpacesService } from './services';
import { backgroundTexts } from './texts';

export type { RecordingView };

const NOTICE_ID = 'recording';

/** How long a recorded tab whose address is unreadable is given for its meeting page to speak. */
export const PAGE_REPORT_MS = 4_000;

/** What the recording asks of the browser (`recordingBrowser()` in the worker; fakes in unit tests). */
export interface RecordingBrowser {
  /** The tab's address and title (readable once the person invoked the extension there), or null: gone. */
  tab(tabId: number): Promise<{ url?: string; title?: string } | null>;
  /** The active tab of the current window. */
  activeTab(): Promise<number | undefined>;
  /** Tells the tab's page control (where one runs) that its recording started or stopped. */
  tellTab(tabId: number): void;
  /** chrome.tabCapture's stream id for the tab; throws when refused or not available. */
  captureStreamId(tabId: number): Promise<string>;
  /** The toolbar badge as the elapsed time of the recording. */
  showBadge(text: string): Promise<void>;
  /** The keyboard shortcut of "Record this tab" as the person set it ("Alt+Shift+R"), if any. */
  shortcut(): Promise<string | undefined>;
  /** The recording page (the offscreen document). */
  recorder: {
    /** Whether the offscreen document is open. */
    open(): Promise<boolean>;
    /** A command, answered at once; null: no answer. */
    ask(command: RecorderCommand): Promise<RecorderAnswer | null>;
  };
}

export interface RecordingDeps {
  now: () => number;
  lang: () => Promise<Lang>;
  /** The recording database (lib/recording/store.ts). */
  store: RecordingStore;
  /** The worker's offscreen document (lib/background/offscreen.ts); null where there is none (Firefox). */
  offscreen: OffscreenDocument | null;
  browser: RecordingBrowser;
  notify: (id: string, title: string, message: string) => Promise<void>;
  /** Whether someone is signed in. */
  session: { store: Pick<BackgroundSessionStore, 'get'> };
  /** The signed-in account as lib/archive names an owner (the service and the email), or null. */
  owner: () => Promise<string | null>;
  /** The space a recording goes to (`resolve`: the one named, else the default) and the time left in each (`list`). */
  spaces: Pick<SpacesService, 'list' | 'resolve'>;
  /**
   * The one upload path (the job engine's), the recording's job, a file to delete, the next poll
   * looked at again, and the badge of the jobs (shown when no recording is).
   */
  jobs: {
    store: Pick<JobStore, 'list' | 'get'>;
    files: Pick<FileStore, 'deleteFile'>;
    engine: Pick<JobEngine, 'createUpload'>;
    scheduler: Pick<PollScheduler, 'reschedule'>;
    updateBadge: () => Promise<void>;
  };
  /** Whether a recording is processed as soon as it is uploaded (the options'). */
  autoProcess: () => Promise<boolean>;
  /**
   * Whether this is the first recording ever started: its start says, once, that participants
   * should be told they are recorded.
   */
  firstRecording: () => Promise<boolean>;
  /** A recording started on the page at `pageUrl` (the calendar event's attendees are kept beside it). */
  started?: (state: RecordingState, pageUrl: string | undefined) => Promise<void>;
}

export interface StartOptions {
  microphone: boolean;
  spaceId?: number;
  /** "Record here instead" of a failed bot: the tab must show this meeting. */
  meetingLink?: string;
  /** The page's address as its content script reported it (a meeting page's control). */
  pageUrl?: string;
}

export interface Recording {
  /** What the popup and the side panel show; settles a confirmed upload first. */
  view(): Promise<RecordingView>;
  /** The stored state, as it is. */
  state(): Promise<RecordingState | null>;
  /** Starts recording `tabId`: called during the user's invocation (popup, menu, command). */
  start(tabId: number, options: StartOptions): Promise<RecordingView>;
  /** Stop (popup, side panel), the tab closed or left, sign-out. */
  stop(reason: StopReason): Promise<RecordingState | null>;
  /**
   * "Upload what was recorded" (to `spaceId`, else its own space) or "Discard": of the kept
   * recording `id` when given, else of the current one.
   */
  recover(action: 'upload' | 'discard', spaceId?: number, id?: string): Promise<RecordingView>;
  /** The recorded tab closed (`gone`), or went to another page: the recording stops and is uploaded. */
  tabChanged(tabId: number, gone: boolean): Promise<void>;
  /**
   * The meeting page of `tabId` at `url` says its call ended (`page.callEnded`): a recording of
   * that tab and meeting stops and is uploaded, and the notification says why. The recorded tab
   * moving off its meeting ends it the same way (`tabChanged`, lib/recording/meeting-end.ts).
   */
  meetingEnded(tabId: number, url: string): Promise<void>;
  /**
   * The meeting page of `tabId` says it shows `url` (its control asking `page.recording`): a
   * recording of that tab whose meeting it is not ends with the meeting, and one whose tab's
   * address is unreadable keeps going while its page shows the meeting.
   */
  pageShows(tabId: number, url: string): Promise<void>;
  /** An event of the recording page (only the offscreen document sends these). */
  event(id: string, event: RecorderEvent): Promise<null>;
  /** Pieces go once the upload is confirmed (the service has the whole file). */
  settleUpload(): Promise<void>;
  /** Every start of the worker: an assembled file whose upload job was never made goes to its upload. */
  resume(): Promise<void>;
  /** While recording: a recording page gone is noticed, failed with its pieces kept, and told. */
  check(): Promise<void>;
  /**
   * The session's end. `signed-out` (Sign out, another service): the capture stops, nothing is
   * uploaded, every piece is wiped. `ended` (the service refused the session's renewal): the
   * capture stops cleanly and every recording is kept, offered at the next sign-in.
   */
  forget(how?: 'signed-out' | 'ended'): Promise<void>;
  /**
   * How many recordings (running, offered or set aside) the account `owner` signing in would
   * delete: 0 for the account they were made under, or when none is kept.
   */
  keptFor(owner: string): Promise<number>;
  /** The context menu item and the keyboard command: record the tab they were used in. */
  fromTab(tab: { id?: number } | undefined): Promise<void>;
  /** What a meeting page's control shows: whether its own tab is recorded, and for how long. */
  onPage(tabId: number): Promise<PageRecording>;
  /** "Record here" of a meeting page's control, for the sender tab. */
  fromPage(tabId: number, pageUrl: string, spaceId: number | undefined): Promise<PageRecording>;
  /** Stop of a meeting page's control: only the recording of the sender tab. */
  stopFromPage(tabId: number): Promise<PageRecording>;
}

function refuse(reason: RecordingRefusal, detail?: string): MessageError {
  return new MessageError({
    kind: 'recording',
    reason,
    ...(detail !== undefined && { detail: detail.slice(0, 500) }),
  });
}

/** Whether `url` (a tab's) shows the meeting of `link` (a failed bot's). */
function sameMeeting(link: string, url: string | undefined): boolean {
  const wanted = parseMeetingLink(link);
  const shown = url ? parseMeetingLink(url) : null;
  return wanted !== null && shown !== null && wanted.service === shown.service && wanted.id === shown.id;
}

/** How long after a break the meeting page's control still says how the recording broke. */
export const BROKE_TOLD_MS = 10 * 60_000;

/**
 * How a tab's recording broke, for its page control: the microphone lost while it records, the
 * tab's sound ended or the recording page gone since (for `BROKE_TOLD_MS` after); null otherwise.
 */
export function brokeHow(state: RecordingState, at: number): PageRecording['broke'] | null {
  if (state.phase === 'recording') return state.microphone === 'lost' ? 'microphone' : null;
  if (at - state.updatedAt > BROKE_TOLD_MS) return null;
  if (state.failure?.kind === 'page-gone') return 'page';
  if (state.stopReason === 'capture-ended' && state.phase !== 'failed') return 'tab';
  return null;
}

export function createRecording(deps: RecordingDeps): Recording {
  const { now, store, offscreen: document, browser: tabs, notify } = deps;
  const command = tabs.recorder.ask;

  /**
   * The recording this instance is starting, from keeping its state until the recording page
   * answers: in memory on purpose, so that a start whose worker died with it is nobody's
   * (lib/recording/recovery.ts).
   */
  let startingHere: string | null = null;
  /**
   * Whether a start is under way in this instance, from its first check to the page's answer: a
   * second start meanwhile (a double shortcut press, the page control and the popup) is refused,
   * not run beside it to overwrite its state and close the capture it made.
   */
  let startUnderWay = false;
  /** Looks in a row (`check`) that found the recording page not holding the recording. */
  let missedLooks = 0;

  async function pageHolds(): Promise<string | null> {
    if (!document) return null;
    if (!(await tabs.recorder.open().catch(() => false))) return null;
    return (await command({ channel: RECORDING_CHANNEL, op: 'status' }))?.holding ?? null;
  }

  /** What to do with an unfinished kept recording (lib/recording/recovery.ts), looked at now. */
  async function lookAt(state: RecordingState): Promise<AtStart> {
    const holds = await pageHolds();
    const { recordedMs } = await store.count(state.id);
    return atStart(state, holds === state.id, recordedMs, startingHere === state.id);
  }

  async function apply(event: RecordingEvent): Promise<RecordingState | null> {
    const state = await store.getState();
    if (!state) return null;
    const next = transition(state, event, now());
    if (!next) return null;
    await store.setState(next);
    return next;
  }

  async function setBadge(state: RecordingState | null): Promise<void> {
    if (!isCapturing(state) || !state) {
      await deps.jobs.updateBadge();
      return;
    }
    await tabs.showBadge(formatBadgeElapsed(now() - state.startedAt));
  }

  async function view(): Promise<RecordingView> {
    await settleUpload().catch(() => undefined);
    const supported = document !== null;
    const state = await store.getState();
    let offer: RecordingView['offer'] = null;
    if (state && !isFinished(state) && state.phase !== 'uploading') {
      const decision = await lookAt(state);
      if (decision.kind === 'offer') offer = { recordedMs: decision.recordedMs, title: state.title };
      if (decision.kind === 'clear') await store.setState(null);
    } else if (state?.phase === 'failed') {
      const decision = atStart(state, false, (await store.count(state.id)).recordedMs, false);
      if (decision.kind === 'offer') offer = { recordedMs: decision.recordedMs, title: state.title };
    }
    return { supported, state: await store.getState(), offer, kept: await keptView(), now: now() };
  }

  /** The recordings set aside, newest first, with the time their pieces cover. */
  async function keptView(): Promise<RecordingView['kept']> {
    const kept = await store.getKept();
    const items = await Promise.all(
      kept.map(async (item) => ({
        id: item.id,
        title: item.title,
        startedAt: item.startedAt,
        recordedMs: (await store.count(item.id)).recordedMs,
        spaceId: item.spaceId,
        reason: item.failure?.kind ?? 'interrupted',
      })),
    );
    return items.sort((a, b) => b.startedAt - a.startedAt);
  }

  /**
   * Sets the current recording aside, kept with its pieces and its file, for the next one: it is
   * listed until it is uploaded or discarded. Its page is gone, so it waits as failed ("interrupted"
   * when nothing failed).
   */
  async function setAside(state: RecordingState): Promise<void> {
    const kept = (await store.getKept()).filter((item) => item.id !== state.id);
    await store.setKept([...kept, { ...state, phase: 'failed', updatedAt: now() }]);
    await store.setState(null);
  }

  /**
   * Whether the current recording is in the way of another: running or uploading refuses with
   * the reason; one only kept (its page gone, failed with pieces) is set aside; one with nothing
   * left is cleared.
   */
  async function clearTheWay(): Promise<void> {
    await settleUpload().catch(() => undefined);
    const current = await store.getState();
    if (!current) return;
    const decision = await lookAt(current);
    if (decision.kind === 'running') throw refuse('already-recording');
    if (decision.kind === 'uploading') throw refuse('still-uploading');
    if (decision.kind === 'offer') await setAside(current);
    else await store.setState(null);
  }

  async function start(tabId: number, options: StartOptions): Promise<RecordingView> {
    // Checked and taken before the first await: nothing else runs in between.
    if (startUnderWay) throw refuse('already-starting');
    startUnderWay = true;
    try {
      return await startNow(tabId, options);
    } finally {
      startUnderWay = false;
    }
  }

  async function startNow(tabId: number, options: StartOptions): Promise<RecordingView> {
    if (!document) throw refuse('unsupported');
    if (!(await deps.session.store.get())) throw refuse('signed-out');
    // An upload that ended or whose job is gone no longer holds the recorder as "uploading".
    await settleUpload().catch(() => undefined);
    const current = await store.getState();
    if (current && !isFinished(current)) {
      const decision = await lookAt(current);
      if (decision.kind === 'running') throw refuse('already-recording');
      if (decision.kind === 'uploading') throw refuse('still-uploading');
    }
    const tab = await tabs.tab(tabId).catch(() => null);
    if (!tab) throw refuse('tab-gone');
    if (tab.url && !/^https?:/.test(tab.url)) throw refuse('not-a-web-page');
    // The tab's address is readable once the person invoked the extension on it (activeTab): a
    // tab it shows that is not the failed bot's meeting is refused. Unreadable, the extension was
    // not invoked there, and Chrome refuses the capture below anyway.
    if (options.meetingLink !== undefined && tab.url && !sameMeeting(options.meetingLink, tab.url))
      throw refuse('not-the-meeting');
    const pageUrl = tab.url ?? options.pageUrl ?? options.meetingLink;
    let streamId: string;
    try {
      streamId = await tabs.captureStreamId(tabId);
    } catch (error) {
      throw refuse('capture-refused', error instanceof Error ? error.message : String(error));
    }
    const space = await deps.spaces.resolve(options.spaceId);
    // The warnings are against the time left the recorder showed: the service's figure now.
    const availableSeconds = await spaceTimeLeft(space.id);
    const lang = await deps.lang();
    const meeting = pageUrl ? detectMeeting(pageUrl) : null;
    const id = crypto.randomUUID();
    const state = newRecording(
      {
        id,
        tabId,
        title: recordingTitle(
          {
            url: pageUrl ?? '',
            title: tab.title,
            meeting: meeting ? { service: meeting.service, id: meeting.id } : null,
          },
          new Date(now()),
          lang,
        ),
        spaceId: space.id,
        availableSeconds,
        ...(meeting && { meeting: { service: meeting.service, id: meeting.id } }),
      },
      now(),
    );
    // A recording kept (failed with pieces, its page gone) is set aside, never replaced.
    await clearTheWay();
    const owner = await deps.owner();
    if (owner) await store.setOwner(owner);
    await store.deletePieces(id);
    startingHere = id;
    let answer: RecorderAnswer | null;
    try {
      await store.setState(state);
      answer = await document.use(() =>
        command({ channel: RECORDING_CHANNEL, op: 'start', id, streamId, microphone: options.microphone }),
      );
    } finally {
      startingHere = null;
    }
    if (!answer?.ok) {
      const failed = await apply({
        type: 'fail',
        failure: { kind: 'capture-refused', message: answer?.message ?? 'no answer' },
      });
      await document.use(async () => undefined);
      await setBadge(failed);
      throw refuse('capture-refused', answer?.message ?? 'the recording page did not answer');
    }
    const started = await store.getState();
    await setBadge(started);
    if (started)
      await deps.started?.(started, pageUrl).catch((error) => console.error('attendees not kept', error));
    tabs.tellTab(tabId);
    const consent = await deps.firstRecording();
    return {
      supported: true,
      state: started,
      offer: null,
      kept: await keptView(),
      now: now(),
      ...(consent && { consent }),
    };
  }

  async function stop(reason: StopReason): Promise<RecordingState | null> {
    const state = await store.getState();
    if (!state || !isCapturing(state)) return state;
    const stopping = await apply({ type: 'stop', reason });
    await setBadge(stopping);
    tabs.tellTab(state.tabId);
    // The silence at the end is cut before the upload: the service charges by duration.
    const keep = piecesToKeep(Number.MAX_SAFE_INTEGER, state.lastAudible);
    const cut = keep < state.pieces ? (state.pieces - keep) * PIECE_MS : 0;
    if (document)
      await document.use(() =>
        command({
          channel: RECORDING_CHANNEL,
          op: 'stop',
          id: state.id,
          ...(state.lastAudible !== undefined && { keep }),
        }),
      );
    if (cut > 0) {
      const t = backgroundTexts(await deps.lang());
      await notify(
        NOTICE_ID,
        t.recordingSilenceCutTitle,
        t.recordingSilenceCut(formatDuration(Math.round(cut / 1000), await deps.lang())),
      );
    }
    return stopping;
  }

  async function recover(
    action: 'upload' | 'discard',
    spaceId?: number,
    id?: string,
  ): Promise<RecordingView> {
    const current = await store.getState();
    const aside =
      id !== undefined && id !== current?.id ? (await store.getKept()).find((item) => item.id === id) : null;
    if (id !== undefined && id !== current?.id && !aside) return view();
    if (aside && action === 'discard') {
      await store.deletePieces(aside.id);
      if (aside.fileKey && !aside.jobId)
        await deps.jobs.files.deleteFile(aside.fileKey).catch(() => undefined);
      await store.setKept((await store.getKept()).filter((item) => item.id !== aside.id));
      return view();
    }
    if (aside) {
      // One recording at a time goes through the recording page: the kept one becomes the current.
      await clearTheWay();
      await store.setKept((await store.getKept()).filter((item) => item.id !== aside.id));
      await store.setState(aside);
    }
    const state = await store.getState();
    if (!state) return view();
    if (action === 'discard') {
      if (document && (await pageHolds()) === state.id)
        await document.use(() => command({ channel: RECORDING_CHANNEL, op: 'discard', id: state.id }));
      await store.deletePieces(state.id);
      if (state.fileKey && !state.jobId)
        await deps.jobs.files.deleteFile(state.fileKey).catch(() => undefined);
      await store.setState(null);
      await setBadge(null);
      return view();
    }
    // A file kept for its balance: to the space chosen now (the same one after a top-up), as it is.
    if (state.failure?.kind === 'over-balance') {
      const size = state.failure.size;
      const next = await apply({
        type: 'upload-to',
        spaceId: spaceId ?? state.spaceId ?? (await deps.spaces.resolve()).id,
      });
      if (next) await upload(next, size);
      return view();
    }
    if (!document) throw refuse('unsupported');
    // A failed or orphaned recording goes back to "stopping" and its pieces are made into a file,
    // a new one: a file made before that no job took (a refused upload start) goes first.
    if (state.fileKey && !state.jobId) await deps.jobs.files.deleteFile(state.fileKey).catch(() => undefined);
    const reopened: RecordingState = {
      ...state,
      spaceId: spaceId ?? state.spaceId,
      phase: 'stopping',
      stopReason: 'recovered',
      failure: undefined,
      fileKey: undefined,
      jobId: undefined,
    };
    await store.setState(reopened);
    await document.use(() => command({ channel: RECORDING_CHANNEL, op: 'assemble', id: state.id }));
    return view();
  }

  /** What the tabs' meeting pages say they show (lib/recording/meeting-end.ts). */
  const witness = pageWitness(PAGE_REPORT_MS);

  async function tabChanged(tabId: number, gone: boolean): Promise<void> {
    const mark = witness.mark();
    const state = await store.getState();
    if (!state || state.tabId !== tabId || !isCapturing(state)) return;
    if (gone) {
      await stop('tab-closed');
      return;
    }
    const tab = await tabs.tab(tabId).catch(() => null);
    if (tab?.url) return meetingEnded(tabId, tab.url, true);
    // Unreadable: another site (activeTab ends there), or a capture Chrome allowed without an
    // invocation on this tab. The tab's own meeting page says what it shows within seconds
    // (`pageShows`, from its control); without a word from it, the tab left the page.
    if (state.meeting && (await witness.stillShows(tabId, state.meeting, mark))) return;
    await stop('left-page');
  }

  async function pageShows(tabId: number, url: string): Promise<void> {
    witness.said(tabId, url);
    await meetingEnded(tabId, url, true);
  }

  async function meetingEnded(tabId: number, url: string, moved = false): Promise<void> {
    const state = await store.getState();
    if (!state?.meeting || state.tabId !== tabId || !isCapturing(state)) return;
    // Moved: ends once the tab's address no longer shows the meeting. Said by the page: only the
    // recorded meeting's own page ends it.
    const shows = showsMeeting(state.meeting, url);
    if (moved ? shows : !shows) return;
    if ((await stop('meeting-ended'))?.stopReason === 'meeting-ended') await told('recordingMeetingEnded');
  }

  /** Long silence: "Still recording?" once after 5 minutes, a stop after 15 (lib/recording/silence.ts). */
  async function silence(state: RecordingState): Promise<void> {
    if (state.silentFromMs === undefined || state.phase !== 'recording') return;
    const step = silenceStep(state.recordedMs - state.silentFromMs, state.silenceAsked ?? false);
    if (step === 'ask') {
      await store.setState({ ...state, silenceAsked: true });
      await told('recordingSilenceAsk');
    } else if (step === 'stop') await stop('silence');
  }

  async function warn(state: RecordingState): Promise<void> {
    const due = balanceWarning(state.recordedMs, state.availableSeconds, state.warned);
    if (due === null) return;
    await apply({ type: 'warned', percent: due });
    const t = backgroundTexts(await deps.lang());
    await notify(NOTICE_ID, t.recordingBalanceTitle(due), t.recordingBalanceMessage(due));
  }

  async function event(id: string, event: RecorderEvent): Promise<null> {
    const state = await store.getState();
    if (!state || state.id !== id) return null;
    switch (event.type) {
      case 'started': {
        const next = await apply({ type: 'started', microphone: event.microphone });
        await setBadge(next);
        return null;
      }
      case 'piece': {
        const next = await apply({
          type: 'piece',
          bytes: event.bytes,
          recordedMs: event.recordedMs,
          index: event.index,
          ...(event.audible !== undefined && { audible: event.audible }),
        });
        if (next) {
          await setBadge(next);
          await warn(next);
          await silence(next);
        }
        return null;
      }
      case 'capture-ended': {
        // The tab's sound ended by itself (the tab's capture taken over, the tab gone): what was
        // recorded is kept and uploaded, and the person told.
        const stopped = await stop('capture-ended');
        if (stopped?.stopReason === 'capture-ended') await told('recordingTabEnded');
        return null;
      }
      case 'microphone-ended': {
        const next = await apply({ type: 'microphone-lost' });
        if (next) {
          tabs.tellTab(next.tabId);
          await told('recordingMicLost');
        }
        return null;
      }
      case 'failed': {
        const next = await apply({ type: 'fail', failure: event.failure });
        await setBadge(next);
        const t = backgroundTexts(await deps.lang());
        await notify(NOTICE_ID, t.recordingFailedTitle, t.recordingFailed(event.failure.kind));
        await document?.use(async () => undefined);
        return null;
      }
      case 'assembled': {
        const next = await apply({
          type: 'assembled',
          fileKey: event.fileKey,
          durationMs: event.durationMs,
          size: event.size,
        });
        await document?.use(async () => undefined);
        await setBadge(next);
        if (!next) return null;
        if (next.phase === 'failed') {
          // Under a second: nothing worth a charge.
          await store.deletePieces(id);
          if (event.fileKey) await deps.jobs.files.deleteFile(event.fileKey);
          const t = backgroundTexts(await deps.lang());
          await notify(NOTICE_ID, t.recordingFailedTitle, t.recordingFailed('too-short'));
          return null;
        }
        // The time the computer stood still was taken out of the file: said, as the silence cut is.
        if (event.closedMs !== undefined && event.closedMs >= 1_000) {
          const lang = await deps.lang();
          const t = backgroundTexts(lang);
          await notify(
            NOTICE_ID,
            t.recordingSleepCutTitle,
            t.recordingSleepCut(formatDuration(Math.round(event.closedMs / 1000), lang)),
          );
        }
        await toUpload(next, event.size);
        return null;
      }
    }
  }

  /** An assembled file on its way: kept for its balance, else through the one upload path. */
  async function toUpload(next: RecordingState, size: number): Promise<void> {
    // Longer than the time left in its space while processing would start on upload: kept
    // until the person picks a space (or tops up), instead of a processing the balance refuses.
    const left = await timeLeft(next);
    if (outgrowsBalance(next.durationMs ?? 0, left, await deps.autoProcess())) {
      const kept = await apply({
        type: 'fail',
        failure: { kind: 'over-balance', availableSeconds: left ?? 0, size },
      });
      await setBadge(kept);
      const t = backgroundTexts(await deps.lang());
      await notify(NOTICE_ID, t.recordingFailedTitle, t.recordingFailed('over-balance'));
      return;
    }
    await upload(next, size);
  }

  /**
   * Every start of the worker: a file assembled whose upload job was never made (the worker
   * stopped between the two, the laptop closed right after Stop) goes on to its upload (the job
   * already made for it is found, not made again); without its size (kept by an older version)
   * it is offered again, to be re-assembled.
   */
  async function resume(): Promise<void> {
    const state = await store.getState();
    if (state?.phase !== 'uploading' || state.jobId || !state.fileKey) return;
    if (state.size === undefined) {
      await apply({ type: 'fail', failure: { kind: 'upload-refused', message: 'interrupted' } });
      return;
    }
    await toUpload(state, state.size);
  }

  /** A space's processing time left as the service says it now, else as last read; null: unknown. */
  async function spaceTimeLeft(spaceId: number): Promise<number | null> {
    const spaces = await deps.spaces.list(0).catch(() => deps.spaces.list().catch(() => []));
    return spaces.find((item) => item.id === spaceId)?.availableSeconds ?? null;
  }

  /** The time left in the recording's space now, else as at the start. */
  async function timeLeft(state: RecordingState): Promise<number | null> {
    const space = await deps.spaces.resolve(state.spaceId ?? undefined).catch(() => null);
    return (space && (await spaceTimeLeft(space.id))) ?? state.availableSeconds;
  }

  /** Through the one upload path, once: a job already made for this file is found, not made again. */
  async function upload(state: RecordingState, size: number): Promise<void> {
    if (!state.fileKey || state.jobId) return;
    const existing = (await deps.jobs.store.list()).find(
      (job: Job) => job.fileKey === state.fileKey && !isTerminal(job.phase),
    );
    let job = existing;
    if (!job) {
      try {
        const space = await deps.spaces.resolve(state.spaceId ?? undefined);
        const autoProcess = await deps.autoProcess();
        job = await deps.jobs.engine.createUpload(
          space.id,
          // The service names files by their type: the title ends in .webm like an uploaded file's.
          { fileKey: state.fileKey, title: `${state.title}.webm`, contentType: 'audio/webm', size },
          autoProcess,
          space.name,
        );
        void deps.jobs.scheduler.reschedule();
      } catch (error) {
        await apply({
          type: 'fail',
          failure: {
            kind: 'upload-refused',
            message: error instanceof Error ? error.message : String(error),
          },
        });
        return;
      }
    }
    await apply({ type: 'upload-started', jobId: job.id });
  }

  /**
   * Pieces are deleted once the upload is confirmed (the service has the whole file): called when
   * the upload job changes (lib/background/recording-watch.ts) and when a page asks the status.
   */
  async function settleUpload(): Promise<void> {
    const state = await store.getState();
    if (!state?.jobId) return;
    const job = await deps.jobs.store.get(state.jobId);
    const outcome = uploadOutcome(state, job);
    if (outcome === null || outcome === 'wait') return;
    if (outcome === 'failed') {
      await apply({ type: 'fail', failure: { kind: 'upload-refused', message: job?.phase ?? 'gone' } });
      return;
    }
    await store.deletePieces(state.id);
    await apply({ type: 'uploaded' });
  }

  /** A notification of what broke the capture, with what was kept. */
  async function told(
    what:
      | 'recordingTabEnded'
      | 'recordingMicLost'
      | 'recordingPageGone'
      | 'recordingSilenceAsk'
      | 'recordingMeetingEnded',
  ): Promise<void> {
    const t = backgroundTexts(await deps.lang());
    const [title, message] = t[what];
    await notify(NOTICE_ID, title, message);
  }

  /**
   * While a recording runs (every 2.5 s, lib/background/recording-watch.ts): a recording page that
   * no longer holds the capture at two looks in a row (a renderer crash, the extension reloaded)
   * ends the recording as failed ("page gone"), its pieces kept and offered, and the page control
   * and a notification say so.
   */
  async function check(): Promise<void> {
    const state = await store.getState();
    if (state?.phase !== 'recording' || !document) return;
    // Two looks in a row (5 s) before it is called gone: one unanswered look is not a death.
    if ((await lookAt(state)).kind !== 'offer') {
      missedLooks = 0;
      return;
    }
    missedLooks += 1;
    if (missedLooks < 2) return;
    missedLooks = 0;
    const failed = await apply({ type: 'fail', failure: { kind: 'page-gone' } });
    if (!failed) return;
    await setBadge(failed);
    tabs.tellTab(state.tabId);
    await told('recordingPageGone');
  }

  /** The capture stops (its page discards it), nothing is uploaded, every piece is wiped. */
  async function wipe(): Promise<void> {
    const state = await store.getState();
    if (state && isCapturing(state) && document) {
      await store.setState({
        ...state,
        phase: 'failed',
        failure: { kind: 'upload-refused', message: 'signed-out' },
      });
      await document.use(() => command({ channel: RECORDING_CHANNEL, op: 'discard', id: state.id }));
    }
    await store.wipe();
  }

  async function forget(how: 'signed-out' | 'ended' = 'signed-out'): Promise<void> {
    const state = await store.getState();
    if (how === 'ended') {
      // Nothing can be uploaded without a session: the capture stops without making a file, its
      // pieces stay, and the recording waits as failed, offered like any kept one.
      if (!state || !isCapturing(state)) return;
      await store.setState({
        ...state,
        phase: 'failed',
        stopReason: 'signed-out',
        failure: { kind: 'upload-refused', message: 'session-ended' },
        updatedAt: now(),
      });
      if (document)
        await document.use(() => command({ channel: RECORDING_CHANNEL, op: 'discard', id: state.id }));
      await setBadge(null);
      tabs.tellTab(state.tabId);
      return;
    }
    if (state && (isCapturing(state) || state.phase === 'stopping')) await wipe();
    else await store.wipe();
  }

  async function keptFor(owner: string): Promise<number> {
    const known = await store.getOwner();
    if (known === null || known === owner) return 0;
    const { state, offer, kept } = await view();
    const current = offer || (state && holdsRecordingPage(state)) ? 1 : 0;
    return current + kept.length;
  }

  async function fromTab(tab: { id?: number } | undefined): Promise<void> {
    const t = backgroundTexts(await deps.lang());
    const tabId = tab?.id ?? (await tabs.activeTab());
    try {
      if (tabId === undefined) throw refuse('tab-gone');
      const { consent } = await start(tabId, { microphone: true });
      const message = t.recordingStartedMessage;
      await notify(
        NOTICE_ID,
        t.recordingStartedTitle,
        consent ? `${message} ${t.recordingConsent}` : message,
      );
    } catch (error) {
      const info = error instanceof MessageError ? error.info : null;
      const kind = info?.kind === 'recording' ? info.reason : 'failed';
      await notify(NOTICE_ID, t.recordingNotStartedTitle, t.recordingNotStarted(kind));
    }
  }

  async function onPage(tabId: number): Promise<PageRecording> {
    const state = await store.getState();
    const capturing = state !== null && isCapturing(state);
    const own = capturing && state.tabId === tabId;
    const how = state?.tabId === tabId ? brokeHow(state, now()) : null;
    return {
      recording: own,
      elapsedMs: own ? Math.max(0, now() - state.startedAt) : 0,
      elsewhere: capturing && !own,
      ...(how && { broke: how }),
    };
  }

  /**
   * Chrome lets an extension capture a tab only after the person invoked it there (toolbar, menu,
   * shortcut): a press on the page is not one, and the refusal then carries the shortcut to name
   * in the control's sentence.
   */
  async function fromPage(
    tabId: number,
    pageUrl: string,
    spaceId: number | undefined,
  ): Promise<PageRecording> {
    let consent: boolean | undefined;
    try {
      consent = (
        await start(tabId, {
          microphone: true,
          pageUrl,
          ...(spaceId !== undefined && { spaceId }),
        })
      ).consent;
    } catch (error) {
      if (
        error instanceof MessageError &&
        error.info.kind === 'recording' &&
        error.info.reason === 'capture-refused'
      ) {
        const shortcut = await tabs.shortcut();
        throw new MessageError({ ...error.info, ...(shortcut && { shortcut }) });
      }
      throw error;
    }
    return { ...(await onPage(tabId)), ...(consent && { consent }) };
  }

  async function stopFromPage(tabId: number): Promise<PageRecording> {
    const state = await store.getState();
    if (state && isCapturing(state) && state.tabId === tabId) await stop('user');
    return onPage(tabId);
  }

  return {
    view,
    state: () => store.getState(),
    start,
    stop,
    recover,
    tabChanged,
    meetingEnded: (tabId, url) => meetingEnded(tabId, url),
    pageShows,
    event,
    settleUpload,
    resume,
    check,
    forget,
    keptFor,
    fromTab,
    onPage,
    fromPage,
    stopFromPage,
  };
}

/**
 * Whether this is the first recording ever started (remembered in storage, never said again).
 */
export async function firstRecording(): Promise<boolean> {
  if (await recordingConsentItem.getValue()) return false;
  await recordingConsentItem.setValue(true);
  return true;
}

/** What the recording asks of Chrome: tabs, the tab capture, the badge, commands, the offscreen page. */
export function recordingBrowser(): RecordingBrowser {
  return {
    tab: (tabId) => browser.tabs.get(tabId),
    activeTab: async () => (await browser.tabs.query({ active: true, currentWindow: true }))[0]?.id,
    tellTab: (tabId) =>
      void browser.tabs
        .sendMessage(tabId, { channel: 'meeting-capture', type: PAGE_CONTEXT_CHANGED })
        .catch(() => undefined),
    captureStreamId: async (tabId) => {
      const capture = (
        globalThis as unknown as {
          chrome: { tabCapture?: { getMediaStreamId(options: { targetTabId: number }): Promise<string> } };
        }
      ).chrome.tabCapture;
      if (!capture) throw new Error('tabCapture is not available');
      return capture.getMediaStreamId({ targetTabId: tabId });
    },
    showBadge: async (text) => {
      try {
        await browser.action.setBadgeText({ text });
        await browser.action.setBadgeBackgroundColor({ color: '#c5221f' });
      } catch {
        // No badge (tests, another browser): the popup shows the time as well.
      }
    },
    shortcut: async () => {
      try {
        const commands = await browser.commands.getAll();
        const shortcut = commands.find((item) => item.name === 'record-current-tab')?.shortcut;
        return shortcut ? shortcut.slice(0, 40) : undefined;
      } catch {
        return undefined;
      }
    },
    recorder: {
      open: async () => {
        const contexts = await (
          browser.runtime as unknown as { getContexts?: (filter: object) => Promise<unknown[]> }
        )
          .getContexts?.({ contextTypes: ['OFFSCREEN_DOCUMENT'] })
          .catch(() => []);
        return !!contexts && contexts.length > 0;
      },
      // Through the offscreen document's one channel (lib/offscreen/channel.ts), its answer checked
      // against the task's row.
      ask: async (message) => {
        try {
          return await askOffscreen('recorder', message);
        } catch {
          return null;
        }
      },
    },
  };
}
