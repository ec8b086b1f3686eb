/**
 * A recording's start and stop. The start runs during the person's invocation (popup, side panel,
 * menu, shortcut, a meeting page's control): one at a time, refused with its reason (not signed
 * in, already recording or uploading, the tab gone or not a web page, not the failed bot's
 * meeting, the capture refused), the tab's stream handed to the recording page. The stop asks the
 * page to release the capture; the file is made once every piece is written (./events.ts), and a
 * stop for silence cuts the silence at the end then (the service charges by duration).
 */
import { detectMeeting, parseMeetingLink } from '@/lib/meetings';
import type { RecorderAnswer } from '@/lib/recording/protocol';
import {
  isCapturing,
  isFinished,
  newRecording,
  type RecordingState,
  type StopReason,
} from '@/lib/recording/state';
import { recordingTitle } from '@/lib/recording/title';
import { type RecordingContext, refuse } from './context';
import { clearTheWay, keptView } from './kept';
import type { RecordingView, StartOptions } from './types';
import { current, spaceTimeLeft } from './upload';

/** Whether `url` (a tab's) shows the meeting of `link` (a failed bot's). */
function sameMeeting(link: string, url: string | undefined): boolean {
  const wanted = parseMeetingLink(link);
  const shown = url ? parseMeetingLink(url) : null;
  return wanted !== null && shown !== null && wanted.service === shown.service && wanted.id === shown.id;
}

export async function start(
  ctx: RecordingContext,
  tabId: number,
  options: StartOptions,
): Promise<RecordingView> {
  // Checked and taken before the first await: nothing else runs in between.
  if (ctx.startUnderWay) throw refuse('already-starting');
  ctx.startUnderWay = true;
  try {
    return await startNow(ctx, tabId, options);
  } finally {
    ctx.startUnderWay = false;
  }
}

async function startNow(ctx: RecordingContext, tabId: number, options: StartOptions): Promise<RecordingView> {
  const { deps } = ctx;
  const { now, store, offscreen: document, browser: tabs } = deps;
  if (!document) throw refuse('unsupported');
  if (!(await deps.session.store.get())) throw refuse('signed-out');
  const present = await current(ctx);
  if (present && !isFinished(present)) {
    const decision = await ctx.lookAt(present);
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
  const availableSeconds = await spaceTimeLeft(ctx, space.id);
  const lang = await deps.lang();
  const meeting = pageUrl ? detectMeeting(pageUrl) : null;
  const id = crypto.randomUUID();
  const owner = await deps.owner();
  const state = newRecording(
    {
      id,
      tabId,
      ...(owner && { owner }),
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
  await clearTheWay(ctx);
  if (owner) await store.setOwner(owner);
  await store.deletePieces(id);
  ctx.startingHere = id;
  let answer: RecorderAnswer | null;
  try {
    await store.setState(state);
    answer = await document.use(() => ctx.ask({ op: 'start', id, streamId, microphone: options.microphone }));
  } finally {
    ctx.startingHere = null;
  }
  if (!answer?.ok) {
    const failed = await ctx.apply({
      type: 'fail',
      failure: { kind: 'capture-refused', message: answer?.message ?? 'no answer' },
    });
    await document.use(async () => undefined);
    await ctx.setBadge(failed);
    throw refuse('capture-refused', answer?.message ?? 'the recording page did not answer');
  }
  const started = await store.getState();
  await ctx.setBadge(started);
  if (started)
    await deps.started?.(started, pageUrl).catch((error) => console.error('attendees not kept', error));
  tabs.tellTab(tabId);
  const consent = await deps.firstRecording();
  return {
    supported: true,
    state: started,
    offer: null,
    kept: await keptView(ctx),
    now: now(),
    ...(consent && { consent }),
  };
}

export async function stop(ctx: RecordingContext, reason: StopReason): Promise<RecordingState | null> {
  const { store, offscreen: document } = ctx.deps;
  const state = await store.getState();
  if (!state || !isCapturing(state)) return state;
  const stopping = await ctx.apply({ type: 'stop', reason });
  await ctx.setBadge(stopping);
  ctx.deps.browser.tellTab(state.tabId);
  // The page writes its last piece and says so (`released`): the file is made then (./events.ts).
  if (document) await document.use(() => ctx.ask({ op: 'stop', id: state.id }));
  return stopping;
}
