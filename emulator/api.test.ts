/** Authentication, routing, errors, spaces and lists of the emulated service. */
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { SEED } from './index';
import { answer, useEmulator } from './test/helpers';

const env = useEmulator();
const R = SEED.recordings;
const S = SEED.spaces;
const DAY = 86_400_000;

describe('authentication', () => {
  it('signs in with email and password and issues simplejwt tokens', async () => {
    const api = env.api;
    const result = await api.signIn();
    expect(result.status).toBe(200);
    expect(Object.keys(result.body).sort()).toEqual(['access', 'refresh']);
    const access = decodeJwt(result.body.access);
    const refresh = decodeJwt(result.body.refresh);
    expect(access).toMatchObject({ token_type: 'access', user_id: 1 });
    expect(refresh).toMatchObject({ token_type: 'refresh', user_id: 1 });
    expect(typeof access.jti).toBe('string');
    expect((access.exp ?? 0) - (access.iat ?? 0)).toBe(30 * 86_400);
    expect((refresh.exp ?? 0) - (refresh.iat ?? 0)).toBe(86_400);
  });

  it('answers missing fields, wrong credentials and password-less accounts like simplejwt', async () => {
    const api = env.api;
    api.token = null;
    const missing = await api.post('/api/token/', {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      username: ['This field is required.'],
      password: ['This field is required.'],
    });
    const noUser = await api.post('/api/token/', { password: 'x' });
    expect(noUser.body).toEqual({ username: ['This field is required.'] });

    const wrong = await api.post('/api/token/', { username: 'demo@example.com', password: 'nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ detail: 'No active account found with the given credentials' });
    expect(wrong.headers.get('www-authenticate')).toBe('Bearer realm="api"');
    const sso = await api.post('/api/token/', { username: 'sso@example.com', password: '' });
    const sso2 = await api.post('/api/token/', { username: 'sso@example.com', password: 'anything' });
    expect(sso.status).toBe(400); // blank password is a validation error first
    expect(sso2.status).toBe(401);
    expect(sso2.body).toEqual(wrong.body);
  });

  it('requires the bearer header and rejects bad or refresh tokens', async () => {
    const api = env.api;
    const { refresh } = (await api.signIn()).body;
    api.token = null;
    const none = await api.get('/api/spaces/');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ detail: 'Authentication credentials were not provided.' });
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="api"');

    const invalidBody = {
      detail: 'Given token not valid for any token type',
      code: 'token_not_valid',
      messages: [
        { token_class: 'AccessToken', token_type: 'access', message: 'Token is invalid or expired' },
      ],
    };
    api.token = 'not.a.token';
    expect((await api.get('/api/spaces/')).body).toEqual(invalidBody);
    api.token = refresh;
    const wrongType = await api.get('/api/spaces/');
    expect(wrongType.status).toBe(401);
    expect(wrongType.body).toEqual(invalidBody);
  });

  it('refreshes access only, and expires tokens on the virtual clock', async () => {
    const api = env.api;
    const pair = (await api.signIn()).body;
    api.token = null;
    const refreshed = await api.post('/api/token/refresh/', { refresh: pair.refresh });
    expect(refreshed.status).toBe(200);
    expect(Object.keys(refreshed.body)).toEqual(['access']);
    const bad = await api.post('/api/token/refresh/', { refresh: pair.access });
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ detail: 'Token is invalid or expired', code: 'token_not_valid' });
    expect((await api.post('/api/token/refresh/', {})).body).toEqual({
      refresh: ['This field is required.'],
    });

    await api.advance(DAY + 1000);
    expect((await api.post('/api/token/refresh/', { refresh: pair.refresh })).status).toBe(401);
    api.token = pair.access;
    expect((await api.get('/api/spaces/')).status).toBe(200);
    await api.advance(30 * DAY);
    const expired = await api.get('/api/spaces/');
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe('token_not_valid');
    const counters = await api.counters();
    expect(counters.signIns).toBe(2); // one before each test, one here
    expect(counters.tokenRefreshes).toBe(1);
  });
});

