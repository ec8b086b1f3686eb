/**
 * A recording's upload asks for the storage's site inside the click that uploads it. The contract's
 * upload links are S3-style, on another host than the service: the emulator names its storage
 * `localhost` beside the API's `127.0.0.1`. The build (`WXT_TEST_ASK_LOOPBACK=1`) asks for
 * loopback hosts like for any other, and Chrome's site access (set as the person would on the
 * extension's page) grants the service's host alone. Headless Chromium cannot show a permission
 * prompt: the pages' `permissions.request` records what it is asked for and grants it as the
 * person's "Allow" would (the extension page's own site-access control). Once the storage's site
 * is known, signing in again asks for it with the service's. A recording that stops by itself (its
 * tab closed: nobody's click to ask in) trashes the empty recording its upload made and waits for
 * the site, which the popup asks for once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { buildExtension } from './extension-build';
import { launchChromium, unpackedExtensionId } from './launch';
import { recordToneTab, routeTonePage } from './record-support';
import { api, counters, expect, SEED, test as uiTest } from './ui-fixtures';
import { recordNotices } from './worker-notices';

const TONE = '/record-here/storage-site.html';

let outDir = '';

/** Sites the extension's pages asked for, and were not granted yet. */
const asked: string[] = [];

/** Chrome's site access for the extension, as its page in chrome://extensions sets it. */
async function siteAccess(context: BrowserContext, id: string, grant: string[], restrict = false) {
  const page = await context.newPage();
  await page.goto('chrome://extensions/');
  await page.evaluate(
    async ({ id, grant, restrict }) => {
      type Call = (...args: unknown[]) => Promise<unknown>;
      const dev = (
        globalThis as unknown as {
          chrome: { developerPrivate: { updateExtensionConfiguration: Call; addHostPermission: Call } };
        }
      ).chrome.developerPrivate;
      if (restrict)
        await dev.updateExtensionConfiguration({ extensionId: id, hostAccess: 'ON_SPECIFIC_SITES' });
      for (const host of grant) await dev.addHostPermission(id, host);
    },
    { id, grant, restrict },
  );
  await page.close();
}

const test = uiTest.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
  context: async ({}, use) => {
    const extensionDir = path.join(outDir, 'chrome-mv3');
    const chromium = await launchChromium({
      extensionDir,
      args: [
        '--autoplay-policy=no-user-gesture-required',
        `--allowlisted-extension-id=${unpackedExtensionId(extensionDir)}`,
      ],
      ignoreDefaultArgs: ['--mute-audio'],
    });
    const { context } = chromium;
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const id = new URL(worker.url()).host;
    // The service's host only: the storage's is not granted.
    await siteAccess(context, id, ['http://127.0.0.1/*'], true);
    await context.exposeBinding('grantSites', async (_source, origins: string[]) => {
      asked.push(...origins);
      await siteAccess(context, id, origins);
      return true;
    });
    await context.addInitScript(() => {
      if (location.protocol !== 'chrome-extension:') return;
      const permissions = (
        globalThis as unknown as {
          chrome: { permissions: { contains(request: { origins: string[] }): Promise<boolean> } };
        }
      ).chrome.permissions;
      Object.defineProperty(permissions, 'request', {
        configurable: true,
        value: async (request: { origins?: string[] }) => {
          const origins = request.origins ?? [];
          if (await permissions.contains({ origins })) return true;
          return (globalThis as unknown as { grantSites(o: string[]): Promise<boolean> }).grantSites(origins);
        },
      });
    });
    await routeTonePage(context, TONE, 'Storage site room');
    await use(context);
    await chromium.close();
  },
});

test.use({ emulatorOptions: { storageHost: 'localhost' } });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  outDir = mkdtempSync(path.join(tmpdir(), 'mc-ask-loopback-'));
  await buildExtension(outDir, { WXT_TEST_BUILD: '1', WXT_TEST_ASK_LOOPBACK: '1' });
});
test.afterAll(() => rmSync(outDir, { recursive: true, force: true }));

