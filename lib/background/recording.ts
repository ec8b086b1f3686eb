/**
 * "Record here" in the background: starts a tab's recording on a user invocation (popup, side
 * panel, context menu, keyboard command), hands the capture to the offscreen document
 * (lib/recording/recorder.ts), follows its pieces (badge, balance warnings), and on the stop sends
 * the assembled file through the one upload path (the job engine's `createUpload`). Everything it
 * knows is in the recording database (lib/recording/store.ts), so a stopped worker loses nothing.
 */
import { browser } from 'wxt/browser';
import { formatBadgeElapsed } from '@/lib/format/time';
import type { Job } from '@/lib/jobs/types';
import { parseMeetingLink } from '@/lib/links';
import { PAGE_CONTEXT_CHANGED, type PageRecording, type RecordingRefusal } from '@/lib/messaging';
import { balanceWarning, outgrowsBalance } from '@/lib/recording/balance';
import {
  RECORDING_CHANNEL,
  type RecorderAnswer,
  type RecorderCommand,
  type RecorderEvent,
} from '@/lib/recording/protocol';
import { type AtStart, atStart } from '@/lib/recording/recovery';
import {
  isCapturing,
  isFinished,
  newRecording,
  type RecordingEvent,
  type RecordingState,
  type StopReason,
  transition,
  uploadOutcome,
} from '@/lib/recording/state';
import { createRecordingStore } from '@/lib/recording/store';
import { recordingTitle } from '@/lib/recording/title';
import type { RecordingView } from '@/lib/recording/view';
import { getSettings, recordingConsentItem } from '@/lib/storage';
import { MessageError } from './handler-types';
import { notify } from './notifications';
import { askOffscreen, theOffscreenDocument } from './offscreen';
import { backgroundTexts } from './texts';
import type { Background } from './types';

export type { RecordingView };

const store = createRecordingStore();
const NOTICE_ID = 'recording';

function refuse(reason: RecordingRefusal, detail?: string): MessageError {
  return new MessageError({
    kind: 'recording',
    reason,
    ...(detail !== undefined && { detail: detail.slice(0, 500) }),
  });
}

async function command(message: RecorderCommand): Promise<RecorderAnswer | null> {
  try {
    return await askOffscreen('recorder', message);
  } catch {
    return null;
  }
}

/**
 * The recording this worker is starting, from keeping its state until the recording page answers:
 * in memory on purpose, so that a start whose worker died with it is nobody's (lib/recording/recovery.ts).
 */
let startingHere: string | null = null;

async function pageHolds(): Promise<string | null> {
  const document = theOffscreenDocument();
  if (!document) return null;
  const contexts = await (
    browser.runtime as unknown as { getContexts?: (filter: object) => Promise<unknown[]> }
  )
    .getContexts?.({ contextTypes: ['OFFSCREEN_DOCUMENT'] })
    .catch(() => []);
  if (!contexts || contexts.length === 0) return null;
  return (await command({ channel: RECORDING_CHANNEL, op: 'status' }))?.holding ?? null;
}

/** What to do with an unfinished kept recording (lib/recording/recovery.ts), looked at now. */
async function lookAt(state: RecordingState): Promise<AtStart> {
  const holds = await pageHolds();
  const { recordedMs } = await store.count(state.id);
  return atStart(state, holds === state.id, recordedMs, startingHere === state.id);
}

async function apply(event: RecordingEvent, bg: Background): Promise<RecordingState | null> {
  const state = await store.getState();
  if (!state) return null;
  const next = transition(state, event, bg.now());
  if (!next) return null;
  await store.setState(next);
  return next;
}

async function setBadge(bg: Background, state: RecordingState | null): Promise<void> {
  if (!isCapturing(state) || !state) {
    await bg.updateBadge();
    return;
  }
  try {
    await browser.action.setBadgeText({ text: formatBadgeElapsed(bg.now() - state.startedAt) });
    await browser.action.setBadgeBackgroundColor({ color: '#c5221f' });
  } catch {
    // No badge (tests, another browser): the popup shows the time as well.
  }
}