describe('routing and errors', () => {
  it('answers unknown paths and paths without the trailing slash with an HTML 404', async () => {
    const api = env.api;
    for (const path of [
      '/api/spaces',
      '/api/nothing/',
      '/api/spaces/abc/',
      '/',
      `/api/spaces/1/audio/${R.ready}/info`,
    ]) {
      const result = await api.get(path);
      expect(result.status, path).toBe(404);
      expect(result.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(result.text).toContain('<h1>Not Found</h1>');
    }
  });

  it('answers a wrong method with a JSON 405 and the Allow header', async () => {
    const result = await env.api.request('DELETE', '/api/spaces/');
    expect(result.status).toBe(405);
    expect(result.body).toEqual({ detail: 'Method "DELETE" not allowed.' });
    expect(result.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    const get = await env.api.get('/api/audio/classify/');
    expect(get.body).toEqual({ detail: 'Method "GET" not allowed.' });
  });

  it('answers 403 for spaces that are not the caller’s or do not exist, 404 JSON for unknown recordings', async () => {
    const api = env.api;
    const denied = { detail: 'You do not have permission to perform this action.' };
    for (const path of [
      `/api/spaces/${S.other}/`,
      '/api/spaces/999/',
      `/api/spaces/${S.other}/audio/`,
      `/api/spaces/${S.other}/audio/${R.otherPrivate}/info/`,
    ]) {
      const result = await api.get(path);
      expect(result.status, path).toBe(403);
      expect(result.body).toEqual(denied);
    }
    const missing = await api.get(`/api/spaces/${S.personal}/audio/99999/info/`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: 'Not found.' });
    // A recording of another space the caller can see is not found under this space.
    expect((await api.get(`/api/spaces/${S.personal}/audio/${R.teamReady}/info/`)).status).toBe(404);
  });

  it('answers malformed JSON, other media types and non-object bodies like DRF', async () => {
    const api = env.api;
    const broken = await api.request('POST', `/api/spaces/${S.personal}/audio/`, '{"title":', {});
    expect(broken.status).toBe(400);
    expect(broken.body.detail).toMatch(/^JSON parse error - /);
    const text = await answer(
      await fetch(`${api.url}/api/spaces/${S.personal}/audio/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${api.token}` },
        body: 'title=x',
      }),
    );
    expect(text.status).toBe(415);
    expect(text.body.detail).toBe('Unsupported media type "text/plain;charset=UTF-8" in request.');
    const list = await api.post(`/api/spaces/${S.personal}/audio/`, [1]);
    expect(list.body).toEqual({ non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] });
  });

  it('validates fields with DRF messages', async () => {
    const api = env.api;
    const path = `/api/spaces/${S.personal}/audio/`;
    expect((await api.post(path, {})).body).toEqual({
      title: ['This field is required.'],
      size: ['This field is required.'],
      content_type: ['This field is required.'],
    });
    const bad = await api.post(path, {
      title: `${'a'.repeat(252)}.mp3`,
      size: 'ten',
      content_type: 'audio/mpeg',
    });
    expect(bad.body).toEqual({
      title: ['Ensure this field has no more than 255 characters.'],
      size: ['A valid integer is required.'],
    });
    const ext = await api.post(path, { title: 'notes.txt', size: 0, content_type: 'text/plain' });
    expect(ext.body.title[0]).toMatch(/File extension “txt” is not allowed/);
    expect(ext.body.size).toEqual(['Ensure this value is greater than or equal to 1.']);
    const bot = await api.post(`/api/space/${S.personal}/meeting/`, {
      link: 'https://zoom.us/j/1',
      meeting_service: 'xyz',
    });
    expect(bot.body).toEqual({ meeting_service: ['"xyz" is not a valid choice.'] });
    const byUrl = await api.post(`/api/spaces/${S.personal}/audio/by_url/`, {
      url: 'not a url',
      title: 'a.MP3',
      content_type: 'audio/mpeg',
    });
    expect(byUrl.body).toEqual({ url: ['Enter a valid URL.'] });
  });

  it('answers an invalid search pattern with an HTML 500, as a Postgres-backed service does', async () => {
    const result = await env.api.get(
      `/api/spaces/${S.personal}/audio/?search=${encodeURIComponent('(unclosed')}`,
    );
    expect(result.status).toBe(500);
    expect(result.headers.get('content-type')).toMatch(/^text\/html/);
  });
});

