import { describe, expect, it } from 'vitest';
import { memoryKeyValue } from '@/lib/kv';
import { balanceWarning, outgrowsBalance } from './balance';
import { isQuotaError, PIECE_MS, pieceKey, pieceRefusal, playablePieces } from './pieces';
import { atStart } from './recovery';
import { newRecording, type RecordingState, transition, uploadOutcome } from './state';
import { createRecordingStore } from './store';
import { recordingTitle } from './title';

const T0 = Date.UTC(2026, 10, 25, 10, 0, 0);
const fresh = () =>
  newRecording({ id: 'r1', tabId: 7, title: 'Weekly', spaceId: null, availableSeconds: 600 }, T0);

function run(state: RecordingState, ...events: Parameters<typeof transition>[1][]): RecordingState {
  let current = state;
  for (const event of events) current = transition(current, event, T0 + 1) ?? current;
  return current;
}

describe('recording state machine', () => {
  it('walks starting → recording → stopping → uploading → done', () => {
    const done = run(
      fresh(),
      { type: 'started', microphone: 'refused' },
      { type: 'piece', bytes: 100, recordedMs: 5_000 },
      { type: 'piece', bytes: 50, recordedMs: 10_000 },
      { type: 'stop', reason: 'user' },
      { type: 'piece', bytes: 10, recordedMs: 12_000 },
      { type: 'assembled', fileKey: 'f1', durationMs: 12_000 },
      { type: 'upload-started', jobId: 'j1' },
      { type: 'uploaded' },
    );
    expect(done).toMatchObject({
      phase: 'done',
      microphone: 'refused',
      pieces: 3,
      bytes: 160,
      recordedMs: 12_000,
      stopReason: 'user',
      fileKey: 'f1',
      jobId: 'j1',
    });
  });

  it('counts silence in pieces heard, not by the page’s clock: the piece after a sleep is one piece', () => {
    const recording = run(fresh(), { type: 'started', microphone: 'off' });
    const talk = run(recording, { type: 'piece', bytes: 1, recordedMs: 5_000, index: 0, audible: true });
    // The computer slept 40 minutes: the next piece's time jumped by them.
    const slept = run(
      talk,
      { type: 'piece', bytes: 1, recordedMs: 10_000, index: 1, audible: false },
      { type: 'piece', bytes: 1, recordedMs: 40 * 60_000 + 15_000, index: 2, audible: false },
    );
    expect(slept).toMatchObject({ silentPieces: 2, lastAudible: 0 });
    // A sound ends the silence, its question and the person's keep.
    const asked = run(slept, { type: 'silence-asked', heard: 5, stops: 15 }, { type: 'keep' });
    expect(asked).toMatchObject({ silenceAsk: { heard: 5, stops: 15 }, silenceKept: true });
    expect(
      run(asked, { type: 'piece', bytes: 1, recordedMs: 40 * 60_000 + 20_000, index: 3, audible: true }),
    ).toMatchObject({
      silentPieces: 0,
      silenceAsk: undefined,
      silenceKept: false,
      lastAudible: 3,
    });
  });

  it('does not count silence while the meeting’s page says the call is on; keeps only a silence it asked about', () => {
    const recording = run(fresh(), { type: 'started', microphone: 'off' });
    const inCall = run(
      recording,
      { type: 'call', on: true },
      { type: 'piece', bytes: 1, recordedMs: 5_000, index: 0, audible: false },
      { type: 'piece', bytes: 1, recordedMs: 10_000, index: 1, audible: false },
    );
    expect(inCall).toMatchObject({ callOn: true, silentPieces: 0, lastAudible: -1 });
    const off = run(
      inCall,
      { type: 'call', on: false },
      { type: 'piece', bytes: 1, recordedMs: 15_000, index: 2, audible: false },
    );
    expect(off).toMatchObject({ callOn: false, silentPieces: 1 });
    // Nothing asked: nothing to keep.
    expect(transition(off, { type: 'keep' }, T0)).toBeNull();
    const stopping = run(off, { type: 'stop', reason: 'user' });
    expect(transition(stopping, { type: 'call', on: true }, T0)).toBeNull();
  });

  it('ignores a second stop, a late start, pieces after the file is made, a second upload', () => {
    const stopping = run(fresh(), { type: 'started', microphone: 'off' }, { type: 'stop', reason: 'user' });
    expect(transition(stopping, { type: 'stop', reason: 'tab-closed' }, T0)).toBeNull();
    expect(transition(stopping, { type: 'started', microphone: 'recorded' }, T0)).toBeNull();
    const uploading = run(stopping, { type: 'assembled', fileKey: 'f', durationMs: 5_000 });
    expect(transition(uploading, { type: 'piece', bytes: 1, recordedMs: 1 }, T0)).toBeNull();
    const withJob = run(uploading, { type: 'upload-started', jobId: 'a' });
    expect(transition(withJob, { type: 'upload-started', jobId: 'b' }, T0)).toBeNull();
    expect(transition(uploading, { type: 'uploaded' }, T0)).toBeNull();
  });

  it('fails a recording under one second instead of uploading it', () => {
    const short = run(
      fresh(),
      { type: 'started', microphone: 'off' },
      { type: 'stop', reason: 'tab-closed' },
      { type: 'assembled', fileKey: 'f', durationMs: 400 },
    );
    expect(short).toMatchObject({ phase: 'failed', failure: { kind: 'too-short', recordedMs: 400 } });
    expect(short.jobId).toBeUndefined();
  });

  it('fails once, and a finished recording does not fail again', () => {
    const failed = run(fresh(), { type: 'fail', failure: { kind: 'capture-refused', message: 'no' } });
    expect(failed.phase).toBe('failed');
    expect(transition(failed, { type: 'fail', failure: { kind: 'storage-full' } }, T0)).toBeNull();
    expect(transition(failed, { type: 'piece', bytes: 1, recordedMs: 1 }, T0)).toBeNull();
  });

  it('refuses a piece of a negative or unknown size', () => {
    const recording = run(fresh(), { type: 'started', microphone: 'off' });
    expect(transition(recording, { type: 'piece', bytes: -1, recordedMs: 1 }, T0)).toBeNull();
    expect(transition(recording, { type: 'piece', bytes: Number.NaN, recordedMs: 1 }, T0)).toBeNull();
  });
});

