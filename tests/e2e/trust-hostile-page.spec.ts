/**
 * A hostile page on a host we serve: its own scripts try to press our controls, forge our
 * messages, read our state, find the token or the service's address, and break our host element.
 * (trust-page-messages.spec.ts covers a compromised content-script world; page-press.spec.ts a
 * page that draws over the control; page-release.spec.ts the closed shadow roots of releases.)
 */
import type { Page } from '@playwright/test';
import { counters, expect, SEED, serveHost, test } from './page-support';

const MEET = 'https://meet.google.com/abc-defg-hij';
const WATCH = 'https://www.youtube.com/watch?v=BaW_jenozKc';
/** The browser's visibility of our button is reported at most every 100 ms. */
const SETTLE_MS = 500;

const sendBot = (page: Page) => page.getByRole('button', { name: 'Send bot' });
const status = (page: Page) => page.locator('meeting-capture-send-bot').getByRole('status');

test.beforeEach(async ({ context }) => {
  await serveHost(context, 'https://meet.google.com', 'meet-call.html');
  await serveHost(context, 'https://www.youtube.com', 'youtube-watch.html');
});

test('page scripts cannot press our controls: untrusted clicks, keys, pointer events and form submits send nothing', async ({
  emulator,
  openSignedIn,
}) => {
  for (const [url, name, host] of [
    [MEET, 'Send bot', 'meeting-capture-send-bot'],
    [WATCH, 'Transcribe audio', 'meeting-capture-transcribe'],
  ] as const) {
    const page = await openSignedIn(url);
    await expect(page.getByRole('button', { name })).toBeVisible();
    // The test build keeps the root open, so the page reaches the very button (a release build
    // does not even give it that).
    const tried = await page.evaluate(
      ([hostName, label]) => {
        const root = document.querySelector(hostName)?.shadowRoot;
        const button = [...(root?.querySelectorAll('button') ?? [])].find((b) =>
          b.textContent?.includes(label),
        );
        if (!button) return 'no button';
        button.click();
        button.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true }));
        for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup'])
          button.dispatchEvent(new PointerEvent(type, { bubbles: true, composed: true, isPrimary: true }));
        button.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
        button.dispatchEvent(new KeyboardEvent('keyup', { key: ' ', bubbles: true, composed: true }));
        button.focus();
        button.form?.requestSubmit();
        return 'tried';
      },
      [host, name] as const,
    );
    expect(tried).toBe('tried');
    await page.waitForTimeout(SETTLE_MS);
    const seen = await counters(emulator);
    expect(seen.botRequests).toBe(0);
    expect(seen.recordingsCreated.total).toBe(0);
    await page.close();
  }

  // A real press still works (the counters above could have moved).
  const page = await openSignedIn(MEET);
  await sendBot(page).click();
  await expect(status(page)).toContainText('Bot sent to the meeting');
  expect((await counters(emulator)).botRequests).toBe(1);
});

test('page scripts cannot forge our messages: no runtime to reach, window messages and events ignored', async ({
  emulator,
  extensionId,
  openSignedIn,
}) => {
  const page = await openSignedIn(MEET);
  await expect(sendBot(page)).toBeVisible();
  const outcome = await page.evaluate(async (id) => {
    const forged = { channel: 'meeting-capture', type: 'page.sendBot', payload: { link: location.href } };
    window.postMessage(forged, '*');
    window.postMessage(JSON.stringify(forged), '*');
    document.dispatchEvent(new CustomEvent('meeting-capture', { detail: forged }));
    document
      .querySelector('meeting-capture-send-bot')
      ?.dispatchEvent(new CustomEvent('message', { detail: forged }));
    const runtime = (globalThis as unknown as { chrome?: { runtime?: { sendMessage?: unknown } } }).chrome
      ?.runtime;
    let direct = 'no chrome.runtime.sendMessage in the page';
    if (typeof runtime?.sendMessage === 'function') {
      try {
        await (runtime.sendMessage as (id: string, message: unknown) => Promise<unknown>)(id, forged);
        direct = 'delivered';
      } catch (error) {
        direct = `refused: ${String(error)}`;
      }
    }
    return direct;
  }, extensionId);
  expect(outcome).not.toBe('delivered');
  await page.waitForTimeout(SETTLE_MS);
  expect((await counters(emulator)).botRequests).toBe(0);
  await expect(status(page)).toHaveText('');
});

test('nothing a page can read holds the token, the e-mail or the service address', async ({
  emulator,
  openSignedIn,
  serviceWorker,
}) => {
  const page = await openSignedIn(MEET);
  await sendBot(page).click();
  await expect(status(page)).toContainText('Bot sent to the meeting');
  // The secrets as the background holds them.
  const stored = await serviceWorker.evaluate(async () => {
    const dump = async (name: string) =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open(name);
        open.onerror = () => resolve('');
        open.onsuccess = () => {
          const db = open.result;
          const names = [...db.objectStoreNames];
          if (names.length === 0) return resolve('');
          const tx = db.transaction(names, 'readonly');
          const values: unknown[] = [];
          for (const store of names) {
            const request = tx.objectStore(store).getAll();
            request.onsuccess = () => values.push(request.result);
          }
          tx.oncomplete = () => resolve(JSON.stringify(values));
        };
      });
    return (await dump('meeting-capture-session')) + (await dump('meeting-capture-settings'));
  });
  const tokens = stored.match(/eyJ[\w-]+\.[\w-]+\.[\w-]+/g) ?? [];
  expect(tokens.length).toBeGreaterThan(0);
  const address = new URL(emulator.url).host;

  // Everything the page's own scripts can get at: the document (with our open test-build
  // shadow root), storage, cookies, window names, and the requests the page saw.
  const visible = await page.evaluate(() => {
    const parts: string[] = [document.documentElement.outerHTML, document.cookie, window.name];
    for (const host of document.querySelectorAll('[data-meeting-capture]')) {
      parts.push(host.outerHTML, host.shadowRoot?.innerHTML ?? '');
      for (const attribute of host.attributes) parts.push(attribute.value);
    }
    for (const storage of [localStorage, sessionStorage]) {
      for (let i = 0; i < storage.length; i++)
        parts.push(storage.key(i) ?? '', storage.getItem(storage.key(i)!) ?? '');
    }
    for (const entry of performance.getEntries()) parts.push(entry.name);
    return parts.join('\n');
  });
  for (const token of tokens) expect(visible).not.toContain(token);
  expect(visible).not.toContain(address);
  expect(visible).not.toContain(SEED.users.demo.email);
});