describe('spaces', () => {
  it('lists the caller’s spaces, personal first, with subscriptions', async () => {
    const result = await env.api.get('/api/spaces/');
    expect(result.status).toBe(200);
    expect(result.body.count).toBe(4);
    expect(result.body.results.map((r: { space: { id: number } }) => r.space.id)).toEqual([1, 2, 3, 4]);
    expect(result.body.results[0].is_main_space).toBe(true);
    expect(result.body.results[1].is_main_space).toBe(false);
    const personal = result.body.results[0].space;
    expect(personal).toMatchObject({ id: 1, name: 'Personal', description: expect.any(String) });
    const sub = personal.subscribe;
    expect(sub.available_usage_count).toBe(36_000);
    expect(sub.offer.audio_limit - sub.usage_count).toBe(sub.available_usage_count);
    expect(sub.end_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Date.parse(sub.end_date)).toBeGreaterThan(Date.now() + 25 * DAY);
  });

  it('shows single spaces and their balances', async () => {
    const api = env.api;
    const unpaid = await api.get(`/api/spaces/${S.unpaid}/`);
    expect(unpaid.body.subscribe.is_active).toBe(false);
    const almost = await api.get(`/api/spaces/${S.almostEmpty}/`);
    expect(almost.body.subscribe.available_usage_count).toBe(120);
    expect((await api.get(`/api/spaces/${S.team}/`)).body.subscribe.available_usage_count).toBe(7200);
    await api.signIn(SEED.users.other.email, SEED.users.other.password);
    const other = await api.get('/api/spaces/');
    expect(other.body.results[0]).toMatchObject({ is_main_space: true, space: { id: S.other } });
  });
});

