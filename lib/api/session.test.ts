import { describe, expect, it } from 'vitest';
import { toApiErrorInfo } from './errors';
import { DAY_MS, needsRenewal, type Session } from './session';
import { FakeService, freshSession, json, jwt, NOW, recording, testClient } from './testing/fake-service';

const sec = (ms: number) => Math.floor(ms / 1000);
const spaceAnswer = json(200, {
  id: 1,
  name: 'Personal',
  description: '',
  subscribe: {
    offer: { name: 'Pro', audio_limit: 1 },
    usage_count: 0,
    available_usage_count: 1,
    is_active: true,
    end_date: '2026-01-01',
  },
});

/** The refresh endpoint's refusal: the refresh token is no longer valid. */
const refreshRefused = json(401, { detail: 'Token is invalid or expired', code: 'token_not_valid' });
/** How a call fails once the service has ended the session. */
const sessionEnded = { info: { kind: 'auth', reason: 'session-expired' } };

function expiredSession(): Session {
  const iat = sec(NOW) - 30 * 86_400 + 3600; // issued 29 days 23 hours ago
  return {
    access: jwt({ exp: iat + 30 * 86_400, iat, jti: 'old' }),
    refresh: jwt({ exp: sec(NOW) + 3600, iat: sec(NOW) - 3600 }),
    accessExpiresAt: (iat + 30 * 86_400) * 1000,
    refreshExpiresAt: NOW + 3_600_000,
    email: 'demo@example.com',
  };
}

describe('sign-in', () => {
  it('stores the session with both expiries from the tokens and never the password', async () => {
    const access = jwt({ exp: sec(NOW) + 30 * 86_400, iat: sec(NOW) });
    const refresh = jwt({ exp: sec(NOW) + 86_400, iat: sec(NOW) });
    const service = new FakeService().on('POST', '/api/token/', json(200, { access, refresh }));
    const { client, store } = testClient({ service, session: null });
    const session = await client.signIn('demo@example.com', 'demo-password');
    expect(session).toEqual({
      access,
      refresh,
      accessExpiresAt: NOW + 30 * DAY_MS,
      refreshExpiresAt: NOW + DAY_MS,
      email: 'demo@example.com',
      // Bound to the service that issued it.
      origin: 'http://api.test',
    });
    expect(await store.get()).toMatchObject(session);
    expect(JSON.stringify(await store.get())).not.toContain('demo-password');
  });

  it('assumes issue time + 1 day when the refresh token has no readable exp', async () => {
    const service = new FakeService().on(
      'POST',
      '/api/token/',
      json(200, { access: jwt({ exp: sec(NOW) + 30 * 86_400 }), refresh: 'opaque-refresh-token' }),
    );
    const { client } = testClient({ service, session: null });
    expect((await client.signIn('demo@example.com', 'pw')).refreshExpiresAt).toBe(NOW + DAY_MS);
  });

  it('says not-signed-in when there is no session', async () => {
    const service = new FakeService().on('GET', '/api/spaces/1/', spaceAnswer);
    const { client } = testClient({ service, session: null });
    await expect(client.getSpace(1)).rejects.toMatchObject({
      info: { kind: 'auth', reason: 'not-signed-in' },
    });
    expect(service.requests).toHaveLength(0);
  });
});

