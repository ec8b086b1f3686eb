/**
 * The service worker. Every listener is registered synchronously in `startBackground` (an MV3
 * rule: an event that woke the worker is delivered only to listeners added in its first turn).
 * Nothing is kept that cannot be rebuilt: each start reloads jobs, schedules and the session
 * from storage and looks at whatever is due.
 */
import { browser } from 'wxt/browser';
import { SCHEDULE_ALARM_PREFIX } from '@/lib/calendar/schedules';
import { AUTO_JOIN_ALARM, CALENDAR_DISPATCH_ALARM, CALENDAR_SYNC_ALARM } from '@/lib/calendar/store';
import { calendarsReadThisRunItem, jobsItem, serviceUrlItem, settingsItem } from '@/lib/storage';
import { restrictStorageToTrustedContexts } from '@/lib/trusted-settings';
import { onCommand, onMenuClick } from './actions';
import { createBackground } from './app';
import { DELIVERY_ALARM } from './deliveries';
import type { Handlers } from './handler-types';
import { createHandlers, respond } from './handlers';
import { createMenus } from './menus';
import { openNotification } from './notifications';
import { notifyPages, withPageOutcome } from './page-answers';
import { PAGE_NAMES_EXPIRY_ALARM } from './page-names';
import { watchRecording } from './recording/watch';
import { POLL_ALARM } from './scheduler';
import { checkMessage, currentSender, type OwnExtension } from './senders';
import { SESSION_EXPIRED_ALARM, SESSION_WARNING_ALARM } from './session';
import { provideRussianTexts } from './texts-provided';
import { botJobStarted, tellMeetingPages } from './timeline-notice';
import type { Background } from './types';

export function startBackground(bg: Background = createBackground()): Background {
  provideRussianTexts();
  // Made on the first message of this start.
  let handlers: Handlers | undefined;
  const own = (): OwnExtension => ({ id: browser.runtime.id, baseUrl: browser.runtime.getURL('/') });
  const log = (what: string) => (error: unknown) => console.error(what, error);
  // Chrome forgets the access level when the worker stops: content scripts lose storage.local at every start.
  void restrictStorageToTrustedContexts().catch(log('storage access level not set'));

  browser.runtime.onMessage.addListener((message, messageSender, sendResponse) => {
    // A page's address is its tab's now (single-page apps move with pushState).
    const sender = currentSender(messageSender);
    const checked = checkMessage(message, sender, own());
    if (checked.ok === 'ignore') return undefined;
    if (checked.ok === false) {
      sendResponse({ ok: false, error: checked.error });
      return undefined;
    }
    const receivedAt = bg.now();
    handlers ??= createHandlers(bg);
    void respond(handlers, checked.type, checked.payload, sender)
      .then((result) => withPageOutcome(bg, checked.type, checked.payload, result, receivedAt))
      .then(sendResponse);
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

  /**
   * Calendars are read again at every browser start: at the first worker start of the browser's
   * run (the session flag is gone after a restart), whether `onStartup` fired or not, and once.
   */
  let readAtStart: Promise<void> | null = null;
  const readCalendarsAtBrowserStart = () => {
    readAtStart ??= (async () => {
      if (await calendarsReadThisRunItem.getValue()) return;
      await calendarsReadThisRunItem.setValue(true);
      // Without a calendar there is nothing to read.
      if (await bg.calendar.hasCalendars().catch(() => true)) await bg.calendar.sync();
    })();
    return readAtStart;
  };

  browser.runtime.onStartup.addListener(() => {
    // Chrome may drop alarms when the browser restarts: schedules re-create theirs in `wake`.
    void (async () => {
      await createMenus(await bg.lang());
      await bg.wake();
      await readCalendarsAtBrowserStart();
    })().catch(log('startup failed'));
  });

  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === POLL_ALARM) void bg.jobs.scheduler.run();
    else if (alarm.name.startsWith(SCHEDULE_ALARM_PREFIX))
      void bg.calendar.schedules.fire(alarm.name).catch(log('schedule'));
    else if (alarm.name === AUTO_JOIN_ALARM)
      void (async () => bg.calendar.autoJoin.fireDue())().catch(log('tab countdown'));
    else if (alarm.name === CALENDAR_SYNC_ALARM) void bg.calendar.sync().catch(log('calendar sync'));
    else if (alarm.name === CALENDAR_DISPATCH_ALARM)
      void (async () => bg.calendar.calendars.dispatchDue())().catch(log('calendar dispatch'));
    else if (alarm.name === PAGE_NAMES_EXPIRY_ALARM) void bg.pageNames.expire().catch(log('page timelines'));
    else if (alarm.name === DELIVERY_ALARM)
      void (async () => bg.deliveries.sendDue())().catch(log('deliveries'));
    else if (alarm.name === SESSION_WARNING_ALARM || alarm.name === SESSION_EXPIRED_ALARM) {
      void bg.session.check().catch(log('session notice'));
    }
  });

  browser.notifications.onClicked.addListener((id) => {
    void openNotification(id, bg.jobs.store).catch(log('notification click'));
  });

  browser.contextMenus.onClicked.addListener((info, tab) => {
    void onMenuClick(bg, info, tab).catch(log('menu'));
  });

  browser.commands.onCommand.addListener((command, tab) => {
    void onCommand(bg, command, tab).catch(log('command'));
  });

  // Access granted in the options: jobs waiting for it can move.
  browser.permissions.onAdded.addListener(() => {
    void bg.jobs.scheduler.run();
  });

  // "Record here": the recorded tab closing or leaving stops it (lib/background/recording/watch.ts).
  watchRecording(bg.recording);
  // A meeting page's timeline follows its recording to the upload job and the service's recording,
  // and goes with them (lib/background/page-names.ts).
  // A bot sent to a meeting: its open page starts sampling at once (lib/background/timeline-notice.ts).
  jobsItem.watch((jobs, previous) => {
    void bg.pageNames.follow();
    if (botJobStarted(previous, jobs)) void tellMeetingPages().catch(log('page notice'));
  });

  // Open page controls follow the language and "Hide on this site" choices at once.
  settingsItem.watch(() => void notifyPages().catch(log('page notice')));

  void bg.wake().then(readCalendarsAtBrowserStart).catch(log('wake failed'));
  return bg;
}
