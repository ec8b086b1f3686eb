import { beforeEach, describe, expect, it } from 'vitest';
import { errorFromResponse, memorySessionStore } from '../../lib/api';
import { formatApiError } from '../../lib/failures/api-both';
import { failure, SEED, useEmulator } from './support';

/** Short lifetimes so expiry happens in a few virtual seconds: access 3000 s (renewal margin 100 s), refresh 1000 s. */
const ACCESS_TTL = 3000;
const REFRESH_TTL = 1000;
const emulator = useEmulator({ accessTtlSec: ACCESS_TTL, refreshTtlSec: REFRESH_TTL });

beforeEach(async () => {
  await emulator().reset();
});

describe('auth: Sign in (POST /api/token/)', () => {
  it('stores the pair with the expiry of each token', async () => {
    const emu = emulator();
    const store = memorySessionStore();
    const client = emu.client({ store });
    const before = emu.now();
    const session = await client.signIn(SEED.users.demo.email, SEED.users.demo.password);
    expect(session.email).toBe(SEED.users.demo.email);
    expect(session.accessExpiresAt).toBeGreaterThanOrEqual(
      Math.floor(before / 1000) * 1000 + ACCESS_TTL * 1000,
    );
    expect(session.accessExpiresAt).toBeLessThanOrEqual(emu.now() + ACCESS_TTL * 1000);
    expect(session.refreshExpiresAt).toBeLessThanOrEqual(emu.now() + REFRESH_TTL * 1000);
    expect(session.refreshExpiresAt).toBeGreaterThan(emu.now() + (REFRESH_TTL - 5) * 1000);
    expect(await store.get()).toEqual(session);
    expect(JSON.stringify(session)).not.toContain(SEED.users.demo.password);
    expect((await emu.counters()).signIns).toBe(1);
  });

  it('errors: 401 on sign-in (wrong password) is invalid-credentials and is not retried', async () => {
    const emu = emulator();
    const info = await failure(emu.client().signIn(SEED.users.demo.email, 'wrong'));
    expect(info).toMatchObject({ kind: 'auth', reason: 'invalid-credentials' });
    expect((await emu.counters()).requests).toBe(1);
  });

  it('auth 6: an account created through third-party sign-in has no password; the message says how to set one', async () => {
    const emu = emulator();
    const info = await failure(emu.client().signIn(SEED.users.sso.email, 'anything'));
    expect(info).toMatchObject({ kind: 'auth', reason: 'invalid-credentials' });
    expect(formatApiError(info, { lang: 'en' })).toMatch(/password recovery/);
    expect(formatApiError(info, { lang: 'ru' })).toMatch(/восстановление пароля/);
  });

  it('errors: 400 field lists when a field is missing', async () => {
    const emu = emulator();
    const info = await failure(emu.client().signIn('', ''));
    expect(info).toMatchObject({ kind: 'validation' });
    if (info.kind === 'validation') expect(Object.keys(info.fields).sort()).toEqual(['password', 'username']);
  });
});

describe('auth 2: every request but the token endpoints carries the bearer header', () => {
  it('errors: 401 header missing → not-signed-in', async () => {
    const emu = emulator();
    const raw = await emu.raw('GET', '/api/spaces/?limit=1&offset=0');
    expect(raw.status).toBe(401);
    expect(errorFromResponse({ ...raw, operation: 'listSpaces' })).toMatchObject({
      kind: 'auth',
      reason: 'not-signed-in',
    });
    // The client does not even try without a session.
    expect(await failure(emu.client().listSpaces({ limit: 1, offset: 0 }))).toMatchObject({
      kind: 'auth',
      reason: 'not-signed-in',
    });
  });

  it('errors: 401 token invalid (code token_not_valid) → token-invalid', async () => {
    const emu = emulator();
    const raw = await emu.raw('GET', '/api/spaces/?limit=1&offset=0', {
      authorization: 'Bearer not-a-token',
    });
    expect(raw.status).toBe(401);
    expect(errorFromResponse({ ...raw, operation: 'listSpaces' })).toMatchObject({
      kind: 'auth',
      reason: 'token-invalid',
    });
  });
});

