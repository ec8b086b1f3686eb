import { describe, expect, it } from 'vitest';
import { type ApiClient, createApiClient, escapeRegex, exactTitlePattern, take } from '../../lib/api';
import { failure, SEED, type TestEmulator, useSignedIn } from './support';

let emu: TestEmulator;
let client: ApiClient;

useSignedIn({}, (ready) => {
  ({ emu, client } = ready);
});

describe('endpoint: List spaces (GET /api/spaces/)', () => {
  it('lists the spaces of the account with the personal one marked, page by page with limit/offset', async () => {
    const items = await take(client.iterateSpaces({ limit: 1 }), 100);
    expect(items.map((item) => item.space.id).sort()).toEqual([1, 2, 3, 4]);
    expect(items.filter((item) => item.is_main_space).map((item) => item.space.name)).toEqual(['Personal']);
    const almostEmpty = items.find((item) => item.space.id === SEED.spaces.almostEmpty);
    expect(almostEmpty?.space.subscribe?.available_usage_count).toBe(120);
  });

  it('page of results: next uses http:// and is never followed', async () => {
    const page = await client.listSpaces({ limit: 1, offset: 0 });
    expect(page.count).toBe(4);
    expect(page.next).toMatch(/^http:\/\//);
    expect(page.previous).toBeNull();
  });
});

describe('endpoint: Get a space (GET /api/spaces/{space_id}/)', () => {
  it('returns the balance before an upload', async () => {
    const space = await client.getSpace(SEED.spaces.team);
    expect(space).toMatchObject({
      id: 2,
      name: 'Team',
      subscribe: { available_usage_count: 7200, is_active: true },
    });
    expect(space.subscribe?.end_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('errors: 403 when the caller has no rights to the space', async () => {
    expect(await failure(client.getSpace(SEED.spaces.other))).toMatchObject({ kind: 'forbidden' });
  });

  it('errors: 403 when the space does not exist', async () => {
    expect(await failure(client.getSpace(999_999))).toMatchObject({ kind: 'forbidden' });
  });
});

describe('endpoint: List recordings (GET /api/spaces/{space_id}/audio/)', () => {
  it('lists every active recording with limit/offset (limit always sent)', async () => {
    const all = await take(
      client.iterateRecordings(SEED.spaces.personal, { limit: 5, ordering: '-created_at' }),
      1000,
    );
    expect(all).toHaveLength(SEED.personalListCount);
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
    expect(all.every((r) => r.is_active && typeof r.url === 'string')).toBe(true);
    const times = all.map((r) => Date.parse(r.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('search is a case-insensitive regular expression: plain text is escaped', async () => {
    const hostile = await client.getRecordingInfo(SEED.spaces.personal, SEED.recordings.hostile);
    const found = await take(
      client.iterateRecordings(SEED.spaces.personal, { search: exactTitlePattern(hostile.title) }),
      10,
    );
    expect(found.map((r) => r.id)).toEqual([SEED.recordings.hostile]);
    const upper = await take(
      client.iterateRecordings(SEED.spaces.personal, {
        search: escapeRegex(hostile.title.slice(0, 12).toUpperCase()),
      }),
      10,
    );
    expect(upper.map((r) => r.id)).toContain(SEED.recordings.hostile);
  });

  it('errors: 403 on a space of another account', async () => {
    expect(await failure(client.listRecordings(SEED.spaces.other, { limit: 10 }))).toMatchObject({
      kind: 'forbidden',
    });
  });
});

describe('endpoint: Upload status (GET .../audio/{audio_id}/info/)', () => {
  it('states: a created recording whose upload was never completed', async () => {
    const pending = await client.getRecordingInfo(SEED.spaces.personal, SEED.recordings.uploadPending);
    expect(pending).toMatchObject({
      is_uploaded: false,
      is_active: true,
      was_classified: false,
      result_is_ready: false,
    });
    expect(pending.duration).toBeNull();
    expect(typeof pending.url).toBe('string');
  });

  it('errors: 404 JSON when there is no such recording', async () => {
    expect(await failure(client.getRecordingInfo(SEED.spaces.personal, 999_999))).toMatchObject({
      kind: 'not-found',
      detail: 'Not found.',
    });
  });

  it('errors: 404 on a recording of another space', async () => {
    expect(await failure(client.getRecordingInfo(SEED.spaces.team, SEED.recordings.ready))).toMatchObject({
      kind: 'not-found',
    });
  });

  it('errors: a non-existent path answers HTML, detected before parsing', async () => {
    const raw = await emu.raw('GET', '/api/no-such-thing/');
    expect(raw.status).toBe(404);
    expect(raw.contentType).toMatch(/html/);
    const wrongBase = emu.client();
    await wrongBase.signIn(SEED.users.demo.email, SEED.users.demo.password);
    const viaClient = await failure(
      // A client pointed at the wrong base path meets the HTML 404 of the server.
      createApiClient({
        baseUrl: `${emu.url}/wrong-prefix`,
        session: { get: async () => wrongBase.getSession(), set: async () => {} },
        fetch: emu.fetch,
        now: emu.now,
        sleep: emu.sleepWith(0),
      }).getSpace(1),
    );
    expect(viaClient).toMatchObject({ kind: 'html', status: 404, text: 'Not Found' });
  });
});

describe('endpoint: Trash and Delete recordings', () => {
  it('lists the trash (is_active: false)', async () => {
    const trash = await take(client.iterateTrash(SEED.spaces.personal, { limit: 10 }), 100);
    expect(trash.map((r) => r.id)).toEqual([SEED.recordings.inTrash]);
    expect(trash[0]?.is_active).toBe(false);
  });

  it('states: delete moves recordings to the trash (empty 200 answer)', async () => {
    await client.deleteRecordings(SEED.spaces.personal, [SEED.recordings.ready, SEED.recordings.failed]);
    const trash = await take(client.iterateTrash(SEED.spaces.personal), 100);
    expect(trash.map((r) => r.id).sort()).toEqual(
      [SEED.recordings.ready, SEED.recordings.failed, SEED.recordings.inTrash].sort(),
    );
    const list = await take(client.iterateRecordings(SEED.spaces.personal), 100);
    expect(list).toHaveLength(SEED.personalListCount - 2);
    expect((await client.getRecordingInfo(SEED.spaces.personal, SEED.recordings.ready)).is_active).toBe(
      false,
    );
  });

  it('errors: 400 field list for ids that do not belong to the space', async () => {
    const info = await failure(client.deleteRecordings(SEED.spaces.personal, [SEED.recordings.teamReady]));
    expect(info).toMatchObject({ kind: 'validation', fields: { audio_ids: [expect.any(String)] } });
  });
});
