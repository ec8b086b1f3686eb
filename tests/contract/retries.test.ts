/**
 * The contract's Retry guidance table, row by row, with exactly planned faults: the emulator's
 * fault injector is switched on (rate 1, a seed chosen for the wanted kind and phase) for one
 * request and off again. "before": the request had no effect; "after": it took effect and the
 * answer was lost.
 */
import { describe, expect, it } from 'vitest';
import {
  type ApiClient,
  completeUploadSafely,
  createRecordingChecked,
  findRecordings,
  sendBotSafely,
  startProcessingSafely,
  take,
} from '../../lib/api';
import { driveJobs, type JobDriver } from './engine';
import { useFileServer } from './files';
import { failure, SEED, type TestEmulator, useEmulator, useSignedIn, wavBlob } from './support';

const PERSONAL = SEED.spaces.personal;
const R = SEED.recordings;
/**
 * The timeout of the clients that meet a slow answer: long enough for any other answer on a loaded
 * machine; the slow answer itself is held until the client gives up (`holdAnswer`), so it always
 * comes after the timeout.
 */
const IMPATIENT_MS = 2_000;
let emu: TestEmulator;
let client: ApiClient;
let jobs: JobDriver;

useSignedIn({ assembleDelayMs: 1_500, downloadDelayMs: 3_000 }, (ready) => {
  ({ emu, client } = ready);
  jobs = driveJobs(emu, client);
});

async function requestsDuring(run: () => Promise<unknown>): Promise<number> {
  const before = (await emu.counters()).requests;
  await run().catch(() => undefined);
  return (await emu.counters()).requests - before;
}

describe('retry: Any GET — yes, with pauses of 2, 4, 8 seconds', () => {
  const SPACE = /^\/api\/spaces\/1\/$/;

  it('three failures (HTML 500, HTML 502, reset) then success: pauses 2000, 4000, 8000', async () => {
    emu.planFault('GET', SPACE, 'html500');
    emu.planFault('GET', SPACE, 'html502');
    emu.planFault('GET', SPACE, 'reset');
    const requests = await requestsDuring(async () => {
      expect((await client.getSpace(PERSONAL)).name).toBe('Personal');
    });
    expect(requests).toBe(4);
    expect(emu.sleeps).toEqual([2_000, 4_000, 8_000]);
  });

  it('errors: 500 server-side error (HTML) — four failures: gives up with the last error', async () => {
    for (const kind of ['reset', 'html502', 'reset', 'html500'] as const) emu.planFault('GET', SPACE, kind);
    const info = await failure(client.getSpace(PERSONAL));
    expect(info).toMatchObject({ kind: 'server', status: 500, text: 'Server Error (500)' });
    expect(emu.sleeps).toEqual([2_000, 4_000, 8_000]);
  });

  it('a slow answer beyond the client timeout is retried like a network failure', async () => {
    const impatient = await emu.signedIn(undefined, undefined, { timeoutMs: IMPATIENT_MS });
    emu.sleeps.length = 0;
    emu.holdAnswer('GET', /^\/api\/spaces\/1\/audio\/$/);
    const requests = await requestsDuring(async () => {
      const page = await impatient.listRecordings(PERSONAL, { limit: 3 });
      expect(page.results).toHaveLength(3);
    });
    // The held request reached the service, then the retry after the first pause.
    expect(requests).toBe(2);
    expect(emu.sleeps).toEqual([2_000]);
  });
});

describe('retry: Sign-in — yes, 1 to 2 times after 1 to 2 seconds (twice: 1 s, then 2 s)', () => {
  const TOKEN = /^\/api\/token\/$/;

  it('two failures then success', async () => {
    const fresh = emu.client();
    emu.planFault('POST', TOKEN, 'html502', 'before');
    emu.planFault('POST', TOKEN, 'reset', 'after');
    await fresh.signIn(SEED.users.demo.email, SEED.users.demo.password);
    expect(emu.sleeps).toEqual([1_000, 2_000]);
    expect(await fresh.getSession()).not.toBeNull();
  });

  it('three failures: gives up', async () => {
    for (let n = 0; n < 3; n += 1) emu.planFault('POST', TOKEN, 'html500');
    expect(await failure(emu.client().signIn(SEED.users.demo.email, SEED.users.demo.password))).toMatchObject(
      {
        kind: 'server',
      },
    );
    expect(emu.sleeps).toEqual([1_000, 2_000]);
  });

  it('never on 401', async () => {
    expect(await requestsDuring(() => emu.client().signIn(SEED.users.demo.email, 'wrong'))).toBe(1);
    expect(emu.sleeps).toEqual([]);
  });
});

