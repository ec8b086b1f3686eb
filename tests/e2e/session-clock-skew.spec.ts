/**
 * A computer whose clock is a day ahead of the service's: the refresh token (a day long) looks
 * spent the moment it arrives. When the service then stops taking the access token, the extension
 * asks the refresh (the service still takes it) and goes on; the popup never shows the sign-in
 * screen for it.
 */
import { expect, SEED, test } from './ui-fixtures';

const DAY_MS = 86_400_000;

async function control(url: string, path: string, body?: unknown): Promise<unknown> {
  const answer = await fetch(`${url}/__emulator${path}`, {
    method: 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(answer.ok).toBe(true);
  return answer.json();
}

async function tokenRefreshes(url: string): Promise<number> {
  return ((await (await fetch(`${url}/__emulator/counters`)).json()) as { tokenRefreshes: number })
    .tokenRefreshes;
}

test('a clock a day ahead of the service: a rejected access token is refreshed, the popup stays signed in', async ({
  popup,
  emulator,
}) => {
  // The service's clock a day and an hour behind this computer's.
  await control(emulator.url, '/clock/offset', { ms: -(DAY_MS + 3_600_000) });
  await popup.signIn(emulator.url, SEED.users.demo.email, SEED.users.demo.password);
  await expect(popup.balanceValue).toContainText('10 h 00 min');

  // The service no longer takes the access token the extension holds (as once it has expired).
  await control(emulator.url, '/tokens/expire-access');
  await popup.reopen();
  await expect.poll(() => tokenRefreshes(emulator.url)).toBe(1);
  await expect(popup.balanceValue).toContainText('10 h 00 min');
  await expect(popup.spacePicker.locator('option').first()).toHaveText('Personal (personal)');
  await expect(popup.page.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
});

/** Moves the stored session's expiries (kept on this computer's clock) by `shiftMs`. */
async function shiftStoredExpiries(popup: { page: import('@playwright/test').Page }, shiftMs: number) {
  await popup.page.evaluate(
    (shift) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('meeting-capture-session');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const store = open.result.transaction('session', 'readwrite').objectStore('session');
          const read = store.get('session');
          read.onerror = () => reject(read.error);
          read.onsuccess = () => {
            const session = read.result as { accessExpiresAt: number; refreshExpiresAt: number };
            session.accessExpiresAt += shift;
            session.refreshExpiresAt += shift;
            const write = store.put(session, 'session');
            write.onerror = () => reject(write.error);
            write.onsuccess = () => resolve();
          };
        };
      }),
    shiftMs,
  );
}

test('the clock jumps a day ahead late in a session: the access token still works and a 401 asks the refresh, the session stays', async ({
  popup,
  emulator,
}) => {
  await popup.signIn(emulator.url, SEED.users.demo.email, SEED.users.demo.password);
  await expect(popup.balanceValue).toContainText('10 h 00 min');
  // As if signed in 28 days ago and the computer's clock then went a day ahead: by this clock the
  // access token has under a day left and the refresh token ran out long ago. On the service both
  // are good (the refresh token was issued moments ago).
  await shiftStoredExpiries(popup, -(29 * DAY_MS + 3_600_000));
  await popup.reopen();
  await expect(popup.balanceValue).toContainText('10 h 00 min');
  await expect(popup.page.getByRole('button', { name: 'Sign in', exact: true })).toHaveCount(0);

  // Now the service refuses the access token: the refresh is asked once, and the session goes on.
  await control(emulator.url, '/tokens/expire-access');
  await popup.reopen();
  await expect.poll(() => tokenRefreshes(emulator.url)).toBe(1);
  await expect(popup.balanceValue).toContainText('10 h 00 min');
  await expect(popup.page.getByRole('button', { name: 'Sign in', exact: true })).toHaveCount(0);
});