export async function recordingView(bg: Background): Promise<RecordingView> {
  await settleUpload(bg).catch(() => undefined);
  const supported = theOffscreenDocument() !== null;
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
  return { supported, state: await store.getState(), offer, now: bg.now() };
}

/**
 * Tells the recorded tab's page control (a meeting page's, where one runs) that its recording
 * started or stopped, so it shows the time and Stop, or "Record here" again.
 */
function tellTab(tabId: number): void {
  void browser.tabs
    .sendMessage(tabId, { channel: 'meeting-capture', type: PAGE_CONTEXT_CHANGED })
    .catch(() => undefined);
}

/**
 * Whether this is the first recording ever started: its start says, once, that participants
 * should be told they are recorded (remembered in storage, never said again).
 */
async function firstRecording(): Promise<boolean> {
  if (await recordingConsentItem.getValue()) return false;
  await recordingConsentItem.setValue(true);
  return true;
}

/** Whether `url` (a tab's) shows the meeting of `link` (a failed bot's). */
function sameMeeting(link: string, url: string | undefined): boolean {
  const wanted = parseMeetingLink(link);
  const shown = url ? parseMeetingLink(url) : null;
  return wanted !== null && shown !== null && wanted.service === shown.service && wanted.id === shown.id;
}

/** Starts recording `tabId`: called during the user's invocation (popup, menu, command). */
export async function startTabRecording(
  bg: Background,
  tabId: number,
  options: {
    microphone: boolean;
    spaceId?: number;
    /** "Record here instead" of a failed bot: the tab must show this meeting. */
    meetingLink?: string;
    /** The page's address as its content script reported it (a meeting page's control). */
    pageUrl?: string;
  },
): Promise<RecordingView> {
  const document = theOffscreenDocument();
  if (!document) throw refuse('unsupported');
  if (!(await bg.sessionStore.get())) throw refuse('signed-out');
  const kept = await store.getState();
  if (kept && !isFinished(kept)) {
    const decision = await lookAt(kept);
    if (decision.kind === 'running') throw refuse('already-recording');
    if (decision.kind === 'uploading') throw refuse('still-uploading');
    if (decision.kind === 'offer') throw refuse('unfinished');
  }
  const tab = await browser.tabs.get(tabId).catch(() => null);
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
    const capture = (
      globalThis as unknown as {
        chrome: { tabCapture?: { getMediaStreamId(options: { targetTabId: number }): Promise<string> } };
      }
    ).chrome.tabCapture;
    if (!capture) throw new Error('tabCapture is not available');
    streamId = await capture.getMediaStreamId({ targetTabId: tabId });
  } catch (error) {
    throw refuse('capture-refused', error instanceof Error ? error.message : String(error));
  }
  const space = await bg.resolveSpace(options.spaceId);
  // The warnings are against the time left the recorder showed: the service's figure now.
  const availableSeconds = await spaceTimeLeft(bg, space.id);
  const lang = await bg.lang();
  const meeting = pageUrl ? parseMeetingLink(pageUrl) : null;
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
        new Date(bg.now()),
        lang,
      ),
      spaceId: space.id,
      availableSeconds,
    },
    bg.now(),
  );
  await store.deletePieces(id);
  startingHere = id;
  let answer: Awaited<ReturnType<typeof command>>;
  try {
    await store.setState(state);
    answer = await document.use(() =>
      command({ channel: RECORDING_CHANNEL, op: 'start', id, streamId, microphone: options.microphone }),
    );
  } finally {
    startingHere = null;
  }
  if (!answer?.ok) {
    const failed = await apply(
      { type: 'fail', failure: { kind: 'capture-refused', message: answer?.message ?? 'no answer' } },
      bg,
    );
    await document.use(async () => undefined);
    await setBadge(bg, failed);
    throw refuse('capture-refused', answer?.message ?? 'the recording page did not answer');
  }
  const now = await store.getState();
  await setBadge(bg, now);
  tellTab(tabId);
  const consent = await firstRecording();
  return { supported: true, state: now, offer: null, now: bg.now(), ...(consent && { consent }) };
}

