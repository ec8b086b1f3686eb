import { describe, expect, it } from 'vitest';
import { type ApiClient, createApiClient, take, UPLOAD_LINK_LIFETIME_MS } from '../../lib/api';
import { driveJobs, type JobDriver } from './engine';
import { failure, MB, SEED, type TestEmulator, useSignedIn, wavBlob } from './support';

let emu: TestEmulator;
let client: ApiClient;
let jobs: JobDriver;
const PERSONAL = SEED.spaces.personal;

useSignedIn({ assembleDelayMs: 1_500 }, (ready) => {
  ({ emu, client } = ready);
  jobs = driveJobs(emu, client);
});

describe('endpoint: Create a recording (POST /api/spaces/{space_id}/audio/)', () => {
  it('states: (none) → created: not uploaded, active, not classified, no duration; one upload link per ~10 MB', async () => {
    const created = await client.createRecording(PERSONAL, {
      title: 'Standup.mp3',
      size: 25 * MB,
      content_type: 'audio/mpeg',
    });
    expect(created).toMatchObject({
      title: 'Standup.mp3',
      size: 25 * MB,
      content_type: 'audio/mpeg',
      space_id: PERSONAL,
      is_uploaded: false,
      is_active: true,
      was_classified: false,
      result_is_ready: false,
      duration: null,
    });
    expect(created.url).toHaveLength(3);
    for (const link of created.url) expect(new URL(link).origin).toBe(emu.storageUrl);
    expect(Date.parse(created.created_at)).toBeGreaterThan(emu.now() - 60_000);
  });

  it('errors: 400 field lists (255-character maximum, extension, missing size)', async () => {
    const long = await failure(
      client.createRecording(PERSONAL, {
        title: `${'x'.repeat(252)}.mp3`,
        size: 10,
        content_type: 'audio/mpeg',
      }),
    );
    expect(long).toMatchObject({ kind: 'validation', fields: { title: [expect.stringMatching(/255/)] } });
    const extension = await failure(
      client.createRecording(PERSONAL, { title: 'notes.txt', size: 10, content_type: 'text/plain' }),
    );
    expect(extension).toMatchObject({ kind: 'validation', fields: { title: [expect.any(String)] } });
    const missing = await failure(
      client.createRecording(PERSONAL, {
        title: 'a.mp3',
        size: undefined as unknown as number,
        content_type: 'audio/mpeg',
      }),
    );
    expect(missing).toMatchObject({ kind: 'validation', fields: { size: [expect.any(String)] } });
    expect((await emu.counters()).recordingsCreated.total).toBe(0);
  });

  it('errors: 403 on a space of another account', async () => {
    expect(
      await failure(
        client.createRecording(SEED.spaces.other, { title: 'a.mp3', size: 10, content_type: 'audio/mpeg' }),
      ),
    ).toMatchObject({ kind: 'forbidden' });
  });
});

