/**
 * Traps of the hostile-content specs, armed in every page of the browser context (extension
 * pages, the popup and side panel, the viewer, web pages with our controls) and on its network:
 *
 * - `window.__pwned`: set by every payload that would run (and by `alert`/`confirm`/`prompt`,
 *   replaced here), or made an element by a DOM-clobbering id that survived;
 * - `securitypolicyviolation` events: anything that tried to run or load against the pages'
 *   content security policy, even when the policy stopped it. Except one kind: Chromium reports
 *   `script-src-attr` and `base-uri` as soon as any parser of the page's realm meets an
 *   event-handler attribute or a `<base>`, also an inert one (DOMParser, where DOMPurify reads
 *   the markup it cleans; measured: two reports per handler, one per `<base>`). Handlers and
 *   `<base>` elements that reach the live page are found by `outsideAllowList` and `liveMarkup`
 *   instead;
 * - uncaught page errors and browser dialogs;
 * - every request of every page and of the service worker: one to a host other than the
 *   service's (and its upload storage's) is a leak.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { ALLOWED_ATTR, ALLOWED_TAGS, LINK_ATTR, SAFE_LINK } from '../../lib/render/allow-list';
import { expect } from './fixtures';

export interface Traps {
  /** Requests that left for a host outside the allowed origins. */
  readonly offHost: string[];
  dialogs: string[];
  pageErrors: string[];
  /** Adds origins that may be reached (the service, its storage). */
  allow(...origins: string[]): void;
  /** Fails the test if anything in `page` ran, was refused by the CSP, or left for another host. */
  expectClean(page: Page): Promise<void>;
}

/** Arms the traps in `context`: call before opening the pages to be watched. */
export async function armTraps(context: BrowserContext, extensionId: string): Promise<Traps> {
  const allowed = new Set<string>();
  /** Every request seen, by origin: judged against the allowed origins when read, so a request
   * the background makes between arming and `allow()` is not mistaken for a leak. */
  const seen: Array<{ origin: string; text: string }> = [];
  const traps: Traps = {
    get offHost() {
      return seen.filter((request) => !allowed.has(request.origin)).map((request) => request.text);
    },
    dialogs: [],
    pageErrors: [],
    allow: (...origins) => {
      for (const origin of origins) allowed.add(new URL(origin).origin);
    },
    expectClean: async (page) => {
      const state = await page.evaluate(() => {
        const w = window as unknown as { __pwned?: unknown; __violations?: string[] };
        return {
          pwned: w.__pwned === undefined ? null : String(w.__pwned),
          violations: (w.__violations ?? ['(the trap was not armed in this page)']).filter(
            (violation) => !/^(script-src-attr|base-uri) /.test(violation),
          ),
          alertReplaced: !String(window.alert).includes('[native code]'),
        };
      });
      expect(state.alertReplaced, 'the trap is armed in this page').toBe(true);
      expect(state.pwned, 'window.__pwned').toBeNull();
      expect(
        state.violations.slice(0, 5),
        `content security policy violations (${state.violations.length})`,
      ).toEqual([]);
      expect(traps.dialogs, 'dialogs').toEqual([]);
      expect(traps.pageErrors, 'uncaught errors').toEqual([]);
      expect(traps.offHost, 'requests to a host other than the service').toEqual([]);
      expect(extensionId).not.toBe('');
    },
  };
  await context.addInitScript(() => {
    const w = window as unknown as { __pwned?: unknown; __violations: string[] };
    w.__violations = [];
    const flag = () => {
      w.__pwned = true;
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
    document.addEventListener('securitypolicyviolation', (event) => {
      w.__violations.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber} ${event.sample}`,
      );
    });
  });
  context.on('dialog', (dialog) => {
    traps.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  context.on('weberror', (error) => traps.pageErrors.push(String(error.error()).slice(0, 300)));
  context.on('request', (request) => {
    const url = request.url();
    if (url.startsWith('data:') || url.startsWith('blob:') || url.startsWith('chrome-extension://')) return;
    let origin: string;
    try {
      origin = new URL(url).origin;
    } catch {
      seen.push({ origin: '(unparsable)', text: url });
      return;
    }
    seen.push({ origin, text: `${request.method()} ${url.slice(0, 200)}` });
  });
  // Nothing may leave for the hostile host; answered here so a leak is seen, not waited on.
  await context.route('https://evil.example/**', (route) => route.abort());
  return traps;
}

/**
 * Elements and attributes inside the rendered protocol that are outside its allow-list
 * (lib/render/allow-list.ts, which lib/render/markdown.ts keeps to), and links whose scheme is not http, https or mailto.
 */
export async function outsideAllowList(page: Page, selector: string): Promise<string[]> {
  return page.$eval(
    selector,
    (root, [tags, attributes, safeLink]) => {
      const found: string[] = [];
      for (const element of root.querySelectorAll('*')) {
        // The element each rendered piece of a protocol goes into (components/ui.tsx) is ours,
        // with nothing but its class; what is in it is checked.
        const ours =
          element.parentElement === root &&
          element.tagName === 'DIV' &&
          element.getAttribute('class') === 'protocol-piece' &&
          element.attributes.length === 1;
        if (ours) continue;
        // A line's suggested sources control and its panel (components/sources) are ours too: the
        // allow-list keeps no class, so a protocol cannot pass for one of them.
        const source = element.closest('[class^="line-source"]');
        if (source && root.contains(source)) continue;
        const tag = element.tagName.toLowerCase();
        if (!tags.includes(tag)) found.push(`<${tag}>`);
        for (const attribute of element.attributes) {
          if (!attributes.includes(attribute.name)) found.push(`${tag}[${attribute.name}]`);
          if (attribute.name === 'href' && !new RegExp(safeLink, 'i').test(attribute.value.trim()))
            found.push(`${tag}[href=${attribute.value}]`);
        }
      }
      return found;
    },
    [[...ALLOWED_TAGS], [...ALLOWED_ATTR, ...LINK_ATTR], SAFE_LINK.source] as const,
  );
}

/** Any element at all under `selector` that carries an event handler, a script URL or runs code. */
export async function liveMarkup(page: Page, selector: string): Promise<string[]> {
  return page.$$eval(selector, (roots) => {
    const found: string[] = [];
    const dangerous = [
      'script',
      'iframe',
      'object',
      'embed',
      'style',
      'form',
      'img',
      'svg',
      'math',
      'meta',
      'link',
      'base',
    ];
    // The interface's own drawings (line icons, the speakers' timeline strips): plain shapes only,
    // each attribute still checked below.
    const shapes = ['path', 'circle', 'rect', 'line', 'polyline', 'polygon', 'g'];
    const ownIcon = (element: Element) =>
      element.tagName.toLowerCase() === 'svg' &&
      [...element.querySelectorAll('*')].every((shape) => shapes.includes(shape.tagName.toLowerCase()));
    for (const root of roots) {
      for (const element of root.querySelectorAll('*')) {
        const tag = element.tagName.toLowerCase();
        if (dangerous.includes(tag) && !ownIcon(element)) found.push(`<${tag}>`);
        if (element.id === '__pwned' || element.getAttribute('name') === '__pwned')
          found.push(`${tag}#__pwned`);
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