describe('auth 4-5: renewal', () => {
  it('401 (expired access) → renew and retry the original request once', async () => {
    const emu = emulator();
    const store = memorySessionStore();
    const client = emu.client({ store });
    const session = await client.signIn(SEED.users.demo.email, SEED.users.demo.password);
    // The service rejects the stored token (expired or corrupted) while the client believes it valid.
    await store.set({ ...session, access: `${session.access.slice(0, -4)}AAAA` });
    const space = await client.getSpace(SEED.spaces.personal);
    expect(space.name).toBe('Personal');
    const counters = await emu.counters();
    expect(counters.tokenRefreshes).toBe(1);
    expect(counters.requests).toBe(4); // sign-in, rejected GET, refresh, retried GET
  });

  it('five parallel calls with an expired access cause exactly one refresh', async () => {
    const emu = emulator();
    const store = memorySessionStore();
    const client = emu.client({ store });
    const session = await client.signIn(SEED.users.demo.email, SEED.users.demo.password);
    await store.set({ ...session, accessExpiresAt: emu.now() - 1 });
    const spaces = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => client.getSpace(n <= 4 ? n : SEED.spaces.personal)),
    );
    expect(spaces.map((space) => space.id)).toEqual([1, 2, 3, 4, 1]);
    expect((await emu.counters()).tokenRefreshes).toBe(1);
  });

  it('refresh token expired (1 day after sign-in, here 1000 s) → session over, cleared, sign in again', async () => {
    const emu = emulator();
    const store = memorySessionStore();
    const client = emu.client({ store });
    await client.signIn(SEED.users.demo.email, SEED.users.demo.password);
    // 2950 s later the access token has 50 s left and the refresh token expired long ago: the local
    // clock alone never ends a session, so the access token is used while the service takes it.
    await emu.advance(2_950_000);
    expect((await client.getSpace(SEED.spaces.personal)).id).toBe(SEED.spaces.personal);
    // Once the service refuses the access token, the refresh is asked once and refused: over.
    await emu.advance(60_000);
    const info = await failure(client.getSpace(SEED.spaces.personal));
    expect(info).toMatchObject({ kind: 'auth', reason: 'session-expired' });
    expect(formatApiError(info, { lang: 'en' })).toMatch(/Sign in again/);
    expect(await store.get()).toBeNull();
    expect((await emu.counters()).tokenRefreshes).toBe(0);
  });

  it('errors: 401 on refresh with a bad or expired token (code token_not_valid) → session-expired', async () => {
    const emu = emulator();
    const client = emu.client();
    expect(await failure(client.refreshToken('garbage'))).toMatchObject({
      kind: 'auth',
      reason: 'session-expired',
    });
    const store = memorySessionStore();
    const other = emu.client({ store });
    const session = await other.signIn(SEED.users.demo.email, SEED.users.demo.password);
    // The refresh token is rejected by the service although its own expiry says valid.
    await store.set({
      ...session,
      refresh: `${session.refresh.slice(0, -4)}AAAA`,
      accessExpiresAt: emu.now() - 1,
    });
    expect(await failure(other.getSpace(SEED.spaces.personal))).toMatchObject({
      kind: 'auth',
      reason: 'session-expired',
    });
    expect(await store.get()).toBeNull();
  });

  it('an access token that expired on the service while the refresh token is valid: 401 → refresh → retried', async () => {
    const emu = emulator();
    const store = memorySessionStore();
    const client = emu.client({ store });
    const session = await client.signIn(SEED.users.demo.email, SEED.users.demo.password);
    await emu.advance(500_000);
    // The client's copy says the access is fresh; the service considers it expired.
    await store.set({ ...session, access: session.access.replace(/\.[^.]+$/, '.invalidsignature') });
    expect((await client.listSpaces({ limit: 10, offset: 0 })).count).toBe(4);
    expect((await emu.counters()).tokenRefreshes).toBe(1);
  });
});

