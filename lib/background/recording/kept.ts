/**
 * The recordings kept: what the popup and the side panel are shown (the current recording, one
 * offered again, the ones set aside), "Upload what was recorded" and "Discard" of any of them, a
 * kept one set aside (never replaced) by the next start, and what the session's end does to them.
 */

import { atStart } from '@/lib/recording/recovery';
import { holdsRecordingPage, isCapturing, isFinished, type RecordingState } from '@/lib/recording/state';
import { ownerEmail } from '@/lib/recording/view';
import { type RecordingContext, refuse } from './context';
import { sweepFiles } from './files';
import type { RecordingView } from './types';
import { current, upload } from './upload';

/**
 * The current recording, its upload settled, and whether it is offered (its page gone, or failed
 * with pieces), whoever it belongs to; one with nothing left is cleared.
 */
async function looked(
  ctx: RecordingContext,
): Promise<{ state: RecordingState | null; offer: RecordingView['offer'] }> {
  const { store } = ctx.deps;
  const state = await current(ctx);
  let offer: RecordingView['offer'] = null;
  if (state && !isFinished(state) && state.phase !== 'uploading') {
    const decision = await ctx.lookAt(state);
    if (decision.kind === 'offer') offer = { recordedMs: decision.recordedMs, title: state.title };
    if (decision.kind === 'clear') await store.setState(null);
  } else if (state?.phase === 'failed') {
    const decision = atStart(state, false, (await store.count(state.id)).recordedMs, false);
    if (decision.kind === 'offer') offer = { recordedMs: decision.recordedMs, title: state.title };
  }
  return { state: await store.getState(), offer };
}

/**
 * What the popup and the side panel show: only the signed-in account's recordings (another
 * account's are kept for it, unseen). Nobody signed in: the recordings as they are, and the email
 * of the account they wait for (`waitsFor`), for the note above the sign-in form.
 */
export async function view(ctx: RecordingContext): Promise<RecordingView> {
  const { store, offscreen, now } = ctx.deps;
  const { state, offer } = await looked(ctx);
  const signedIn = await ctx.deps.owner();
  const shown = state && (signedIn === null || (await ctx.isMine(state))) ? state : null;
  const kept = await keptView(ctx);
  const waiting = shown ?? (kept.length > 0 ? (await store.getKept())[0] : undefined);
  const waitsFor = waiting && signedIn === null ? ownerEmail((await ctx.ownerOf(waiting)) ?? '') : undefined;
  return {
    supported: offscreen !== null,
    state: shown,
    offer: shown ? offer : null,
    kept,
    now: now(),
    ...(waitsFor !== undefined && { waitsFor }),
  };
}

/** Whether `item` is shown to whoever is signed in now (nobody: the note before the sign-in). */
async function shownNow(ctx: RecordingContext, item: RecordingState): Promise<boolean> {
  return (await ctx.deps.owner()) === null || ctx.isMine(item);
}

