/**
 * Fixtures of the popup, viewer and options specs: an emulator of their own per test (random
 * ports, so tests run in parallel), page objects, and helpers that talk to the emulator directly.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { type EmulatorOptions, type RunningEmulator, SEED, startEmulator } from '../../emulator/index';
import { test as base, expect } from './fixtures';
import { OptionsPage } from './pages/options';
import { PopupPage } from './pages/popup';
import { ViewerPage } from './pages/viewer';

export { wavOfSize } from '../../emulator/wav';
export { expect, SEED };

export interface Counters {
  classifyCalls: Record<string, number>;
  charges: Array<{ space_id: number; audio_id: number; seconds: number }>;
  refunds: Array<{ space_id: number; audio_id: number; seconds: number }>;
  recordingsCreated: { total: number; upload: number; by_url: number; by_videosite: number; bot: number };
}

interface UiFixtures {
  emulatorOptions: EmulatorOptions;
  emulator: RunningEmulator;
  /** A popup page (popup.html in a tab), not signed in. */
  popup: PopupPage;
  /** A popup page signed in as the demo user against this test's emulator. */
  signedInPopup: PopupPage;
  openViewer: (spaceId: number, audioId: number, tab?: string) => Promise<ViewerPage>;
  openOptions: () => Promise<OptionsPage>;
}

export const test = base.extend<UiFixtures>({
  emulatorOptions: [{}, { option: true }],
  emulator: async ({ emulatorOptions }, use) => {
    const emulator = await startEmulator({ quiet: true, ...emulatorOptions });
    await use(emulator);
    await emulator.close();
  },
  popup: async ({ context, extensionId }, use) => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 400, height: 600 });
    const popup = new PopupPage(page, extensionId);
    await popup.open();
    await use(popup);
  },
  signedInPopup: async ({ popup, emulator }, use) => {
    await popup.signIn(emulator.url, SEED.users.demo.email, SEED.users.demo.password);
    await expect(popup.balanceValue).toBeVisible();
    await use(popup);
  },
  openViewer: async ({ context, extensionId }, use) => {
    await use(async (spaceId, audioId, tab) => {
      const page = await context.newPage();
      const viewer = new ViewerPage(page, extensionId);
      await viewer.open(spaceId, audioId, tab);
      return viewer;
    });
  },
  openOptions: async ({ context, extensionId }, use) => {
    await use(async () => {
      const page = await context.newPage();
      const options = new OptionsPage(page, extensionId);
      await options.open();
      return options;
    });
  },
});

export async function counters(emulator: RunningEmulator): Promise<Counters> {
  const answer = await fetch(`${emulator.url}/__emulator/counters`);
  return (await answer.json()) as Counters;
}

/** A demo-user token, for preparing data through the service API itself. */
export async function demoToken(emulator: RunningEmulator): Promise<string> {
  const answer = await fetch(`${emulator.url}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: SEED.users.demo.email, password: SEED.users.demo.password }),
  });
  return ((await answer.json()) as { access: string }).access;
}

export async function api<T>(emulator: RunningEmulator, path: string, init: RequestInit = {}): Promise<T> {
  const token = await demoToken(emulator);
  const answer = await fetch(`${emulator.url}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...init.headers },
  });
  const body = await answer.text();
  return (body ? JSON.parse(body) : null) as T;
}

/** The archive's key-value store, read and written from an extension page (raw IndexedDB). */
export function archiveStore(
  page: Page,
  op: { get?: string; put?: Array<[string, unknown]>; del?: string; keys?: true },
) {
  return page.evaluate(async (op) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('meeting-capture-archive');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => resolve(open.result);
    });
    const request = <R>(req: IDBRequest<R>) =>
      new Promise<R>((resolve, reject) => {
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
    try {
      if (!db.objectStoreNames.contains('archive')) return null;
      const store = () => db.transaction('archive', 'readwrite').objectStore('archive');
      if (op.get) return (await request(store().get(op.get))) ?? null;
      if (op.keys) return (await request(store().getAllKeys())).map(String);
      if (op.del) await request(store().delete(op.del));
      for (const [key, value] of op.put ?? []) await request(store().put(value, key));
      return null;
    } finally {
      db.close();
    }
  }, op);
}

/** The side panel's page at panel width, its search field shown. */
export async function openPanel(page: Page, extensionId: string): Promise<void> {
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto(`chrome-extension://${extensionId}/sidepanel.html`);
  await expect(page.getByRole('searchbox', { name: 'Search all meetings' })).toBeVisible();
}

/** Keys in the extension origin's archive database (none when it does not exist). */
export function archiveKeys(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((db) => db.name);
    if (!names.includes('meeting-capture-archive')) return 0;
    return new Promise<number>((resolve, reject) => {
      const open = indexedDB.open('meeting-capture-archive');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('archive')) {
          db.close();
          resolve(0);
          return;
        }
        const count = db.transaction('archive').objectStore('archive').count();
        count.onsuccess = () => {
          db.close();
          resolve(count.result);
        };
      };
    });
  });
}

/** Serious and critical accessibility violations on the page as it is now. */
export async function seriousViolations(
  page: Page,
): Promise<Array<{ id: string; impact: string; nodes: string[] }>> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? '',
      nodes: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
    }));
}

/**
 * Watches a page for any sign that injected markup ran: a dialog, or `window.__pwned` set by a
 * replaced `alert`/`confirm`/`prompt` (the hostile payloads call them).
 */
export async function guardAgainstExecution(page: Page): Promise<{ dialogs: string[] }> {
  const seen = { dialogs: [] as string[] };
  page.on('dialog', (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    const flag = () => {
      (window as unknown as { __pwned?: boolean }).__pwned = true;
    };
    window.alert = flag;
    window.confirm = () => {
      flag();
      return false;
    };
    window.prompt = () => {
      flag();
      return null;
    };
  });
  return seen;
}

/** What must never be in rendered service content. */
export async function executableMarkup(page: Page, selector: string): Promise<string[]> {
  return page.$$eval(selector, (roots) => {
    const found: string[] = [];
    for (const root of roots) {
      for (const element of root.querySelectorAll('*')) {
        // A line's suggested sources control and its panel (components/sources, their icon an
        // <svg>) are ours: the sanitizer keeps no class, so a protocol cannot pass for one of them.
        const source = element.closest('[class^="line-source"]');
        if (source && root.contains(source)) continue;
        const tag = element.tagName.toLowerCase();
        if (['script', 'iframe', 'object', 'embed', 'style', 'form', 'img', 'svg', 'meta'].includes(tag))
          found.push(`<${tag}>`);
        for (const attribute of element.attributes) {
          if (attribute.name.startsWith('on')) found.push(`${tag}[${attribute.name}]`);
          if (/^\s*(javascript|data|vbscript):/i.test(attribute.value))
            found.push(`${tag}[${attribute.name}=${attribute.value}]`);
        }
      }
    }
    return found;
  });
}