describe('flow: multipart upload → complete upload → upload status', () => {
  it('uploads a 25 MB file in 3 parts, completes with the quoted ETags, waits for is_uploaded (the upload job)', async () => {
    const file = wavBlob(25 * MB);
    const job = await jobs.upload(PERSONAL, file, { title: 'Quarterly review.wav' });
    expect(job.phase).toBe('uploaded');
    const recording = await client.getRecordingInfo(PERSONAL, job.audioId!);
    expect(recording).toMatchObject({
      title: 'Quarterly review.wav',
      size: 25 * MB,
      is_uploaded: true,
      content_type: 'audio/wav',
    });
    expect(recording.duration).toBe(Math.round((25 * MB - 44) / 8000));
    expect(job.upload).toMatchObject({ sentBytes: 25 * MB, totalBytes: 25 * MB });
    const counters = await emu.counters();
    expect(counters.recordingsCreated).toMatchObject({ total: 1, upload: 1 });
    expect(counters.completeUploads).toBe(1);
    const trash = await take(client.iterateTrash(PERSONAL), 100);
    expect(trash.filter((r) => r.title === 'Quarterly review.wav')).toEqual([]);
  });

  it('states: complete upload → is_uploaded only after the service has assembled the file', async () => {
    const file = wavBlob(64_000);
    const created = await client.createRecording(PERSONAL, {
      title: 'Short.wav',
      size: file.size,
      content_type: 'audio/wav',
    });
    const etag = await client.uploadPart(created.url[0]!, file, { issuedAt: emu.now() });
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    await client.completeUpload(PERSONAL, created.id, [{ PartNumber: 1, ETag: etag }]);
    expect((await client.getRecordingInfo(PERSONAL, created.id)).is_uploaded).toBe(false);
    await emu.advance(1_500);
    const uploaded = await client.getRecordingInfo(PERSONAL, created.id);
    expect(uploaded).toMatchObject({ is_uploaded: true, duration: 8 });
  });

  it('errors: 400 field list when the ETag does not match', async () => {
    const file = wavBlob(1_000);
    const created = await client.createRecording(PERSONAL, {
      title: 'Bad.wav',
      size: file.size,
      content_type: 'audio/wav',
    });
    await client.uploadPart(created.url[0]!, file, { issuedAt: emu.now() });
    const info = await failure(
      client.completeUpload(PERSONAL, created.id, [{ PartNumber: 1, ETag: '"0000"' }]),
    );
    expect(info).toMatchObject({ kind: 'validation', fields: { parts: [expect.stringMatching(/ETag/)] } });
  });

  it('limits: a title longer than 255 characters is shortened keeping its extension, before any request', async () => {
    const long = `${'Планёрка '.repeat(40)}.WAV`;
    const job = await jobs.upload(PERSONAL, wavBlob(2_000), { title: long });
    const recording = await client.getRecordingInfo(PERSONAL, job.audioId!);
    expect(recording.title.length).toBeLessThanOrEqual(255);
    expect(recording.title.endsWith('.WAV')).toBe(true);
    const before = (await emu.counters()).requests;
    expect(await jobs.upload(PERSONAL, wavBlob(2_000), { title: 'audio.flac' })).toMatchObject({
      phase: 'failed',
      failure: { kind: 'api', error: { kind: 'validation' } },
    });
    expect((await emu.counters()).requests).toBe(before);
  });

  it('limits: an upload link lives 5 hours; an expired one is refused by storage and not retried', async () => {
    const file = wavBlob(1_000);
    const issuedAt = emu.now();
    const created = await client.createRecording(PERSONAL, {
      title: 'Late.wav',
      size: file.size,
      content_type: 'audio/wav',
    });
    await emu.advance(UPLOAD_LINK_LIFETIME_MS + 60_000);
    const before = (await emu.counters()).requests;
    const info = await failure(client.uploadPart(created.url[0]!, file, { issuedAt }));
    expect(info).toMatchObject({ kind: 'http', status: 403, code: 'AccessDenied', operation: 'uploadPart' });
    expect((await emu.counters()).requests - before).toBe(1);
  });

  it('PUT requests carry no Authorization header (the storage origin differs from the API origin)', async () => {
    const seen: Array<{ url: string; auth: string | null }> = [];
    const inspecting = emu.client();
    await inspecting.signIn(SEED.users.demo.email, SEED.users.demo.password);
    const spy = createApiClient({
      baseUrl: emu.url,
      session: { get: () => inspecting.getSession(), set: async () => {} },
      fetch: async (input, init) => {
        const request = input instanceof Request ? input : new Request(input, init);
        seen.push({ url: request.url, auth: request.headers.get('authorization') });
        return emu.fetch(request);
      },
      now: emu.now,
      sleep: emu.sleepWith(1),
    });
    expect(
      (await driveJobs(emu, spy).upload(PERSONAL, wavBlob(3_000), { title: 'Auth check.wav' })).phase,
    ).toBe('uploaded');
    const puts = seen.filter((entry) => entry.url.startsWith(emu.storageUrl));
    const api = seen.filter((entry) => entry.url.startsWith(emu.url));
    expect(puts.length).toBeGreaterThan(0);
    expect(puts.every((entry) => entry.auth === null)).toBe(true);
    expect(api.every((entry) => entry.auth?.startsWith('Bearer '))).toBe(true);
  });
});

describe('limits: lifetimes', () => {
  it('the source file link (url in info, list, trash) serves the file and lives 1 hour', async () => {
    const file = wavBlob(24_044);
    const job = await jobs.upload(PERSONAL, file, { title: 'Source link.wav' });
    const info = await client.getRecordingInfo(PERSONAL, job.audioId!);
    const fresh = await fetch(info.url);
    expect(fresh.status).toBe(200);
    expect(new Uint8Array(await fresh.arrayBuffer())).toEqual(new Uint8Array(await file.arrayBuffer()));
    await emu.advance(60 * 60_000 + 60_000);
    expect((await fetch(info.url)).status).toBe(403);
    const renewed = await client.getRecordingInfo(PERSONAL, job.audioId!);
    expect((await fetch(renewed.url)).status).toBe(200);
  });

  it('access token 30 days, refresh token 1 day (read from exp)', async () => {
    const session = await emu.client().signIn(SEED.users.demo.email, SEED.users.demo.password);
    const day = 86_400_000;
    expect(Math.abs(session.accessExpiresAt - emu.now() - 30 * day)).toBeLessThan(5_000);
    expect(Math.abs(session.refreshExpiresAt - emu.now() - day)).toBeLessThan(5_000);
  });
});