/** Stop (popup, side panel), the tab closed or left, sign-out. */
export async function stopTabRecording(bg: Background, reason: StopReason): Promise<RecordingState | null> {
  const state = await store.getState();
  if (!state || !isCapturing(state)) return state;
  const stopping = await apply({ type: 'stop', reason }, bg);
  await setBadge(bg, stopping);
  tellTab(state.tabId);
  const document = theOffscreenDocument();
  if (document) await document.use(() => command({ channel: RECORDING_CHANNEL, op: 'stop', id: state.id }));
  return stopping;
}

/** "Upload what was recorded" or "Discard" for a recording whose page was gone. */
export async function recoverRecording(
  bg: Background,
  action: 'upload' | 'discard',
  spaceId?: number,
): Promise<RecordingView> {
  const state = await store.getState();
  if (!state) return recordingView(bg);
  const document = theOffscreenDocument();
  if (action === 'discard') {
    if (document && (await pageHolds()) === state.id)
      await document.use(() => command({ channel: RECORDING_CHANNEL, op: 'discard', id: state.id }));
    await store.deletePieces(state.id);
    if (state.fileKey && !state.jobId) await bg.files.deleteFile(state.fileKey).catch(() => undefined);
    await store.setState(null);
    await setBadge(bg, null);
    return recordingView(bg);
  }
  // A file kept for its balance: to the space chosen now (the same one after a top-up), as it is.
  if (state.failure?.kind === 'over-balance') {
    const size = state.failure.size;
    const next = await apply(
      { type: 'upload-to', spaceId: spaceId ?? state.spaceId ?? (await bg.resolveSpace()).id },
      bg,
    );
    if (next) await upload(bg, next, size);
    return recordingView(bg);
  }
  if (!document) throw refuse('unsupported');
  // A failed or orphaned recording goes back to "stopping" and its pieces are made into a file.
  const reopened: RecordingState = {
    ...state,
    phase: 'stopping',
    stopReason: 'recovered',
    failure: undefined,
  };
  await store.setState(reopened);
  await document.use(() => command({ channel: RECORDING_CHANNEL, op: 'assemble', id: state.id }));
  return recordingView(bg);
}

/** The recorded tab closed, or went to another page: the recording stops and is uploaded. */
export async function recordingTabChanged(bg: Background, tabId: number, gone: boolean): Promise<void> {
  const state = await store.getState();
  if (!state || state.tabId !== tabId || !isCapturing(state)) return;
  if (gone) {
    await stopTabRecording(bg, 'tab-closed');
    return;
  }
  const tab = await browser.tabs.get(tabId).catch(() => null);
  // Another site: the tab's address is no longer ours to read (activeTab ends there).
  if (!tab?.url) await stopTabRecording(bg, 'left-page');
}

async function warn(bg: Background, state: RecordingState): Promise<void> {
  const due = balanceWarning(state.recordedMs, state.availableSeconds, state.warned);
  if (due === null) return;
  await apply({ type: 'warned', percent: due }, bg);
  const t = backgroundTexts(await bg.lang());
  await notify(NOTICE_ID, t.recordingBalanceTitle(due), t.recordingBalanceMessage(due));
}

/** An event of the recording page (only the offscreen document sends these). */
export async function recordingEvent(bg: Background, id: string, event: RecorderEvent): Promise<null> {
  await handleEvent(bg, id, event);
  return null;
}

