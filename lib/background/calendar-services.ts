/**
 * The calendar feature as the worker runs it: the scheduled bots, the calendars and the tab rule
 * (made the first time an event of a start needs them), the balance warning, the sync, and what a
 * start settles for them. Wired by `createBackground` (lib/background/app.ts).
 */
import { browser } from 'wxt/browser';
import { ApiError } from '@/lib/api';
import { AutoJoin, type AutoJoinDeps } from '@/lib/calendar/auto-join-service';
import { type CalendarDeps, Calendars } from '@/lib/calendar/calendars';
import { Schedules } from '@/lib/calendar/schedules';
import { calendarsHaveWork, hasCalendars } from '@/lib/calendar/store';
import { DEFAULT_CALENDAR_BOTS_PER_DAY, type DispatchRecord } from '@/lib/calendar/types';
import { describeError as describeFailure } from '@/lib/failures';
import { formatDuration } from '@/lib/format/time';
import type { Lang } from '@/lib/i18n';
import type { JobStore } from '@/lib/jobs/store';
import type { Job } from '@/lib/jobs/types';
import { idbKeyValue, type KeyValueStore } from '@/lib/kv';
import { type MeetingLink, parseMeetingLink } from '@/lib/meetings';
import type { PageContext, ScheduledBot } from '@/lib/messaging';
import { isHiddenOnSite } from '@/lib/page/conditions';
import type { BackgroundSessionStore } from '@/lib/session-store';
import { defaultSpace } from '@/lib/spaces';
import { DATABASES, getSettings } from '@/lib/storage';
import { parseFeedOffThread } from './engine-client';
import { notify } from './notifications';
import type { BalanceShortfall } from './services';
import { backgroundTexts } from './texts';

export interface CalendarServicesDeps {
  now: () => number;
  lang: () => Promise<Lang>;
  sessionStore: BackgroundSessionStore;
  hasOriginAccess: (url: string) => Promise<boolean>;
  jobs: JobStore;
  /** Looks again at when the next poll is due (a bot was created). */
  reschedule: () => void;
  /** The one way a bot is sent (lib/background/app.ts): its space resolved, its attendees kept. */
  sendBot: (meeting: MeetingLink, spaceId?: number) => Promise<Job>;
  spaces: () => Promise<PageContext['spaces']>;
  calendarsKv?: KeyValueStore;
  fetch?: typeof fetch;
  parseFeed?: CalendarDeps['parseFeed'];
}