describe('renewal before a request', () => {
  it('does not renew while more than a day of access lifetime remains', async () => {
    const service = new FakeService().on('GET', '/api/spaces/1/', spaceAnswer);
    const { client } = testClient({ service });
    await client.getSpace(1);
    expect(service.to('POST', '/api/token/refresh/')).toHaveLength(0);
  });

  it('renews when less than a day remains, keeps the refresh token, and sends the new access', async () => {
    const session = freshSession();
    const iat = sec(NOW) - 29 * 86_400 - 10; // 10 s less than a day left
    const nearlyExpired = {
      ...session,
      access: jwt({ iat, exp: iat + 30 * 86_400 }),
      accessExpiresAt: (iat + 30 * 86_400) * 1000,
    };
    const newAccess = jwt({ exp: sec(NOW) + 30 * 86_400, iat: sec(NOW), jti: 'new' });
    const service = new FakeService()
      .on('POST', '/api/token/refresh/', json(200, { access: newAccess }))
      .on('GET', '/api/spaces/1/', spaceAnswer);
    const { client, store } = testClient({ service, session: nearlyExpired });
    await client.getSpace(1);
    expect(service.to('POST', '/api/token/refresh/')[0]?.body).toEqual({ refresh: session.refresh });
    expect(service.to('GET', '/api/spaces/1/')[0]?.headers.get('authorization')).toBe(`Bearer ${newAccess}`);
    expect(await store.get()).toEqual({
      ...nearlyExpired,
      access: newAccess,
      accessExpiresAt: NOW + 30 * DAY_MS,
      // A session stored without its origin is bound to the origin of its first use.
      origin: 'http://api.test',
    });
  });

  it('scales the margin for short-lived tokens (1/30 of the lifetime)', () => {
    const iat = sec(NOW);
    const session: Session = {
      access: jwt({ iat, exp: iat + 300 }),
      refresh: 'r',
      accessExpiresAt: (iat + 300) * 1000,
      refreshExpiresAt: NOW + 60_000,
      email: 'e',
    };
    expect(needsRenewal(session, NOW + 289_000)).toBe(false);
    expect(needsRenewal(session, NOW + 291_000)).toBe(true);
  });

  it('five parallel calls with an expired access cause exactly one refresh', async () => {
    const newAccess = jwt({ exp: sec(NOW) + 30 * 86_400, iat: sec(NOW), jti: 'new' });
    const service = new FakeService()
      .on('POST', '/api/token/refresh/', async () => {
        await new Promise((resolve) => setTimeout(resolve, 10));
        return json(200, { access: newAccess });
      })
      .on('GET', /^\/api\/spaces\/\d+\/$/, spaceAnswer);
    const { client } = testClient({ service, session: expiredSession() });
    await Promise.all([1, 2, 3, 4, 5].map(() => client.getSpace(1)));
    expect(service.to('POST', '/api/token/refresh/')).toHaveLength(1);
    for (const request of service.to('GET', '/api/spaces/1/')) {
      expect(request.headers.get('authorization')).toBe(`Bearer ${newAccess}`);
    }
  });

  it('renewal due, the refresh token expired by the local clock only: the access token is used as it is', async () => {
    const session = { ...expiredSession(), refreshExpiresAt: NOW - 1 };
    const service = new FakeService().on('GET', '/api/spaces/1/', spaceAnswer);
    const { client, store } = testClient({ service, session });
    expect((await client.getSpace(1)).id).toBe(1);
    expect(service.to('POST', '/api/token/refresh/')).toHaveLength(0);
    expect(service.to('GET', '/api/spaces/1/')[0]?.headers.get('authorization')).toBe(
      `Bearer ${session.access}`,
    );
    expect(await store.get()).toMatchObject(session);
  });

  it('both tokens expired by the local clock: the refresh is asked once, and its refusal ends the session', async () => {
    const session = { ...expiredSession(), accessExpiresAt: NOW - 1, refreshExpiresAt: NOW - 1 };
    const service = new FakeService()
      .on('POST', '/api/token/refresh/', refreshRefused)
      .on('GET', '/api/spaces/1/', spaceAnswer);
    const { client, store } = testClient({ service, session });
    await expect(client.getSpace(1)).rejects.toMatchObject(sessionEnded);
    expect(service.to('POST', '/api/token/refresh/')).toHaveLength(1);
    expect(service.to('GET', '/api/spaces/1/')).toHaveLength(0);
    expect(await store.get()).toBeNull();
  });

  it('ends the session when the refresh endpoint answers 401', async () => {
    const service = new FakeService()
      .on('POST', '/api/token/refresh/', refreshRefused)
      .on('GET', '/api/spaces/1/', spaceAnswer);
    const { client, store } = testClient({ service, session: expiredSession() });
    await expect(client.getSpace(1)).rejects.toMatchObject(sessionEnded);
    expect(await store.get()).toBeNull();
    expect(service.to('GET', '/api/spaces/1/')).toHaveLength(0);
  });

  it('keeps the session when the refresh fails on the network', async () => {
    const service = new FakeService().on('POST', '/api/token/refresh/', 'network-error');
    const { client, store } = testClient({ service, session: expiredSession() });
    await expect(client.getSpace(1)).rejects.toMatchObject({ info: { kind: 'network' } });
    expect(await store.get()).not.toBeNull();
  });
});

