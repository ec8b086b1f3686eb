import { type Answer, expect, SEED, test } from './background-fixtures';
import { openContentScriptWorld, startRecordingServer } from './trust-support';

const MEET = 'https://meet.google.com/abc-defg-hij';

test('a content script can neither read nor rewrite the settings that decide where the token goes', async ({
  context,
  background,
  emulator,
}) => {
  await background.signIn(emulator.url);
  const rogue = await startRecordingServer();
  try {
    const meet = await openContentScriptWorld(context, MEET);
    const write = await meet.inContentScript<string>(
      `chrome.storage.local.set(${JSON.stringify({
        serviceUrl: rogue.url,
        storageOrigins: ['https://mail.google.com'],
        scheduledBots: [
          { id: 'x', link: 'https://evil.example/', meetingService: 'zoom', startsAt: 1, spaceId: 1 },
        ],
      })}).then(() => 'written', (error) => 'refused: ' + error.message)`,
    );
    expect(write).toMatch(/^refused/);
    const read = await meet.inContentScript<string>(
      'chrome.storage.local.get(null).then(JSON.stringify, (error) => "refused: " + error.message)',
    );
    expect(read).toMatch(/^refused/);

    // The extension keeps talking to the service the user chose, and only to it.
    expect(await background.send('spaces.list', {})).toMatchObject({ ok: true });
    const origins = await background.send('service.origins', {});
    expect(JSON.stringify(origins)).not.toContain('mail.google.com');
    expect(await background.send('schedules.list', {})).toEqual({ ok: true, data: [] });
    expect(rogue.seen).toEqual([]);

    // What the controls need still reaches them, through the background.
    const pageContext = await meet.send('page.context', {});
    expect(pageContext).toMatchObject({ ok: true, data: { signedIn: true, lang: 'en', hidden: false } });
  } finally {
    await rogue.close();
  }
});

test('the token never goes to an origin other than the one that issued it', async ({
  background,
  emulator,
  serviceWorker,
}) => {
  await background.signIn(emulator.url);
  const rogue = await startRecordingServer();
  try {
    // The service address changes behind the session's back (wherever this build keeps it).
    await serviceWorker.evaluate(async (url) => {
      await chrome.storage.local.set({ serviceUrl: url });
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('meeting-capture-settings');
        open.onupgradeneeded = () => open.result.createObjectStore('settings');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('settings', 'readwrite');
          tx.objectStore('settings').put(url, 'serviceUrl');
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        };
      });
    }, rogue.url);

    const answer: Answer = await background.send('spaces.list', {});
    expect(answer.ok).toBe(false);
    expect(rogue.seen.filter((request) => request.authorization !== undefined)).toEqual([]);
    // The session is over rather than carried to the other origin.
    const view = await background.send('session.get', {});
    expect(view).toMatchObject({ ok: true, data: { signedIn: false } });
    expect(JSON.stringify(rogue.seen)).not.toContain(SEED.users.demo.password);
  } finally {
    await rogue.close();
  }
});
