import { describe, expect, it } from 'vitest';
import {
  type ApiClient,
  classifyResultResponse,
  normalizeDialog,
  SERVER_ERROR_FAILURE_MS,
  startProcessingSafely,
} from '../../lib/api';
import { formatApiError } from '../../lib/failures/api-both';
import { driveJobs, type JobDriver } from './engine';
import { failure, SEED, type TestEmulator, useSignedIn, wavBlob } from './support';

const PERSONAL = SEED.spaces.personal;
const R = SEED.recordings;

for (const timeUnit of ['s', 'ms'] as const) {
  describe(`result shape with timeUnit '${timeUnit}'`, () => {
    let client: ApiClient;
    let emu: TestEmulator;
    let jobs: JobDriver;

    useSignedIn({ timeUnit, processingDelayMs: 30_000 }, (ready) => {
      ({ emu, client } = ready);
      jobs = driveJobs(emu, client);
    });

    it('endpoint: Processing result — a finished result parses and its times are inferred as seconds', async () => {
      const result = await client.getResult(PERSONAL, R.ready);
      expect(result).toMatchObject({ classified: true, success: true, audio_id: R.ready });
      const dialog = normalizeDialog(result);
      expect(dialog.unit).toBe(timeUnit);
      const utterances = dialog.blocks.flatMap((block) => block.utterances);
      expect(utterances.length).toBeGreaterThan(0);
      const duration = result.duration ?? 0;
      for (const utterance of utterances) {
        expect(utterance.start).toBeGreaterThanOrEqual(0);
        expect(utterance.end).toBeLessThanOrEqual(duration + 1);
        expect(utterance.end).toBeGreaterThanOrEqual(utterance.start);
      }
      for (const pairs of Object.values(dialog.timeline)) {
        for (const [, end] of pairs) expect(end).toBeLessThanOrEqual(duration + 1);
      }
      expect(dialog.protocol.length).toBeGreaterThan(0);
    });

    it('the 42-second recording and the 3-hour recording are inferred correctly too', async () => {
      for (const id of [R.readyShort, R.long, R.readyRu, R.hostile]) {
        const result = await client.getResult(PERSONAL, id);
        const dialog = normalizeDialog(result);
        expect(dialog.unit).toBe(timeUnit);
        const last = dialog.blocks.at(-1)?.utterances.at(-1);
        expect(last?.end ?? 0).toBeLessThanOrEqual((result.duration ?? 0) + 1);
      }
    });

    it('flow: upload → start processing → result → done, with its own duration (the job engine)', async () => {
      const job = await jobs.upload(PERSONAL, wavBlob(8000 * 95 + 44), {
        title: `Unit ${timeUnit}.wav`,
        autoProcess: true,
      });
      expect(job.phase).toBe('ready');
      const recording = await client.getRecordingInfo(PERSONAL, job.audioId!);
      expect(recording.duration).toBe(95);
      expect((await emu.counters()).classifyCalls[String(recording.id)]).toBe(1);
      const result = jobs.results.get(job.id);
      expect(result).toMatchObject({ classified: true, success: true, audio_id: recording.id });
      const dialog = normalizeDialog(result!, recording.duration);
      expect(dialog.unit).toBe(timeUnit);
      expect(dialog.blocks.flatMap((block) => block.utterances).at(-1)?.end).toBeLessThanOrEqual(96);
    });
  });
}