describe('pieces', () => {
  it('keys sort in recording order (10 after 2), per recording', () => {
    const keys = [pieceKey('a', 10), pieceKey('a', 2), pieceKey('a', 0), pieceKey('a', 1), pieceKey('b', 3)];
    expect(playablePieces('a', keys)).toEqual([pieceKey('a', 0), pieceKey('a', 1), pieceKey('a', 2)]);
  });

  it('stops at the first gap and at a missing first piece', () => {
    expect(playablePieces('a', [pieceKey('a', 1), pieceKey('a', 2)])).toEqual([]);
  });

  it('bounds a recording by piece size, total size and length', () => {
    expect(pieceRefusal({ bytes: 0, recordedMs: 0 }, 30_000)).toBeNull();
    expect(pieceRefusal({ bytes: 0, recordedMs: 0 }, 9 * 1024 * 1024)).toBe('bad-piece');
    expect(pieceRefusal({ bytes: 0, recordedMs: 0 }, Number.NaN)).toBe('bad-piece');
    expect(pieceRefusal({ bytes: 512 * 1024 * 1024, recordedMs: 0 }, 1)).toBe('too-large');
    expect(pieceRefusal({ bytes: 0, recordedMs: 4 * 3_600_000 }, 1)).toBe('too-long');
  });

  it('tells a full storage from other errors', () => {
    expect(isQuotaError(new DOMException('full', 'QuotaExceededError'))).toBe(true);
    expect(isQuotaError(new Error('Transaction aborted: quota exceeded'))).toBe(true);
    expect(isQuotaError(new Error('Version change'))).toBe(false);
  });

  it('the store keeps pieces per recording, deletes them after the upload and wipes at sign-out', async () => {
    const store = createRecordingStore(memoryKeyValue());
    await store.setState(fresh());
    for (const index of [0, 1, 2]) await store.putPiece('r1', index, new Blob([`p${index}`]));
    await store.putPiece('old', 0, new Blob(['x']));
    expect(await store.count('r1')).toEqual({ pieces: 3, recordedMs: 3 * PIECE_MS });
    expect(await new Blob(await store.pieces('r1')).text()).toBe('p0p1p2');
    await store.deletePieces('r1');
    expect(await store.count('r1')).toEqual({ pieces: 0, recordedMs: 0 });
    expect(await store.count('old')).toEqual({ pieces: 1, recordedMs: PIECE_MS });
    await store.wipe();
    expect(await store.count('old')).toEqual({ pieces: 0, recordedMs: 0 });
    expect(await store.getState()).toBeNull();
  });
});