test('a page that removes, moves or restyles our host element does not break the extension', async ({
  emulator,
  openSignedIn,
}) => {
  const endMeetings = () => fetch(`${emulator.url}/__emulator/meetings/end`, { method: 'POST', body: '{}' });
  const page = await openSignedIn(MEET);
  await expect(sendBot(page)).toBeVisible();

  // Moved into the page's own container and restyled with the page's strongest rules (inline
  // !important, a stylesheet aimed at buttons): the host's own :host rules win, the control is
  // drawn as before, and a press works.
  const opacity = await page.evaluate(() => {
    const host = document.querySelector('meeting-capture-send-bot') as HTMLElement;
    const box = document.createElement('div');
    box.style.cssText = 'position:relative;font:40px serif;color:red;letter-spacing:9px';
    document.body.prepend(box);
    box.append(host);
    host.style.setProperty('opacity', '0.05', 'important');
    host.style.setProperty('display', 'none', 'important');
    const style = document.createElement('style');
    style.textContent =
      'meeting-capture-send-bot, meeting-capture-send-bot * { opacity: 0 !important; display: none !important } button { visibility: hidden !important }';
    document.head.append(style);
    return getComputedStyle(host).opacity;
  });
  expect(opacity).toBe('1');
  await expect(sendBot(page)).toBeVisible();
  await page.waitForTimeout(SETTLE_MS);
  await sendBot(page).click();
  await expect(status(page)).toContainText('Bot sent to the meeting');
  expect((await counters(emulator)).botRequests).toBe(1);
  await endMeetings();

  // Put inside a nearly transparent container of the page's (so a picture of the page's could
  // sit under it): the browser no longer sees the button as visible, so a pointer press is not
  // taken, and the person is asked to confirm.
  await page.goto('https://meet.google.com/bcd-efgh-ijk');
  await expect(sendBot(page)).toBeVisible();
  await page.evaluate(() => {
    const veil = document.createElement('div');
    veil.style.opacity = '0.05';
    document.body.append(veil);
    veil.append(document.querySelector('meeting-capture-send-bot')!);
  });
  await page.waitForTimeout(SETTLE_MS);
  await sendBot(page).click();
  await expect(status(page)).toContainText('press it again to confirm');
  expect((await counters(emulator)).botRequests).toBe(1);

  // Removed: nothing breaks; the next page gets a control again, and the extension answers.
  await page.evaluate(() => document.querySelector('meeting-capture-send-bot')?.remove());
  await expect(page.locator('meeting-capture-send-bot')).toHaveCount(0);
  await page.goto('https://meet.google.com/cde-fghi-jkl');
  await expect(sendBot(page)).toBeVisible();
  await page.waitForTimeout(SETTLE_MS);
  await sendBot(page).click();
  await expect(status(page)).toContainText('Bot sent to the meeting');
  expect((await counters(emulator)).botRequests).toBe(2);
});

test('lookalike hosts get no control, no runtime and no answer', async ({ context, emulator, signIn }) => {
  await signIn();
  const lookalikes = [
    'https://meet.google.com.evil.test/abc-defg-hij',
    'https://meet-google.com/abc-defg-hij',
    'https://m\u0435\u0435t.google.com/abc-defg-hij',
    'https://meet.google.com@evil.test/abc-defg-hij',
    'https://evil.test/meet.google.com/abc-defg-hij',
    'https://zoom.us.evil.test/j/1234567890',
    'https://telemost.yandex.ru.evil.test/j/12345678901234',
    'https://www.youtube.com.evil.test/watch?v=BaW_jenozKc',
  ];
  await context.route(/evil\.test|meet-google\.com|xn--/, (route) =>
    route.request().resourceType() === 'document'
      ? route.fulfill({
          contentType: 'text/html',
          body: '<!doctype html><title>Lookalike</title><h1>Join</h1>',
        })
      : route.fulfill({ status: 404, body: '' }),
  );
  const pages: Page[] = [];
  for (const url of lookalikes) {
    const page = await context.newPage();
    await page.goto(url);
    pages.push(page);
  }
  // A real host loaded after them: once its control is there, theirs would have been too.
  const witness = await context.newPage();
  await witness.goto(MEET);
  await expect(sendBot(witness)).toBeVisible();
  for (const [i, page] of pages.entries()) {
    await expect(page.locator('[data-meeting-capture]'), lookalikes[i]).toHaveCount(0);
    expect(
      await page.evaluate(() => typeof (globalThis as { chrome?: { runtime?: unknown } }).chrome?.runtime),
      lookalikes[i],
    ).toBe('undefined');
  }
  expect((await counters(emulator)).botRequests).toBe(0);
});