test('record, stop: the Stop click asks for the storage’s site (another host than the service), and the file arrives', async ({
  signedInPopup: popup,
  emulator,
  context,
}) => {
  test.setTimeout(90_000);
  expect(new URL(emulator.storageUrl).hostname).toBe('localhost');
  // Signing in asked for nothing more: the service's host was granted.
  expect(asked).toEqual([]);
  const { recorder } = await recordToneTab(popup.page, context, `${emulator.url}${TONE}`);
  await expect(recorder.getByTestId('recording-elapsed')).toHaveText(/^0:0[6-9]$/, { timeout: 20_000 });
  await recorder.getByRole('button', { name: 'Stop and upload' }).click();
  await expect.poll(() => asked).toEqual(['http://localhost/*']);
  type Listed = { results: Array<{ is_uploaded: boolean; duration: number | null }> };
  const search = `/api/spaces/${SEED.spaces.personal}/audio/?search=Storage%20site%20room&limit=5&offset=0`;
  await expect
    .poll(async () => (await api<Listed>(emulator, search)).results.map((item) => item.is_uploaded), {
      timeout: 45_000,
    })
    .toEqual([true]);
});

test('signing in again asks for the storage’s site with the service’s, once the site is known', async ({
  popup,
  emulator,
}) => {
  asked.length = 0;
  const missing = () =>
    popup.page.evaluate(async () => {
      const answer = await chrome.runtime.sendMessage({
        channel: 'meeting-capture',
        type: 'service.origins',
        payload: {},
      });
      return (answer as { data: { missing: string[] } }).data.missing;
    });
  await popup.signIn(emulator.url, SEED.users.demo.email, SEED.users.demo.password);
  await expect(popup.balanceValue).toBeVisible();
  // The storage's site is learnt from a recording's link, not asked for yet.
  await expect.poll(missing).toEqual(['http://localhost/*']);
  expect(asked).toEqual([]);
  await popup.page.getByRole('button', { name: 'Sign out' }).click();
  await popup.signIn(emulator.url, SEED.users.demo.email, SEED.users.demo.password);
  await expect(popup.balanceValue).toBeVisible();
  expect(asked).toEqual(['http://127.0.0.1/*', 'http://localhost/*']);
  expect(await missing()).toEqual([]);
});

test('a recording stopped by itself (its tab closed): the empty recording its upload made goes to the trash, the popup asks for the storage’s site once, and the file is uploaded into a recording made then', async ({
  signedInPopup: popup,
  emulator,
  context,
  serviceWorker,
}) => {
  test.setTimeout(90_000);
  asked.length = 0;
  const notices = await recordNotices(serviceWorker);
  const { recorder, tone } = await recordToneTab(popup.page, context, `${emulator.url}${TONE}`);
  await expect(recorder.getByTestId('recording-elapsed')).toHaveText(/^0:0[6-9]$/, { timeout: 20_000 });
  // Nobody's click stops it: the tab closes.
  await tone.close();
  const waiting = popup.page.getByTestId('job-needs-site');
  await expect(waiting).toContainText(/^Waiting for access to localhost:\d+, where the service keeps/, {
    timeout: 30_000,
  });
  expect(asked).toEqual([]);
  expect((await counters(emulator)).recordingsCreated.upload).toBe(1);
  type Listed = { results: Array<{ is_uploaded: boolean; title: string }> };
  const trashed = async () =>
    (
      await api<Listed>(emulator, `/api/spaces/${SEED.spaces.personal}/audio/trash/?limit=100&offset=0`)
    ).results
      .filter((item) => item.title.startsWith('Storage site room'))
      .map((item) => item.is_uploaded);
  // The recording made before the site was known is empty: in the trash, not in the list.
  await expect.poll(trashed).toEqual([false]);
  expect(await notices()).toContainEqual({
    title: 'Upload waits for your permission',
    message: expect.stringMatching(
      /^“Storage site room — .+” goes to localhost:\d+, where the service keeps uploaded recordings, and Meeting Capture may not reach it yet\./,
    ),
  });
  await waiting.getByRole('button', { name: 'Allow access and upload' }).click();
  await expect.poll(() => asked).toEqual(['http://localhost/*']);
  const search = `/api/spaces/${SEED.spaces.personal}/audio/?search=Storage%20site%20room&limit=5&offset=0`;
  await expect
    .poll(async () => (await api<Listed>(emulator, search)).results.map((item) => item.is_uploaded), {
      timeout: 45_000,
    })
    .toEqual([true]);
  expect((await counters(emulator)).recordingsCreated.upload).toBe(2);
  expect(await trashed()).toEqual([false]);
  await expect(waiting).toBeHidden();
  // Asked once: the site is not asked for again.
  expect(asked).toEqual(['http://localhost/*']);
});
