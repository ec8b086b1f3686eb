/**
 * Server answers of the wrong shape or behaviour that tests/BAD_INPUT.md lists and no other test
 * covers: an empty body, a body that stalls, a 100 MB body, and a client clock a day off the
 * service's.
 */
import { describe, expect, it } from 'vitest';
import {
  empty,
  FakeService,
  failure,
  freshSession,
  json,
  jwt,
  NOW,
  personalSpace,
  testClient,
} from './testing/fake-service';

const DAY_MS = 86_400_000;
const space = personalSpace;

describe('bad answers', () => {
  it('an empty 200 body where JSON is expected is told as not-JSON, not a crash', async () => {
    const service = new FakeService().on('GET', '/api/spaces/1/', empty(200));
    const { client } = testClient({ service });
    const error = await failure(client.getSpace(1, { retry: false }));
    expect(error.kind).toBe('html');
  });

  it('a body that starts and then stalls ends in a timeout (the timeout covers the body)', async () => {
    const stalled = () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"id":1,"name":"Perso'));
            // Never closed: the connection stays open and sends nothing more.
          },
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    const service = new FakeService().on('GET', '/api/spaces/1/', stalled);
    const { client } = testClient({ service, timeoutMs: 30 });
    expect(await failure(client.getSpace(1, { retry: false }))).toMatchObject({
      kind: 'timeout',
      timeoutMs: 30,
    });
  });

  it('a 100 MB answer is read no further than the cap', async () => {
    const chunk = new Uint8Array(1024 * 1024).fill(0x61);
    let sent = 0;
    const huge = () =>
      new Response(
        new ReadableStream({
          pull(controller) {
            if (sent >= 100 * 1024 * 1024) return controller.close();
            sent += chunk.byteLength;
            controller.enqueue(chunk);
          },
        }),
        {
          status: 200,
          headers: { 'content-type': 'application/json', 'content-length': String(100 * 1024 * 1024) },
        },
      );
    const service = new FakeService().on('GET', '/api/spaces/1/', huge);
    const { client } = testClient({ service });
    expect(await failure(client.getSpace(1, { retry: false }))).toMatchObject({
      kind: 'invalid-response',
      issues: [{ message: expect.stringContaining('larger than 4 MB') }],
    });
    // It stopped pulling soon after the cap, far from the 100 MB announced.
    expect(sent).toBeLessThan(8 * 1024 * 1024);
  });

  it('a client clock a day ahead of or behind the service: calls go on with the tokens as issued', async () => {
    for (const skew of [DAY_MS, -DAY_MS]) {
      const service = new FakeService().on('GET', '/api/spaces/1/', json(200, space));
      const { client, clock, store } = testClient({ service, session: freshSession(NOW) });
      clock.now = NOW + skew;
      expect((await client.getSpace(1)).name).toBe('Personal');
      expect(service.requests.map((request) => request.path)).toEqual(['/api/spaces/1/']);
      expect(await store.get()).not.toBeNull();
    }
  });

  it('a clock a day ahead that then meets a 401: the refresh is asked, and only its refusal ends the session', async () => {
    const service = new FakeService()
      .on(
        'GET',
        '/api/spaces/1/',
        json(401, { detail: 'Given token not valid for any token type', code: 'token_not_valid' }),
        json(200, space),
      )
      .on(
        'POST',
        '/api/token/refresh/',
        json(200, {
          access: jwt({ exp: Math.floor(NOW / 1000) + 30 * 86_400, iat: Math.floor(NOW / 1000) }),
        }),
        json(401, { detail: 'Token is invalid or expired', code: 'token_not_valid' }),
      );
    const { client, clock, store } = testClient({ service, session: freshSession(NOW) });
    // The refresh token (a day long) looks spent on this clock; the service still takes it.
    clock.now = NOW + DAY_MS;
    expect((await client.getSpace(1)).id).toBe(1);
    expect(service.requests.map((request) => request.path)).toEqual([
      '/api/spaces/1/',
      '/api/token/refresh/',
      '/api/spaces/1/',
    ]);
    expect(await store.get()).not.toBeNull();
    // Another 401 once the service refuses the refresh too: now the session ends, "sign in again".
    service.on(
      'GET',
      '/api/spaces/2/',
      json(401, { detail: 'Given token not valid for any token type', code: 'token_not_valid' }),
    );
    expect(await failure(client.getSpace(2))).toMatchObject({ kind: 'auth', reason: 'session-expired' });
    expect(service.requests.every((request) => request.url.origin === 'http://api.test')).toBe(true);
    expect(await store.get()).toBeNull();
  });
});