/** The recordings set aside for the account signed in, newest first, with the time their pieces cover. */
export async function keptView(ctx: RecordingContext): Promise<RecordingView['kept']> {
  const { store } = ctx.deps;
  const kept: RecordingState[] = [];
  for (const item of await store.getKept()) if (await shownNow(ctx, item)) kept.push(item);
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
async function setAside(ctx: RecordingContext, state: RecordingState): Promise<void> {
  const { store, now } = ctx.deps;
  const kept = (await store.getKept()).filter((item) => item.id !== state.id);
  await store.setKept([...kept, { ...state, phase: 'failed', updatedAt: now() }]);
  await store.setState(null);
}

/**
 * Whether the current recording is in the way of another: running or uploading refuses with
 * the reason; one only kept (its page gone, failed with pieces) is set aside; one with nothing
 * left is cleared.
 */
export async function clearTheWay(ctx: RecordingContext): Promise<void> {
  const state = await current(ctx);
  if (!state) return;
  const decision = await ctx.lookAt(state);
  if (decision.kind === 'running') throw refuse('already-recording');
  if (decision.kind === 'uploading') throw refuse('still-uploading');
  if (decision.kind === 'offer') await setAside(ctx, state);
  else await ctx.deps.store.setState(null);
}

/** Deletes the file made of a recording that no upload job took. */
async function dropFile(ctx: RecordingContext, state: RecordingState): Promise<void> {
  if (state.fileKey && !state.jobId)
    await ctx.deps.jobs.files.deleteFile(state.fileKey).catch(() => undefined);
}

export async function recover(
  ctx: RecordingContext,
  action: 'upload' | 'discard',
  spaceId?: number,
  id?: string,
): Promise<RecordingView> {
  const { store, offscreen: document } = ctx.deps;
  const present = await store.getState();
  const aside =
    id !== undefined && id !== present?.id ? (await store.getKept()).find((item) => item.id === id) : null;
  if (id !== undefined && id !== present?.id && !aside) return view(ctx);
  // Only its own account uploads or discards a recording: another one signed in is refused.
  const target = aside ?? present;
  if (target && !(await shownNow(ctx, target))) throw refuse('another-account');
  if (aside && action === 'discard') {
    await store.deletePieces(aside.id);
    await dropFile(ctx, aside);
    await store.setKept((await store.getKept()).filter((item) => item.id !== aside.id));
    return view(ctx);
  }
  if (aside) {
    // One recording at a time goes through the recording page: the kept one becomes the current.
    await clearTheWay(ctx);
    await store.setKept((await store.getKept()).filter((item) => item.id !== aside.id));
    await store.setState(aside);
  }
  const state = await store.getState();
  if (!state) return view(ctx);
  if (action === 'discard') {
    if (document && (await ctx.pageHolds()) === state.id)
      await document.use(() => ctx.ask({ op: 'discard', id: state.id }));
    await store.deletePieces(state.id);
    await dropFile(ctx, state);
    await store.setState(null);
    await ctx.setBadge(null);
    return view(ctx);
  }
  // A file kept for its balance: to the space chosen now (the same one after a top-up), as it is.
  if (state.failure?.kind === 'over-balance') {
    const size = state.failure.size;
    const next = await ctx.apply({
      type: 'upload-to',
      spaceId: spaceId ?? state.spaceId ?? (await ctx.deps.spaces.resolve()).id,
    });
    if (next) await upload(ctx, next, size);
    return view(ctx);
  }
  if (!document) throw refuse('unsupported');
  // A failed or orphaned recording goes back to "stopping" and its pieces are made into a file,
  // a new one: a file made before that no job took (a refused upload start) goes first.
  await dropFile(ctx, state);
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
  // Cut as decided at its stop: a retried upload never carries (nor is charged for) the silence.
  const keep = state.keep ?? undefined;
  await document.use(() => ctx.ask({ op: 'assemble', id: state.id, ...(keep !== undefined && { keep }) }));
  return view(ctx);
}

/**
 * The capture stops, or the file being made is dropped (its page discards either), nothing is
 * uploaded, every piece is wiped, and no file is left that no recording owns.
 */
async function wipe(ctx: RecordingContext): Promise<void> {
  const { store, offscreen: document } = ctx.deps;
  const state = await store.getState();
  if (state && holdsRecordingPage(state) && document) {
    await store.setState({
      ...state,
      phase: 'failed',
      failure: { kind: 'upload-refused', message: 'signed-out' },
    });
    await document.use(() => ctx.ask({ op: 'discard', id: state.id }));
  }
  await store.wipe();
  await sweepFiles(ctx);
}

export async function forget(
  ctx: RecordingContext,
  how: 'signed-out' | 'ended' = 'signed-out',
): Promise<void> {
  if (how === 'ended') {
    // The meeting goes on whatever the service's session does: the capture goes on, and what it
    // makes waits for the same account's next sign-in (./upload.ts). Said, so nobody is surprised.
    const state = await ctx.deps.store.getState();
    if (state && isCapturing(state)) await ctx.told('recordingSessionEnded');
    return;
  }
  await wipe(ctx);
}

/**
 * How many recordings of another account `owner` signing in would delete: the current one while it
 * records, is being finished, waits to be uploaded or is uploading (its pieces stay until the
 * upload is confirmed), or is offered; and each one set aside. Recordings of an unknown owner (kept
 * by an older version) are anyone's. `owner` null (another service's address): every one.
 */
export async function keptFor(ctx: RecordingContext, owner: string | null): Promise<number> {
  const another = async (item: RecordingState) => {
    if (owner === null) return true;
    const of = await ctx.ownerOf(item);
    return of !== null && of !== owner;
  };
  const { state, offer } = await looked(ctx);
  const current =
    state && (offer || holdsRecordingPage(state) || state.phase === 'uploading') && (await another(state));
  let aside = 0;
  for (const item of await ctx.deps.store.getKept()) if (await another(item)) aside += 1;
  return (current ? 1 : 0) + aside;
}