async function handleEvent(bg: Background, id: string, event: RecorderEvent): Promise<null> {
  const state = await store.getState();
  if (!state || state.id !== id) return null;
  switch (event.type) {
    case 'started': {
      const next = await apply({ type: 'started', microphone: event.microphone }, bg);
      await setBadge(bg, next);
      return null;
    }
    case 'piece': {
      const next = await apply({ type: 'piece', bytes: event.bytes, recordedMs: event.recordedMs }, bg);
      if (next) {
        await setBadge(bg, next);
        await warn(bg, next);
      }
      return null;
    }
    case 'capture-ended':
      await stopTabRecording(bg, 'capture-ended');
      return null;
    case 'failed': {
      const next = await apply({ type: 'fail', failure: event.failure }, bg);
      await setBadge(bg, next);
      const t = backgroundTexts(await bg.lang());
      await notify(NOTICE_ID, t.recordingFailedTitle, t.recordingFailed(event.failure.kind));
      await theOffscreenDocument()?.use(async () => undefined);
      return null;
    }
    case 'assembled': {
      const next = await apply(
        { type: 'assembled', fileKey: event.fileKey, durationMs: event.durationMs },
        bg,
      );
      await theOffscreenDocument()?.use(async () => undefined);
      await setBadge(bg, next);
      if (!next) return null;
      if (next.phase === 'failed') {
        // Under a second: nothing worth a charge.
        await store.deletePieces(id);
        if (event.fileKey) await bg.files.deleteFile(event.fileKey);
        const t = backgroundTexts(await bg.lang());
        await notify(NOTICE_ID, t.recordingFailedTitle, t.recordingFailed('too-short'));
        return null;
      }
      // Longer than the time left in its space while processing would start on upload: kept
      // until the person picks a space (or tops up), instead of a processing the balance refuses.
      const left = await timeLeft(bg, next);
      if (outgrowsBalance(next.durationMs ?? 0, left, (await getSettings()).autoProcess)) {
        const kept = await apply(
          { type: 'fail', failure: { kind: 'over-balance', availableSeconds: left ?? 0, size: event.size } },
          bg,
        );
        await setBadge(bg, kept);
        const t = backgroundTexts(await bg.lang());
        await notify(NOTICE_ID, t.recordingFailedTitle, t.recordingFailed('over-balance'));
        return null;
      }
      await upload(bg, next, event.size);
      return null;
    }
  }
}

/** A space's processing time left as the service says it now, else as last read; null: unknown. */
async function spaceTimeLeft(bg: Background, spaceId: number): Promise<number | null> {
  const spaces = await bg.spaces(0).catch(() => bg.spaces().catch(() => []));
  return spaces.find((item) => item.id === spaceId)?.availableSeconds ?? null;
}

/** The time left in the recording's space now, else as at the start. */
async function timeLeft(bg: Background, state: RecordingState): Promise<number | null> {
  const space = await bg.resolveSpace(state.spaceId ?? undefined).catch(() => null);
  return (space && (await spaceTimeLeft(bg, space.id))) ?? state.availableSeconds;
}

/** Through the one upload path, once: a job already made for this file is found, not made again. */
async function upload(bg: Background, state: RecordingState, size: number): Promise<void> {
  if (!state.fileKey || state.jobId) return;
  const existing = (await bg.jobs.list()).find((job: Job) => job.fileKey === state.fileKey);
  let job = existing;
  if (!job) {
    try {
      const space = await bg.resolveSpace(state.spaceId ?? undefined);
      const autoProcess = (await getSettings()).autoProcess;
      job = await bg.engine.createUpload(
        space.id,
        // The service names files by their type: the title ends in .webm like an uploaded file's.
        { fileKey: state.fileKey, title: `${state.title}.webm`, contentType: 'audio/webm', size },
        autoProcess,
        space.name,
      );
      void bg.scheduler.reschedule();
    } catch (error) {
      await apply(
        {
          type: 'fail',
          failure: {
            kind: 'upload-refused',
            message: error instanceof Error ? error.message : String(error),
          },
        },
        bg,
      );
      return;
    }
  }
  await apply({ type: 'upload-started', jobId: job.id }, bg);
}

