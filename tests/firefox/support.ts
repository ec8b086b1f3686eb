/**
 * Firefox ESR with the built add-on, driven by puppeteer-core over WebDriver BiDi (no browser
 * download: the system Firefox). The add-on is installed as a temporary add-on from its unpacked
 * folder; a fixed internal UUID (`extensions.webextensions.uuids`) gives its pages a known
 * `moz-extension://` address, and `-remote-allow-system-access` lets the driver open them.
 *
 * Host pages are served from the saved fixtures (tests/fixtures/pages) at their real https
 * addresses by request interception, so the content scripts' real `matches` apply, as in the
 * Chromium suite (tests/e2e/page-support.ts). BiDi has no accessibility tree here: controls are
 * found by role and accessible name through the DOM, open shadow roots included (test builds keep
 * the page controls' shadow roots open; tests/e2e/page-release.spec.ts checks that the release
 * build closes them).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import puppeteer, { type Browser, type ElementHandle, type HTTPRequest, type Page } from 'puppeteer-core';
import { expect } from 'vitest';
import { type EmulatorOptions, type RunningEmulator, SEED, startEmulator } from '../../emulator/index';

export { SEED };

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const firefoxPath = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
/** The test build (`npm run build:test:firefox`): loopback services granted up front. */
export const extensionDir = path.join(ROOT, '.output/firefox-mv2');
export const GECKO_ID = 'meeting-capture@extension';
/** The add-on's internal UUID in these profiles: its pages live at `moz-extension://<UUID>/`. */
export const ADDON_UUID = '6f6d0e9c-1b7a-4a57-9c43-3f0d4d2a7e11';
export const EXTENSION_ORIGIN = `moz-extension://${ADDON_UUID}`;

const FIXTURES = path.join(ROOT, 'tests/fixtures/pages');

export interface LaunchOptions {
  /** Another build of the add-on than the test build. */
  extensionDir?: string;
  /** Extra Firefox preferences. */
  prefs?: Record<string, unknown>;
}

export interface Firefox {
  browser: Browser;
  /** Serves the fixture `file` for every document under `origin` (`https://meet.google.com`). */
  serve(origin: string, file: string): void;
  /** A new tab at a web address, with the served hosts answered from their fixtures. */
  open(url: string): Promise<Page>;
  /** A new tab at one of the add-on's pages (`popup.html`, `viewer.html?...`). */
  openExtensionPage(pathAndQuery: string): Promise<Page>;
  close(): Promise<void>;
}

export async function launchFirefox(options: LaunchOptions = {}): Promise<Firefox> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath,
    headless: true,
    args: ['-remote-allow-system-access'],
    extraPrefsFirefox: {
      'xpinstall.signatures.required': false,
      'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: ADDON_UUID }),
      ...options.prefs,
    },
  });
  try {
    await browser.installExtension(options.extensionDir ?? extensionDir);
  } catch (error) {
    await browser.close();
    throw error;
  }
  const served = new Map<string, string>();

  const answer = (request: HTTPRequest): void => {
    if (request.isInterceptResolutionHandled()) return;
    const url = new URL(request.url());
    const file = served.get(url.origin);
    if (file !== undefined) {
      if (!request.isNavigationRequest()) void request.respond({ status: 404, body: '' });
      else
        void request.respond({
          status: 200,
          contentType: 'text/html; charset=utf-8',
          body: readFileSync(path.join(FIXTURES, file), 'utf8'),
        });
      return;
    }
    // Loopback (the emulator) goes through; nothing else leaves this closed network.
    if (url.hostname === '127.0.0.1' || url.hostname === 'localhost' || !url.protocol.startsWith('http'))
      void request.continue();
    else void request.respond({ status: 404, body: '' });
  };

  return {
    browser,
    serve(origin, file) {
      served.set(origin, file);
    },
    async open(url) {
      const page = await browser.newPage();
      await page.setRequestInterception(true);
      page.on('request', answer);
      await page.goto(url, { waitUntil: 'domcontentloaded' });
      return page;
    },
    async openExtensionPage(pathAndQuery) {
      const page = await browser.newPage();
      const url = `${EXTENSION_ORIGIN}/${pathAndQuery}`;
      // BiDi never reports a moz-extension navigation as done: start it, then wait for the page.
      void page.goto(url, { timeout: 0 }).catch(() => {});
      await until(
        async () =>
          (await page.evaluate(() => `${document.readyState} ${location.href}`).catch(() => '')) ===
          `complete ${url}`,
        15_000,
        `${url} did not load`,
      );
      return page;
    },
    async close() {
      await browser.close();
    },
  };
}

