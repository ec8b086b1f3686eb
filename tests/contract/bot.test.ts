import { describe, expect, it } from 'vitest';
import { type ApiClient, take } from '../../lib/api';
import { formatApiError } from '../../lib/failures/api-both';
import { driveJobs } from './engine';
import { failure, SEED, type TestEmulator, useSignedIn } from './support';

const PERSONAL = SEED.spaces.personal;
const MEETING_MS = 10 * 60_000;
let emu: TestEmulator;
let client: ApiClient;

useSignedIn({ meetingDurationMs: MEETING_MS, processingDelayMs: 20_000 }, (ready) => {
  ({ emu, client } = ready);
});

describe('endpoint: Send a bot to a meeting (POST /api/space/{space_id}/meeting/)', () => {
  it('answers 201 with id, link and meeting_service; meeting_service is always sent', async () => {
    const link = 'https://telemost.yandex.ru/j/12345678901234';
    const request = await client.sendBot(PERSONAL, { link, meeting_service: 'telemost' });
    expect(request).toEqual({ id: expect.any(Number), link, meeting_service: 'telemost' });
    expect((await emu.counters()).botRequests).toBe(1);
  });

  it('states: meeting ends → recording created in the space → processing starts on its own → result', async () => {
    const startedAt = emu.now();
    // biome-ignore lint/suspicious/noExplicitAny: the emulator's control answer.
    let ended: any;
    // The bot job (lib/jobs): no status endpoint, so it waits for a new recording created after the request time.
    const job = await driveJobs(emu, client).bot(
      PERSONAL,
      'https://meet.google.com/abc-defg-hij',
      async () => {
        const before = await take(
          client.iterateRecordings(PERSONAL, { ordering: '-created_at', limit: 5 }),
          5,
        );
        expect(before.every((r) => Date.parse(r.created_at) < startedAt)).toBe(true);
        ended = await emu.control('POST', '/meetings/end', { space_id: PERSONAL });
        expect(ended.recordings).toHaveLength(1);
      },
    );
    const [newest] = await take(client.iterateRecordings(PERSONAL, { ordering: '-created_at', limit: 1 }), 1);
    expect(Date.parse(newest!.created_at)).toBeGreaterThanOrEqual(startedAt - 1000);
    expect(newest).toMatchObject({ id: ended.recordings[0], is_uploaded: true });
    expect(job).toMatchObject({ phase: 'ready', audioId: newest!.id });
    const counters = await emu.counters();
    expect(counters.recordingsCreated.bot).toBe(1);
    expect(counters.classifyCalls[String(newest!.id)]).toBeUndefined();
  });

  it('a meeting also ends on its own after its duration (virtual clock)', async () => {
    await client.sendBot(PERSONAL, { link: 'https://zoom.us/j/123456789', meeting_service: 'zoom' });
    await emu.advance(MEETING_MS + 1_000);
    expect((await emu.counters()).recordingsCreated.bot).toBe(1);
  });

  it('errors: 400 on meeting (code 5) — an active meeting with the bot already exists in the space', async () => {
    await client.sendBot(PERSONAL, { link: 'https://zoom.us/j/1', meeting_service: 'zoom' });
    const info = await failure(
      client.sendBot(PERSONAL, { link: 'https://zoom.us/j/2', meeting_service: 'zoom' }),
    );
    expect(info).toMatchObject({ kind: 'bot-busy' });
    expect(formatApiError(info, { lang: 'en' })).toMatch(/already/);
  });

  it('errors: 400 on meeting (code 4) — less than 5 minutes left on the plan', async () => {
    const info = await failure(
      client.sendBot(SEED.spaces.almostEmpty, { link: 'https://zoom.us/j/1', meeting_service: 'zoom' }),
    );
    expect(info).toMatchObject({ kind: 'bot-low-balance' });
    expect(formatApiError(info, { lang: 'ru' })).toMatch(/5 минут/);
  });

  it('limits: minimum plan time for a bot is 5 minutes (300 s is enough, 299 s is not)', async () => {
    await emu.control('POST', `/spaces/${SEED.spaces.team}/balance`, { available_seconds: 299 });
    expect(
      await failure(
        client.sendBot(SEED.spaces.team, { link: 'https://zoom.us/j/1', meeting_service: 'zoom' }),
      ),
    ).toMatchObject({ kind: 'bot-low-balance' });
    await emu.control('POST', `/spaces/${SEED.spaces.team}/balance`, { available_seconds: 300 });
    expect(
      (await client.sendBot(SEED.spaces.team, { link: 'https://zoom.us/j/1', meeting_service: 'zoom' })).id,
    ).toBeGreaterThan(0);
  });

  it('errors: 400 field lists for a link over 255 characters or an unknown platform', async () => {
    const long = await failure(
      client.sendBot(PERSONAL, { link: `https://zoom.us/j/${'1'.repeat(260)}`, meeting_service: 'zoom' }),
    );
    expect(long).toMatchObject({
      kind: 'validation',
      fields: { link: expect.arrayContaining([expect.stringMatching(/255/)]) },
    });
    const platform = await failure(
      client.sendBot(PERSONAL, {
        link: 'https://x.example/1',
        meeting_service: 'skype' as unknown as 'zoom',
      }),
    );
    expect(platform).toMatchObject({ kind: 'validation', fields: { meeting_service: [expect.any(String)] } });
  });

  it('errors: 403 on a space of another account', async () => {
    expect(
      await failure(
        client.sendBot(SEED.spaces.other, { link: 'https://zoom.us/j/1', meeting_service: 'zoom' }),
      ),
    ).toMatchObject({ kind: 'forbidden' });
  });
});
