/**
 * The service worker. Every listener is registered synchronously in `startBackground` (an MV3
 * rule: an event that woke the worker is delivered only to listeners added in its first turn).
 * Nothing is kept that cannot be rebuilt: each start reloads jobs, schedules and the session
 * from storage and looks at whatever is due.
 */
import { type Browser, browser } from 'wxt/browser';
import { formatApiError, toApiErrorInfo } from '@/lib/api';
import { describeJob } from '@/lib/jobs/describe';
import type { Job } from '@/lib/jobs/types';
import { parseMeetingLink } from '@/lib/links';
import { serviceUrlItem } from '@/lib/storage';
import { type Background, createBackground } from './app';
import { createHandlers, respond } from './handlers';
import {
  COMMAND_SEND_BOT,
  createMenus,
  MENU_SEND_BOT,
  MENU_TRANSCRIBE_LINK,
  MENU_TRANSCRIBE_PAGE,
} from './menus';
import { notify, openNotification } from './notifications';
import { POLL_ALARM } from './scheduler';
import { SCHEDULE_ALARM_PREFIX } from './schedules';
import { checkMessage, type OwnExtension } from './senders';
import { SESSION_EXPIRED_ALARM, SESSION_WARNING_ALARM } from './session';
import { backgroundTexts } from './texts';

export function startBackground(bg: Background = createBackground()): Background {
  const handlers = createHandlers(bg);
  const own = (): OwnExtension => ({ id: browser.runtime.id, baseUrl: browser.runtime.getURL('/') });
  const log = (what: string) => (error: unknown) => console.error(what, error);

  browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
    const checked = checkMessage(message, sender, own());
    if (checked.ok === 'ignore') return undefined;
    if (checked.ok === false) {
      sendResponse({ ok: false, error: checked.error });
      return undefined;
    }
    void respond(handlers, checked.type, checked.payload, sender).then(sendResponse);
    // Keeps the channel open for the asynchronous answer.
    return true;
  });

  browser.runtime.onInstalled.addListener(() => {
    void (async () => {
      // Materialise the default so options and popup show the URL actually in use.
      await serviceUrlItem.setValue(await serviceUrlItem.getValue());
      await createMenus(await bg.lang());
    })().catch(log('install setup failed'));
  });

  browser.runtime.onStartup.addListener(() => {
    // Chrome may drop alarms when the browser restarts: schedules re-create theirs in `wake`.
    void (async () => {
      await createMenus(await bg.lang());
      await bg.wake();
    })().catch(log('startup failed'));
  });

  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === POLL_ALARM) void bg.scheduler.run();
    else if (alarm.name.startsWith(SCHEDULE_ALARM_PREFIX))
      void bg.schedules.fire(alarm.name).catch(log('schedule'));
    else if (alarm.name === SESSION_WARNING_ALARM || alarm.name === SESSION_EXPIRED_ALARM) {
      void bg.checkSession().catch(log('session notice'));
    }
  });

  browser.notifications.onClicked.addListener((id) => {
    void openNotification(id, bg.jobs).catch(log('notification click'));
  });

  browser.contextMenus.onClicked.addListener((info) => {
    void onMenuClick(bg, info).catch(log('menu'));
  });

  browser.commands.onCommand.addListener((command, tab) => {
    if (command === COMMAND_SEND_BOT) void sendBotFromTab(bg, tab).catch(log('command'));
  });

  // Access granted in the options: jobs waiting for it can move.
  browser.permissions.onAdded.addListener(() => {
    void bg.scheduler.run();
  });

  void bg.wake().catch(log('wake failed'));
  return bg;
}

/** The outcome of a context menu or command action, as a notification. */
async function reportAction(bg: Background, action: () => Promise<Job | null>, nothing: 'meeting' | 'media') {
  const lang = await bg.lang();
  const t = backgroundTexts[lang];
  if (!(await bg.sessionStore.get())) {
    await notify('action', t.notSignedInTitle, t.notSignedInMessage);
    return;
  }
  try {
    const job = await action();
    if (!job) {
      if (nothing === 'meeting') await notify('action', t.notMeetingTitle, t.notMeetingMessage);
      else await notify('action', t.notMediaTitle, t.notMediaMessage);
      return;
    }
    if (job.phase === 'failed') {
      // The job's own failure notification (if turned on) says it too; this answers the click.
      await notify('action', t.actionFailedTitle, describeJob(job, lang));
      return;
    }
    if (job.intent === 'bot') await notify('action', t.botSentTitle, t.botSentMessage(job.sourceUrl ?? ''));
    else await notify('action', t.transcribeTitle, t.transcribeMessage(job.title ?? job.sourceUrl ?? ''));
  } catch (error) {
    await notify('action', t.actionFailedTitle, formatApiError(toApiErrorInfo(error), { lang }));
  }
}

async function onMenuClick(bg: Background, info: Browser.contextMenus.OnClickData): Promise<void> {
  if (info.menuItemId === MENU_SEND_BOT) {
    await reportAction(
      bg,
      async () => {
        const meeting = info.linkUrl ? parseMeetingLink(info.linkUrl) : null;
        return meeting ? bg.sendBot(meeting) : null;
      },
      'meeting',
    );
    return;
  }
  if (info.menuItemId === MENU_TRANSCRIBE_LINK || info.menuItemId === MENU_TRANSCRIBE_PAGE) {
    const url = info.menuItemId === MENU_TRANSCRIBE_PAGE ? info.pageUrl : (info.linkUrl ?? info.srcUrl);
    await reportAction(bg, async () => (url ? bg.transcribe(url) : null), 'media');
  }
}

/** The keyboard command: the active tab's URL is readable thanks to `activeTab` (no `tabs` permission). */
async function sendBotFromTab(bg: Background, tab: Browser.tabs.Tab | undefined): Promise<void> {
  const url = tab?.url ?? (await browser.tabs.query({ active: true, currentWindow: true }))[0]?.url;
  await reportAction(
    bg,
    async () => {
      const meeting = url ? parseMeetingLink(url) : null;
      return meeting ? bg.sendBot(meeting) : null;
    },
    'meeting',
  );
}
