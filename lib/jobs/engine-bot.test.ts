import { describe, expect, it } from 'vitest';
import { createApiClient } from '../api';
import type { MeetingLink } from '../meetings';
import { BOT_RECORDING_LIMIT_MS, NOT_STARTED_LIMIT_MS } from './limits';
import { SEED, useFileServer, useHarness } from './testing/harness';

const PERSONAL = SEED.spaces.personal;
const MEETING: MeetingLink = {
  service: 'google_meet',
  id: 'abc-defg-hij',
  url: 'https://meet.google.com/abc-defg-hij',
};
const OTHER_MEETING: MeetingLink = {
  ...MEETING,
  id: 'xyz-abcd-efg',
  url: 'https://meet.google.com/xyz-abcd-efg',
};
const MEETING_PATH = /^\/api\/space\/\d+\/meeting\/$/;

describe('bot job: no status endpoint, so the bot is followed through the recording it produces', () => {
  const h = useHarness();
  const files = useFileServer();

  const endMeetings = () => h().control('POST', '/meetings/end', {});

  it('waits for the meeting, claims the new recording, follows processing to ready', async () => {
    const job = await h().engine.createBot(PERSONAL, MEETING);
    expect(job.phase).toBe('waiting-meeting');
    expect(job.preexistingAudioIds?.length).toBeGreaterThan(0);
    expect(job.botRequestId).toBeTypeOf('number');

    await h().advance(60_000);
    await h().engine.tick();
    expect((await h().job(job.id)).phase).toBe('waiting-meeting');

    const { recordings } = (await endMeetings()) as { recordings: number[] };
    await h().advance(30_000);
    await h().engine.tick();
    const claimed = await h().job(job.id);
    expect(claimed.phase).toBe('processing');
    expect(claimed.audioId).toBe(recordings[0]);

    const done = await h().tickUntil(job.id, (j) => j.phase === 'ready');
    expect(done.phase).toBe('ready');
    // Bot recordings are processed by the service on its own: the extension never classifies them.
    expect((await h().counters()).classifyCalls).toEqual({});
  });

  it('never claims a recording that existed before the request or that another job follows', async () => {
    // A recording that finished downloading just before the bot was sent (inside the clock-skew window).
    const client = createApiClient({ baseUrl: h().url, session: h().session, now: h().now });
    const source = { url: `${files()}/earlier.wav` };
    const { audio_id: before } = await client.uploadByUrl(PERSONAL, {
      url: source.url,
      title: 'Earlier.wav',
      content_type: 'audio/wav',
    });
    await h().advance(10_000);
    expect((await client.getRecordingInfo(PERSONAL, before)).is_uploaded).toBe(true);

    const job = await h().engine.createBot(PERSONAL, MEETING);
    expect(job.preexistingAudioIds).toContain(before);
    // A recording another job of this extension owns, created after the request.
    const link = await h().engine.createLink(
      PERSONAL,
      { url: source.url, title: 'Mine.wav', contentType: 'audio/wav' },
      false,
    );
    await h().advance(10_000);
    await h().engine.tick();
    expect((await h().job(link.id)).phase).toBe('uploaded');
    expect((await h().job(job.id)).phase).toBe('waiting-meeting');

    const { recordings } = (await endMeetings()) as { recordings: number[] };
    await h().advance(30_000);
    await h().engine.tick();
    expect((await h().job(job.id)).audioId).toBe(recordings[0]);
  });

  it('gives up with an honest message when no recording appears within the limit', async () => {
    // The service never shows a recording for this space (the bot was not let in).
    const list = new RegExp(`^/api/spaces/${PERSONAL}/audio/$`);
    h().fault(
      'GET',
      list,
      async (request) => {
        const page = (await (await fetch(request)).json()) as { results: Array<{ id: number }> };
        const job = (await h().store.list())[0];
        const hidden = new Set(job?.preexistingAudioIds ?? []);
        return Response.json({ ...page, results: page.results.filter((r) => hidden.has(r.id)) });
      },
      1_000,
    );
    const job = await h().engine.createBot(PERSONAL, MEETING);
    const { before, after: failed } = await h().acrossLimit(job.id, BOT_RECORDING_LIMIT_MS);
    expect(before.phase).toBe('waiting-meeting');
    expect(failed.phase).toBe('failed');
    expect(failed.failure).toMatchObject({ kind: 'bot-no-recording' });
    expect((failed.failure as { waitedMs: number }).waitedMs).toBeGreaterThan(BOT_RECORDING_LIMIT_MS);
  });

  it('a recording whose processing never starts (result 404) fails after the limit with that reason', async () => {
    const job = await h().engine.createBot(PERSONAL, MEETING);
    await endMeetings();
    h().fault(
      'GET',
      /\/result\/$/,
      async () => Response.json({ detail: 'Not found.' }, { status: 404 }),
      1_000,
    );
    const claimed = await h().tickUntil(job.id, (j) => j.phase === 'processing', 30_000);
    expect(claimed.phase).toBe('processing');
    const seen = await h().tickUntil(job.id, (j) => typeof j.notStartedSince === 'number', 60_000, 20);
    expect(seen.phase).toBe('processing');
    const failed = await h().tickUntil(job.id, (j) => j.phase === 'failed', 5 * 60_000, 20);
    expect(failed.failure).toMatchObject({ kind: 'processing-not-started' });
    expect((failed.failure as { waitedMs: number }).waitedMs).toBeGreaterThan(NOT_STARTED_LIMIT_MS.bot);
  });

  it('less than 5 minutes on the plan (code 4) fails at once', async () => {
    const job = await h().engine.createBot(SEED.spaces.almostEmpty, MEETING);
    expect(job.phase).toBe('failed');
    expect(job.failure).toMatchObject({ kind: 'api', error: { kind: 'bot-low-balance' } });
  });

  it('a bot already active in the space (code 5) fails the second request', async () => {
    await h().engine.createBot(PERSONAL, MEETING);
    const second = await h().engine.createBot(PERSONAL, OTHER_MEETING);
    expect(second.phase).toBe('failed');
    expect(second.failure).toMatchObject({ kind: 'api', error: { kind: 'bot-busy' } });
  });

  it('the same meeting twice joins the active job instead of sending a second bot', async () => {
    const [a, b] = await Promise.all([
      h().engine.createBot(PERSONAL, MEETING),
      h().engine.createBot(PERSONAL, MEETING),
    ]);
    expect(b.id).toBe(a.id);
    expect((await h().counters()).botRequests).toBe(1);
  });

  it('the worker dies after the bot request reached the service: the next worker proves it by code 5', async () => {
    const job = await h().dieAndRestart('POST', MEETING_PATH, 'die-after', () =>
      h().engine.createBot(PERSONAL, MEETING),
    );
    expect(job.phase).toBe('waiting-meeting');
    expect((await h().counters()).botRequests).toBe(1);
  });

  it('the worker dies before the bot request left: the next worker sends it once', async () => {
    const job = await h().dieAndRestart('POST', MEETING_PATH, 'die-before', () =>
      h().engine.createBot(PERSONAL, MEETING),
    );
    expect(job.phase).toBe('waiting-meeting');
    expect((await h().counters()).botRequests).toBe(1);
  });

  it('a lost answer is confirmed by the client resending (code 5), one bot in the meeting', async () => {
    h().fault('POST', MEETING_PATH, 'network-after');
    const job = await h().engine.createBot(PERSONAL, MEETING);
    expect(job.phase).toBe('waiting-meeting');
    expect((await h().counters()).botRequests).toBe(1);
  });

  it('a cancelled bot job stops following the meeting', async () => {
    const job = await h().engine.createBot(PERSONAL, MEETING);
    const outcome = await h().engine.cancel(job.id);
    expect(outcome).toMatchObject({ ok: true, job: { phase: 'cancelled' } });
    expect(await h().engine.nextDueAt()).toBeNull();
  });
});
