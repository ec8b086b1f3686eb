/**
 * The engine with its charge watch (lib/charges) when the browser repeats a call behind its back:
 * the harness's fetch sends the request to the service twice and answers with the second answer,
 * as Chromium does after a reused connection dropped. Also: concurrent jobs of ours in one space
 * are not mistaken for a double charge.
 */
import { describe, expect, it } from 'vitest';
import { type ChargeIncident, ChargeWatch, memoryChargeLog } from '../charges';
import { SEED, useHarness, wavBlob } from './testing/harness';

const PERSONAL = SEED.spaces.personal;
const CLASSIFY = /^\/api\/audio\/classify\/$/;

/** The browser's repeat: the first request takes effect, its answer is lost, the second answers. */
const repeated = async (request: Request): Promise<Response> => {
  await (await fetch(request.clone())).arrayBuffer();
  return fetch(request);
};

describe('engine with the charge watch', () => {
  const h = useHarness();

  function watch() {
    const log = memoryChargeLog();
    const told: ChargeIncident[] = [];
    h().chargeWatch = (client) =>
      new ChargeWatch({ client, log, now: h().now, onIncident: (incident) => void told.push(incident) });
    h().restart();
    return { log, told };
  }

  it('a repeated classify: charged twice, reported once with the figures; processing goes on', async () => {
    const { log, told } = watch();
    h().fault('POST', CLASSIFY, repeated);
    const job = await h().engine.createProcess(PERSONAL, SEED.recordings.uploadedNotProcessed);
    expect((await h().counters()).classifyCalls).toEqual({ [SEED.recordings.uploadedNotProcessed]: 2 });
    expect(job.phase).toBe('processing');
    expect(job.incidents).toEqual([
      expect.objectContaining({ kind: 'double-charge', extraCharges: 1, durationSeconds: 2710 }),
    ]);
    expect(told).toHaveLength(1);
    const stored = await log.read();
    expect(stored.incidents).toHaveLength(1);
    expect(stored.own).toEqual([expect.objectContaining({ kind: 'charge', seconds: 2710, jobId: job.id })]);
    expect(stored.own[0]!.to).toBeTypeOf('number');
  });

  it('two of our jobs charging the same space at once are not a double charge', async () => {
    const { told } = watch();
    const [a, b] = await Promise.all([
      h().engine.createProcess(PERSONAL, SEED.recordings.uploadedNotProcessed),
      h().engine.createProcess(PERSONAL, SEED.recordings.readyShort),
    ]);
    expect([a.phase, b.phase]).toEqual(['processing', 'processing']);
    expect(a.incidents).toBeUndefined();
    expect(b.incidents).toBeUndefined();
    expect(told).toEqual([]);
  });

  it('another member charging the shared space between the readings is not reported', async () => {
    const { told } = watch();
    // Team (2) is shared with other@example.com; their classify lands while ours is in flight.
    h().fault('POST', CLASSIFY, async (request) => {
      const token = await fetch(`${h().url}/api/token/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: SEED.users.other.email, password: SEED.users.other.password }),
      });
      const { access } = (await token.json()) as { access: string };
      await fetch(`${h().url}/api/audio/classify/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
        body: JSON.stringify({ audio_id: SEED.recordings.teamReady }),
      });
      return fetch(request);
    });
    const job = await h().engine.createProcess(SEED.spaces.team, SEED.recordings.teamUploaded);
    const counters = await h().counters();
    expect(counters.classifyCalls).toMatchObject({
      [SEED.recordings.teamReady]: 1,
      [SEED.recordings.teamUploaded]: 1,
    });
    expect(job.phase).toBe('processing');
    expect(job.incidents).toBeUndefined();
    expect(told).toEqual([]);
  });

  it('a repeated create: the first recording is found, trashed and reported; the upload goes on', async () => {
    const { told } = watch();
    await h().files.putFile('file-1', wavBlob(48_044));
    h().fault('POST', new RegExp(`^/api/spaces/${PERSONAL}/audio/$`), repeated);
    const job = await h().engine.createUpload(
      PERSONAL,
      { fileKey: 'file-1', title: 'Interview.wav', contentType: 'audio/wav', size: 48_044 },
      false,
    );
    await h().engine.idle();
    const done = await h().tickUntil(job.id, (j) => j.phase === 'uploaded', 5_000);
    expect(done.phase).toBe('uploaded');
    expect((await h().counters()).recordingsCreated.upload).toBe(2);
    expect(done.incidents).toEqual([expect.objectContaining({ kind: 'duplicate-recording', trashed: true })]);
    const [duplicate] = done.incidents![0]!.duplicateIds!;
    expect(duplicate).toBeLessThan(done.audioId!);
    expect(told).toHaveLength(1);
  });

  it('a repeated bot request answered with code 5 does not say the bot was not sent', async () => {
    const { log } = watch();
    h().fault('POST', /^\/api\/space\/\d+\/meeting\/$/, repeated);
    const job = await h().engine.createBot(PERSONAL, {
      service: 'google_meet',
      id: 'abc-defg-hij',
      url: 'https://meet.google.com/abc-defg-hij',
    });
    expect((await h().counters()).botRequests).toBe(1);
    expect(job.phase).toBe('failed');
    expect(job.failure).toMatchObject({ kind: 'api', error: { kind: 'bot-busy', replayPossible: true } });
    expect((await log.read()).incidents).toEqual([expect.objectContaining({ kind: 'bot-busy-unconfirmed' })]);
  });
});