/**
 * Pieces are deleted once the upload is confirmed (the service has the whole file): called when
 * the upload job changes (lib/background/recording-watch.ts) and when a page asks the status.
 */
export async function settleUpload(bg: Background): Promise<void> {
  const state = await store.getState();
  if (!state?.jobId) return;
  const job = await bg.jobs.get(state.jobId);
  const outcome = uploadOutcome(state, job);
  if (outcome === null || outcome === 'wait') return;
  if (outcome === 'failed') {
    await apply({ type: 'fail', failure: { kind: 'upload-refused', message: job?.phase ?? 'gone' } }, bg);
    return;
  }
  await store.deletePieces(state.id);
  await apply({ type: 'uploaded' }, bg);
}

/** Sign-out: the capture stops, nothing is uploaded, every piece is wiped. */
export async function wipeRecordings(): Promise<void> {
  const state = await store.getState();
  const document = theOffscreenDocument();
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

/** The context menu item and the keyboard command: record the tab they were used in. */
export async function recordFromTab(bg: Background, tab: { id?: number } | undefined): Promise<void> {
  const t = backgroundTexts(await bg.lang());
  const tabId = tab?.id ?? (await browser.tabs.query({ active: true, currentWindow: true }))[0]?.id;
  try {
    if (tabId === undefined) throw refuse('tab-gone');
    const { consent } = await startTabRecording(bg, tabId, { microphone: true });
    const message = t.recordingStartedMessage;
    await notify(NOTICE_ID, t.recordingStartedTitle, consent ? `${message} ${t.recordingConsent}` : message);
  } catch (error) {
    const info = error instanceof MessageError ? error.info : null;
    const kind = info?.kind === 'recording' ? info.reason : 'failed';
    await notify(NOTICE_ID, t.recordingNotStartedTitle, t.recordingNotStarted(kind));
  }
}

/** The keyboard shortcut of "Record this tab" as the person set it ("Alt+Shift+R"), if any. */
async function recordShortcut(): Promise<string | undefined> {
  try {
    const commands = await browser.commands.getAll();
    const shortcut = commands.find((item) => item.name === 'record-current-tab')?.shortcut;
    return shortcut ? shortcut.slice(0, 40) : undefined;
  } catch {
    return undefined;
  }
}

/** What a meeting page's control shows: whether its own tab is recorded, and for how long. */
export async function pageRecording(bg: Background, tabId: number): Promise<PageRecording> {
  const state = await store.getState();
  const capturing = state !== null && isCapturing(state);
  const own = capturing && state.tabId === tabId;
  return {
    recording: own,
    elapsedMs: own ? Math.max(0, bg.now() - state.startedAt) : 0,
    elsewhere: capturing && !own,
  };
}

/**
 * "Record here" of a meeting page's control, for the sender tab. Chrome lets an extension capture
 * a tab only after the person invoked it there (toolbar, menu, shortcut): a press on the page is
 * not one, and the refusal then carries the shortcut to name in the control's sentence.
 */
export async function recordFromPage(
  bg: Background,
  tabId: number,
  pageUrl: string,
  spaceId: number | undefined,
): Promise<PageRecording> {
  let consent: boolean | undefined;
  try {
    consent = (
      await startTabRecording(bg, tabId, {
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
      const shortcut = await recordShortcut();
      throw new MessageError({ ...error.info, ...(shortcut && { shortcut }) });
    }
    throw error;
  }
  return { ...(await pageRecording(bg, tabId)), ...(consent && { consent }) };
}

/** Stop of a meeting page's control: only the recording of the sender tab. */
export async function stopFromPage(bg: Background, tabId: number): Promise<PageRecording> {
  const state = await store.getState();
  if (state && isCapturing(state) && state.tabId === tabId) await stopTabRecording(bg, 'user');
  return pageRecording(bg, tabId);
}