describe('recording lists', () => {
  it('pages with limit/offset and http:// next/previous links built from the Host header', async () => {
    const api = env.api;
    const first = await api.get(`/api/spaces/${S.personal}/audio/`);
    expect(first.body.count).toBe(SEED.personalListCount);
    expect(first.body.results).toHaveLength(10);
    const host = new URL(api.url).host;
    expect(first.body.next).toBe(`http://${host}/api/spaces/1/audio/?limit=10&offset=10`);
    expect(first.body.previous).toBeNull();
    const second = await api.get(`/api/spaces/${S.personal}/audio/?limit=5&offset=5&ordering=title`);
    expect(second.body.next).toBe(`http://${host}/api/spaces/1/audio/?limit=5&offset=10&ordering=title`);
    expect(second.body.previous).toBe(`http://${host}/api/spaces/1/audio/?limit=5&ordering=title`);
    const last = await api.get(`/api/spaces/${S.personal}/audio/?limit=5&offset=10`);
    expect(last.body.results).toHaveLength(2);
    expect(last.body.next).toBeNull();
    const capped = await api.get(`/api/spaces/${S.personal}/audio/?limit=1000`);
    expect(capped.body.results).toHaveLength(SEED.personalListCount);
    const invalid = await api.get(`/api/spaces/${S.personal}/audio/?limit=-1&offset=abc`);
    expect(invalid.body.results).toHaveLength(10);
  });

  it('returns recordings with exactly the contract’s fields, newest first', async () => {
    const result = await env.api.get(`/api/spaces/${S.personal}/audio/?limit=100`);
    const items = result.body.results;
    expect(Object.keys(items[0]).sort()).toEqual(
      [
        'id',
        'title',
        'created_at',
        'duration',
        'size',
        'content_type',
        'space_id',
        'is_active',
        'is_favorite',
        'is_uploaded',
        'was_classified',
        'result_is_ready',
        'url',
      ].sort(),
    );
    for (const item of items) {
      expect(item.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}[+-]\d\d:\d\d$/);
      expect(item.is_active).toBe(true);
      expect(item.url.startsWith(env.api.emulator.storageUrl)).toBe(true);
    }
    const times = items.map((i: { created_at: string }) => Date.parse(i.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(items.map((i: { id: number }) => i.id)).not.toContain(R.inTrash);
  });

  it('searches titles with a case-insensitive regular expression and orders by known fields', async () => {
    const api = env.api;
    const search = await api.get(
      `/api/spaces/${S.personal}/audio/?search=${encodeURIComponent('^(quick|PRODUCT)')}`,
    );
    expect(search.body.results.map((r: { id: number }) => r.id).sort()).toEqual([R.ready, R.readyShort]);
    const ru = await api.get(`/api/spaces/${S.personal}/audio/?search=${encodeURIComponent('планёрка')}`);
    expect(ru.body.results.map((r: { id: number }) => r.id)).toEqual([R.readyRu]);
    const byDuration = await api.get(`/api/spaces/${S.personal}/audio/?ordering=-duration&limit=100`);
    const durations = byDuration.body.results.map((r: { duration: number | null }) => r.duration);
    expect(durations[0]).toBeNull(); // NULLs first when descending, as in Postgres
    expect(durations[1]).toBe(10_437);
    const unknown = await api.get(`/api/spaces/${S.personal}/audio/?ordering=size`);
    const plain = await api.get(`/api/spaces/${S.personal}/audio/`);
    expect(unknown.body.results).toEqual(
      plain.body.results.map((r: object) => ({ ...r, url: expect.any(String) })),
    );
  });

  it('moves recordings to the trash with delete_list and validates the ids', async () => {
    const api = env.api;
    const path = `/api/spaces/${S.personal}/audio/delete_list/`;
    const trash = await api.get(`/api/spaces/${S.personal}/audio/trash/`);
    expect(trash.body.results.map((r: { id: number }) => r.id)).toEqual([R.inTrash]);
    expect(trash.body.results[0].is_active).toBe(false);

    const foreign = await api.post(path, { audio_ids: [R.ready, R.teamReady] });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual({ audio_ids: [`Invalid pk "${R.teamReady}" - object does not exist.`] });
    expect((await api.post(path, { audio_ids: [] })).body).toEqual({
      audio_ids: ['This list may not be empty.'],
    });
    expect((await api.get(`/api/spaces/${S.personal}/audio/${R.ready}/info/`)).body.is_active).toBe(true);

    const ok = await api.post(path, { audio_ids: [R.ready, R.readyShort] });
    expect(ok.status).toBe(200);
    expect(ok.text).toBe('');
    expect(ok.headers.get('content-length')).toBe('0');
    const after = await api.get(`/api/spaces/${S.personal}/audio/trash/`);
    expect(after.body.count).toBe(3);
    expect((await api.get(`/api/spaces/${S.personal}/audio/`)).body.count).toBe(SEED.personalListCount - 2);
    expect((await api.get(`/api/spaces/${S.personal}/audio/${R.ready}/info/`)).body.is_active).toBe(false);
  });

  it('serves seed source files behind the 1-hour link, and refuses it once expired or altered', async () => {
    const api = env.api;
    const info = (await api.get(`/api/spaces/${S.personal}/audio/${R.ready}/info/`)).body;
    const file = await fetch(info.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('audio/mpeg');
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.length).toBe(info.size);
    expect(bytes.toString('ascii', 0, 4)).toBe('RIFF');
    const tampered = await fetch(info.url.replace(/X-Amz-Expires=3600/, 'X-Amz-Expires=99999'));
    expect(tampered.status).toBe(403);
    expect(await tampered.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    await api.advance(3_600_000 + 2_000);
    const expired = await fetch(info.url);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('<Code>AccessDenied</Code>');
  });
});

describe('authentication controls', () => {
  it('expires the access tokens issued so far; refresh tokens and new access tokens stay valid', async () => {
    const api = env.api;
    const pair = (await api.signIn()).body;
    api.token = pair.access;
    expect((await api.get('/api/spaces/')).status).toBe(200);
    expect((await api.control('POST', '/tokens/expire-access')).body.ok).toBe(true);
    const expired = await api.get('/api/spaces/');
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe('token_not_valid');
    api.token = null;
    const refreshed = await api.post('/api/token/refresh/', { refresh: pair.refresh });
    expect(refreshed.status).toBe(200);
    api.token = refreshed.body.access;
    expect((await api.get('/api/spaces/')).status).toBe(200);
  });

  it('puts the clock behind real time: tokens are issued on it', async () => {
    const api = env.api;
    const before = Date.now();
    const set = await api.control('POST', '/clock/offset', { ms: -DAY });
    expect(set.body.nowMs).toBeLessThanOrEqual(Date.now() - DAY);
    expect(set.body.nowMs).toBeGreaterThanOrEqual(before - DAY);
    const { iat } = decodeJwt((await api.signIn()).body.access);
    expect(iat! * 1000).toBeLessThanOrEqual(Date.now() - DAY);
  });
});
