/**
 * The archive in the background: results read once and then served from it (offline too), ready
 * jobs kept through the engine's onResult, "Add all past meetings", speaker names, the
 * archive's end with the session, and deleted meetings leaving it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEED } from '../../emulator';
import { type KeyValueStore, memoryKeyValue } from '../kv';
import { type Background, createBackground } from './app';
import { backgroundOptions, extensionPage, notedFetch, sendAs, useEmulator } from './testing/harness';

const popup = extensionPage('viewer.html');
const R = SEED.recordings;
const S = SEED.spaces;

const emulator = useEmulator({ processingDelayMs: 1_000 });
let bg: Background;
let archiveKv: KeyValueStore;
let offline = false;
/** The background's clock runs ahead by this much (the engine polls when a check is due). */
let ahead = 0;
const requests: string[] = [];

beforeEach(() => {
  requests.length = 0;
  offline = false;
  ahead = 0;
  archiveKv = memoryKeyValue();
  bg = createBackground(
    backgroundOptions({
      archiveKv,
      now: () => Date.now() + ahead,
      fetch: notedFetch(requests, () => offline),
    }),
  );
});
afterEach(async () => {
  bg.jobs.scheduler.stop();
  await bg.jobs.engine.idle();
  await bg.archive.import.settled();
});

const send = (type: string, payload: unknown) => sendAs(bg, popup, type, payload);

const signIn = (email: string = SEED.users.demo.email, password: string = SEED.users.demo.password) =>
  send('session.signIn', { serviceUrl: emulator().url, email, password });

const resultReads = () => requests.filter((line) => line.endsWith('/result/')).length;

describe('the archive in the background', () => {
  it('a ready result is read from the service once, then from the archive, offline too', async () => {
    await signIn();
    const first = await send('recording.result', { spaceId: S.personal, audioId: R.ready });
    expect(first.ok).toBe(true);
    expect(first.data.archived.createdAt).toBeGreaterThan(0);
    expect(resultReads()).toBe(1);
    offline = true;
    const again = await send('recording.result', { spaceId: S.personal, audioId: R.ready });
    expect(again.ok).toBe(true);
    expect(again.data.result.protocol).toBe(first.data.result.protocol);
    expect(resultReads()).toBe(1);
    expect(await send('archive.summary', {})).toEqual({
      ok: true,
      data: [{ spaceId: S.personal, recordings: 1, bytes: expect.any(Number) }],
    });
  });

  it('a result that is not ready is not kept', async () => {
    await signIn();
    await send('recording.result', { spaceId: S.personal, audioId: R.uploadedNotProcessed });
    expect((await send('archive.summary', {})).data).toEqual([]);
  });

  it('a ready job hands its result to the archive through onResult', async () => {
    await signIn();
    const job = await bg.jobs.engine.createProcess(S.personal, R.uploadedNotProcessed);
    await fetch(`${emulator().url}/__emulator/clock/advance`, {
      method: 'POST',
      body: JSON.stringify({ ms: 5_000 }),
      headers: { 'content-type': 'application/json' },
    });
    for (let i = 0; i < 10 && (await bg.jobs.store.get(job.id))?.phase !== 'ready'; i += 1) {
      ahead += 60_000;
      await bg.jobs.engine.tick();
    }
    expect((await bg.jobs.store.get(job.id))?.phase).toBe('ready');
    const reads = resultReads();
    offline = true;
    const answer = await send('recording.result', { spaceId: S.personal, audioId: R.uploadedNotProcessed });
    expect(answer.data.classified).toBe(true);
    expect(resultReads()).toBe(reads);
  });

  it('speaker names given in the viewer come back with the result and reach the search catalog', async () => {
    await signIn();
    const first = await send('recording.result', { spaceId: S.personal, audioId: R.ready });
    const speakerId = Object.keys(first.data.result.speakers_map)[0] as string;
    const renamed = await send('archive.renameVoice', {
      spaceId: S.personal,
      audioId: R.ready,
      speakerId,
      name: '  Boris   Ivanov ',
    });
    expect(renamed).toEqual({ ok: true, data: { [speakerId]: 'Boris Ivanov' } });
    const again = await send('recording.result', { spaceId: S.personal, audioId: R.ready });
    expect(again.data.archived.speakerMap).toEqual({ [speakerId]: 'Boris Ivanov' });
    expect((await bg.archive.store.catalog())?.entries[`${S.personal}:${R.ready}`]?.speakers).toContain(
      'Boris Ivanov',
    );
    // A recording not in the archive cannot be renamed.
    expect(
      await send('archive.renameVoice', {
        spaceId: S.team,
        audioId: R.teamReady,
        speakerId: '1',
        name: 'X',
      }),
    ).toEqual({ ok: true, data: null });
  });

  it('signing out clears the archive, names and the search index with the session', async () => {
    await signIn();
    await send('recording.result', { spaceId: S.personal, audioId: R.ready });
    await send('archive.renameVoice', {
      spaceId: S.personal,
      audioId: R.ready,
      speakerId: '1',
      name: 'Boris',
    });
    await archiveKv.set('search-index', '{"index":"text of the meeting"}');
    expect((await archiveKv.keys()).length).toBeGreaterThan(2);
    await send('session.signOut', {});
    expect(await archiveKv.keys()).toEqual([]);
    expect((await send('archive.summary', {})).data).toEqual([]);
  });

  it('a session that can no longer be renewed takes the archive with it', async () => {
    await signIn();
    await send('recording.result', { spaceId: S.personal, audioId: R.ready });
    expect((await archiveKv.keys()).length).toBeGreaterThan(0);
    await bg.session.store.set(null);
    expect(await archiveKv.keys()).toEqual([]);
  });

  it('another account never sees the archive of the previous one', async () => {
    await signIn();
    await send('recording.result', { spaceId: S.personal, audioId: R.ready });
    // Left behind by a browser that stopped before the sign-out finished.
    const left = await bg.archive.store.catalog();
    await bg.session.store.clear();
    await archiveKv.set('catalog', left);
    await signIn('demo@example.com', SEED.users.demo.password);
    const owner = await bg.archive.owner();
    expect(owner).toContain('demo@example.com');
    // The same account: kept. Now claim it was another's.
    await archiveKv.set('catalog', { ...left, owner: `${emulator().url} someone@else.example` });
    expect((await send('archive.summary', {})).data).toEqual([]);
    const reads = resultReads();
    await send('recording.result', { spaceId: S.personal, audioId: R.ready });
    expect(resultReads()).toBe(reads + 1);
    expect((await bg.archive.store.catalog())?.owner).toBe(owner);
  });

  it('"Add all past meetings" reads every ready recording of the chosen spaces once', async () => {
    await signIn();
    await send('recording.result', { spaceId: S.personal, audioId: R.ready });
    const before = resultReads();
    const started = await send('archive.import.start', { spaceIds: [S.personal, S.team] });
    expect(started.data.running).toBe(true);
    await bg.archive.import.settled();
    const state = (await send('archive.import.status', {})).data;
    expect(state).toMatchObject({ running: false, stopped: false, error: null, failed: 0 });
    expect(state.done).toBe(state.total);
    // One was already kept: every other ready recording is read once.
    expect(state.added).toBe(state.total - 1);
    expect(resultReads() - before).toBe(state.added);
    const summary = (await send('archive.summary', {})).data;
    expect(summary.map((row: { spaceId: number }) => row.spaceId)).toEqual([S.personal, S.team]);
    // Nothing was started: no classify call.
    expect(requests.filter((line) => line.includes('classify'))).toEqual([]);
    // A second run reads nothing again.
    await send('archive.import.start', { spaceIds: [S.personal, S.team] });
    await bg.archive.import.settled();
    // Only a recording that became ready meanwhile (the seed's processing one) may be added.
    const second = (await send('archive.import.status', {})).data;
    expect(second.added).toBeLessThanOrEqual(1);
    expect(resultReads() - before).toBe(state.added + second.added);
    // No result was read twice.
    const reads = requests.filter((line) => line.endsWith('/result/'));
    expect(new Set(reads).size).toBe(reads.length);
    // Clear one space.
    await send('archive.clearSpace', { spaceId: S.team });
    expect((await send('archive.summary', {})).data.map((row: { spaceId: number }) => row.spaceId)).toEqual([
      S.personal,
    ]);
  });

  it('Stop ends the run between two recordings', async () => {
    await signIn();
    await send('archive.import.start', { spaceIds: [S.personal] });
    await send('archive.import.stop', {});
    await bg.archive.import.settled();
    const state = (await send('archive.import.status', {})).data;
    expect(state.running).toBe(false);
    expect(state.stopped).toBe(true);
    expect(state.done).toBeLessThan(Math.max(state.total, 1));
  });
});

