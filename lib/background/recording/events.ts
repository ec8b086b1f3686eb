/**
 * What the recording page says while it records (only the offscreen document sends these): the
 * capture started, a piece kept (the badge, the balance warnings, the silence), the tab's sound or
 * the microphone ended, the capture failed, the file assembled and on its way. And the look every
 * 2.5 s (`check`) that notices a recording page gone.
 */
import { formatDuration } from '@/lib/format/time';
import { balanceWarning } from '@/lib/recording/balance';
import { PIECE_MS } from '@/lib/recording/pieces';
import type { RecorderEvent } from '@/lib/recording/protocol';
import { silenceStep, silenceStopMinutes } from '@/lib/recording/silence';
import type { RecordingState } from '@/lib/recording/state';
import type { RecordingContext } from './context';
import { stop } from './start';
import { toUpload } from './upload';

/**
 * Long silence (lib/recording/silence.ts): "Still recording?" once, with Keep recording, 10 minutes
 * before the stop the options set (at 5 minutes of the 15-minute one), then the stop, unless the
 * person kept this silence. Silence is counted in pieces, never while the page says the call is on.
 */
async function silence(ctx: RecordingContext, state: RecordingState): Promise<void> {
  if (!state.silentPieces || state.phase !== 'recording') return;
  const stops = silenceStopMinutes(await ctx.deps.silenceStop());
  const pieceMs = (await ctx.deps.silencePieceMs?.().catch(() => undefined)) ?? PIECE_MS;
  const silentMs = state.silentPieces * pieceMs;
  const step = silenceStep(silentMs, state.silenceAsk !== undefined, stops, state.silenceKept === true);
  if (step === 'stop') {
    await stop(ctx, 'silence');
    return;
  }
  if (step !== 'ask') return;
  const heard = Math.floor(silentMs / 60_000);
  if (!(await ctx.apply({ type: 'silence-asked', heard, stops }))) return;
  ctx.deps.browser.tellTab(state.tabId);
  const [t, lang] = [await ctx.texts(), await ctx.deps.lang()];
  await ctx.notify(
    t.recordingSilenceAskTitle,
    t.recordingSilenceAsk(formatDuration(heard * 60, lang), formatDuration(stops * 60, lang)),
    [t.recordingKeep],
  );
}

/** "Keep recording": the silence going on now does not stop the recording; its page is told. */
export async function keep(ctx: RecordingContext): Promise<RecordingState | null> {
  const kept = await ctx.apply({ type: 'keep' });
  if (kept) ctx.deps.browser.tellTab(kept.tabId);
  return kept;
}

async function warn(ctx: RecordingContext, state: RecordingState): Promise<void> {
  const due = balanceWarning(state.recordedMs, state.availableSeconds, state.warned);
  if (due === null) return;
  await ctx.apply({ type: 'warned', percent: due });
  const t = await ctx.texts();
  await ctx.notify(t.recordingBalanceTitle(due), t.recordingBalanceMessage(due));
}

