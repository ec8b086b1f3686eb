import type { Page } from '@playwright/test';
import { expect, SEED, test } from './ui-fixtures';

const KEY = 'popupSnapshot';

interface Opening {
  /** What the first script painted, when it did. */
  snapshot?: {
    rows: number;
    busy: string | null;
    inert: boolean;
    lang: string;
    text: string;
    background: string;
  };
  /** The page when the app first rendered into it. */
  appFrame?: { children: number; snapshotLeft: boolean; rows: number; skeletons: number };
  /** Every recording title seen on the page while it opened, snapshot or app. */
  titles: string[];
  /** A skeleton was shown at some point (a placeholder instead of a list). */
  skeleton: boolean;
}

/** Records, at every change of the page, what the popup showed while it opened. */
async function recordOpenings(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: Opening = { titles: [], skeleton: false };
    (window as unknown as { opening: Opening }).opening = seen;
    const observer = new MutationObserver(() => {
      const app = document.getElementById('app');
      if (!app) return;
      const painted = app.querySelector<HTMLElement>(':scope > [data-snapshot]');
      if (painted && !seen.snapshot) {
        seen.snapshot = {
          rows: painted.querySelectorAll('li.recording').length,
          busy: painted.querySelector('.recording-list')?.getAttribute('aria-busy') ?? null,
          inert: painted.hasAttribute('inert'),
          lang: document.documentElement.lang,
          text: painted.textContent ?? '',
          background: getComputedStyle(painted.querySelector('.app-header') as Element).backgroundColor,
        };
      }
      const own = app.querySelector(':scope > :not([data-snapshot])');
      if (own && !seen.appFrame) {
        seen.appFrame = {
          children: app.childElementCount,
          snapshotLeft: painted !== null,
          rows: own.querySelectorAll('[data-testid="recording"]').length,
          skeletons: own.querySelectorAll('[data-testid="skeleton"]').length,
        };
      }
      if (app.querySelector('[data-testid="skeleton"]')) seen.skeleton = true;
      for (const title of app.querySelectorAll('.recording-title')) {
        const text = title.textContent ?? '';
        if (!seen.titles.includes(text)) seen.titles.push(text);
      }
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  });
}

const opening = (page: Page) => page.evaluate(() => (window as unknown as { opening: Opening }).opening);

/** The stored snapshot once the popup has kept one (it does when its live list is shown). */
async function storedSnapshot(page: Page): Promise<{ account: string; lang: string; root: unknown }> {
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key) !== null, KEY)).toBe(true);
  return JSON.parse((await page.evaluate((key) => localStorage.getItem(key), KEY)) as string);
}

/** Replaces the first recording title of the stored snapshot (a title only the snapshot has). */
async function markSnapshot(page: Page, title: string): Promise<void> {
  await page.evaluate(
    ({ key, title }) => {
      const snapshot = JSON.parse(localStorage.getItem(key) as string);
      let done = false;
      const walk = (node: unknown): unknown => {
        if (!Array.isArray(node)) return node;
        const [tag, attributes, ...children] = node as [string, Record<string, string>, ...unknown[]];
        if (!done && attributes.class?.includes('recording-title')) {
          done = true;
          return [tag, attributes, title];
        }
        return [tag, attributes, ...children.map(walk)];
      };
      snapshot.root = walk(snapshot.root);
      localStorage.setItem(key, JSON.stringify(snapshot));
    },
    { key: KEY, title },
  );
}

