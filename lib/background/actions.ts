/**
 * What the context menu items and the keyboard command do. Each outcome is told by a notification,
 * since there is no page to show it: bot sent, transcription started, or why not.
 */
import { type Browser, browser } from 'wxt/browser';
import { toApiErrorInfo } from '@/lib/api';
import { describeError } from '@/lib/failures';
import { describeJob } from '@/lib/jobs/describe';
import type { Job } from '@/lib/jobs/types';
import { parseMeetingLink } from '@/lib/meetings';
import {
  COMMAND_RECORD_TAB,
  COMMAND_SEND_BOT,
  MENU_RECORD_TAB,
  MENU_SEND_BOT,
  MENU_TRANSCRIBE_LINK,
  MENU_TRANSCRIBE_PAGE,
} from './menus';
import { notify } from './notifications';
import { backgroundTexts } from './texts';
import type { Background } from './types';

const ACTION_NOTIFICATION_ID = 'action';

/** The outcome of a context menu or command action, as a notification. */
async function reportAction(bg: Background, action: () => Promise<Job | null>, nothing: 'meeting' | 'media') {
  const lang = await bg.lang();
  const t = backgroundTexts(lang);
  if (!(await bg.session.store.get())) {
    await notify(ACTION_NOTIFICATION_ID, t.notSignedInTitle, t.notSignedInMessage);
    return;
  }
  try {
    const job = await action();
    if (!job) {
      if (nothing === 'meeting') await notify(ACTION_NOTIFICATION_ID, t.notMeetingTitle, t.notMeetingMessage);
      else await notify(ACTION_NOTIFICATION_ID, t.notMediaTitle, t.notMediaMessage);
      return;
    }
    if (job.phase === 'failed') {
      // The job's own failure notification (if turned on) says it too; this answers the click.
      await notify(ACTION_NOTIFICATION_ID, t.actionFailedTitle, describeJob(job, lang));
      return;
    }
    if (job.intent === 'bot')
      await notify(ACTION_NOTIFICATION_ID, t.botSentTitle, t.botSentMessage(job.sourceUrl ?? ''));
    else
      await notify(
        ACTION_NOTIFICATION_ID,
        t.transcribeTitle,
        t.transcribeMessage(job.title ?? job.sourceUrl ?? ''),
      );
  } catch (error) {
    await notify(ACTION_NOTIFICATION_ID, t.actionFailedTitle, describeError(toApiErrorInfo(error), lang));
  }
}

export async function onMenuClick(
  bg: Background,
  info: Browser.contextMenus.OnClickData,
  tab?: Browser.tabs.Tab,
): Promise<void> {
  if (info.menuItemId === MENU_RECORD_TAB) {
    await bg.recording.fromTab(tab);
    return;
  }
  if (info.menuItemId === MENU_SEND_BOT) {
    await reportAction(
      bg,
      async () => {
        const meeting = info.linkUrl ? parseMeetingLink(info.linkUrl) : null;
        return meeting ? bg.jobs.sendBot(meeting) : null;
      },
      'meeting',
    );
    return;
  }
  if (info.menuItemId === MENU_TRANSCRIBE_LINK || info.menuItemId === MENU_TRANSCRIBE_PAGE) {
    const url = info.menuItemId === MENU_TRANSCRIBE_PAGE ? info.pageUrl : (info.linkUrl ?? info.srcUrl);
    // The page's own title (readable during the click, activeTab) tells its recording should the
    // answer be lost; a link's target has no title here.
    const videoTitle = info.menuItemId === MENU_TRANSCRIBE_PAGE ? tab?.title : undefined;
    await reportAction(
      bg,
      async () => (url ? bg.jobs.transcribe(url, videoTitle ? { videoTitle } : {}) : null),
      'media',
    );
  }
}

/** A keyboard command (manifest `commands`) on the tab it was pressed in. */
export async function onCommand(bg: Background, command: string, tab?: Browser.tabs.Tab): Promise<void> {
  if (command === COMMAND_SEND_BOT) await sendBotFromTab(bg, tab);
  if (command === COMMAND_RECORD_TAB) await bg.recording.fromTab(tab);
}

/** The keyboard command: the active tab's URL is readable thanks to `activeTab` (no `tabs` permission). */
export async function sendBotFromTab(bg: Background, tab: Browser.tabs.Tab | undefined): Promise<void> {
  const url = tab?.url ?? (await browser.tabs.query({ active: true, currentWindow: true }))[0]?.url;
  await reportAction(
    bg,
    async () => {
      const meeting = url ? parseMeetingLink(url) : null;
      return meeting ? bg.jobs.sendBot(meeting) : null;
    },
    'meeting',
  );
}
