import { expect, test } from './fixtures';

test('the built extension loads: the service worker starts and the popup renders', async ({
  context,
  serviceWorker,
  extensionId,
}) => {
  expect(serviceWorker.url()).toBe(`chrome-extension://${extensionId}/background.js`);

  const manifest = await serviceWorker.evaluate(() => chrome.runtime.getManifest());
  expect(manifest.manifest_version).toBe(3);
  expect(manifest.name).toBe('Meeting Capture');

  // onInstalled runs asynchronously: wait for its effect instead of reading once. The service URL
  // is a trusted setting, in the extension origin's IndexedDB (lib/trusted-settings.ts).
  await expect
    .poll(() =>
      serviceWorker.evaluate(
        () =>
          new Promise<unknown>((resolve) => {
            const open = indexedDB.open('meeting-capture-settings');
            // Not there yet: never create it (an empty database would leave the background's
            // store without its object store); abort the upgrade and ask again.
            open.onupgradeneeded = () => open.transaction?.abort();
            open.onerror = () => resolve(undefined);
            open.onsuccess = () => {
              const db = open.result;
              if (!db.objectStoreNames.contains('settings')) {
                db.close();
                return resolve(undefined);
              }
              const read = db.transaction('settings').objectStore('settings').get('serviceUrl');
              read.onsuccess = () => {
                db.close();
                resolve(read.result);
              };
              read.onerror = () => {
                db.close();
                resolve(undefined);
              };
            };
          }),
      ),
    )
    .toMatch(/^https?:\/\//);

  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await expect(popup.getByRole('heading', { name: 'Meeting Capture' })).toBeVisible();
  await expect(popup.getByTestId('service-url')).toContainText('http://127.0.0.1:8787');
});

test('the options page renders', async ({ context, extensionId }) => {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/options.html`);
  await expect(page.getByRole('heading', { name: 'Meeting Capture settings' })).toBeVisible();
});