/** The archive's kept recordings (its catalog's keys), sorted. */
const keptKeys = async () =>
  Object.keys(((await archiveKv.get('catalog')) as { entries: object } | undefined)?.entries ?? {}).sort();

describe('deleted meetings and the archive', () => {
  it('a recording moved to the trash leaves the archive at once, and is not kept again when opened', async () => {
    await signIn();
    expect((await send('recording.result', { spaceId: S.personal, audioId: R.ready })).ok).toBe(true);
    expect((await send('recording.result', { spaceId: S.personal, audioId: R.readyRu })).ok).toBe(true);
    expect(await keptKeys()).toEqual([`${S.personal}:${R.ready}`, `${S.personal}:${R.readyRu}`]);
    expect((await send('recordings.delete', { spaceId: S.personal, audioIds: [R.ready] })).ok).toBe(true);
    expect(await keptKeys()).toEqual([`${S.personal}:${R.readyRu}`]);
    expect(await archiveKv.get(`rec:${S.personal}:${R.ready}`)).toBeUndefined();
    // Opened again (the viewer at an old address): read from the service, not archived again.
    const reads = resultReads();
    const again = await send('recording.result', { spaceId: S.personal, audioId: R.ready });
    expect(resultReads()).toBe(reads + 1);
    if (again.ok && again.data) expect(again.data.archived).toBeUndefined();
    expect(await keptKeys()).toEqual([`${S.personal}:${R.readyRu}`]);
  });

  it('one the service no longer lists leaves the archive at the next read of its space; a search listing removes nothing', async () => {
    await signIn();
    expect((await send('recording.result', { spaceId: S.personal, audioId: R.ready })).ok).toBe(true);
    expect((await send('recording.result', { spaceId: S.personal, audioId: R.readyRu })).ok).toBe(true);
    // Moved to the trash elsewhere (the service's own call, not the extension's handler).
    await bg.session.client.deleteRecordings(S.personal, [R.ready]);
    // A title search does not list every recording: it removes nothing.
    expect(
      (await send('recordings.list', { spaceId: S.personal, search: 'zzz', limit: 20, offset: 0 })).ok,
    ).toBe(true);
    expect(await keptKeys()).toHaveLength(2);
    expect((await send('recordings.list', { spaceId: S.personal, limit: 100, offset: 0 })).ok).toBe(true);
    expect(await keptKeys()).toEqual([`${S.personal}:${R.readyRu}`]);
  });
});