test('the first script paints the last list shown, marked and inert; the app replaces it in one render, then the live list', async ({
  signedInPopup: popup,
}) => {
  await expect(popup.rows).toHaveCount(SEED.personalListCount);
  const kept = await storedSnapshot(popup.page);
  expect(kept.account).toBe(
    `${await popup.page.getByTestId('service-url').evaluate((el) => el.textContent?.replace(/^[^:]*: /, ''))}\n${SEED.users.demo.email}`,
  );
  expect(JSON.stringify(kept)).not.toMatch(/"access"|"refresh"|token|href/i);
  await markSnapshot(popup.page, 'Only in the snapshot.wav');
  await recordOpenings(popup.page);
  await popup.reopen();
  await expect(popup.rows).toHaveCount(SEED.personalListCount);
  await expect(popup.page.getByText('Only in the snapshot.wav')).toHaveCount(0);
  await expect(popup.page.getByTestId('recording-list')).toHaveAttribute('aria-busy', 'false');
  const seen = await opening(popup.page);
  // The snapshot: the first rows only, marked as being refreshed, not operable.
  expect(seen.snapshot).toMatchObject({ rows: 8, busy: 'true', inert: true, lang: 'en' });
  expect(seen.snapshot?.text).toContain('Only in the snapshot.wav');
  // The app's first frame took the snapshot's place in the same task: never both, never neither.
  expect(seen.appFrame).toEqual({
    children: 1,
    snapshotLeft: false,
    rows: SEED.personalListCount,
    skeletons: 0,
  });
  expect(seen.skeleton).toBe(false);
  // And the snapshot kept now is the live list's.
  await expect
    .poll(() =>
      popup.page.evaluate((key) => localStorage.getItem(key)?.includes('Only in the snapshot') ?? null, KEY),
    )
    .toBe(false);
});

test('after a browser start (no cached list) the snapshot stands until the live list, never a placeholder', async ({
  signedInPopup: popup,
}) => {
  await expect(popup.rows).toHaveCount(SEED.personalListCount);
  await storedSnapshot(popup.page);
  await popup.page.evaluate(() => chrome.storage.session.clear());
  await recordOpenings(popup.page);
  await popup.reopen();
  await expect(popup.page.getByTestId('recording-list')).toHaveAttribute('aria-busy', 'false');
  const seen = await opening(popup.page);
  expect(seen.snapshot?.rows).toBe(8);
  expect(seen.appFrame).toEqual({
    children: 1,
    snapshotLeft: false,
    rows: SEED.personalListCount,
    skeletons: 0,
  });
  expect(seen.skeleton).toBe(false);
});

test('the snapshot waits for one file: the styles are in the page, the app is fetched after the frame that shows it', async ({
  signedInPopup: popup,
}) => {
  await expect(popup.rows).toHaveCount(SEED.personalListCount);
  await storedSnapshot(popup.page);
  // The page says when the snapshot was painted, and when the frame after it began (a frame
  // callback asked for right after the paint runs in the frame that shows it); its requests and
  // its console come in the order the page made them.
  await popup.page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector('#app > [data-snapshot]')) return;
      observer.disconnect();
      console.debug('opening: painted');
      requestAnimationFrame(() => console.debug('opening: frame'));
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  const events: string[] = [];
  popup.page.on('request', (request) => events.push(new URL(request.url()).pathname));
  popup.page.on('console', (message) => {
    if (message.text().startsWith('opening: ')) events.push(message.text());
  });
  await popup.reopen();
  await expect(popup.page.getByTestId('recording-list')).toHaveAttribute('aria-busy', 'false');
  const painted = events.indexOf('opening: painted');
  const frame = events.indexOf('opening: frame');
  expect(painted).toBeGreaterThan(0);
  expect(frame).toBeGreaterThan(painted);
  // Before the snapshot: the page and its first script only (and the icon the snapshot shows, asked
  // for as it is built); no stylesheet at all (they are in the page).
  const before = events.slice(0, painted).filter((event) => !/^\/icon\/\d+\.png$/.test(event));
  expect(before).toEqual(['/popup.html', '/popup-snapshot.js']);
  expect(events.filter((event) => event.endsWith('.css'))).toEqual([]);
  // The app's modules: asked for after the frame that shows the snapshot.
  const modules = events.flatMap((event, at) => (event.startsWith('/chunks/') ? [at] : []));
  expect(modules.length).toBeGreaterThan(0);
  expect(Math.min(...modules)).toBeGreaterThan(frame);
  // And the page's styles apply to the snapshot and the app: the popup's width comes from them.
  expect(await popup.page.locator('#app > *').evaluate((el) => getComputedStyle(el).width)).toBe('400px');
});

