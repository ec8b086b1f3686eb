import { describe, expect, it } from 'vitest';
import { SEED, useHarness } from './testing/harness';

const PERSONAL = SEED.spaces.personal;
const UPLOADED = SEED.recordings.uploadedNotProcessed;
const CLASSIFY = /^\/api\/audio\/classify\/$/;

/** How the hour-long recording fails in the almost empty space: its hour against the balance left. */
const notEnoughBalance = {
  kind: 'not-enough-balance',
  availableSeconds: SEED.balances.almostEmpty,
  neededSeconds: 3600,
  spaceName: 'Almost empty',
};

describe('process job: start processing exactly once, then follow the result', () => {
  const h = useHarness();

  it('starts, polls and ends ready; classify is called once', async () => {
    const job = await h().engine.createProcess(PERSONAL, UPLOADED);
    expect(job.phase).toBe('processing');
    expect(job.classifyAttemptedAt).toBeTypeOf('number');
    const done = await h().tickUntil(job.id, (j) => j.phase === 'ready');
    expect(done.phase).toBe('ready');
    expect(done.title).toBeTruthy();
    expect((await h().counters()).classifyCalls).toEqual({ [UPLOADED]: 1 });
  });

  it('a second press while the start is under way joins the same job', async () => {
    const [first, second] = await Promise.all([
      h().engine.createProcess(PERSONAL, UPLOADED),
      h().engine.createProcess(PERSONAL, UPLOADED),
    ]);
    const third = await h().engine.createProcess(PERSONAL, UPLOADED);
    expect(third.id).toBe(first.id);
    expect((await h().counters()).classifyCalls[UPLOADED]).toBe(1);
    expect(second.audioId).toBe(UPLOADED);
  });

  it('two ticks stepping the same job at once call classify once', async () => {
    // A job a dead worker left in `starting` with its mark set, found by two overlapping ticks.
    const now = h().now();
    await h().store.update('left-behind', () => ({
      id: 'left-behind',
      intent: 'process',
      phase: 'starting',
      spaceId: PERSONAL,
      audioId: UPLOADED,
      autoProcess: true,
      createdAt: now,
      updatedAt: now,
      classifyAttemptedAt: now,
      serviceUrl: h().url,
      account: SEED.users.demo.email,
    }));
    await Promise.all([h().engine.tick(), h().engine.tick(), h().engine.tick()]);
    expect((await h().job('left-behind')).phase).toBe('processing');
    expect((await h().counters()).classifyCalls[UPLOADED]).toBe(1);
  });

  it('the worker dies after classify reached the service: the next worker asks the result, never classifies again', async () => {
    const died = h().fault('POST', CLASSIFY, 'die-after').fired;
    const abandoned = h().engine.createProcess(PERSONAL, UPLOADED);
    await died;
    // The old engine is stuck in the call, like a stopped worker; its promise never settles.
    void abandoned;
    const [stored] = await h().store.list();
    expect(stored!.phase).toBe('starting');
    expect(stored!.classifyAttemptedAt).toBeTypeOf('number');
    expect((await h().counters()).classifyCalls[UPLOADED]).toBe(1);

    h().restart();
    await h().engine.tick();
    const resumed = await h().job(stored!.id);
    expect(resumed.phase).toBe('processing');
    const done = await h().tickUntil(stored!.id, (j) => j.phase === 'ready');
    expect(done.phase).toBe('ready');
    expect((await h().counters()).classifyCalls[UPLOADED]).toBe(1);
    expect((await h().counters()).charges.filter((c) => c.audio_id === UPLOADED)).toHaveLength(1);
  });

  it('the worker dies after marking the intent but before the call left: the next worker classifies once', async () => {
    const died = h().fault('POST', CLASSIFY, 'die-before').fired;
    void h().engine.createProcess(PERSONAL, UPLOADED);
    await died;
    expect((await h().counters()).classifyCalls[UPLOADED]).toBeUndefined();
    h().restart();
    await h().engine.tick();
    const [job] = await h().store.list();
    expect(job!.phase).toBe('processing');
    expect((await h().counters()).classifyCalls[UPLOADED]).toBe(1);
  });

  it('an unknown classify outcome keeps the job starting; the next tick confirms by the result endpoint', async () => {
    // The service charged, the answer was lost, and the client's own check failed too.
    h().fault('POST', CLASSIFY, 'network-after');
    h().fault('GET', /\/result\/$/, 'network-before', 4);
    const job = await h().engine.createProcess(PERSONAL, UPLOADED);
    expect(job.phase).toBe('starting');
    await h().advance(12_000);
    await h().engine.tick();
    expect((await h().job(job.id)).phase).toBe('processing');
    expect((await h().counters()).classifyCalls[UPLOADED]).toBe(1);
  });

  it('processing that ends with success: false fails with the refund explained', async () => {
    await h().control('POST', `/recordings/${UPLOADED}/outcome`, { mode: 'fail' });
    const job = await h().engine.createProcess(PERSONAL, UPLOADED);
    const done = await h().tickUntil(job.id, (j) => j.phase === 'failed');
    expect(done.failure).toEqual({ kind: 'processing-failed' });
  });

  it('500 from the result endpoint for more than 3 minutes fails, counted across worker restarts', async () => {
    await h().control('POST', `/recordings/${UPLOADED}/outcome`, { mode: 'error-500' });
    const job = await h().engine.createProcess(PERSONAL, UPLOADED);
    await h().advance(61_000);
    await h().engine.tick();
    const first = await h().job(job.id);
    expect(first.phase).toBe('processing');
    expect(first.firstServerErrorAt).toBeTypeOf('number');

    h().restart();
    await h().advance(100_000);
    await h().engine.tick();
    const second = await h().job(job.id);
    expect(second.phase).toBe('processing');
    expect(second.firstServerErrorAt).toBe(first.firstServerErrorAt);

    h().restart();
    await h().advance(90_000);
    await h().engine.tick();
    const third = await h().job(job.id);
    expect(third.phase).toBe('failed');
    expect(third.failure).toEqual({ kind: 'processing-server-error' });
    expect((await h().counters()).refunds.some((r) => r.audio_id === UPLOADED)).toBe(true);
  });

  it('not paid (code 7) fails with the service error', async () => {
    const job = await h().engine.createProcess(SEED.spaces.unpaid, SEED.recordings.unpaidUploaded);
    expect(job.phase).toBe('failed');
    expect(job.failure).toMatchObject({ kind: 'api', error: { kind: 'unpaid' } });
  });

  it('the balance check refuses a recording longer than the balance without calling classify', async () => {
    const job = await h().engine.createProcess(SEED.spaces.almostEmpty, SEED.recordings.almostEmptyLong);
    expect(job.phase).toBe('failed');
    expect(job.failure).toEqual(notEnoughBalance);
    expect((await h().counters()).classifyCalls).toEqual({});
  });

  it('classify itself answering code 1 (a stale balance passed the check) fails with the numbers', async () => {
    const space = SEED.spaces.almostEmpty;
    h().fault('GET', new RegExp(`^/api/spaces/${space}/$`), async (request) => {
      const real = (await (await fetch(request)).json()) as { subscribe: { available_usage_count: number } };
      real.subscribe.available_usage_count = 99_999;
      return Response.json(real);
    });
    const job = await h().engine.createProcess(space, SEED.recordings.almostEmptyLong);
    expect(job.phase).toBe('failed');
    expect(job.failure).toEqual(notEnoughBalance);
    expect((await h().counters()).charges).toEqual([]);
  });

  it('a recording whose file has not arrived is refused without classify', async () => {
    const job = await h().engine.createProcess(PERSONAL, SEED.recordings.uploadPending);
    expect(job.failure).toEqual({ kind: 'recording-not-uploaded' });
  });

  it('re-processing a recording processed before polls the result itself, not the stale list flags', async () => {
    const job = await h().engine.createProcess(PERSONAL, SEED.recordings.ready);
    expect(job.wasClassifiedBefore).toBe(true);
    h().sent.length = 0;
    await h().advance(12_000);
    await h().engine.tick();
    expect((await h().job(job.id)).phase).toBe('processing');
    expect(h().sent).toContain(`GET /api/spaces/${PERSONAL}/audio/${SEED.recordings.ready}/result/`);
    const done = await h().tickUntil(job.id, (j) => j.phase === 'ready');
    expect(done.phase).toBe('ready');
  });

  it('several processing jobs of one space cost one list request per tick, and each result is fetched once', async () => {
    const a = await h().engine.createProcess(PERSONAL, UPLOADED);
    const b = await h().engine.createProcess(PERSONAL, SEED.recordings.failFlag);
    expect(b.phase).toBe('processing');
    h().sent.length = 0;
    await h().advance(12_000);
    await h().engine.tick();
    expect(h().sent).toEqual([`GET /api/spaces/${PERSONAL}/audio/`]);
    h().sent.length = 0;
    await h().tickUntil(a.id, (j) => j.phase === 'ready');
    const results = h().sent.filter((line) => line.endsWith('/result/'));
    expect(results.sort()).toEqual(
      [
        `GET /api/spaces/${PERSONAL}/audio/${UPLOADED}/result/`,
        `GET /api/spaces/${PERSONAL}/audio/${SEED.recordings.failFlag}/result/`,
      ].sort(),
    );
    expect((await h().job(b.id)).failure).toEqual({ kind: 'processing-failed' });
  });
});
