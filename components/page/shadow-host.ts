/**
 * A shadow root of our own on the page for the length of a page visit. The host is a custom
 * element fixed at the top left that takes no space (page.css `:host`), appended last to the body;
 * inside, our `<style>` and a `<body data-theme>` that holds the view.
 * page.css is not in the scripts: the three content scripts share one file,
 * `content-scripts/page.css` (entrypoints/page.content.css; a web-accessible resource for their
 * hosts only, with a per-session URL, declared in wxt.config.ts), read once per page.
 *
 * - Closed in release builds: the page cannot read our controls (space names, balances) or reach
 *   into them. Test and development builds (`WXT_TEST_BUILD=1`) keep it open so Playwright can.
 * - Key events (Meet and YouTube have single-key shortcuts), pointer and focus events stop at our
 *   body, so the page neither reacts to typing in our UI nor takes a click in it for a click
 *   outside its own dialog.
 * - Removed when the visit ends (navigation) and when the context is invalidated (extension
 *   update or removal: the visit's signal aborts then too).
 */

import { browser } from 'wxt/browser';
import type { PageVisit } from '@/lib/page/feature';
import { detectPageTheme } from '@/lib/page/theme';

export const ISOLATED_EVENTS =
  'keydown keyup keypress beforeinput input mousedown mouseup pointerdown pointerup click dblclick contextmenu focusin focusout wheel'.split(
    ' ',
  );

/** Marks our shadow hosts, so DOM observers can tell our mutations from the page's. */
export const HOST_ATTRIBUTE = 'data-meeting-capture';

/** Closed in release builds, open in test and development builds. */
export const SHADOW_MODE: ShadowRootMode =
  import.meta.env.WXT_TEST_BUILD === '1' || import.meta.env.DEV ? 'open' : 'closed';

export interface ShadowHost {
  host: HTMLElement;
  /** Where the view goes. */
  body: HTMLElement;
  remove(): void;
}

/** The controls' stylesheet (entrypoints/page.content.css), web-accessible on our hosts (wxt.config.ts). */
export const PAGE_CSS = '/content-scripts/page.css';

let css: Promise<string> | undefined;

/** The stylesheet of this content script's controls. */
function pageCss(): Promise<string> {
  // A script whose extension was updated or removed meanwhile cannot read it: no styles, and the
  // visit ends at once anyway.
  css ??= (async () => (await fetch(browser.runtime.getURL(PAGE_CSS))).text())().catch(() => '');
  return css;
}

export async function mountShadowHost(
  visit: PageVisit,
  signal: AbortSignal,
  name: string,
): Promise<ShadowHost | null> {
  const styles = await pageCss();
  if (signal.aborted) return null;
  const host = document.createElement(name);
  host.setAttribute(HOST_ATTRIBUTE, '');
  const shadow = host.attachShadow({ mode: SHADOW_MODE });
  const style = document.createElement('style');
  style.textContent = styles;
  const body = document.createElement('body');
  body.dataset.theme = detectPageTheme();
  for (const type of ISOLATED_EVENTS) body.addEventListener(type, (event) => event.stopPropagation());
  shadow.append(style, body);
  // After an extension update this script is an orphan that nothing tells: reading `isInvalid`
  // when the pointer comes near notices it, and the UI removes itself.
  host.addEventListener('pointerenter', () => void visit.ctx.isInvalid);
  (document.body ?? document.documentElement).append(host);

  const remove = () => {
    signal.removeEventListener('abort', remove);
    host.remove();
  };
  signal.addEventListener('abort', remove, { once: true });
  return { host, body, remove };
}