describe('states and errors of processing', () => {
  let emu: TestEmulator;
  let client: ApiClient;
  let jobs: JobDriver;

  useSignedIn({ processingDelayMs: 30_000 }, (ready) => {
    ({ emu, client } = ready);
    jobs = driveJobs(emu, client);
  });

  it('states: start processing was never called → 404 from the result endpoint (not-started)', async () => {
    const info = await failure(client.getResult(PERSONAL, R.uploadedNotProcessed));
    expect(info).toMatchObject({
      kind: 'not-found',
    });
    expect(
      classifyResultResponse({ ok: false, error: info }, { firstServerErrorAt: null }, emu.now()),
    ).toEqual({
      status: 'not-started',
      firstServerErrorAt: null,
    });
  });

  it('states: is_uploaded → start processing → running (200, classified:false), duration charged', async () => {
    const before = (await client.getSpace(PERSONAL)).subscribe?.available_usage_count ?? 0;
    const info = await client.getRecordingInfo(PERSONAL, R.uploadedNotProcessed);
    const started = await client.startProcessing(R.uploadedNotProcessed);
    expect(typeof started.request_id).toBe('string');
    const running = await client.getResult(PERSONAL, R.uploadedNotProcessed);
    expect(running).toMatchObject({ classified: false });
    const after = (await client.getSpace(PERSONAL)).subscribe?.available_usage_count ?? 0;
    expect(before - after).toBe(info.duration);
    const counters = await emu.counters();
    expect(counters.classifyCalls[String(R.uploadedNotProcessed)]).toBe(1);
  });

  it('states: running → ends successfully: classified, success, was_classified, result_is_ready', async () => {
    expect(await client.getResult(PERSONAL, R.processing)).toMatchObject({ classified: false });
    const job = await jobs.follow(PERSONAL, R.processing);
    expect(job.phase).toBe('ready');
    expect(jobs.results.get(job.id)).toMatchObject({ classified: true, success: true });
    const info = await client.getRecordingInfo(PERSONAL, R.processing);
    expect(info).toMatchObject({ was_classified: true, result_is_ready: true });
    // Polling every 10-15 s of the (virtual) clock.
    const pauses = jobs.tickTimes.slice(1).map((at, index) => at - jobs.tickTimes[index]!);
    expect(pauses.length).toBeGreaterThan(0);
    for (const pause of pauses) expect(pause >= 10_000 && pause <= 15_000).toBe(true);
  });

  it('states: running → ends with error (success:false), charged minutes are returned', async () => {
    const before = (await client.getSpace(PERSONAL)).subscribe?.available_usage_count;
    const job = await jobs.process(PERSONAL, R.failFlag);
    expect(job).toMatchObject({ phase: 'failed', failure: { kind: 'processing-failed' } });
    expect((await client.getSpace(PERSONAL)).subscribe?.available_usage_count).toBe(before);
    const counters = await emu.counters();
    expect(counters.refunds.map((refund) => refund.audio_id)).toContain(R.failFlag);
    expect((await client.getRecordingInfo(PERSONAL, R.failFlag)).was_classified).toBe(true);
  });

  it('states: a seeded failed recording answers classified:true, success:false', async () => {
    expect(await jobs.follow(PERSONAL, R.failed)).toMatchObject({
      phase: 'failed',
      failure: { kind: 'processing-failed' },
    });
  });

  it('errors: 500 (HTML) from the result endpoint for more than 3 minutes → failed, minutes returned', async () => {
    const job = await jobs.process(PERSONAL, R.fail500Flag);
    expect(job).toMatchObject({ phase: 'failed', failure: { kind: 'processing-server-error' } });
    // Shorter runs of 500 were tolerated: the job failed only once the run lasted over 3 minutes.
    expect(job.firstServerErrorAt).toEqual(expect.any(Number));
    expect(job.finishedAt! - job.firstServerErrorAt!).toBeGreaterThan(SERVER_ERROR_FAILURE_MS);
    expect(job.finishedAt! - job.firstServerErrorAt!).toBeLessThan(SERVER_ERROR_FAILURE_MS + 60_000);
    expect((await emu.counters()).refunds.map((refund) => refund.audio_id)).toContain(R.fail500Flag);
  });

  it('control outcome error-500 on any recording behaves the same', async () => {
    await emu.control('POST', `/recordings/${R.uploadedNotProcessed}/outcome`, { mode: 'error-500' });
    expect(await jobs.process(PERSONAL, R.uploadedNotProcessed)).toMatchObject({
      phase: 'failed',
      failure: { kind: 'processing-server-error' },
    });
  });

  it('errors: 403 on classify (code 1) — fewer seconds left than the duration; balance and need are reported', async () => {
    const info = await failure(startProcessingSafely(client, SEED.spaces.almostEmpty, R.almostEmptyLong));
    expect(info).toEqual({
      kind: 'insufficient-balance',
      operation: 'startProcessing',
      availableSeconds: 120,
      neededSeconds: 3600,
      spaceName: 'Almost empty',
      detail: expect.any(String),
    });
    expect(formatApiError(info, { lang: 'en' })).toBe(
      '2 min of processing time left in Almost empty; this recording needs 1 h 00 min.',
    );
    expect((await emu.counters()).charges).toHaveLength(0);
  });

  it('limits: processing start needs remaining seconds ≥ duration: 90 s fits in 120 s', async () => {
    expect(await startProcessingSafely(client, SEED.spaces.almostEmpty, R.almostEmptyShort)).toMatchObject({
      status: 'started',
    });
    expect((await client.getSpace(SEED.spaces.almostEmpty)).subscribe?.available_usage_count).toBe(30);
  });

  it('errors: 400 on classify (code 7) — the space is not paid', async () => {
    const info = await failure(client.startProcessing(R.unpaidUploaded));
    expect(info).toMatchObject({ kind: 'unpaid' });
    expect(formatApiError(info, { lang: 'ru' })).toMatch(/не оплачен/);
  });

  it('errors: 400 field list on classify of a recording that is not uploaded', async () => {
    expect(await failure(client.startProcessing(R.uploadPending))).toMatchObject({
      kind: 'validation',
      fields: { audio_id: [expect.any(String)] },
    });
  });

  it('errors: 403 on the result of a space of another account', async () => {
    expect(await failure(client.getResult(SEED.spaces.other, R.otherPrivate))).toMatchObject({
      kind: 'forbidden',
    });
  });
});
