/** Processing (classify, charges, refunds, results), the meeting bot and the time unit. */
import { describe, expect, it } from 'vitest';
import { SEED } from './index';
import { type Api, useEmulator } from './test/helpers';

const env = useEmulator();
const R = SEED.recordings;
const S = SEED.spaces;
const result = (api: Api, id: number, space: number = S.personal) =>
  api.get(`/api/spaces/${space}/audio/${id}/result/`);
const info = async (api: Api, id: number, space: number = S.personal) =>
  (await api.get(`/api/spaces/${space}/audio/${id}/info/`)).body;
const classify = (api: Api, id: number) => api.post('/api/audio/classify/', { audio_id: id });

interface Block {
  header: string;
  starts: number[];
  ends: number[];
  speakers: string[];
  texts: string[];
}

/** Checks the result invariants; returns the number of utterances. */
function checkResult(body: { duration: number; result: Record<string, unknown> }, factor: number): number {
  const res = body.result as {
    language: string;
    protocol: string;
    dialog: Block[];
    speakers_map: Record<string, string>;
    speakers_timeline: Record<string, [number, number][]>;
  };
  expect(['en', 'ru']).toContain(res.language);
  expect(res.protocol).toMatch(/^# /);
  let count = 0;
  const limit = body.duration * factor;
  for (const block of res.dialog) {
    const n = block.starts.length;
    expect([block.ends.length, block.speakers.length, block.texts.length]).toEqual([n, n, n]);
    for (let i = 0; i < n; i++) {
      expect(Number.isInteger(block.starts[i])).toBe(true);
      expect(block.starts[i]).toBeLessThanOrEqual(block.ends[i] as number);
      expect(block.ends[i]).toBeLessThanOrEqual(limit);
      expect(block.speakers[i]).toMatch(/^\{\d+\}$/);
      expect(Object.keys(res.speakers_map)).toContain(block.speakers[i]?.slice(1, -1));
    }
    count += n;
  }
  for (const [key, pairs] of Object.entries(res.speakers_timeline)) {
    expect(key).toMatch(/^\{\d+\}$/);
    for (const [a, b] of pairs) {
      expect(a).toBeLessThanOrEqual(b);
      expect(b).toBeLessThanOrEqual(limit);
    }
  }
  return count;
}

describe('classify', () => {
  it('answers 404, 403, 400 and the codes 7 and 1 as the contract says', async () => {
    const api = env.api;
    expect((await api.post('/api/audio/classify/', {})).body).toEqual({
      audio_id: ['This field is required.'],
    });
    expect((await classify(api, 99999)).status).toBe(404);
    expect((await classify(api, 99999)).body).toEqual({ detail: 'Not found.' });
    expect((await classify(api, R.otherPrivate)).status).toBe(403);
    const pending = await classify(api, R.uploadPending);
    expect(pending.status).toBe(400);
    expect(Object.keys(pending.body)).toEqual(['audio_id']);
    const unpaid = await classify(api, R.unpaidUploaded);
    expect(unpaid.status).toBe(400);
    expect(unpaid.body).toMatchObject({ code: 7, detail: expect.any(String) });
    const short = await classify(api, R.almostEmptyLong);
    expect(short.status).toBe(403);
    expect(short.body).toMatchObject({ code: 1, duration: 120, detail: expect.any(String) });
    const counters = await api.counters();
    expect(counters.charges).toEqual([]);
    expect(counters.classifyCalls).toEqual({});
  });

  it('charges the duration on every call and finishes after the processing delay', async () => {
    const api = env.api;
    const id = R.uploadedNotProcessed;
    expect((await result(api, id)).status).toBe(404);
    const first = await classify(api, id);
    expect(first.status).toBe(201);
    expect(first.body.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await api.balance(S.personal)).toBe(36_000 - 2710);
    const running = await result(api, id);
    expect(running.body).toEqual({
      classified: false,
      success: false,
      audio_id: id,
      title: 'Interview with a backend candidate.wav',
      duration: 2710,
      is_shared: false,
      is_uploaded: true,
      result: null,
    });
    await api.advance(10_000);
    expect((await classify(api, id)).status).toBe(201); // charges again and restarts the run
    expect(await api.balance(S.personal)).toBe(36_000 - 2 * 2710);
    await api.advance(15_000);
    expect((await result(api, id)).body.classified).toBe(false);
    await api.advance(5_000);
    const done = await result(api, id);
    expect(done.body).toMatchObject({ classified: true, success: true });
    checkResult(done.body, 1);
    expect(await info(api, id)).toMatchObject({ was_classified: true, result_is_ready: true });
    const counters = await api.counters();
    expect(counters.classifyCalls).toEqual({ [id]: 2 });
    expect(counters.charges).toEqual([
      { space_id: 1, audio_id: id, seconds: 2710 },
      { space_id: 1, audio_id: id, seconds: 2710 },
    ]);
  });

  it('fails with success:false for [fail] titles and refunds the charge when the run ends', async () => {
    const api = env.api;
    const id = R.failFlag;
    expect((await classify(api, id)).status).toBe(201);
    expect(await api.balance(S.personal)).toBe(36_000 - 300);
    await api.advance(20_000);
    const failed = await result(api, id);
    expect(failed.body).toMatchObject({ classified: true, success: false, result: null });
    expect(await api.balance(S.personal)).toBe(36_000);
    expect(await info(api, id)).toMatchObject({ was_classified: true, result_is_ready: false });
    expect((await api.counters()).refunds).toEqual([{ space_id: 1, audio_id: id, seconds: 300 }]);
  });

  it('answers HTML 500 from the result endpoint for [fail-500] titles and refunds', async () => {
    const api = env.api;
    const id = R.fail500Flag;
    await classify(api, id);
    expect((await result(api, id)).body.classified).toBe(false);
    await api.advance(20_000);
    for (let i = 0; i < 2; i++) {
      const broken = await result(api, id);
      expect(broken.status).toBe(500);
      expect(broken.headers.get('content-type')).toMatch(/^text\/html/);
      await api.advance(4 * 60_000);
    }
    expect(await api.balance(S.personal)).toBe(36_000);
    expect((await api.counters()).refunds).toHaveLength(1);
  });

  it('takes the next outcome from the control surface, once', async () => {
    const api = env.api;
    const id = R.teamUploaded;
    const set = await api.control('POST', `/recordings/${id}/outcome`, { mode: 'fail' });
    expect(set.body).toEqual({ ok: true });
    await classify(api, id);
    await api.advance(20_000);
    expect((await result(api, id, S.team)).body.success).toBe(false);
    expect(await api.balance(S.team)).toBe(7200);
    await classify(api, id);
    await api.advance(20_000);
    expect((await result(api, id, S.team)).body.success).toBe(true);
    expect(await api.balance(S.team)).toBe(7200 - 1500);
  });

  it('returns the result put in by the control surface, checked for shape only', async () => {
    const api = env.api;
    const hostile = {
      title: '<img src=x onerror=alert(1)>.mp3',
      protocol: '# <script>alert(1)</script>\n\n[x](javascript:alert(1))',
      dialog: [
        {
          header: '<svg onload=alert(1)>',
          starts: [0, 5],
          ends: [4, 9],
          speakers: ['{1}', '{2}'],
          texts: ['a', 'b'],
        },
      ],
      speakers_map: { '1': '\u202Egnp.exe', '2': 'SPEAKER_02' },
      speakers_timeline: { '{1}': [[0, 4]], '{2}': [[5, 9]] },
    };
    const set = await api.control('POST', `/recordings/${R.ready}/result`, hostile);
    expect(set).toMatchObject({ status: 200, body: { ok: true } });
    const answer = (await result(api, R.ready)).body;
    const { title, ...fields } = hostile;
    expect(answer).toMatchObject({
      classified: true,
      success: true,
      title,
      result: { ...fields, language: 'en' },
    });
    // The title changes everywhere the recording is shown.
    expect((await info(api, R.ready)).title).toBe(title);

    // A partial result keeps the generated fields it does not name; content is never judged.
    const big = `# Big\n\n${'x'.repeat(10 * 1024 * 1024)}`;
    expect((await api.control('POST', `/recordings/${R.readyShort}/result`, { protocol: big })).status).toBe(
      200,
    );
    const short = (await result(api, R.readyShort)).body;
    expect(short.result.protocol).toBe(big);
    expect(short.result.dialog.length).toBeGreaterThan(0);

    // Shape errors and unknown recordings.
    for (const bad of [
      { protocol: 5 },
      { dialog: {} },
      { dialog: [{ header: 'h', starts: ['0'], ends: [], speakers: [], texts: [] }] },
      { dialog: [{ header: 'h', starts: [], ends: [], speakers: [1], texts: [] }] },
      { speakers_map: { '1': 2 } },
      { speakers_timeline: { '{1}': [[0]] } },
      { title: null },
      { protocl: '# typo' },
    ]) {
      const answer = await api.control('POST', `/recordings/${R.ready}/result`, bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.body).toEqual({ error: expect.any(String) });
    }
    expect((await api.control('POST', '/recordings/999999/result', { protocol: '#' })).status).toBe(404);
    // The result set before the refused calls stands; a reset brings the generated one back.
    expect((await result(api, R.ready)).body.result.protocol).toBe(hostile.protocol);
    await api.control('POST', '/reset');
    expect((await result(api, R.ready)).body.result.protocol).not.toBe(hostile.protocol);
  });

  it('renames a space to any string through the control surface', async () => {
    const api = env.api;
    const name = `<img src=x onerror=alert(1)>${'x'.repeat(100_000)}`;
    expect((await api.control('POST', `/spaces/${S.team}/name`, { name })).body).toEqual({ ok: true, name });
    expect((await api.get(`/api/spaces/${S.team}/`)).body.name).toBe(name);
    expect((await api.control('POST', `/spaces/${S.team}/name`, { name: 5 })).status).toBe(400);
    expect((await api.control('POST', '/spaces/999/name', { name: 'x' })).status).toBe(404);
  });

  it('finishes the seed run and keeps ready results stable', async () => {
    const api = env.api;
    expect((await result(api, R.processing)).body.classified).toBe(false);
    expect(await info(api, R.processing)).toMatchObject({ was_classified: false, result_is_ready: false });
    const clock = await api.control('POST', '/clock/advance', { ms: 20_000 });
    expect(clock.body).toEqual({ now: expect.any(String), nowMs: expect.any(Number) });
    expect((await result(api, R.processing)).body).toMatchObject({ classified: true, success: true });
    expect((await result(api, R.failed)).body).toMatchObject({
      classified: true,
      success: false,
      result: null,
    });
    const a = await result(api, R.ready);
    const b = await result(api, R.ready);
    expect(a.text).toBe(b.text);
    expect(a.body.result.language).toBe('en');
    expect((await result(api, R.readyRu)).body.result.language).toBe('ru');
  });

  it('generates results sized by duration, with the long and hostile seed recordings', async () => {
    const api = env.api;
    const long = (await result(api, R.long)).body;
    const utterances = checkResult(long, 1);
    expect(utterances).toBeGreaterThan(3500);
    expect(utterances).toBeLessThan(4500);
    expect(long.result.dialog.length).toBeGreaterThanOrEqual(35);
    expect(long.result.dialog.length).toBeLessThanOrEqual(45);
    const protocol: string = long.result.protocol;
    for (const part of [
      /^## /m,
      /^- /m,
      /^1\. /m,
      /^\| .* \|$/m,
      /\[.+\]\(https:/,
      /\*\*.+\*\*/,
      /`[^`]+`/,
      /^```/m,
    ]) {
      expect(protocol).toMatch(part);
    }
    const labels = Object.values(long.result.speakers_map as Record<string, string>);
    expect(labels.some((l) => /^SPEAKER_\d\d$/.test(l))).toBe(true);
    expect(labels.some((l) => !/^SPEAKER_\d\d$/.test(l))).toBe(true);

    const hostile = await info(api, R.hostile);
    expect(hostile.title.length).toBeLessThanOrEqual(255);
    expect(hostile.title).toMatch(/\.mp3$/);
    expect(hostile.title).toContain('<script>');
    const bad = (await result(api, R.hostile)).body;
    checkResult(bad, 1);
    const all = JSON.stringify(bad.result);
    for (const payload of ['onerror=alert', '<script>', 'javascript:', '<iframe', 'مرحبا', 'שלום', '🎉']) {
      expect(all).toContain(payload);
    }
    const texts: string[] = bad.result.dialog.flatMap((b: Block) => b.texts);
    expect(texts.some((t) => /\S{1000,}/.test(t))).toBe(true);
  });
});

describe('meeting bot', () => {
  it('sends a bot, refuses a second one in the space (code 5) and low balances (code 4)', async () => {
    const api = env.api;
    const path = `/api/space/${S.personal}/meeting/`;
    const sent = await api.post(path, {
      link: 'https://telemost.yandex.ru/j/123',
      meeting_service: 'telemost',
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      id: 1,
      link: 'https://telemost.yandex.ru/j/123',
      meeting_service: 'telemost',
    });
    const second = await api.post(path, { link: 'https://zoom.us/j/1', meeting_service: 'zoom' });
    expect(second.status).toBe(400);
    expect(second.body).toMatchObject({ code: 5, detail: expect.any(String) });
    const defaulted = await api.post(`/api/space/${S.team}/meeting/`, {
      link: 'https://meet.google.com/abc-defg-hij',
    });
    expect(defaulted.body.meeting_service).toBe('google_meet');
    const low = await api.post(`/api/space/${S.almostEmpty}/meeting/`, {
      link: 'https://zoom.us/j/2',
      meeting_service: 'zoom',
    });
    expect(low.status).toBe(400);
    expect(low.body).toMatchObject({ code: 4, detail: expect.any(String) });
    expect((await api.post(path, {})).body).toEqual({ link: ['This field is required.'] });
    expect((await api.post('/api/spaces/1/meeting/', { link: 'x' })).status).toBe(404);
    expect((await api.post(`/api/space/${S.other}/meeting/`, { link: 'x' })).status).toBe(403);
    expect((await api.counters()).botRequests).toBe(2);
  });

  it('creates a recording when the meeting ends and starts its processing with a charge', async () => {
    const api = env.api;
    await api.post(`/api/space/${S.personal}/meeting/`, {
      link: 'https://zoom.us/j/9',
      meeting_service: 'zoom',
    });
    await api.advance(50_000); // less than the meeting duration: the length is at least 60 s
    const ended = await api.control('POST', '/meetings/end', { space_id: S.personal });
    expect(ended.body.recordings).toHaveLength(1);
    const id = ended.body.recordings[0];
    const rec = await info(api, id);
    expect(rec.title).toMatch(/^Meeting \d{4}-\d\d-\d\d \d\d-\d\d\.webm$/);
    expect(rec).toMatchObject({ is_uploaded: true, is_active: true, space_id: S.personal });
    expect(rec.duration).toBe(60);
    const listed = (await api.get(`/api/spaces/${S.personal}/audio/`)).body.results[0];
    expect(listed.id).toBe(id);
    expect((await result(api, id)).body.classified).toBe(false);
    const counters = await api.counters();
    expect(counters.charges).toEqual([{ space_id: 1, audio_id: id, seconds: rec.duration }]);
    expect(counters.recordingsCreated).toMatchObject({ total: 1, bot: 1 });
    expect(counters.classifyCalls).toEqual({});
    await api.advance(20_000);
    expect((await result(api, id)).body).toMatchObject({ classified: true, success: true });
    // The space is free for the next bot.
    expect(
      (await api.post(`/api/space/${S.personal}/meeting/`, { link: 'https://zoom.us/j/10' })).status,
    ).toBe(201);
  });

  it('ends meetings on the clock, and fails without charging when the plan cannot pay', async () => {
    const api = env.api;
    await api.post(`/api/space/${S.unpaid}/meeting/`, {
      link: 'https://zoom.us/j/3',
      meeting_service: 'zoom',
    });
    await api.post(`/api/space/${S.team}/meeting/`, { link: 'https://zoom.us/j/4', meeting_service: 'zoom' });
    await api.control('POST', `/spaces/${S.team}/balance`, { available_seconds: 300 });
    await api.advance(60_000);
    const items = async (space: number) => (await api.get(`/api/spaces/${space}/audio/`)).body.results;
    const unpaid = (await items(S.unpaid))[0];
    const team = (await items(S.team))[0];
    expect(unpaid.duration).toBe(60);
    expect((await result(api, unpaid.id, S.unpaid)).body).toMatchObject({ classified: true, success: false });
    expect((await result(api, team.id, S.team)).body).toMatchObject({ classified: false });
    expect(await api.balance(S.team)).toBe(240);
    expect((await api.counters()).charges).toEqual([{ space_id: S.team, audio_id: team.id, seconds: 60 }]);
  });
});

describe('time unit in milliseconds', () => {
  const ms = useEmulator({ timeUnit: 'ms' });
  it('gives dialog and timeline times in integer milliseconds within the duration', async () => {
    const api = ms.api;
    const body = (await result(api, R.readyShort)).body;
    checkResult(body, 1000);
    const ends = body.result.dialog.flatMap((b: Block) => b.ends);
    expect(Math.max(...ends)).toBeGreaterThan(body.duration * 100);
    const seconds = (await result(env.api, R.readyShort)).body;
    expect(Math.max(...seconds.result.dialog.flatMap((b: Block) => b.ends))).toBeLessThanOrEqual(
      seconds.duration,
    );
  });
});
