/**
 * Support of the page-integration specs: host pages served at their real URLs from saved
 * fixtures (tests/fixtures/pages), so the content scripts' real `matches` apply; an emulator per
 * test; sign-in and settings through the background, as the extension's own pages do it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { type RunningEmulator, SEED, startEmulator } from '../../emulator/index';
import { test as base, expect } from './fixtures';

export { expect, SEED };

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/pages');

export function fixture(name: string): string {
  return readFileSync(path.join(FIXTURES, name), 'utf8');
}

/**
 * Serves `file` for every page (document) request under `origin` (`https://meet.google.com`),
 * and 404 for anything else there (favicons, beacons): the fixtures are self-contained.
 */
export async function serveHost(context: BrowserContext, origin: string, file: string): Promise<void> {
  await servePage(context, origin, fixture(file));
}

/** As `serveHost`, with the page given: `body`, or `body(url)` for the address asked. */
export async function servePage(
  context: BrowserContext,
  origin: string,
  body: string | ((url: string) => string),
): Promise<void> {
  await context.route(`${origin}/**`, (route) => {
    if (route.request().resourceType() !== 'document') return route.fulfill({ status: 404, body: '' });
    return route.fulfill({
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: typeof body === 'string' ? body : body(route.request().url()),
    });
  });
}

export interface Counters {
  botRequests: number;
  recordingsCreated: { total: number; upload: number; by_url: number; by_videosite: number; bot: number };
}

export async function counters(emulator: RunningEmulator): Promise<Counters> {
  const answer = await fetch(`${emulator.url}/__emulator/counters`);
  return (await answer.json()) as Counters;
}

/** Sends a privileged message from an extension page (the `extensionMessage` fixture). */
type ExtensionMessage = <T>(type: string, payload: object) => Promise<{ ok: boolean; data?: T }>;

/** The links of the bot jobs the extension made, oldest first. */
export async function botLinks(extensionMessage: ExtensionMessage): Promise<string[]> {
  const jobs = await extensionMessage<Array<{ intent: string; sourceUrl?: string }>>('jobs.list', {});
  return (jobs.data ?? []).filter((job) => job.intent === 'bot').map((job) => job.sourceUrl ?? '');
}

/** One bot was sent, to `link`: the service was asked once, and the extension's one bot job is for it. */
export async function expectOneBotTo(
  emulator: RunningEmulator,
  extensionMessage: ExtensionMessage,
  link: string,
): Promise<void> {
  expect((await counters(emulator)).botRequests).toBe(1);
  expect(await botLinks(extensionMessage)).toEqual([link]);
}

interface PageFixtures {
  emulator: RunningEmulator;
  /** Sends a privileged message from an extension page, as the popup and options do. */
  extensionMessage: <T = unknown>(
    type: string,
    payload: object,
  ) => Promise<{ ok: boolean; data?: T; error?: unknown }>;
  /** Signs the demo user in against this test's emulator. */
  signIn: () => Promise<void>;
  /** Signs the demo user in, then opens `url` in a new tab. */
  openSignedIn: (url: string) => Promise<Page>;
}

export const test = base.extend<PageFixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
  emulator: async ({}, use) => {
    const emulator = await startEmulator({ quiet: true });
    await use(emulator);
    await emulator.close();
  },
  extensionMessage: async ({ context, extensionId }, use) => {
    let page: Page | null = null;
    await use(async (type, payload) => {
      if (!page) {
        page = await context.newPage();
        await page.goto(`chrome-extension://${extensionId}/options.html`);
      }
      return page.evaluate(
        ([type, payload]) => chrome.runtime.sendMessage({ channel: 'meeting-capture', type, payload }),
        [type, payload] as const,
      );
    });
    await (page as Page | null)?.close();
  },
  signIn: async ({ emulator, extensionMessage }, use) => {
    await use(async () => {
      const answer = await extensionMessage('session.signIn', {
        serviceUrl: emulator.url,
        email: SEED.users.demo.email,
        password: SEED.users.demo.password,
      });
      expect(answer.ok, JSON.stringify(answer)).toBe(true);
    });
  },
  openSignedIn: async ({ context, signIn }, use) => {
    await use(async (url) => {
      await signIn();
      const page = await context.newPage();
      await page.goto(url);
      return page;
    });
  },
});

/** Our shadow hosts on the page (each control mounts one). */
export function injectedHosts(page: Page): Locator {
  return page.locator('[data-meeting-capture]');
}

/** Keys the page's own document listener saw (the fixtures record them in `__pageKeys`). */
export function pageKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __pageKeys: string[] }).__pageKeys);
}

/** The `data-theme` our shadow root chose for the page. */
export function controlTheme(page: Page, hostName: string): Promise<string | undefined> {
  return page.evaluate(
    (name) => document.querySelector(name)?.shadowRoot?.querySelector('body')?.dataset.theme,
    hostName,
  );
}

/**
 * Opens `negative` pages, then a page where the control must appear; once it has, the content
 * scripts of the earlier pages have long run, so their having no control is meaningful.
 */
export async function expectNoControlOn(
  context: BrowserContext,
  negatives: string[],
  positive: { url: string; control: (page: Page) => Locator },
): Promise<void> {
  const pages: Page[] = [];
  for (const url of negatives) {
    const page = await context.newPage();
    await page.goto(url);
    pages.push(page);
  }
  const witness = await context.newPage();
  await witness.goto(positive.url);
  await expect(positive.control(witness)).toBeVisible();
  for (const [i, page] of pages.entries()) {
    await expect(injectedHosts(page), negatives[i]).toHaveCount(0);
  }
  for (const page of [...pages, witness]) await page.close();
}