describe('401 on a request', () => {
  it('renews and retries the original request once', async () => {
    const newAccess = jwt({ exp: sec(NOW) + 30 * 86_400, iat: sec(NOW), jti: 'new' });
    const service = new FakeService()
      .on('POST', '/api/token/refresh/', json(200, { access: newAccess }))
      .on(
        'GET',
        '/api/spaces/1/audio/101/info/',
        json(401, { detail: 'Given token not valid for any token type', code: 'token_not_valid' }),
        json(200, recording()),
      );
    const { client } = testClient({ service });
    expect((await client.getRecordingInfo(1, 101)).id).toBe(101);
    const attempts = service.to('GET', '/api/spaces/1/audio/101/info/');
    expect(attempts).toHaveLength(2);
    expect(attempts[1]?.headers.get('authorization')).toBe(`Bearer ${newAccess}`);
  });

  it('gives up after one renewal: the session is rejected and cleared', async () => {
    const service = new FakeService()
      .on(
        'POST',
        '/api/token/refresh/',
        json(200, { access: jwt({ exp: sec(NOW) + 86_400 * 30, iat: sec(NOW) }) }),
      )
      .on('GET', '/api/spaces/1/', json(401, { detail: 'Authentication credentials were not provided.' }));
    const { client, store } = testClient({ service });
    const error = await client.getSpace(1).catch((thrown: unknown) => toApiErrorInfo(thrown));
    expect(error).toMatchObject({ kind: 'auth', reason: 'token-invalid' });
    expect(service.to('GET', '/api/spaces/1/')).toHaveLength(2);
    expect(service.to('POST', '/api/token/refresh/')).toHaveLength(1);
    expect(await store.get()).toBeNull();
  });

  it('a non-idempotent call answered 401 is retried once after renewal (the service did not act)', async () => {
    const service = new FakeService()
      .on(
        'POST',
        '/api/token/refresh/',
        json(200, { access: jwt({ exp: sec(NOW) + 86_400 * 30, iat: sec(NOW) }) }),
      )
      .on(
        'POST',
        '/api/audio/classify/',
        json(401, { detail: 'expired', code: 'token_not_valid' }),
        json(201, { request_id: 'r' }),
      );
    const { client } = testClient({ service });
    expect(await client.startProcessing(5)).toEqual({ request_id: 'r' });
    expect(service.to('POST', '/api/audio/classify/')).toHaveLength(2);
  });

  it('signOut clears the stored session', async () => {
    const { client, store } = testClient({ session: freshSession() });
    expect(await client.getSession()).not.toBeNull();
    await client.signOut();
    expect(await store.get()).toBeNull();
  });
});

describe('the session is bound to the origin that issued it', () => {
  it('never attaches the token (nor sends the refresh token) to another origin: the session ends instead', async () => {
    const access = jwt({ exp: sec(NOW) + 30 * 86_400, iat: sec(NOW) });
    const refresh = jwt({ exp: sec(NOW) + 86_400, iat: sec(NOW) });
    const service = new FakeService()
      .on('POST', '/api/token/', json(200, { access, refresh }))
      .on('GET', '/api/spaces/1/', spaceAnswer)
      .on('POST', '/api/token/refresh/', json(200, { access }));
    let base = 'http://api.test';
    const { client, store } = testClient({ service, session: null, baseUrl: async () => base });
    await client.signIn('demo@example.com', 'demo-password');
    await client.getSpace(1);
    base = 'http://127.0.0.1:9';
    await expect(client.getSpace(1)).rejects.toMatchObject({
      info: { kind: 'auth', reason: 'token-invalid' },
    });
    await expect(client.refreshToken(refresh)).resolves.toBeDefined();
    expect(service.requests.filter((request) => request.url.origin !== 'http://api.test')).toHaveLength(1);
    expect(
      service.requests
        .filter((request) => request.url.origin !== 'http://api.test')
        .map((request) => request.headers.get('authorization')),
    ).toEqual([null]);
    expect(await store.get()).toBeNull();
  });
});

