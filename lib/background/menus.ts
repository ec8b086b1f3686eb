/**
 * Context menu items and the keyboard command. Chrome keeps menu items across worker restarts,
 * so they are (re-)created on install, at browser start and when the language changes. The match
 * patterns only decide where an item shows; every click is validated by the link detectors.
 */
import { browser } from 'wxt/browser';
import type { Lang } from '@/lib/i18n';
import { videoSitePatterns } from '@/lib/links/video';
import { BOT_SERVICES } from '@/lib/meetings';
import { backgroundTexts } from './texts';

export const MENU_SEND_BOT = 'send-bot-link';
export const MENU_TRANSCRIBE_PAGE = 'transcribe-page';
export const MENU_TRANSCRIBE_LINK = 'transcribe-link';
export const COMMAND_SEND_BOT = 'send-bot-current-tab';
export const MENU_RECORD_TAB = 'record-tab';
export const COMMAND_RECORD_TAB = 'record-current-tab';

/**
 * Links to meetings of the services that send a bot (lib/meetings, each one's `linkPatterns`), and
 * the mail wrappers around them. Record-only services' links get no "Send bot".
 */
export const MEETING_LINK_PATTERNS: readonly string[] = [
  ...BOT_SERVICES.flatMap((service) => service.linkPatterns),
  '*://*.safelinks.protection.outlook.com/*',
  '*://www.google.com/url*',
];

/**
 * The video sites' pages and the links to them (lib/links/video, the registry: each site's watch
 * and link hosts on its paths): "Transcribe audio" on the page and on a link.
 */
export const VIDEO_PAGE_PATTERNS: readonly string[] = /* @__PURE__ */ videoSitePatterns('*', true);

/** Direct links to files of the types the service accepts (the query of signed links included). */
export const MEDIA_LINK_PATTERNS: readonly string[] = ['mp3', 'm4a', 'wav', 'ogg', 'webm', 'mp4'].flatMap(
  (extension) => [`*://*/*.${extension}`, `*://*/*.${extension}?*`, `*://*/*.${extension.toUpperCase()}`],
);

export async function createMenus(lang: Lang): Promise<void> {
  const t = backgroundTexts(lang);
  await browser.contextMenus.removeAll();
  const create = (properties: Parameters<typeof browser.contextMenus.create>[0]) =>
    new Promise<void>((resolve) => {
      browser.contextMenus.create(properties, () => {
        // Reading lastError marks it handled (a duplicate id after a racing re-create is harmless).
        void browser.runtime.lastError;
        resolve();
      });
    });
  await create({
    id: MENU_SEND_BOT,
    title: t.menuSendBot,
    contexts: ['link'],
    targetUrlPatterns: [...MEETING_LINK_PATTERNS],
  });
  await create({
    id: MENU_TRANSCRIBE_PAGE,
    title: t.menuTranscribe,
    contexts: ['page'],
    documentUrlPatterns: [...VIDEO_PAGE_PATTERNS],
  });
  // Chrome only: a tab's sound can be recorded there (lib/background/recording/).
  if ((browser as unknown as { offscreen?: unknown }).offscreen)
    await create({
      id: MENU_RECORD_TAB,
      title: t.menuRecordTab,
      contexts: ['page'],
      documentUrlPatterns: ['http://*/*', 'https://*/*'],
    });
  await create({
    id: MENU_TRANSCRIBE_LINK,
    title: t.menuTranscribe,
    contexts: ['link', 'audio', 'video'],
    targetUrlPatterns: [...VIDEO_PAGE_PATTERNS, ...MEDIA_LINK_PATTERNS],
  });
}