/** Polls `check` every 100 ms until it answers true; throws `message` after `timeout` ms. */
export async function until(check: () => Promise<boolean>, timeout: number, message: string): Promise<void> {
  const end = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(message);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** An emulator of its own for a test; random ports, quiet. */
export function emulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  return startEmulator({ quiet: true, ...options });
}

export interface Counters {
  botRequests: number;
  recordingsCreated: { total: number; upload: number; by_url: number; by_videosite: number; bot: number };
}

export async function counters(service: RunningEmulator): Promise<Counters> {
  const answer = await fetch(`${service.url}/__emulator/counters`);
  return (await answer.json()) as Counters;
}

/** The WebExtension APIs the tests read from an extension page (Firefox's `browser`). */
export type Ext = {
  browser: {
    extension: { getViews(): Array<{ location: Location }> };
    storage: { local: { get(key: string): Promise<Record<string, unknown>> } };
    alarms: { getAll(): Promise<Array<{ name: string }>> };
    runtime: { getManifest(): Record<string, unknown> };
    permissions: {
      contains(p: { origins: string[] }): Promise<boolean>;
      getAll(): Promise<{ origins: string[] }>;
    };
  };
};

/** An accessible name to look for: exact text, or a pattern. */
export type Name = string | RegExp;

interface NameSpec {
  exact?: string;
  source?: string;
  flags?: string;
}

function nameSpec(name: Name | undefined): NameSpec {
  if (name === undefined) return {};
  return typeof name === 'string' ? { exact: name } : { source: name.source, flags: name.flags };
}

/**
 * Runs in the page: every visible element (open shadow roots included) with the role and the
 * accessible name asked for, in document order. A reduced accessible-name computation: the
 * `aria-label`, `aria-labelledby`, the `<label>`s, then the text.
 */
