import { type Answer, expect, openMeetingPage, test } from './background-fixtures';

// The access token lives 4 s here, so the next request after that renews it through the refresh token.
test.use({ emulatorOptions: { accessTtlSec: 4 } });

interface StoredSession {
  access: string;
  refresh: string;
}

test('the session tokens are out of reach of content scripts, after sign-in and after a renewal', async ({
  context,
  background,
  emulator,
  serviceWorker,
}) => {
  await background.signIn(emulator.url);
  const tokens = () =>
    serviceWorker.evaluate(
      () =>
        new Promise<StoredSession>((resolve, reject) => {
          const open = indexedDB.open('meeting-capture-session');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const read = open.result.transaction('session').objectStore('session').get('session');
            read.onsuccess = () => resolve(read.result as StoredSession);
            read.onerror = () => reject(read.error);
          };
        }),
    );
  const first = await tokens();
  expect(first.access.split('.')).toHaveLength(3);

  await expect
    .poll(
      async () => {
        await background.send('spaces.list', {});
        return (await emulator.counters()).tokenRefreshes;
      },
      { timeout: 30_000, intervals: [1_000] },
    )
    .toBeGreaterThan(0);
  const renewed = await tokens();
  expect(renewed.access).not.toBe(first.access);
  const secrets = [first.access, first.refresh, renewed.access];

  // In the worker: nothing in storage.local or storage.session holds a token.
  const stored = await serviceWorker.evaluate(async () =>
    JSON.stringify([await chrome.storage.local.get(null), await chrome.storage.session.get(null)]),
  );
  for (const secret of secrets) expect(stored).not.toContain(secret);

  // In our content script on a meeting page: it is refused storage.local and storage.session
  // (access level TRUSTED_CONTEXTS), and its IndexedDB is the page's.
  const meet = await openMeetingPage(context);
  const local = await meet.inContentScript<string>(
    'chrome.storage.local.get(null).then(JSON.stringify, (error) => "refused: " + error.message)',
  );
  expect(local).toMatch(/^refused/);
  const session = await meet.inContentScript<string>(
    'chrome.storage.session.get(null).then(() => "readable", (error) => "refused: " + error.message)',
  );
  expect(session).toMatch(/^refused/);
  const databases = await meet.inContentScript<string[]>(
    'indexedDB.databases().then((list) => list.map((db) => db.name))',
  );
  expect(databases).not.toContain('meeting-capture-session');

  // What it may ask the background answers without a token; a privileged message is refused.
  const pageContext = await meet.inContentScript<Answer>(
    `chrome.runtime.sendMessage({ channel: 'meeting-capture', type: 'page.context', payload: {} })`,
  );
  expect(pageContext).toMatchObject({ ok: true, data: { signedIn: true } });
  for (const secret of secrets) expect(JSON.stringify(pageContext)).not.toContain(secret);
  const refused = await meet.inContentScript<Answer>(
    `chrome.runtime.sendMessage({ channel: 'meeting-capture', type: 'session.get', payload: {} })`,
  );
  expect(refused).toEqual({ ok: false, error: { kind: 'forbidden-sender', type: 'session.get' } });
});