export async function event(ctx: RecordingContext, id: string, event: RecorderEvent): Promise<null> {
  const { store, offscreen: document } = ctx.deps;
  const state = await store.getState();
  if (!state || state.id !== id) {
    // The file of a recording that is gone (wiped by a sign-out while it was being made): no
    // recording owns it any more.
    const aside = (await store.getKept()).some((item) => item.id === id);
    if (event.type === 'assembled' && event.fileKey && !aside)
      await ctx.deps.jobs.files.deleteFile(event.fileKey).catch(() => undefined);
    return null;
  }
  switch (event.type) {
    case 'started': {
      const next = await ctx.apply({ type: 'started', microphone: event.microphone });
      await ctx.setBadge(next);
      return null;
    }
    case 'piece': {
      const next = await ctx.apply({
        type: 'piece',
        bytes: event.bytes,
        recordedMs: event.recordedMs,
        index: event.index,
        ...(event.audible !== undefined && { audible: event.audible }),
      });
      if (next) {
        await ctx.setBadge(next);
        await warn(ctx, next);
        await silence(ctx, next);
      }
      return null;
    }
    case 'released': {
      // Every piece is written: the silence cut is decided now, once, and kept with the recording
      // (a file made again is cut the same); the service charges by duration.
      const next = await ctx.apply({
        type: 'released',
        pieces: event.pieces,
        ...(event.lastAudible !== undefined && { lastAudible: event.lastAudible }),
      });
      if (!next) return null;
      const kept = next.keep ?? undefined;
      await document?.use(() => ctx.ask({ op: 'assemble', id, ...(kept !== undefined && { keep: kept }) }));
      if (kept !== undefined && kept < event.pieces) {
        const t = await ctx.texts();
        const cut = Math.round(((event.pieces - kept) * PIECE_MS) / 1000);
        await ctx.notify(
          t.recordingSilenceCutTitle,
          t.recordingSilenceCut(formatDuration(cut, await ctx.deps.lang())),
        );
      }
      return null;
    }
    case 'capture-ended': {
      // The tab's sound ended by itself (the tab's capture taken over, the tab gone): what was
      // recorded is kept and uploaded, and the person told.
      const stopped = await stop(ctx, 'capture-ended');
      if (stopped?.stopReason === 'capture-ended') await ctx.told('recordingTabEnded');
      return null;
    }
    case 'microphone-ended': {
      const next = await ctx.apply({ type: 'microphone-lost' });
      if (next) {
        ctx.deps.browser.tellTab(next.tabId);
        await ctx.told('recordingMicLost');
      }
      return null;
    }
    case 'failed': {
      const next = await ctx.apply({ type: 'fail', failure: event.failure });
      await ctx.setBadge(next);
      const t = await ctx.texts();
      await ctx.notify(t.recordingFailedTitle, t.recordingFailed(event.failure.kind));
      await document?.use(async () => undefined);
      return null;
    }
    case 'assembled': {
      const next = await ctx.apply({
        type: 'assembled',
        fileKey: event.fileKey,
        durationMs: event.durationMs,
        size: event.size,
        ...(event.cuts && { cuts: event.cuts }),
      });
      await document?.use(async () => undefined);
      await ctx.setBadge(next);
      if (!next) return null;
      if (next.phase === 'failed') {
        // Under a second: nothing worth a charge.
        await store.deletePieces(id);
        if (event.fileKey) await ctx.deps.jobs.files.deleteFile(event.fileKey);
        const t = await ctx.texts();
        await ctx.notify(t.recordingFailedTitle, t.recordingFailed('too-short'));
        return null;
      }
      // The time the computer stood still was taken out of the file: said, as the silence cut is.
      if (event.closedMs !== undefined && event.closedMs >= 1_000) {
        const lang = await ctx.deps.lang();
        const t = await ctx.texts();
        await ctx.notify(
          t.recordingSleepCutTitle,
          t.recordingSleepCut(formatDuration(Math.round(event.closedMs / 1000), lang)),
        );
      }
      // Made while its account is signed out (the service ended the session mid-recording): it
      // waits for that account's next sign-in, and says so.
      if (!(await ctx.isMine(next))) await ctx.told('recordingWaitsForSignIn');
      await toUpload(ctx, next, event.size);
      return null;
    }
  }
}

/**
 * While a recording runs (every 2.5 s, ./watch.ts): a recording page that no longer holds the
 * capture at two looks in a row (a renderer crash, the extension reloaded) ends the recording as
 * failed ("page gone"), its pieces kept and offered, and the page control and a notification say so.
 */
export async function check(ctx: RecordingContext): Promise<void> {
  const state = await ctx.deps.store.getState();
  if (state?.phase !== 'recording' || !ctx.deps.offscreen) return;
  // Two looks in a row (5 s) before it is called gone: one unanswered look is not a death.
  if ((await ctx.lookAt(state)).kind !== 'offer') {
    ctx.missedLooks = 0;
    return;
  }
  ctx.missedLooks += 1;
  if (ctx.missedLooks < 2) return;
  ctx.missedLooks = 0;
  const failed = await ctx.apply({ type: 'fail', failure: { kind: 'page-gone' } });
  if (!failed) return;
  await ctx.setBadge(failed);
  ctx.deps.browser.tellTab(state.tabId);
  await ctx.told('recordingPageGone');
}