function queryByRole(role: string, spec: NameSpec, withinSelector: string | null): Element[] {
  const IMPLICIT: Record<string, string> = {
    button: 'button, input[type=button], input[type=submit], [role=button]',
    link: 'a[href], [role=link]',
    combobox: 'select:not([multiple]), [role=combobox]',
    textbox:
      'input:not([type]), input[type=text], input[type=email], input[type=password], input[type=url], textarea, [role=textbox]',
    searchbox: 'input[type=search], [role=searchbox]',
    checkbox: 'input[type=checkbox], [role=checkbox]',
    status: 'output, [role=status]',
    dialog: 'dialog[open], [role=dialog]',
    group: 'fieldset, [role=group]',
    region: 'section[aria-label], section[aria-labelledby], [role=region]',
    heading: 'h1, h2, h3, h4, h5, h6, [role=heading]',
    tab: '[role=tab]',
    any: '*',
  };
  const selector = IMPLICIT[role] ?? `[role=${role}]`;
  const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
  const nameOf = (el: Element): string => {
    const label = el.getAttribute('aria-label');
    if (label) return clean(label);
    const by = el.getAttribute('aria-labelledby');
    if (by) {
      const root = el.getRootNode() as Document | ShadowRoot;
      return clean(
        by
          .split(/\s+/)
          .map((id) => root.getElementById?.(id)?.textContent ?? '')
          .join(' '),
      );
    }
    if (el instanceof HTMLFieldSetElement) {
      const legend = el.querySelector(':scope > legend');
      if (legend) return clean(legend.textContent);
    }
    const labels = (el as HTMLInputElement).labels;
    if (labels && labels.length > 0) return clean(Array.from(labels, (l) => l.textContent).join(' '));
    if (el instanceof HTMLInputElement && (el.type === 'button' || el.type === 'submit'))
      return clean(el.value);
    return clean(el.textContent) || clean(el.getAttribute('title'));
  };
  const visible = (el: Element) => {
    if (el.getClientRects().length === 0) return false;
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.display !== 'none';
  };
  const matches = (name: string) =>
    spec.exact !== undefined
      ? name === spec.exact
      : spec.source !== undefined
        ? new RegExp(spec.source, spec.flags).test(name)
        : true;
  const found: Element[] = [];
  const walk = (root: Document | ShadowRoot | Element) => {
    for (const el of Array.from(root.querySelectorAll('*'))) {
      if (el.matches(selector) && visible(el) && matches(nameOf(el))) found.push(el);
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  if (withinSelector === null) walk(document);
  else {
    const roots: Element[] = [];
    const collect = (root: Document | ShadowRoot) => {
      for (const el of Array.from(root.querySelectorAll('*'))) {
        if (el.matches(withinSelector)) roots.push(el);
        if (el.shadowRoot) collect(el.shadowRoot);
      }
    };
    collect(document);
    for (const root of roots) {
      if (root.matches(selector) && visible(root) && matches(nameOf(root))) found.push(root);
      walk(root);
      if (root.shadowRoot) walk(root.shadowRoot);
    }
  }
  return found;
}

export interface Query {
  role: string;
  name?: Name;
  /** Only inside elements matching this CSS selector (searched through open shadow roots). */
  within?: string;
}

async function handles(page: Page, query: Query): Promise<ElementHandle<Element>[]> {
  const list = await page.evaluateHandle(queryByRole, query.role, nameSpec(query.name), query.within ?? null);
  const properties = await list.getProperties();
  await list.dispose();
  return [...properties.values()]
    .map((handle) => handle.asElement())
    .filter((h) => h !== null) as ElementHandle<Element>[];
}

/** How many visible elements match (0 while none). */
export async function count(page: Page, query: Query): Promise<number> {
  const all = await handles(page, query).catch(() => []);
  for (const handle of all) await handle.dispose();
  return all.length;
}

/** Waits for the first visible element that matches, and returns it. */
export async function find(page: Page, query: Query, timeout = 10_000): Promise<ElementHandle<Element>> {
  let found: ElementHandle<Element> | undefined;
  await expect
    .poll(
      async () => {
        const all = await handles(page, query).catch(() => []);
        found = all[0];
        for (const extra of all.slice(1)) await extra.dispose();
        return found !== undefined;
      },
      { timeout, interval: 100, message: `no ${query.role} named ${String(query.name)} on ${page.url()}` },
    )
    .toBe(true);
  return found as ElementHandle<Element>;
}

/** Clicks the first visible element that matches, as a person would (pointer input). */
export async function click(page: Page, query: Query, clickCount = 1): Promise<void> {
  const element = await find(page, query);
  await element.click({ count: clickCount });
  await element.dispose();
}

/** Presses the first visible element that matches from the keyboard: focus, then Enter. */
export async function pressEnter(page: Page, query: Query): Promise<void> {
  const element = await find(page, query);
  await element.focus();
  await page.keyboard.press('Enter');
  await element.dispose();
}

/** The whitespace-normalised text of the first visible element that matches ('' while none). */
export async function textOf(page: Page, query: Query): Promise<string> {
  const all = await handles(page, query).catch(() => []);
  const text = all[0]
    ? await all[0].evaluate((el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim())
    : '';
  for (const handle of all) await handle.dispose();
  return text;
}

/** Waits until the first element that matches contains `text`. */
export async function expectText(
  page: Page,
  query: Query,
  text: string | RegExp,
  timeout = 10_000,
): Promise<void> {
  await expect.poll(() => textOf(page, query), { timeout, interval: 100 }).toMatch(text);
}

/** Types into a field found by its label. */
export async function fill(page: Page, query: Query, value: string): Promise<void> {
  const element = await find(page, query);
  await element.evaluate((el) => {
    (el as HTMLInputElement).value = '';
  });
  await element.type(value);
  await element.dispose();
}

/** Signs the demo user in against `service`, through the background as the popup does. */
export async function signIn(page: Page, service: RunningEmulator): Promise<void> {
  const answer = await extensionMessage(page, 'session.signIn', {
    serviceUrl: service.url,
    email: SEED.users.demo.email,
    password: SEED.users.demo.password,
  });
  expect(answer.ok, JSON.stringify(answer)).toBe(true);
}

/** Sends a privileged message from an extension page, as the popup and options do. */
export async function extensionMessage<T = unknown>(
  page: Page,
  type: string,
  payload: object,
): Promise<{ ok: boolean; data?: T; error?: unknown }> {
  return page.evaluate(
    (type, payload) =>
      (
        globalThis as unknown as {
          browser: { runtime: { sendMessage(m: unknown): Promise<{ ok: boolean; data?: unknown }> } };
        }
      ).browser.runtime.sendMessage({ channel: 'meeting-capture', type, payload }),
    type,
    payload,
  ) as Promise<{ ok: boolean; data?: T; error?: unknown }>;
}