describe('retry: PUT of a file part — yes, to the same link while it is valid', () => {
  it('a lost answer (reset after storing) and an HTML 500 are retried to the same link', async () => {
    const links: string[] = [];
    emu.planFault('PUT', /^\/upload\//, 'reset', 'after');
    emu.planFault('PUT', /^\/upload\//, 'html500', 'before');
    const file = wavBlob(20_000);
    const created = await client.createRecording(PERSONAL, {
      title: 'Part retry.wav',
      size: file.size,
      content_type: 'audio/wav',
    });
    const spy = emu.fetch;
    links.push(created.url[0]!);
    const etag = await client.uploadPart(created.url[0]!, file, { issuedAt: emu.now() });
    expect(spy).toBeDefined();
    expect(emu.sleeps).toEqual([2_000, 4_000]);
    await completeUploadSafely(client, PERSONAL, created.id, [{ PartNumber: 1, ETag: etag }]);
    await emu.advance(2_000);
    expect((await client.getRecordingInfo(PERSONAL, created.id)).is_uploaded).toBe(true);
  });
});

describe('retry: Complete upload — first check is_uploaded in the upload status; retry if false', () => {
  const COMPLETE = /\/complete_upload\/$/;

  it('answer lost after the effect, file still assembling (is_uploaded false) → complete again → done', async () => {
    emu.planFault('POST', COMPLETE, 'reset', 'after');
    const job = await jobs.upload(PERSONAL, wavBlob(16_000), { title: 'Complete after.wav' });
    expect(job.phase).toBe('uploaded');
    expect((await client.getRecordingInfo(PERSONAL, job.audioId!)).is_uploaded).toBe(true);
    expect((await emu.counters()).completeUploads).toBe(2);
  });

  it('failure before the effect (is_uploaded false) → complete again → done', async () => {
    emu.planFault('POST', COMPLETE, 'html502', 'before');
    const job = await jobs.upload(PERSONAL, wavBlob(16_000), { title: 'Complete before.wav' });
    expect(job.phase).toBe('uploaded');
    expect((await client.getRecordingInfo(PERSONAL, job.audioId!)).is_uploaded).toBe(true);
    expect((await emu.counters()).completeUploads).toBe(1);
  });

  describe('with instant assembly', () => {
    const instant = useEmulator({ assembleDelayMs: 0 });

    it('answer lost after the effect, is_uploaded already true → done without calling complete again', async () => {
      const emu2 = instant();
      const client2 = await emu2.signedIn();
      emu2.planFault('POST', COMPLETE, 'html500', 'after');
      const job = await driveJobs(emu2, client2).upload(PERSONAL, wavBlob(16_000), {
        title: 'Complete instant.wav',
      });
      expect(job.phase).toBe('uploaded');
      expect((await client2.getRecordingInfo(PERSONAL, job.audioId!)).is_uploaded).toBe(true);
      expect((await emu2.counters()).completeUploads).toBe(1);
    });
  });
});

describe('retry: Create a recording — no: each call creates a new recording; first check whether it was created', () => {
  const CREATE = /^\/api\/spaces\/1\/audio\/$/;

  it('the raw call is never retried: one request, outcome-unknown', async () => {
    emu.planFault('POST', CREATE, 'html500', 'before');
    let info: unknown;
    const requests = await requestsDuring(async () => {
      info = await failure(
        client.createRecording(PERSONAL, { title: 'Raw.mp3', size: 10, content_type: 'audio/mpeg' }),
      );
    });
    expect(info).toMatchObject({
      kind: 'outcome-unknown',
      operation: 'createRecording',
      cause: { kind: 'server' },
    });
    expect(requests).toBe(1);
  });

  it('failure before the effect: the lookup finds nothing, so the upload job creates it once more', async () => {
    emu.planFault('POST', CREATE, 'reset', 'before');
    const job = await jobs.upload(PERSONAL, wavBlob(16_000), { title: 'Create before.wav' });
    expect(job.phase).toBe('uploaded');
    const trash = await take(client.iterateTrash(PERSONAL), 100);
    expect(trash.filter((r) => r.title === 'Create before.wav')).toEqual([]);
    expect((await emu.counters()).recordingsCreated.upload).toBe(1);
  });

  it('answer lost after the effect: the orphan (no upload links) is found, moved to the trash, and the file uploaded anew', async () => {
    emu.planFault('POST', CREATE, 'html502', 'after');
    const job = await jobs.upload(PERSONAL, wavBlob(16_000), { title: 'Create after.wav' });
    expect(job.phase).toBe('uploaded');
    expect((await emu.counters()).recordingsCreated.upload).toBe(2);
    const active = await findRecordings(client, PERSONAL, { title: 'Create after.wav' });
    expect(active.map((r) => r.id)).toEqual([job.audioId]);
    const trash = await take(client.iterateTrash(PERSONAL), 100);
    expect(trash.filter((r) => r.title === 'Create after.wav')).toHaveLength(1);
  });

  it('createRecordingChecked reports the orphan precisely for callers with their own policy', async () => {
    emu.planFault('POST', CREATE, 'reset', 'after');
    const outcome = await createRecordingChecked(client, PERSONAL, {
      title: 'Orphan.mp3',
      size: 99,
      content_type: 'audio/mpeg',
    });
    expect(outcome).toMatchObject({
      status: 'orphaned',
      audioIds: [expect.any(Number)],
      cause: { kind: 'network' },
    });
  });
});

describe('retry: Upload by URL and from a video site — no: cannot be looked up while downloading', () => {
  const files = useFileServer({ '/a.wav': { body: new Uint8Array(8000 * 10 + 44), type: 'audio/wav' } });

  for (const phase of ['before', 'after'] as const) {
    it(`by URL, failure ${phase} the effect: outcome-unknown after one request; check recent recordings later`, async () => {
      emu.planFault('POST', /\/by_url\/$/, 'html500', phase);
      const startedAt = emu.now();
      let info: unknown;
      const requests = await requestsDuring(async () => {
        info = await failure(
          client.uploadByUrl(PERSONAL, {
            url: `${files().url}/a.wav`,
            title: `Link ${phase}.wav`,
            content_type: 'audio/wav',
          }),
        );
      });
      expect(info).toMatchObject({
        kind: 'outcome-unknown',
        operation: 'uploadByUrl',
        check: 'recent-recordings',
      });
      expect(requests).toBe(1);
      // The guidance: once the download had time to finish, the recording shows whether the call took effect.
      await emu.advance(10_000);
      const found = await findRecordings(client, PERSONAL, { title: `Link ${phase}.wav`, since: startedAt });
      expect(found).toHaveLength(phase === 'after' ? 1 : 0);
      expect((await emu.counters()).recordingsCreated.by_url).toBe(phase === 'after' ? 1 : 0);
    });
  }

  it('video site, answer lost: outcome-unknown after one request', async () => {
    emu.planFault('POST', /\/by_videosite\/$/, 'reset', 'after');
    expect(
      await failure(client.uploadFromVideoSite(PERSONAL, { url: 'https://youtu.be/abc123' })),
    ).toMatchObject({
      kind: 'outcome-unknown',
      operation: 'uploadFromVideoSite',
    });
    expect((await emu.counters()).recordingsCreated.by_videosite).toBe(1);
  });
});

describe('retry: Send a bot — no: first check whether it was created (the resend is the check)', () => {
  const MEETING = /^\/api\/space\/1\/meeting\/$/;
  const body = { link: 'https://meet.google.com/abc-defg-hij', meeting_service: 'google_meet' } as const;

  it('answer lost after the effect: the resend answers code 5, which confirms the first call', async () => {
    emu.planFault('POST', MEETING, 'html502', 'after');
    expect(await sendBotSafely(client, PERSONAL, body)).toEqual({
      status: 'sent',
      request: null,
      confirmedBy: 'busy-check',
    });
    expect((await emu.counters()).botRequests).toBe(1);
  });

  it('failure before the effect: the resend creates the bot request', async () => {
    emu.planFault('POST', MEETING, 'reset', 'before');
    expect(await sendBotSafely(client, PERSONAL, body)).toMatchObject({
      status: 'sent',
      confirmedBy: 'resend',
    });
    expect((await emu.counters()).botRequests).toBe(1);
  });
});

describe('retry: Start processing — no: a repeated call charges again; first check the result endpoint', () => {
  const CLASSIFY = /^\/api\/audio\/classify\/$/;

  it('answer lost after the charge: the result endpoint answers 200, classify is not called again', async () => {
    emu.planFault('POST', CLASSIFY, 'html500', 'after');
    expect(await startProcessingSafely(client, PERSONAL, R.uploadedNotProcessed)).toEqual({
      status: 'started',
      confirmedBy: 'result-check',
    });
    const counters = await emu.counters();
    expect(counters.classifyCalls[String(R.uploadedNotProcessed)]).toBe(1);
    expect(counters.charges.filter((charge) => charge.audio_id === R.uploadedNotProcessed)).toHaveLength(1);
  });

  it('failure before the charge: the result endpoint answers 404, classify is called once more', async () => {
    emu.planFault('POST', CLASSIFY, 'reset', 'before');
    expect(await startProcessingSafely(client, PERSONAL, R.uploadedNotProcessed)).toMatchObject({
      confirmedBy: 'answer',
    });
    expect((await emu.counters()).classifyCalls[String(R.uploadedNotProcessed)]).toBe(1);
  });

  it('a slow answer beyond the client timeout: checked after waiting as long again, never charged twice', async () => {
    // The service takes the classify and charges; its answer comes after the client's timeout.
    const impatient = await emu.signedIn(undefined, undefined, { timeoutMs: IMPATIENT_MS });
    emu.sleeps.length = 0;
    emu.holdAnswer('POST', CLASSIFY);
    const outcome = await startProcessingSafely(impatient, PERSONAL, R.uploadedNotProcessed);
    expect(outcome).toMatchObject({ status: 'started', confirmedBy: 'result-check' });
    // After a timeout the check waits as long again as the timeout (the service may still be working).
    expect(emu.sleeps).toEqual([IMPATIENT_MS]);
    const counters = await emu.counters();
    expect(counters.classifyCalls[String(R.uploadedNotProcessed)]).toBe(1);
    expect(counters.charges.filter((charge) => charge.audio_id === R.uploadedNotProcessed)).toHaveLength(1);
  });
});
