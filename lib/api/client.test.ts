import { describe, expect, it } from 'vitest';
import { VIDEO_SITE_PATH } from './client';
import {
  BASE_URL,
  empty,
  FakeService,
  failure,
  html,
  json,
  jwt,
  NOW,
  page,
  personalSpace,
  recording,
  testClient,
} from './testing/fake-service';

const space = personalSpace;
const result = {
  classified: false,
  success: false,
  audio_id: 5,
  title: 'a.mp3',
  duration: 60,
  is_shared: false,
  is_uploaded: true,
  result: null,
};

describe('endpoints: one method each, right method, path, body and headers', () => {
  it('calls every endpoint as the contract describes', async () => {
    const service = new FakeService()
      .on('POST', '/api/token/', json(200, { access: jwt({ exp: 2e9 }), refresh: jwt({ exp: 2e9 }) }))
      .on('POST', '/api/token/refresh/', json(200, { access: jwt({ exp: 2e9 }) }))
      .on('GET', '/api/spaces/', json(200, page([{ is_main_space: true, space }])))
      .on('GET', '/api/spaces/1/', json(200, space))
      .on(
        'POST',
        '/api/spaces/1/audio/',
        json(201, recording({ url: ['http://storage.test/p1'], is_uploaded: false, duration: null })),
      )
      .on('POST', '/api/spaces/1/audio/101/complete_upload/', empty(200))
      .on('GET', '/api/spaces/1/audio/101/info/', json(200, recording()))
      .on('POST', '/api/spaces/1/audio/by_url/', json(201, { audio_id: 102 }))
      .on('POST', `/api/spaces/1/audio/${VIDEO_SITE_PATH}/`, json(201, { audio_id: 103 }))
      .on('GET', '/api/spaces/1/audio/', json(200, page([recording()])))
      .on('GET', '/api/spaces/1/audio/trash/', json(200, page([recording({ is_active: false })])))
      .on('POST', '/api/spaces/1/audio/delete_list/', empty(200))
      .on(
        'POST',
        '/api/space/1/meeting/',
        json(201, { id: 9, link: 'https://telemost.yandex.ru/j/1', meeting_service: 'telemost' }),
      )
      .on('POST', '/api/audio/classify/', json(201, { request_id: 'abc' }))
      .on('GET', '/api/spaces/1/audio/101/result/', json(200, result));
    const { client } = testClient({ service, session: null });

    const session = await client.signIn('demo@example.com', 'demo-password');
    expect(session.email).toBe('demo@example.com');
    expect((await client.refreshToken(session.refresh)).access).toBeTypeOf('string');
    expect((await client.listSpaces({ limit: 10, offset: 0 })).results[0]?.is_main_space).toBe(true);
    expect((await client.getSpace(1)).subscribe?.available_usage_count).toBe(36_000);
    const created = await client.createRecording(1, { title: 'a.mp3', size: 10, content_type: 'audio/mpeg' });
    expect(created.url).toEqual(['http://storage.test/p1']);
    await client.completeUpload(1, 101, [{ PartNumber: 1, ETag: '"e1"' }]);
    expect((await client.getRecordingInfo(1, 101)).url).toBeTypeOf('string');
    expect(
      await client.uploadByUrl(1, {
        url: 'http://files.test/a.mp3',
        title: 'a.mp3',
        content_type: 'audio/mpeg',
      }),
    ).toEqual({
      audio_id: 102,
    });
    expect(await client.uploadFromVideoSite(1, { url: 'https://video.test/watch?v=1' })).toEqual({
      audio_id: 103,
    });
    expect((await client.listRecordings(1, { search: '^a$', ordering: '-created_at', limit: 5 })).count).toBe(
      1,
    );
    expect((await client.listTrash(1, { limit: 5, offset: 0 })).results[0]?.is_active).toBe(false);
    await client.deleteRecordings(1, [101]);
    expect(
      (await client.sendBot(1, { link: 'https://telemost.yandex.ru/j/1', meeting_service: 'telemost' })).id,
    ).toBe(9);
    expect(await client.startProcessing(101)).toEqual({ request_id: 'abc' });
    expect((await client.getResult(1, 101)).classified).toBe(false);

    const [signIn, refresh, ...authed] = service.requests;
    expect(signIn?.body).toEqual({ username: 'demo@example.com', password: 'demo-password' });
    expect(signIn?.headers.get('authorization')).toBeNull();
    expect(refresh?.body).toEqual({ refresh: session.refresh });
    expect(refresh?.headers.get('authorization')).toBeNull();
    for (const request of authed)
      expect(request.headers.get('authorization')).toBe(`Bearer ${session.access}`);
    for (const request of service.requests) expect(request.path.endsWith('/')).toBe(true);

    expect(service.to('GET', '/api/spaces/')[0]?.url.search).toBe('?limit=10&offset=0');
    expect(Object.fromEntries(service.to('GET', '/api/spaces/1/audio/')[0]!.url.searchParams)).toEqual({
      search: '^a$',
      ordering: '-created_at',
      limit: '5',
      offset: '0',
    });
    expect(service.to('POST', '/api/spaces/1/audio/')[0]?.body).toEqual({
      title: 'a.mp3',
      size: 10,
      content_type: 'audio/mpeg',
    });
    expect(service.to('POST', '/api/spaces/1/audio/101/complete_upload/')[0]?.body).toEqual({
      parts: [{ PartNumber: 1, ETag: '"e1"' }],
    });
    expect(service.to('POST', '/api/spaces/1/audio/delete_list/')[0]?.body).toEqual({ audio_ids: [101] });
    expect(service.to('POST', '/api/space/1/meeting/')[0]?.body).toEqual({
      link: 'https://telemost.yandex.ru/j/1',
      meeting_service: 'telemost',
    });
    expect(service.to('POST', '/api/audio/classify/')[0]?.body).toEqual({ audio_id: 101 });
    expect(service.to('POST', '/api/spaces/1/audio/by_videosite/')[0]?.body).toEqual({
      url: 'https://video.test/watch?v=1',
    });
  });

  it('reads the base URL from a function before each request and drops a trailing slash', async () => {
    const service = new FakeService().on('GET', '/api/spaces/1/', json(200, space));
    let base = `${BASE_URL}/`;
    const { client } = testClient({ service, baseUrl: async () => base });
    await client.getSpace(1);
    expect(service.requests.map((request) => request.url.href)).toEqual([`${BASE_URL}/api/spaces/1/`]);
    // Another origin: the session's token is not sent there (lib/api/session.ts, requireOrigin).
    base = 'http://other.test';
    await expect(client.getSpace(1)).rejects.toMatchObject({
      info: { kind: 'auth', reason: 'token-invalid' },
    });
    expect(service.requests.map((request) => request.url.origin)).toEqual([BASE_URL]);
  });
});

