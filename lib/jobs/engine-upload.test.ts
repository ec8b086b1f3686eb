import { describe, expect, it } from 'vitest';
import { SEED, useHarness, wavBlob } from './testing/harness';

const PERSONAL = SEED.spaces.personal;
const MB = 1024 * 1024;
const PUT = 'PUT ';

describe('upload job: parts from the stored file, resumable, cancellable', () => {
  const h = useHarness();

  async function stored(size: number, key = 'file-1') {
    await h().files.putFile(key, wavBlob(size));
    return { fileKey: key, title: 'Interview.wav', contentType: 'audio/wav', size };
  }

  const puts = () => h().sent.filter((line) => line.startsWith(PUT));

  it('uploads, waits for assembly, processes once, and deletes the stored file', async () => {
    const job = await h().engine.createUpload(PERSONAL, await stored(48_044), true);
    await h().engine.idle();
    const assembling = await h().job(job.id);
    expect(assembling.phase).toBe('assembling');
    expect(assembling.upload).toMatchObject({ sentBytes: 48_044, totalBytes: 48_044 });
    const done = await h().tickUntil(job.id, (j) => j.phase === 'ready', 5_000);
    expect(done.phase).toBe('ready');
    expect((await h().counters()).classifyCalls).toEqual({ [done.audioId!]: 1 });
    expect(await h().files.getFile('file-1')).toBeUndefined();
    expect(await h().files.getUploadState(job.id)).toBeUndefined();
  });

  it('a worker that dies mid-upload resumes with the remaining parts only', async () => {
    const file = await stored(25 * MB);
    // Part 1 goes through; part 2 never gets an answer: the worker died with it.
    let putCount = 0;
    const died = h().fault(
      'PUT',
      /.*/,
      async (request) => {
        putCount += 1;
        if (putCount === 1) return fetch(request);
        return new Promise<Response>(() => undefined);
      },
      2,
    );
    const job = await h().engine.createUpload(PERSONAL, file, false);
    await died.fired;
    await waitFor(async () => putCount === 2);
    await waitFor(async () => ((await h().job(job.id)).upload?.sentBytes ?? 0) > 0);
    const partial = await h().job(job.id);
    expect(partial.phase).toBe('uploading');
    const state = await h().files.getUploadState(job.id);
    expect(state?.etags.filter(Boolean)).toHaveLength(1);

    h().sent.length = 0;
    h().restart();
    // The next worker picks the upload up at its next check.
    await h().advance(12_000);
    await h().engine.tick();
    await h().engine.idle();
    const resumed = puts();
    expect(resumed).toHaveLength(2);
    expect(new Set(resumed).size).toBe(2);
    const done = await h().tickUntil(job.id, (j) => j.phase === 'uploaded', 5_000);
    expect(done.phase).toBe('uploaded');
    expect((await h().counters()).recordingsCreated.upload).toBe(1);
    expect((await h().counters()).completeUploads).toBe(1);
  });

  it('links that expired while the browser was closed: the partial recording is trashed, the upload starts over', async () => {
    const file = await stored(12 * MB);
    const died = h().fault('PUT', /.*/, 'die-before').fired;
    const job = await h().engine.createUpload(PERSONAL, file, false);
    await died;
    const first = (await h().files.getUploadState(job.id))!.audioId;
    await h().advance(6 * 60 * 60_000);
    h().restart();
    await h().engine.tick();
    await h().engine.idle();
    const done = await h().tickUntil(job.id, (j) => j.phase === 'uploaded', 5_000);
    expect(done.phase).toBe('uploaded');
    expect(done.audioId).not.toBe(first);
    const client = await import('../api');
    const api = client.createApiClient({ baseUrl: h().url, session: h().session, now: h().now });
    const trash = await api.listTrash(PERSONAL, { limit: 50, offset: 0 });
    expect(trash.results.map((r) => r.id)).toContain(first);
  });

  it('the worker dies during create: the next worker trashes the orphan and creates again', async () => {
    const file = await stored(20_044);
    const job = await h().dieAndRestart(
      'POST',
      new RegExp(`^/api/spaces/${PERSONAL}/audio/$`),
      'die-after',
      () => h().engine.createUpload(PERSONAL, file, false),
    );
    await h().engine.idle();
    const done = await h().tickUntil(job.id, (j) => j.phase === 'uploaded', 5_000);
    expect(done.phase).toBe('uploaded');
    expect((await h().counters()).recordingsCreated.upload).toBe(2);
    const api = (await import('../api')).createApiClient({
      baseUrl: h().url,
      session: h().session,
      now: h().now,
    });
    const trash = await api.listTrash(PERSONAL, { limit: 50, offset: 0 });
    expect(trash.results.some((r) => r.title === 'Interview.wav' && r.id !== done.audioId)).toBe(true);
  });

  it('cancel stops the upload, trashes the partial recording and deletes the stored file', async () => {
    const died = h().fault('PUT', /.*/, 'die-before').fired;
    const job = await h().engine.createUpload(PERSONAL, await stored(30_044), true);
    await died;
    const outcome = await h().engine.cancel(job.id);
    expect(outcome).toMatchObject({ ok: true, job: { phase: 'cancelled' } });
    expect(await h().files.getFile('file-1')).toBeUndefined();
    const audioId = (await h().job(job.id)).audioId!;
    const api = (await import('../api')).createApiClient({
      baseUrl: h().url,
      session: h().session,
      now: h().now,
    });
    expect((await api.getRecordingInfo(PERSONAL, audioId)).is_active).toBe(false);
  });

  it('a file that is no longer stored fails with a clear reason', async () => {
    const job = await h().engine.createUpload(
      PERSONAL,
      { fileKey: 'gone', title: 'Gone.wav', contentType: 'audio/wav', size: 1000 },
      true,
    );
    await h().engine.idle();
    expect((await h().job(job.id)).failure).toEqual({ kind: 'upload-file-missing' });
  });

  it('upload storage on an origin without access: the empty recording it made goes to the trash and the job waits for the site; once granted, the file is uploaded into a recording made then', async () => {
    const storage = new URL(h().emulator.storageUrl).origin;
    let granted = false;
    h().origins = (url) => granted || !url.startsWith(h().emulator.storageUrl);
    const job = await h().engine.createUpload(PERSONAL, await stored(10_044), false);
    await h().engine.idle();
    const waiting = await h().job(job.id);
    expect(waiting).toMatchObject({ phase: 'uploading', blocked: 'site', blockedOrigin: storage });
    expect(waiting.failure).toBeUndefined();
    expect(waiting.audioId).toBeUndefined();
    expect(await h().files.getUploadState(job.id)).toBeUndefined();
    const api = (await import('../api')).createApiClient({
      baseUrl: h().url,
      session: h().session,
      now: h().now,
    });
    const trashed = async () =>
      (await api.listTrash(PERSONAL, { limit: 50, offset: 0 })).results.filter((r) => !r.is_uploaded);
    expect(await trashed()).toHaveLength(1);
    expect((await h().counters()).recordingsCreated.upload).toBe(1);
    // Nothing to look at until the site is granted: no alarm, ticks leave it waiting, create nothing.
    expect(await h().engine.nextDueAt()).toBeNull();
    await h().advance(60_000);
    await h().engine.tick();
    await h().engine.idle();
    expect(await h().job(job.id)).toMatchObject({ blocked: 'site' });
    expect(puts()).toEqual([]);
    expect((await h().counters()).recordingsCreated.upload).toBe(1);
    // Granted (the popup's click): the next tick makes the recording and uploads into it.
    granted = true;
    await h().engine.tick();
    await h().engine.idle();
    const done = await h().tickUntil(job.id, (j) => j.phase === 'uploaded', 5_000);
    expect(done).toMatchObject({ phase: 'uploaded' });
    expect(done.blocked).toBeUndefined();
    expect((await h().counters()).recordingsCreated.upload).toBe(2);
    expect((await h().counters()).completeUploads).toBe(1);
    expect(await trashed()).toHaveLength(1);
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