describe('auth 5: renewal before a request when less than the margin remains', () => {
  // Refresh as long-lived as access here, so that renewal through refresh is possible when due.
  const longRefresh = useEmulator({ accessTtlSec: ACCESS_TTL, refreshTtlSec: ACCESS_TTL });

  it('renews with the refresh token, keeps the refresh token, sends the new access', async () => {
    const emu = longRefresh();
    const store = memorySessionStore();
    const client = emu.client({ store });
    const first = await client.signIn(SEED.users.demo.email, SEED.users.demo.password);
    // 2800 s later the access token has 200 s left: more than the margin (1/30 of 3000 s = 100 s).
    await emu.advance(2_800_000);
    await client.getSpace(SEED.spaces.personal);
    expect((await emu.counters()).tokenRefreshes).toBe(0);
    // 150 s later it has 50 s left: renewal is due before the request.
    await emu.advance(150_000);
    await client.getSpace(SEED.spaces.personal);
    const renewed = await store.get();
    expect((await emu.counters()).tokenRefreshes).toBe(1);
    expect(renewed?.access).not.toBe(first.access);
    expect(renewed?.refresh).toBe(first.refresh);
    expect(renewed?.accessExpiresAt).toBeGreaterThan(emu.now() + (ACCESS_TTL - 5) * 1000);
    // Far beyond the old access expiry the renewed token still works.
    await emu.advance(1_000_000);
    expect((await client.getSpace(SEED.spaces.personal)).id).toBe(SEED.spaces.personal);
  });
});

describe('auth 5: a computer clock a day off the service clock', () => {
  // Contract lifetimes: access 30 days, refresh 1 day.
  const real = useEmulator({ accessTtlSec: 30 * 86_400, refreshTtlSec: 86_400 });
  const SKEW = 86_400_000 + 3_600_000;

  for (const skew of [SKEW, -SKEW]) {
    it(`${skew > 0 ? 'ahead' : 'behind'}: a 401 refreshes once, retries once, and the session stays`, async () => {
      const emu = real();
      await emu.reset();
      const store = memorySessionStore();
      const client = emu.client({ store, clockSkewMs: skew });
      await client.signIn(SEED.users.demo.email, SEED.users.demo.password);
      expect((await client.listSpaces({ limit: 10, offset: 0 })).count).toBe(4);
      await emu.control('POST', '/tokens/expire-access');
      // Five requests at once, each answered 401: one shared refresh.
      const spaces = await Promise.all([1, 2, 3, 4, 5].map(() => client.getSpace(SEED.spaces.personal)));
      expect(spaces.map((space) => space.id)).toEqual(Array(5).fill(SEED.spaces.personal));
      const counters = await emu.counters();
      expect(counters.tokenRefreshes).toBe(1);
      expect(counters.signIns).toBe(1);
      expect(await store.get()).not.toBeNull();
    });
  }

  it('ahead: a 401 on start processing refreshes and starts it once, charged once', async () => {
    const emu = real();
    await emu.reset();
    const client = emu.client({ clockSkewMs: SKEW });
    await client.signIn(SEED.users.demo.email, SEED.users.demo.password);
    await emu.control('POST', '/tokens/expire-access');
    await client.startProcessing(SEED.recordings.uploadedNotProcessed);
    const counters = await emu.counters();
    expect(counters.tokenRefreshes).toBe(1);
    expect(counters.charges).toHaveLength(1);
    expect(counters.classifyCalls[String(SEED.recordings.uploadedNotProcessed)]).toBe(1);
  });

  it('the session ends when the service refuses the refresh', async () => {
    const emu = real();
    await emu.reset();
    const store = memorySessionStore();
    const client = emu.client({ store, clockSkewMs: SKEW });
    await client.signIn(SEED.users.demo.email, SEED.users.demo.password);
    await emu.advance(86_400_000 + 1000); // the refresh token has expired on the service
    await emu.control('POST', '/tokens/expire-access');
    expect(await failure(client.getSpace(SEED.spaces.personal))).toMatchObject({
      kind: 'auth',
      reason: 'session-expired',
    });
    expect(await store.get()).toBeNull();
  });
});
