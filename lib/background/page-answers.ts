/**
 * The background's part of the page controls' texts: the answer to a page action carries the
 * sentence to show, in the language in force (lib/page/outcome.ts), and open pages are told to
 * ask `page.context` again when the settings change (language, sites where the controls are
 * hidden), since content scripts do not read the extension's storage.
 */
import { browser } from 'wxt/browser';
import { type MessageResult, PAGE_CONTEXT_CHANGED, type PageAnswer } from '@/lib/messaging';
import { describePageAnswer, isPageAction, type SpaceView } from '@/lib/page/outcome';
import { spacesForPage } from '@/lib/page/spaces';
import type { SpacesService } from './services';
import type { Background } from './types';

export async function withPageOutcome(
  bg: { lang: Background['lang']; spaces: Pick<SpacesService, 'list'> },
  type: string,
  payload: unknown,
  result: MessageResult<unknown>,
  receivedAt: number,
): Promise<PageAnswer<unknown>> {
  if (!isPageAction(type)) return result;
  const lang = await bg.lang();
  const spaceId = (payload as { spaceId?: unknown } | null)?.spaceId;
  let space: SpaceView | undefined;
  if (typeof spaceId === 'number') {
    // Cached by the page context the control was drawn from; no request when it is fresh.
    space = spacesForPage(await bg.spaces.list().catch(() => [])).find((item) => item.id === spaceId);
  }
  return { ...result, outcome: describePageAnswer(type, result, lang, space, receivedAt) };
}

/**
 * Tells every tab's content script (where one runs) of a change, by default that its page context
 * changed. The extension holds no `tabs` permission, so it cannot pick the tabs by address: a tab
 * without our script refuses the message, which is ignored.
 */
export async function notifyPages(type: string = PAGE_CONTEXT_CHANGED): Promise<void> {
  const tabs = await browser.tabs.query({});
  await Promise.all(
    tabs.map((tab) =>
      tab.id === undefined
        ? undefined
        : browser.tabs.sendMessage(tab.id, { channel: 'meeting-capture', type }).catch(() => undefined),
    ),
  );
}
