import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Session } from '../api';
import { memoryKeyValue } from '../kv';
import { createSessionStore, sessionEndedItem } from '../session-store';
import { sessionChangedItem } from '../storage';
import {
  checkSessionNotices,
  SESSION_EXPIRED_ALARM,
  SESSION_WARNING_ALARM,
  sessionView,
  signInNeededAt,
  warningAt,
} from './session';

const DAY = 86_400_000;
const T0 = Date.UTC(2030, 0, 1);

function jwt(claims: Record<string, number>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.signature`;
}

/** A session issued at `T0` with the given lifetimes (the contract's: 30 days and 1 day). */
function session(accessMs = 30 * DAY, refreshMs = DAY): Session {
  const iat = T0 / 1000;
  return {
    access: jwt({ iat, exp: iat + accessMs / 1000 }),
    refresh: jwt({ iat, exp: iat + refreshMs / 1000 }),
    accessExpiresAt: T0 + accessMs,
    refreshExpiresAt: T0 + refreshMs,
    email: 'demo@example.com',
  };
}

describe('when a new sign-in is needed', () => {
  it('with the contract lifetimes: when the access token expires (30 days), warned a day earlier', () => {
    expect(signInNeededAt(session())).toBe(T0 + 30 * DAY);
    expect(warningAt(session())).toBe(T0 + 29 * DAY);
  });

  it('short test tokens whose refresh outlives the renewal point are renewed further', () => {
    // Access 30 min (margin 1 min), refresh 2 h: renewals at 29, 58, 87 and 116 min; the last one,
    // before the refresh token dies, gives a token whose renewal point (145 min) cannot be renewed;
    // it is used until it runs out (146 min).
    expect(signInNeededAt(session(30 * 60_000, 2 * 3_600_000))).toBe(T0 + 146 * 60_000);
  });

  it('the view warns a day ahead, then says expired; signed out after the service ended it', () => {
    const s = session();
    expect(sessionView(s, null, 'http://x', T0 + DAY).warning).toBeNull();
    expect(sessionView(s, null, 'http://x', T0 + 29 * DAY + 1)).toMatchObject({
      signedIn: true,
      warning: 'renewal-ends-soon',
      renewableUntil: T0 + 30 * DAY,
    });
    expect(sessionView(s, null, 'http://x', T0 + 30 * DAY).warning).toBe('expired');
    expect(sessionView(null, { email: 'demo@example.com', at: T0 }, 'http://x', T0)).toEqual({
      signedIn: false,
      serviceUrl: 'http://x',
      email: 'demo@example.com',
      warning: 'expired',
    });
    expect(sessionView(null, null, 'http://x', T0)).toEqual({
      signedIn: false,
      serviceUrl: 'http://x',
      warning: null,
    });
  });
});

describe('session notices', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  const shown = async () => Object.keys(await fakeBrowser.notifications.getAll());

  it('arms one-shot alarms for the warning and the end, and shows nothing early', async () => {
    await checkSessionNotices(session(), null, T0 + DAY, 'en');
    expect(await shown()).toEqual([]);
    const alarms = Object.fromEntries(
      (await fakeBrowser.alarms.getAll()).map((a) => [a.name, a.scheduledTime]),
    );
    expect(alarms).toEqual({
      [SESSION_WARNING_ALARM]: T0 + 29 * DAY,
      [SESSION_EXPIRED_ALARM]: T0 + 30 * DAY,
    });
  });

  it('warns once a day ahead, and once more when the point has come', async () => {
    await checkSessionNotices(session(), null, T0 + 29 * DAY + 5, 'ru');
    expect(await shown()).toEqual(['session']);
    expect((await fakeBrowser.notifications.getAll()).session).toMatchObject({
      title: 'Скоро нужно войти снова',
    });
    await fakeBrowser.notifications.clear('session');
    await checkSessionNotices(session(), null, T0 + 29 * DAY + 10, 'ru');
    expect(await shown()).toEqual([]);
    await checkSessionNotices(session(), null, T0 + 30 * DAY, 'en');
    expect((await fakeBrowser.notifications.getAll()).session).toMatchObject({ title: 'Session ended' });
  });

  it('a session the client ended is announced once, with no alarms left', async () => {
    const store = createSessionStore(memoryKeyValue(), () => T0 + 5);
    await store.set(session());
    await store.set(null);
    const ended = await sessionEndedItem.getValue();
    expect(ended).toEqual({ email: 'demo@example.com', at: T0 + 5 });
    await checkSessionNotices(null, ended, T0 + 10, 'en');
    expect(await shown()).toEqual(['session']);
    await fakeBrowser.notifications.clear('session');
    await checkSessionNotices(null, ended, T0 + 20, 'en');
    expect(await shown()).toEqual([]);
    expect(await fakeBrowser.alarms.getAll()).toEqual([]);
  });

  it('an explicit sign-out leaves no "ended" notice', async () => {
    const store = createSessionStore(memoryKeyValue());
    await store.set(session());
    await store.clear();
    expect(await sessionEndedItem.getValue()).toBeNull();
  });
});

describe('the signal open pages follow the session by', () => {
  beforeEach(() => fakeBrowser.reset());

  it('changes after every sign-in, renewal, end and sign-out, once the session is stored', async () => {
    const kv = memoryKeyValue();
    let clock = T0;
    const store = createSessionStore(kv, () => clock);
    const seen: Array<{ at: number; stored: boolean }> = [];
    // What a page reads when the signal lands: the session as now stored.
    const stop = sessionChangedItem.watch((at) => {
      void kv.get('session').then((stored) => seen.push({ at, stored: stored !== undefined }));
    });
    const settled = async (count: number) => {
      await vi.waitFor(() => expect(seen).toHaveLength(count));
    };
    expect(await sessionChangedItem.getValue()).toBe(0);

    clock += 1;
    await store.set(session()); // sign-in
    await settled(1);
    clock += 1;
    await store.set({ ...session(), access: 'renewed' }); // a renewal
    await settled(2);
    clock += 1;
    await store.set(null); // the client ends it (the refresh refused)
    await settled(3);
    clock += 1;
    await store.set(session());
    await settled(4);
    clock += 1;
    await store.clear(); // sign-out
    await settled(5);
    stop();
    expect(seen).toEqual([
      { at: T0 + 1, stored: true },
      { at: T0 + 2, stored: true },
      { at: T0 + 3, stored: false },
      { at: T0 + 4, stored: true },
      { at: T0 + 5, stored: false },
    ]);
  });
});