describe('errors through the client', () => {
  it('maps HTML with status 200 to html, without retrying or parsing', async () => {
    const { client, service, sleeps } = testClient({
      service: new FakeService().on(
        'GET',
        '/api/spaces/1/',
        html(200, '<html><title>Wi-Fi login</title></html>'),
      ),
    });
    expect(await failure(client.getSpace(1))).toMatchObject({
      kind: 'html',
      status: 200,
      text: 'Wi-Fi login',
      operation: 'getSpace',
    });
    expect(service.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('maps JSON that fails the schema to invalid-response with the issue paths', async () => {
    const { client } = testClient({
      service: new FakeService().on(
        'GET',
        '/api/spaces/1/audio/',
        json(200, page([recording({ duration: 'long' })])),
      ),
    });
    expect(await failure(client.listRecordings(1, { limit: 10 }))).toMatchObject({
      kind: 'invalid-response',
      status: 200,
      issues: [{ path: 'results.0.duration' }],
    });
  });

  it('maps a 404 JSON to not-found and a path the service does not know to html', async () => {
    const { client } = testClient({
      service: new FakeService().on(
        'GET',
        '/api/spaces/1/audio/9/info/',
        json(404, { detail: 'Not found.' }),
      ),
    });
    expect(await failure(client.getRecordingInfo(1, 9))).toMatchObject({
      kind: 'not-found',
      detail: 'Not found.',
    });
    expect(await failure(client.getResult(1, 9))).toMatchObject({ kind: 'html', status: 404 });
  });

  it('maps 403 code 1 on classify to insufficient-balance', async () => {
    const { client } = testClient({
      service: new FakeService().on(
        'POST',
        '/api/audio/classify/',
        json(403, { detail: 'Not enough', duration: 120, code: 1 }),
      ),
    });
    expect(await failure(client.startProcessing(5))).toMatchObject({
      kind: 'insufficient-balance',
      availableSeconds: 120,
    });
  });

  it('maps 400 code 7 on classify, codes 4 and 5 on meeting, and 403 on a foreign space', async () => {
    const service = new FakeService()
      .on('POST', '/api/audio/classify/', json(400, { detail: 'Not paid', code: 7 }))
      .on('POST', '/api/space/4/meeting/', json(400, { detail: 'Less than 5 minutes', code: 4 }))
      .on('POST', '/api/space/1/meeting/', json(400, { detail: 'Busy', code: 5 }))
      .on(
        'GET',
        '/api/spaces/5/',
        json(403, { detail: 'You do not have permission to perform this action.' }),
      );
    const { client } = testClient({ service });
    expect(await failure(client.startProcessing(5))).toMatchObject({ kind: 'unpaid' });
    expect(await failure(client.sendBot(4, { link: 'l', meeting_service: 'zoom' }))).toMatchObject({
      kind: 'bot-low-balance',
    });
    expect(await failure(client.sendBot(1, { link: 'l', meeting_service: 'zoom' }))).toMatchObject({
      kind: 'bot-busy',
    });
    expect(await failure(client.getSpace(5))).toMatchObject({ kind: 'forbidden' });
  });

  it('maps a 400 field list on create to validation', async () => {
    const { client } = testClient({
      service: new FakeService().on(
        'POST',
        '/api/spaces/1/audio/',
        json(400, { title: ['Ensure this field has no more than 255 characters.'] }),
      ),
    });
    expect(
      await failure(client.createRecording(1, { title: 'x.mp3', size: 1, content_type: 'audio/mpeg' })),
    ).toEqual({
      kind: 'validation',
      operation: 'createRecording',
      fields: { title: ['Ensure this field has no more than 255 characters.'] },
    });
  });

  it('maps a connection failure to network and a hung request to timeout', async () => {
    const service = new FakeService()
      .on('POST', '/api/spaces/1/audio/delete_list/', 'network-error')
      .on('GET', '/api/spaces/1/', 'hang');
    const { client } = testClient({ service, timeoutMs: 20 });
    expect(await failure(client.deleteRecordings(1, [1]))).toMatchObject({
      kind: 'network',
      message: expect.stringContaining('ECONNRESET'),
    });
    expect(await failure(client.getSpace(1, { retry: false }))).toMatchObject({
      kind: 'timeout',
      timeoutMs: 20,
    });
  });

  it('maps an abort to aborted', async () => {
    const { client } = testClient({ service: new FakeService().on('GET', '/api/spaces/1/', 'hang') });
    const controller = new AbortController();
    const pending = failure(client.getSpace(1, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 5);
    expect(await pending).toMatchObject({ kind: 'aborted' });
  });
});

describe('retries: Any GET, pauses of 2, 4, 8 seconds', () => {
  it('retries a 5xx HTML answer three times with 2000/4000/8000 ms, then fails with the last error', async () => {
    const service = new FakeService().on(
      'GET',
      '/api/spaces/',
      html(500),
      html(502, '<title>Bad Gateway</title>'),
      html(503, '<title>Unavailable</title>'),
      html(500, '<title>Last</title>'),
    );
    const { client, sleeps } = testClient({ service });
    expect(await failure(client.listSpaces({ limit: 10, offset: 0 }))).toMatchObject({
      kind: 'server',
      status: 500,
      text: 'Last',
    });
    expect(service.requests).toHaveLength(4);
    expect(sleeps).toEqual([2000, 4000, 8000]);
  });

  it('retries connection failures and succeeds', async () => {
    const service = new FakeService().on(
      'GET',
      '/api/spaces/1/',
      'network-error',
      'network-error',
      json(200, space),
    );
    const { client, sleeps } = testClient({ service });
    expect((await client.getSpace(1)).name).toBe('Personal');
    expect(sleeps).toEqual([2000, 4000]);
  });

  it('retries a timed-out GET', async () => {
    const service = new FakeService().on('GET', '/api/spaces/1/', 'hang', json(200, space));
    const { client, sleeps } = testClient({ service, timeoutMs: 20 });
    expect((await client.getSpace(1)).id).toBe(1);
    expect(sleeps).toEqual([2000]);
  });

  it('does not retry 4xx answers', async () => {
    const service = new FakeService().on('GET', '/api/spaces/5/', json(403, { detail: 'no' }));
    const { client, sleeps } = testClient({ service });
    expect(await failure(client.getSpace(5))).toMatchObject({ kind: 'forbidden' });
    expect(service.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('makes one attempt when asked not to retry (poll loops)', async () => {
    const service = new FakeService().on('GET', '/api/spaces/1/audio/5/result/', html(500));
    const { client, sleeps } = testClient({ service });
    expect(await failure(client.getResult(1, 5, { retry: false }))).toMatchObject({ kind: 'server' });
    expect(service.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('stops retrying when aborted during a pause', async () => {
    const service = new FakeService().on('GET', '/api/spaces/1/', html(500));
    const controller = new AbortController();
    const { client } = testClient({
      service,
      sleep: async () => {
        controller.abort();
        throw new DOMException('aborted', 'AbortError');
      },
    });
    expect(await failure(client.getSpace(1, { signal: controller.signal }))).toMatchObject({
      kind: 'aborted',
    });
    expect(service.requests).toHaveLength(1);
  });
});

describe('retries: Sign-in, twice after 1 s then 2 s, never on 401', () => {
  const tokens = {
    access: jwt({ exp: NOW / 1000 + 30 * 86_400 }),
    refresh: jwt({ exp: NOW / 1000 + 86_400 }),
  };

  it('retries a 5xx and a connection failure', async () => {
    const service = new FakeService().on(
      'POST',
      '/api/token/',
      html(500),
      'network-error',
      json(200, tokens),
    );
    const { client, sleeps } = testClient({ service, session: null });
    await client.signIn('demo@example.com', 'pw');
    expect(service.requests).toHaveLength(3);
    expect(sleeps).toEqual([1000, 2000]);
  });

  it('gives up after two retries', async () => {
    const service = new FakeService().on('POST', '/api/token/', html(502));
    const { client, sleeps } = testClient({ service, session: null });
    expect(await failure(client.signIn('demo@example.com', 'pw'))).toMatchObject({
      kind: 'server',
      status: 502,
    });
    expect(service.requests).toHaveLength(3);
    expect(sleeps).toEqual([1000, 2000]);
  });

  it('with retry: false tries once, so the form can say what failed before it tries again', async () => {
    const service = new FakeService().on('POST', '/api/token/', 'network-error', json(200, tokens));
    const { client, sleeps, store } = testClient({ service, session: null });
    expect(await failure(client.signIn('demo@example.com', 'pw', { retry: false }))).toMatchObject({
      kind: 'network',
      operation: 'signIn',
    });
    expect(service.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
    expect(await store.get()).toBeNull();
    await client.signIn('demo@example.com', 'pw', { retry: false });
    expect(await store.get()).not.toBeNull();
  });

  it('an aborted sign-in stops and keeps no session', async () => {
    const service = new FakeService().on('POST', '/api/token/', 'network-error');
    const { client, store } = testClient({ service, session: null });
    const controller = new AbortController();
    controller.abort();
    expect(
      await failure(client.signIn('demo@example.com', 'pw', { signal: controller.signal })),
    ).toMatchObject({
      kind: 'aborted',
    });
    expect(service.requests).toHaveLength(0);
    expect(await store.get()).toBeNull();
  });

  it('never retries a 401 and explains the password-recovery case', async () => {
    const service = new FakeService().on(
      'POST',
      '/api/token/',
      json(401, { detail: 'No active account found with the given credentials' }),
    );
    const { client, sleeps, store } = testClient({ service, session: null });
    expect(await failure(client.signIn('sso@example.com', ''))).toMatchObject({
      kind: 'auth',
      reason: 'invalid-credentials',
    });
    expect(service.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
    expect(await store.get()).toBeNull();
  });
});

describe('retries: calls that create something or charge are never retried blindly', () => {
  const cases = [
    ['create a recording', 'POST', '/api/spaces/1/audio/', 'createRecording', 'recent-recordings'],
    ['upload by URL', 'POST', '/api/spaces/1/audio/by_url/', 'uploadByUrl', 'recent-recordings'],
    [
      'upload from a video site',
      'POST',
      '/api/spaces/1/audio/by_videosite/',
      'uploadFromVideoSite',
      'recent-recordings',
    ],
    ['send a bot', 'POST', '/api/space/1/meeting/', 'sendBot', 'meeting'],
    ['start processing', 'POST', '/api/audio/classify/', 'startProcessing', 'processing-result'],
    ['complete upload', 'POST', '/api/spaces/1/audio/5/complete_upload/', 'completeUpload', 'upload-status'],
  ] as const;
  const calls = {
    createRecording: (client: ReturnType<typeof testClient>['client']) =>
      client.createRecording(1, { title: 'a.mp3', size: 1, content_type: 'audio/mpeg' }),
    uploadByUrl: (client: ReturnType<typeof testClient>['client']) =>
      client.uploadByUrl(1, { url: 'http://files.test/a.mp3', title: 'a.mp3', content_type: 'audio/mpeg' }),
    uploadFromVideoSite: (client: ReturnType<typeof testClient>['client']) =>
      client.uploadFromVideoSite(1, { url: 'https://v.test/1' }),
    sendBot: (client: ReturnType<typeof testClient>['client']) =>
      client.sendBot(1, { link: 'https://zoom.us/j/1', meeting_service: 'zoom' }),
    startProcessing: (client: ReturnType<typeof testClient>['client']) => client.startProcessing(5),
    completeUpload: (client: ReturnType<typeof testClient>['client']) =>
      client.completeUpload(1, 5, [{ PartNumber: 1, ETag: '"e"' }]),
  };

  it.each(cases)(
    '%s: a 5xx, a reset or a timeout is outcome-unknown after exactly one request',
    async (_name, method, path, operation, check) => {
      for (const reply of [html(500), html(502), 'network-error', 'hang'] as const) {
        const service = new FakeService().on(method, path, reply, json(201, {}));
        const { client, sleeps } = testClient({ service, timeoutMs: 20 });
        const info = await failure(calls[operation](client));
        expect(info).toMatchObject({ kind: 'outcome-unknown', operation, check });
        expect(service.requests).toHaveLength(1);
        expect(sleeps).toEqual([]);
      }
    },
  );
});

describe('connections of the calls that charge or create', () => {
  it("sends them with credentials 'omit' (a socket group of their own) and everything else as before", async () => {
    const service = new FakeService()
      .on('GET', '/api/spaces/1/', json(200, space))
      .on('POST', '/api/audio/classify/', json(201, { request_id: 'r' }))
      .on(
        'POST',
        '/api/spaces/1/audio/',
        json(201, recording({ url: ['http://storage.test/p1'], is_uploaded: false })),
      )
      .on('POST', '/api/spaces/1/audio/by_url/', json(201, { audio_id: 102 }))
      .on('POST', `/api/spaces/1/audio/${VIDEO_SITE_PATH}/`, json(201, { audio_id: 103 }))
      .on(
        'POST',
        '/api/space/1/meeting/',
        json(201, { id: 1, link: 'https://meet.google.com/abc-defg-hij', meeting_service: 'google_meet' }),
      )
      .on('POST', '/api/spaces/1/audio/101/complete_upload/', empty(200));
    const seen: Array<[string, RequestCredentials]> = [];
    const spy = (input: Request | string | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      seen.push([`${request.method} ${new URL(request.url).pathname}`, request.credentials]);
      return service.fetch(request);
    };
    const { client } = testClient({ service, fetch: spy });
    await client.getSpace(1);
    await client.startProcessing(5);
    await client.createRecording(1, { title: 'a.wav', size: 10, content_type: 'audio/wav' });
    await client.uploadByUrl(1, {
      url: 'https://example.com/a.wav',
      title: 'a.wav',
      content_type: 'audio/wav',
    });
    await client.uploadFromVideoSite(1, { url: 'https://www.youtube.com/watch?v=x' });
    await client.sendBot(1, { link: 'https://meet.google.com/abc-defg-hij', meeting_service: 'google_meet' });
    await client.completeUpload(1, 101, [{ PartNumber: 1, ETag: '"e"' }]);
    expect(seen).toEqual([
      ['GET /api/spaces/1/', 'same-origin'],
      ['POST /api/audio/classify/', 'omit'],
      ['POST /api/spaces/1/audio/', 'omit'],
      ['POST /api/spaces/1/audio/by_url/', 'omit'],
      [`POST /api/spaces/1/audio/${VIDEO_SITE_PATH}/`, 'omit'],
      ['POST /api/space/1/meeting/', 'omit'],
      ['POST /api/spaces/1/audio/101/complete_upload/', 'same-origin'],
    ]);
  });
});

describe('redirects and answer sizes', () => {
  it('never follows a redirect, on sign-in above all: the password goes nowhere else', async () => {
    const service = new FakeService().on(
      'POST',
      '/api/token/',
      () => new Response(null, { status: 307, headers: { location: 'http://elsewhere.test/api/token/' } }),
    );
    const { client, store } = testClient({ service, session: null });
    const error = await failure(client.signIn('demo@example.com', 'demo-password'));
    expect(error).toMatchObject({ kind: 'invalid-response', status: 307, operation: 'signIn' });
    expect(service.requests.map((request) => request.url.origin)).toEqual(['http://api.test']);
    // The request carries `redirect: 'manual'`, so the platform's fetch does not follow either.
    expect(await store.get()).toBeNull();
  });

  it('stops reading an answer past its cap, whether or not the length is declared', async () => {
    const big = 'x'.repeat(5 * 1024 * 1024);
    const stream = () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode(`{"id":1,"name":"${big}"}`));
            controller.close();
          },
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    const service = new FakeService().on('GET', '/api/spaces/1/', stream);
    const { client } = testClient({ service });
    expect(await failure(client.getSpace(1))).toMatchObject({
      kind: 'invalid-response',
      issues: [{ message: expect.stringContaining('larger than 4 MB') }],
    });
  });
});
