/**
 * The recorded tab and its page: the tab closing, leaving its meeting or saying its call ended
 * stops the recording (lib/recording/meeting-end.ts); the menu item and the shortcut record the tab
 * they were used in; a meeting page's control starts, stops and shows the recording of its own
 * tab, and is told for a while how it broke.
 */
import { describeError } from '@/lib/failures';
import type { PageRecording } from '@/lib/messaging';
import { meetingRoute } from '@/lib/recording/meeting-end';
import { isCapturing, type RecordingState } from '@/lib/recording/state';
import { MessageError } from '../handler-types';
import { type RecordingContext, refuse } from './context';
import { keep } from './events';
import { start, stop } from './start';

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

export async function tabChanged(ctx: RecordingContext, tabId: number, gone: boolean): Promise<void> {
  const mark = ctx.witness.mark();
  const state = await ctx.deps.store.getState();
  if (!state || state.tabId !== tabId || !isCapturing(state)) return;
  if (gone) {
    await stop(ctx, 'tab-closed');
    return;
  }
  const tab = await ctx.deps.browser.tab(tabId).catch(() => null);
  if (tab?.url) return meetingEnded(ctx, tabId, tab.url, true);
  // Unreadable: another site or origin (activeTab ends there), or a capture Chrome allowed without
  // an invocation on this tab. The tab's own meeting page says what it shows once it has loaded
  // (`pageShows`, from its control), waited for as long as the tab loads; without a word from it,
  // the tab left the page.
  const loading = async () => (await ctx.deps.browser.tab(tabId).catch(() => null))?.status === 'loading';
  if (state.meeting && (await ctx.witness.stillShows(tabId, state.meeting, mark, loading))) return;
  await stop(ctx, 'left-page');
}

export async function pageShows(ctx: RecordingContext, tabId: number, url: string): Promise<void> {
  ctx.witness.said(tabId, url);
  await meetingEnded(ctx, tabId, url, true);
}

export async function meetingEnded(
  ctx: RecordingContext,
  tabId: number,
  url: string,
  moved = false,
): Promise<void> {
  const state = await ctx.deps.store.getState();
  if (!state?.meeting || state.tabId !== tabId || !isCapturing(state)) return;
  // Moved: ends once the tab's address is no longer the meeting. Said by the page: only the
  // recorded meeting's own page ends it.
  const route = meetingRoute(state.meeting, url);
  if (!moved) {
    if (route.kind !== 'same') return;
  } else if (route.kind === 'unknown') {
    // An address the service's file does not know: the recording goes on, and the tab's page is
    // asked to say what it shows (its control and its call state answer).
    ctx.deps.browser.tellTab(tabId);
    return;
  } else if (route.kind === 'same') {
    // On the way in a personal link or an event becomes its meeting: followed from here on.
    if (route.meeting.id !== state.meeting.id) await ctx.apply({ type: 'meeting', meeting: route.meeting });
    return;
  }
  if ((await stop(ctx, 'meeting-ended'))?.stopReason === 'meeting-ended')
    await ctx.told('recordingMeetingEnded');
}

export async function fromTab(ctx: RecordingContext, tab: { id?: number } | undefined): Promise<void> {
  const t = await ctx.texts();
  const tabId = tab?.id ?? (await ctx.deps.browser.activeTab());
  try {
    if (tabId === undefined) throw refuse('tab-gone');
    const { consent } = await start(ctx, tabId, { microphone: true });
    const message = t.recordingStartedMessage;
    await ctx.notify(t.recordingStartedTitle, consent ? `${message} ${t.recordingConsent}` : message);
  } catch (error) {
    const info = error instanceof MessageError ? error.info : null;
    const refusal =
      info?.kind === 'recording' ? info : ({ kind: 'recording', reason: 'capture-refused' } as const);
    await ctx.notify(t.recordingNotStartedTitle, describeError(refusal, await ctx.deps.lang()));
  }
}

export async function onPage(ctx: RecordingContext, tabId: number): Promise<PageRecording> {
  const { store, now } = ctx.deps;
  const state = await store.getState();
  const capturing = state !== null && isCapturing(state);
  const own = capturing && state.tabId === tabId;
  const how = state?.tabId === tabId ? brokeHow(state, now()) : null;
  const asking = own && state.phase === 'recording' && !state.silenceKept ? state.silenceAsk : undefined;
  return {
    recording: own,
    elapsedMs: own ? Math.max(0, now() - state.startedAt) : 0,
    elsewhere: capturing && !own,
    ...(how && { broke: how }),
    ...(asking && { silence: asking }),
  };
}

/**
 * Chrome lets an extension capture a tab only after the person invoked it there (toolbar, menu,
 * shortcut): a press on the page is not one, and the refusal then carries the shortcut to name
 * in the control's sentence.
 */
export async function fromPage(
  ctx: RecordingContext,
  tabId: number,
  pageUrl: string,
  spaceId: number | undefined,
): Promise<PageRecording> {
  let consent: boolean | undefined;
  try {
    consent = (
      await start(ctx, tabId, {
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
      const shortcut = await ctx.deps.browser.shortcut();
      throw new MessageError({ ...error.info, ...(shortcut && { shortcut }) });
    }
    throw error;
  }
  return { ...(await onPage(ctx, tabId)), ...(consent && { consent }) };
}

/** "Keep recording" of a meeting page's control: the sender tab's own recording only. */
export async function keepFromPage(ctx: RecordingContext, tabId: number): Promise<PageRecording> {
  const state = await ctx.deps.store.getState();
  if (state && isCapturing(state) && state.tabId === tabId) await keep(ctx);
  return onPage(ctx, tabId);
}

/**
 * The meeting page of `tabId` says whether its call is on: kept with a recording of that tab and
 * of the meeting that page shows (never from another tab or another meeting's page).
 */
export async function callState(
  ctx: RecordingContext,
  tabId: number,
  url: string,
  inCall: boolean,
): Promise<void> {
  const state = await ctx.deps.store.getState();
  if (!state?.meeting || state.tabId !== tabId || !isCapturing(state)) return;
  if (meetingRoute(state.meeting, url).kind !== 'same') return;
  await ctx.apply({ type: 'call', on: inCall });
}

export async function stopFromPage(ctx: RecordingContext, tabId: number): Promise<PageRecording> {
  const state = await ctx.deps.store.getState();
  if (state && isCapturing(state) && state.tabId === tabId) await stop(ctx, 'user');
  return onPage(ctx, tabId);
}