describe('title', () => {
  const at = new Date(2026, 10, 25, 9, 5);
  it('names the meeting and the date', () => {
    const page = {
      url: 'https://meet.google.com/abc-defg-hij',
      meeting: { service: 'google_meet', id: 'abc-defg-hij' },
    };
    expect(recordingTitle(page, at, 'en')).toBe('Google Meet abc-defg-hij — 2026-11-25 09:05');
  });
  it('names the page, its host without a title, and cleans and bounds a hostile title', () => {
    expect(recordingTitle({ url: 'https://webex.com/x', title: ' Sales\n call ' }, at, 'en')).toBe(
      'Sales call — 2026-11-25 09:05',
    );
    expect(recordingTitle({ url: 'https://teams.live.com/x' }, at, 'ru')).toBe(
      'teams.live.com — 2026-11-25 09:05',
    );
    expect(recordingTitle({ url: 'bad' }, at, 'ru')).toBe('Запись вкладки — 2026-11-25 09:05');
    const long = recordingTitle({ url: 'https://x.com', title: `\u202e${'a'.repeat(500)}` }, at, 'en');
    expect(long.length).toBeLessThanOrEqual(120);
    expect(long).not.toContain('\u202e');
  });
});

describe('balance warnings', () => {
  it('warns at 80 % and at 100 %, each once', () => {
    expect(balanceWarning(470_000, 600, 0)).toBeNull();
    expect(balanceWarning(480_000, 600, 0)).toBe(80);
    expect(balanceWarning(500_000, 600, 80)).toBeNull();
    expect(balanceWarning(600_000, 600, 80)).toBe(100);
    expect(balanceWarning(900_000, 600, 100)).toBeNull();
    // Past both at once (a worker that slept): the larger one.
    expect(balanceWarning(700_000, 600, 0)).toBe(100);
  });
  it('warns at once with no time left, and never when the balance is unknown', () => {
    expect(balanceWarning(0, 0, 0)).toBe(100);
    expect(balanceWarning(9_999_999, null, 0)).toBeNull();
  });
});

describe('a recording longer than its space’s time left', () => {
  it('holds its upload only when processing would start on upload and the balance is known', () => {
    expect(outgrowsBalance(16_000, 12, true)).toBe(true);
    expect(outgrowsBalance(12_000, 12, true)).toBe(false);
    expect(outgrowsBalance(11_200, 11, true)).toBe(true); // charged by the started second
    expect(outgrowsBalance(16_000, 12, false)).toBe(false);
    expect(outgrowsBalance(16_000, null, true)).toBe(false);
    expect(outgrowsBalance(1_000, 0, true)).toBe(true);
  });

  it('kept (offered, its file and pieces kept), then uploaded to the space chosen, once', () => {
    const assembled = run(
      fresh(),
      { type: 'started', microphone: 'off' },
      { type: 'piece', bytes: 100, recordedMs: 16_000 },
      { type: 'stop', reason: 'user' },
      { type: 'assembled', fileKey: 'f', durationMs: 16_000 },
    );
    const kept = run(assembled, {
      type: 'fail',
      failure: { kind: 'over-balance', availableSeconds: 12, size: 100 },
    });
    expect(kept).toMatchObject({ phase: 'failed', fileKey: 'f', durationMs: 16_000 });
    expect(atStart(kept, false, 16_000, false)).toMatchObject({ kind: 'offer', recordedMs: 16_000 });
    const chosen = transition(kept, { type: 'upload-to', spaceId: 2 }, T0 + 2);
    expect(chosen).toMatchObject({ phase: 'uploading', spaceId: 2, fileKey: 'f', failure: undefined });
    const started = run(chosen!, { type: 'upload-started', jobId: 'j' });
    expect(transition(started, { type: 'upload-to', spaceId: 3 }, T0 + 3)).toBeNull();
    // Only a file kept for its balance goes this way; another failure is assembled again.
    const full = run(assembled, { type: 'fail', failure: { kind: 'storage-full' } });
    expect(transition(full, { type: 'upload-to', spaceId: 2 }, T0 + 2)).toBeNull();
  });
});