test('after sign-out nothing of the account is painted, nor shown to the next account', async ({
  signedInPopup: popup,
  emulator,
}) => {
  await expect(popup.rows).toHaveCount(SEED.personalListCount);
  await storedSnapshot(popup.page);
  const demoTitles = await popup.page.locator('.recording-title').allTextContents();
  await popup.page.getByRole('button', { name: 'Sign out' }).click();
  await expect(popup.page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await popup.page.evaluate((key) => localStorage.getItem(key), KEY)).toBeNull();
  await recordOpenings(popup.page);
  await popup.reopen();
  await expect(popup.page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect((await opening(popup.page)).snapshot).toBeUndefined();
  expect((await opening(popup.page)).titles).toEqual([]);

  // Another account signs in: none of the first account's titles, at any moment of two openings.
  await popup.signIn(emulator.url, SEED.users.other.email, SEED.users.other.password);
  await expect(popup.balanceValue).toBeVisible();
  await expect(popup.page.getByTestId('recording-list')).toHaveAttribute('aria-busy', 'false');
  const otherTitles = await popup.page.locator('.recording-title').allTextContents();
  await expect
    .poll(() =>
      popup.page.evaluate(({ key, email }) => localStorage.getItem(key)?.includes(email) ?? false, {
        key: KEY,
        email: SEED.users.other.email,
      }),
    )
    .toBe(true);
  await popup.reopen();
  await expect(popup.page.getByTestId('recording-list')).toHaveAttribute('aria-busy', 'false');
  const seen = await opening(popup.page);
  const onlyDemo = demoTitles.filter((title) => !otherTitles.includes(title));
  expect(onlyDemo.length).toBeGreaterThan(0);
  expect(seen.titles.filter((title) => onlyDemo.includes(title))).toEqual([]);
});

test('a snapshot of another account is wiped when the popup finds who is signed in', async ({
  signedInPopup: popup,
}) => {
  await expect(popup.rows).toHaveCount(SEED.personalListCount);
  const kept = await storedSnapshot(popup.page);
  await popup.page.evaluate(
    ({ key, snapshot }) =>
      localStorage.setItem(
        key,
        JSON.stringify({ ...snapshot, account: 'http://elsewhere\nsomeone@example.com' }),
      ),
    { key: KEY, snapshot: kept },
  );
  await popup.reopen();
  await expect(popup.page.getByTestId('recording-list')).toHaveAttribute('aria-busy', 'false');
  await expect
    .poll(
      async () =>
        JSON.parse((await popup.page.evaluate((key) => localStorage.getItem(key), KEY)) ?? '{}').account,
    )
    .toBe(kept.account);
});

test('the snapshot is in the page language and the browser theme: Russian, dark', async ({
  signedInPopup: popup,
  openOptions,
}) => {
  const options = await openOptions();
  await options.language.selectOption('ru');
  await expect(options.page.locator('html')).toHaveAttribute('lang', 'ru');
  await options.page.close();
  await popup.page.emulateMedia({ colorScheme: 'dark' });
  await popup.reopen();
  await expect(popup.page.getByRole('heading', { name: 'Последние записи' })).toBeVisible();
  await expect(popup.page.getByTestId('recording-list')).toHaveAttribute('aria-busy', 'false');
  // The popup left open while the language changed may have kept one more English snapshot; the
  // Russian popup wiped it on taking over and keeps its own once its live list is quiet.
  await expect.poll(async () => (await storedSnapshot(popup.page)).lang).toBe('ru');
  await recordOpenings(popup.page);
  await popup.reopen();
  await expect(popup.page.getByTestId('recording-list')).toHaveAttribute('aria-busy', 'false');
  const seen = await opening(popup.page);
  expect(seen.snapshot?.lang).toBe('ru');
  expect(seen.snapshot?.text).toContain('Последние записи');
  expect(seen.snapshot?.text).not.toContain('Recent recordings');
  // The snapshot's header has the app's own dark background, not the light one.
  const appBackground = await popup.page
    .locator('.app-header')
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(seen.snapshot?.background).toBe(appBackground);
  expect(appBackground).not.toBe('rgb(255, 255, 255)');
});