describe('a computer clock a day off the service clock', () => {
  const DAY_S = 86_400;
  const invalidAccess = json(401, {
    detail: 'Given token not valid for any token type',
    code: 'token_not_valid',
  });

  /** Signs in while the service's clock is `skewS` seconds off the computer's (NOW). */
  async function signInSkewed(skewS: number, service: FakeService, headers: Record<string, string> = {}) {
    const serviceNow = sec(NOW) + skewS;
    const access = jwt({ token_type: 'access', exp: serviceNow + 30 * DAY_S, iat: serviceNow, jti: 'a' });
    const refresh = jwt({ token_type: 'refresh', exp: serviceNow + DAY_S, iat: serviceNow, jti: 'r' });
    service.on('POST', '/api/token/', json(200, { access, refresh }, headers));
    const test = testClient({ service, session: null });
    const session = await test.client.signIn('demo@example.com', 'pw');
    return { ...test, session };
  }

  it('keeps the expiries on the local clock: the lifetime left when the tokens arrived', async () => {
    for (const skewS of [DAY_S + 3600, -(DAY_S + 3600)]) {
      const { session } = await signInSkewed(skewS, new FakeService());
      expect(session.accessExpiresAt).toBe(NOW + 30 * DAY_MS);
      expect(session.refreshExpiresAt).toBe(NOW + DAY_MS);
    }
  });

  it('takes the service clock from the Date header when the tokens carry no iat', async () => {
    const serviceNow = NOW - DAY_MS - 3_600_000;
    const access = jwt({ exp: sec(serviceNow) + 30 * DAY_S });
    const refresh = jwt({ exp: sec(serviceNow) + DAY_S });
    const service = new FakeService().on(
      'POST',
      '/api/token/',
      json(200, { access, refresh }, { date: new Date(serviceNow).toUTCString() }),
    );
    const { client } = testClient({ service, session: null });
    const session = await client.signIn('demo@example.com', 'pw');
    expect(session.accessExpiresAt).toBe(NOW + 30 * DAY_MS);
    expect(session.refreshExpiresAt).toBe(NOW + DAY_MS);
  });

  it('computer a day ahead: a 401 refreshes once and retries; the session stays', async () => {
    const service = new FakeService()
      .on('GET', '/api/spaces/1/', invalidAccess, spaceAnswer)
      .on(
        'POST',
        '/api/token/refresh/',
        json(200, { access: jwt({ exp: sec(NOW) - DAY_S + 30 * DAY_S, iat: sec(NOW) - DAY_S }) }),
      );
    const { client, store, clock } = await signInSkewed(-(DAY_S + 3600), service);
    clock.now = NOW + 60_000;
    expect((await client.getSpace(1)).id).toBe(1);
    expect(service.to('POST', '/api/token/refresh/')).toHaveLength(1);
    expect(service.to('GET', '/api/spaces/1/')).toHaveLength(2);
    const kept = await store.get();
    expect(kept).not.toBeNull();
    // The renewed access token is counted on the local clock too.
    expect(kept?.accessExpiresAt).toBe(NOW + 60_000 + 30 * DAY_MS);
  });

  it('computer a day behind: renewal is due a day before the access token expires on the service', async () => {
    const service = new FakeService()
      .on('GET', '/api/spaces/1/', invalidAccess)
      .on('POST', '/api/token/refresh/', refreshRefused);
    const { client, clock, session } = await signInSkewed(DAY_S + 3600, service);
    // 29 days and an hour later (local) the service's clock says 30 days and 2 hours: the access
    // token has expired there. Renewal is due (less than a day left on the local clock) and the
    // refresh token is a day old: the access token is still tried (the local clock alone never
    // ends a session), its 401 asks the refresh once, and the refusal ends the session.
    clock.now = NOW + 29 * DAY_MS + 3_600_000;
    expect(needsRenewal(session, clock.now)).toBe(true);
    await expect(client.getSpace(1)).rejects.toMatchObject(sessionEnded);
    expect(service.to('GET', '/api/spaces/1/')).toHaveLength(1);
    expect(service.to('POST', '/api/token/refresh/')).toHaveLength(1);
  });

  it('computer a day ahead late in a session: the access token is used, a 401 asks the refresh once, the session stays', async () => {
    const service = new FakeService()
      .on('GET', '/api/spaces/1/', spaceAnswer, invalidAccess, spaceAnswer)
      .on(
        'POST',
        '/api/token/refresh/',
        json(200, { access: jwt({ exp: sec(NOW) + 30 * DAY_S, iat: sec(NOW) }) }),
      );
    const { client, store, clock } = await signInSkewed(0, service);
    // Signed in 28 days ago; the clock then went a day ahead: 29 days and an hour by this clock.
    clock.now = NOW + 29 * DAY_MS + 3_600_000;
    expect((await client.getSpace(1)).id).toBe(1);
    expect(service.to('POST', '/api/token/refresh/')).toHaveLength(0);
    expect((await client.getSpace(1)).id).toBe(1);
    expect(service.to('POST', '/api/token/refresh/')).toHaveLength(1);
    expect(await store.get()).not.toBeNull();
  });

  it('a 401 asks the refresh even when the local clock says the refresh token expired; only its refusal ends the session', async () => {
    const session = { ...freshSession(), refreshExpiresAt: NOW - 1 };
    const service = new FakeService()
      .on('GET', '/api/spaces/1/', invalidAccess)
      .on('POST', '/api/token/refresh/', refreshRefused);
    const { client, store } = testClient({ service, session });
    await expect(client.getSpace(1)).rejects.toMatchObject(sessionEnded);
    expect(service.to('POST', '/api/token/refresh/')).toHaveLength(1);
    expect(service.to('GET', '/api/spaces/1/')).toHaveLength(1);
    expect(await store.get()).toBeNull();
  });
});