describe('an unfinished recording at start', () => {
  const recording = run(fresh(), { type: 'started', microphone: 'off' });
  it('one still starting is left alone while this background starts it or its page is handed the streams; a start nobody makes is gone at once', () => {
    const starting = fresh();
    expect(starting.phase).toBe('starting');
    // Kept before the page exists or is asked: the background starting it says so.
    expect(atStart(starting, false, 0, true).kind).toBe('running');
    // The page was asked and is being handed the tab's stream (it holds it as pending).
    expect(atStart(starting, true, 0, false).kind).toBe('running');
    // Neither: its worker died before the page was asked; nothing was recorded, nothing to offer.
    expect(atStart(starting, false, 0, false).kind).toBe('clear');
    // Only "starting" is the starter's: a recording its page stopped holding is gone at once.
    expect(atStart(recording, false, 0, true).kind).toBe('clear');
  });
  it('is left alone while its page records it', () => {
    expect(atStart(recording, true, 60_000, false).kind).toBe('running');
  });
  it('is offered with the time its pieces cover when its page is gone', () => {
    expect(atStart(recording, false, 42 * 60_000, false)).toMatchObject({
      kind: 'offer',
      recordedMs: 42 * 60_000,
    });
  });
  it('is cleared when nothing was recorded', () => {
    expect(atStart(recording, false, 0, false).kind).toBe('clear');
  });
  it('an upload under way is the upload path’s', () => {
    const uploading = run(
      recording,
      { type: 'stop', reason: 'user' },
      { type: 'assembled', fileKey: 'f', durationMs: 9_000 },
    );
    expect(atStart(uploading, false, 9_000, false).kind).toBe('uploading');
  });
  it('a failed recording with pieces (storage full) is offered, a too-short one is not', () => {
    const full = run(recording, { type: 'fail', failure: { kind: 'storage-full' } });
    expect(atStart(full, false, 5_000, false).kind).toBe('offer');
    const short = run(recording, { type: 'fail', failure: { kind: 'too-short', recordedMs: 300 } });
    expect(atStart(short, false, 5_000, false).kind).toBe('none');
    expect(atStart(null, false, 0, false).kind).toBe('none');
  });
});

describe('the upload job of a recording', () => {
  const uploading = run(
    fresh(),
    { type: 'started', microphone: 'off' },
    { type: 'stop', reason: 'user' },
    { type: 'assembled', fileKey: 'f', durationMs: 9_000 },
    { type: 'upload-started', jobId: 'j1' },
  );
  it('lets the pieces go once the job is past its upload, whatever comes after', () => {
    for (const phase of ['uploaded', 'starting', 'processing', 'ready'])
      expect(uploadOutcome(uploading, { phase }), phase).toBe('uploaded');
  });
  it('waits while the job uploads, and keeps the pieces when it failed, was cancelled or is gone (dismissed, pruned)', () => {
    expect(uploadOutcome(uploading, { phase: 'uploading' })).toBe('wait');
    expect(uploadOutcome(uploading, undefined)).toBe('failed');
    expect(uploadOutcome(uploading, { phase: 'failed' })).toBe('failed');
    expect(uploadOutcome(uploading, { phase: 'cancelled' })).toBe('failed');
  });
  it('says nothing of a recording not waiting on an upload', () => {
    expect(
      uploadOutcome(run(fresh(), { type: 'started', microphone: 'off' }), { phase: 'ready' }),
    ).toBeNull();
    expect(uploadOutcome({ ...uploading, jobId: undefined }, { phase: 'ready' })).toBeNull();
    expect(uploadOutcome(null, { phase: 'ready' })).toBeNull();
  });
  it('a failed upload lets go of the job and its file (the job deleted it), so a new upload can start', () => {
    const failed = run(uploading, { type: 'fail', failure: { kind: 'upload-refused', message: 'failed' } });
    expect(failed).toMatchObject({ phase: 'failed', failure: { kind: 'upload-refused' } });
    expect(failed.jobId).toBeUndefined();
    expect(failed.fileKey).toBeUndefined();
    const again = run(
      { ...failed, phase: 'stopping', failure: undefined },
      { type: 'assembled', fileKey: 'g', durationMs: 9_000 },
      { type: 'upload-started', jobId: 'j2' },
    );
    expect(again).toMatchObject({ phase: 'uploading', fileKey: 'g', jobId: 'j2' });
  });
});