export function createCalendarServices(deps: CalendarServicesDeps) {
  const { now, lang, sessionStore, jobs } = deps;

  const schedules = new Schedules({
    now,
    dispatch: async (bot: ScheduledBot) => {
      const language = await lang();
      try {
        // Only a link the meeting detector accepts: an entry that is not one is never sent anywhere.
        const meeting = parseMeetingLink(bot.link);
        if (!meeting) {
          console.error('scheduled bot dropped: not a meeting link');
          return;
        }
        // The same path as every other bot: the space named, the attendees kept beside the job.
        const job = await deps.sendBot(meeting, bot.spaceId);
        if (job.phase !== 'failed') {
          const t = backgroundTexts(language);
          await notify(`schedule:${bot.id}`, t.scheduledSentTitle, t.botSentMessage(bot.title ?? bot.link));
        }
      } catch (error) {
        console.error('scheduled bot not sent', error);
      }
      deps.reschedule();
    },
    missed: async (bot: ScheduledBot) => {
      const t = backgroundTexts(await lang());
      await notify(
        `schedule:${bot.id}`,
        t.scheduledMissedTitle,
        t.scheduledMissedMessage(bot.title ?? bot.link),
      );
    },
  });

  const calendarMissed = async (record: DispatchRecord) => {
    const t = backgroundTexts(await lang());
    await notify(
      `calendar:${record.key}`,
      t.scheduledMissedTitle,
      t.scheduledMissedMessage(record.title || record.link),
    );
  };

  const describeError = async (error: unknown) => {
    const language = await lang();
    if (error instanceof ApiError) return describeFailure(error.info, language);
    return error instanceof Error ? error.message : String(error);
  };

  /** A bot sent by a calendar or the tab rule: the next poll is looked at again. */
  const sendBot = async (meeting: MeetingLink, spaceId?: number) => {
    const job = await deps.sendBot(meeting, spaceId);
    deps.reschedule();
    return job;
  };

  const calendarsKv = deps.calendarsKv ?? idbKeyValue(DATABASES.calendars.name, DATABASES.calendars.store);
  const calendarDeps: CalendarDeps = {
    kv: calendarsKv,
    now,
    fetch: deps.fetch ?? ((input, init) => fetch(input, init)),
    parseFeed: deps.parseFeed ?? parseFeedOffThread,
    hasOriginAccess: deps.hasOriginAccess,
    accountEmail: async () => (await sessionStore.get())?.email.toLowerCase() ?? null,
    sendBot,
    jobs: () => jobs.list(),
    schedules: () => schedules.list(),
    missed: calendarMissed,
    botsPerDay: async () => (await getSettings()).calendarBotsPerDay ?? DEFAULT_CALENDAR_BOTS_PER_DAY,
    capReached: async (cap) => {
      const t = backgroundTexts(await lang());
      await notify('calendar-cap', t.calendarCapTitle, t.calendarCapMessage(cap));
    },
    failed: async (record, error) => {
      const t = backgroundTexts(await lang());
      await notify(
        `calendar:${record.key}`,
        t.actionFailedTitle,
        `${record.title || record.link}: ${record.error ?? String(error)}`,
      );
    },
    describeError: (error) => describeError(error),
  };

  const autoJoinDeps: Omit<AutoJoinDeps, 'coverage'> = {
    kv: calendarsKv,
    now,
    enabled: async (senderUrl) => {
      const settings = await getSettings();
      let host = '';
      try {
        host = new URL(senderUrl).hostname;
      } catch {
        return false;
      }
      // With the controls hidden on the site there is no countdown to see, so nothing is sent.
      return settings.autoJoinTabs && !isHiddenOnSite(settings.hiddenOnSites ?? [], host);
    },
    signedIn: async () => (await sessionStore.get()) !== null,
    jobs: () => jobs.list(),
    sendBot: (meeting, spaceId) => sendBot(meeting, spaceId),
    tabExists: async (tabId) => {
      try {
        await browser.tabs.get(tabId);
        return true;
      } catch {
        return false;
      }
    },
    tabActive: async (tabId) => {
      try {
        return (await browser.tabs.get(tabId)).active === true;
      } catch {
        return false;
      }
    },
    describeError,
  };

  /** The calendars and the tab rule, made the first time an event of this start needs them. */
  let made: { calendars: Calendars; autoJoin: AutoJoin } | undefined;
  const calendarsNow = () => {
    if (!made) {
      const calendars = new Calendars(calendarDeps);
      const autoJoin = new AutoJoin({ ...autoJoinDeps, coverage: (link) => calendars.coverage(link) });
      made = { calendars, autoJoin };
    }
    return made;
  };

  /**
   * Spaces whose remaining time does not cover the meetings planned for the next 24 hours. With
   * `notify`, each shortfall is notified once (per space and amount).
   */
  const balanceShortfalls = async (options: { notify?: boolean } = {}): Promise<BalanceShortfall[]> => {
    const needed = await calendarsNow().calendars.plannedSeconds();
    if (needed.size === 0 || !(await sessionStore.get())) return [];
    const known = await deps.spaces();
    const settings = await getSettings();
    const fallback = defaultSpace(known, settings.defaultSpaceId)?.id ?? null;
    const bySpace = new Map<number, number>();
    for (const [spaceId, seconds] of needed) {
      const id = spaceId ?? fallback;
      if (id !== null) bySpace.set(id, (bySpace.get(id) ?? 0) + seconds);
    }
    const shortfalls: BalanceShortfall[] = [];
    for (const [spaceId, neededSeconds] of bySpace) {
      const space = known.find((candidate) => candidate.id === spaceId);
      if (!space || space.availableSeconds >= neededSeconds) continue;
      shortfalls.push({
        spaceId,
        spaceName: space.name,
        neededSeconds,
        availableSeconds: space.availableSeconds,
      });
    }
    if (options.notify) {
      const language = await lang();
      const t = backgroundTexts(language);
      for (const shortfall of shortfalls) {
        const day = new Date(now()).toISOString().slice(0, 10);
        if (await calendarsNow().calendars.firstTime(`balance:${shortfall.spaceId}:${day}`)) {
          await notify(
            `calendar-balance:${shortfall.spaceId}`,
            t.balanceShortTitle,
            t.balanceShortMessage(
              shortfall.spaceName,
              formatDuration(shortfall.neededSeconds, language),
              formatDuration(shortfall.availableSeconds, language),
            ),
          );
        }
      }
    }
    return shortfalls;
  };

  /** Reads every calendar, serves what is due, and warns once about a balance that will not do. */
  const syncCalendars = async () => {
    await calendarsNow().calendars.syncAll();
    await balanceShortfalls({ notify: true }).catch((error) => console.error('balance check failed', error));
  };

  /**
   * At a start, the calendars only when something is stored for them (lib/calendar/store.ts):
   * due meetings served, interrupted sends settled, running countdowns and the alarms re-armed.
   */
  const wakeCalendars = async () => {
    // Unreadable: the calendars read it themselves, rather than leave anything unsettled.
    if (!(await calendarsHaveWork(calendarsKv).catch(() => true))) return;
    const { calendars, autoJoin } = calendarsNow();
    await calendars.reconcile().catch((error) => console.error('calendars not reconciled', error));
    await autoJoin.fireDue().catch((error) => console.error('tab countdowns not settled', error));
  };

  return {
    schedules,
    calendars: () => calendarsNow().calendars,
    autoJoin: () => calendarsNow().autoJoin,
    hasCalendars: () => hasCalendars(calendarsKv),
    balanceShortfalls,
    syncCalendars,
    wakeCalendars,
  };
}
