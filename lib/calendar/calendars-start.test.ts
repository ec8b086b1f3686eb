/**
 * The calendars and the tab rule at a start of the worker: a start looks at them only when
 * something is stored for them (lib/calendar/store.ts), and then settles what is due.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { demoCalendar } from '../../emulator/calendar';
import { createBackground } from '../background/app';
import { type KeyValueStore, memoryKeyValue } from '../kv';
import { type MeetingLink, parseMeetingLink } from '../meetings';
import type { AutoJoinEntry } from './auto-join';
import { AutoJoin } from './auto-join-service';
import { Calendars } from './calendars';
import { parseFeed } from './ical-engine';
import {
  AUTO_JOIN_KEY,
  CALENDAR_DISPATCH_ALARM,
  CALENDAR_SYNC_ALARM,
  CALENDARS_KEY,
  calendarsHaveWork,
  hasCalendars,
} from './store';
import { DEFAULT_RULE } from './types';

const MINUTE = 60_000;
const NOW = Date.UTC(2030, 0, 7, 9, 0);
const MEETING = parseMeetingLink('https://meet.google.com/adh-ocmt-ngx') as MeetingLink;
const FEED = 'https://calendar.example.com/private/basic.ics';

beforeEach(() => {
  fakeBrowser.reset();
});

const calendarDeps = (kv: KeyValueStore) => ({
  kv,
  parseFeed: async (text: string, options: Parameters<typeof parseFeed>[1]) => parseFeed(text, options),
  now: () => NOW,
  fetch: async () => new Response(demoCalendar(NOW + 10 * MINUTE, NOW - 24 * 60 * MINUTE), { status: 200 }),
  hasOriginAccess: async () => true,
  accountEmail: async () => 'demo@example.com',
  sendBot: async () => {
    throw new Error('not in this test');
  },
  jobs: async () => [],
  schedules: async () => [],
  missed: async () => undefined,
  failed: async () => undefined,
  botsPerDay: async () => 10,
  capReached: async () => undefined,
  describeError: async (error: unknown) => String(error),
});

describe('what the calendars and the tab rule store is what a start looks at', () => {
  it('a calendar added is seen, and no longer once removed', async () => {
    const kv = memoryKeyValue();
    const calendars = new Calendars(calendarDeps(kv));
    const added = await calendars.add(FEED);
    expect(await hasCalendars(kv)).toBe(true);
    expect(await calendarsHaveWork(kv)).toBe(true);
    await calendars.remove(added.id);
    expect(await hasCalendars(kv)).toBe(false);
    expect(await calendarsHaveWork(kv)).toBe(false);
  });

  it('a countdown started on a meeting tab is seen, and no longer once cancelled', async () => {
    const kv = memoryKeyValue();
    const autoJoin = new AutoJoin({
      kv,
      now: () => NOW,
      enabled: async () => true,
      signedIn: async () => true,
      coverage: async () => null,
      jobs: async () => [],
      sendBot: async () => {
        throw new Error('not in this test');
      },
      tabExists: async () => true,
      tabActive: async () => true,
      describeError: async (error) => String(error),
    });
    expect(await autoJoin.ask(MEETING, 1, MEETING.url, true)).toMatchObject({ state: 'counting' });
    expect(await calendarsHaveWork(kv)).toBe(true);
    await autoJoin.cancel(MEETING);
    expect(await calendarsHaveWork(kv)).toBe(false);
  });
});

describe("the worker's start and the calendars", () => {
  const background = (kv: KeyValueStore) =>
    createBackground({
      sessionKv: memoryKeyValue(),
      filesKv: memoryKeyValue(),
      archiveKv: memoryKeyValue(),
      calendarsKv: kv,
      parseFeed: async (text, options) => parseFeed(text, options),
      now: () => NOW,
      sleep: async () => undefined,
      hasOriginAccess: async () => true,
    });

  it('a start with no calendar and no countdown arms no calendar alarm', async () => {
    const bg = background(memoryKeyValue());
    await bg.wake();
    bg.jobs.scheduler.stop();
    expect(await fakeBrowser.alarms.get(CALENDAR_SYNC_ALARM)).toBeUndefined();
    expect(await fakeBrowser.alarms.get(CALENDAR_DISPATCH_ALARM)).toBeUndefined();
    expect(await bg.calendar.calendars.list()).toEqual([]);
    expect(await bg.calendar.autoJoin.cancel(MEETING)).toEqual({ state: 'off' });
  });

  it('a countdown whose deadline passed while the worker was stopped is settled at the next start', async () => {
    const kv = memoryKeyValue();
    // The meeting tab is still open, and the one the user is looking at.
    const tab = await fakeBrowser.tabs.create({ url: MEETING.url });
    // The fake browser keeps no active tab: this one is.
    const get = vi.spyOn(fakeBrowser.tabs, 'get').mockResolvedValue({ ...tab, active: true });
    const due: AutoJoinEntry = {
      link: MEETING.url,
      key: 'k',
      state: 'counting',
      startedAt: NOW - 20_000,
      deadline: NOW - 10_000,
      until: NOW + 60 * MINUTE,
      tabIds: [tab.id!],
      at: NOW - 20_000,
    };
    await kv.set(AUTO_JOIN_KEY, [due]);
    const bg = background(kv);
    await bg.wake();
    bg.jobs.scheduler.stop();
    // Signed out: the bot could not be asked for, and the countdown says so instead of counting on.
    const [settled] = (await kv.get<AutoJoinEntry[]>(AUTO_JOIN_KEY)) ?? [];
    expect(settled).toMatchObject({ state: 'failed', error: expect.any(String) });
    get.mockRestore();
  });

  it('with a calendar, a start re-arms the alarms the browser dropped', async () => {
    const kv = memoryKeyValue();
    // Signed out at the start: the owner's address given in the options plans the meetings.
    await new Calendars(calendarDeps(kv)).add(FEED, { ...DEFAULT_RULE, email: 'demo@example.com' });
    await fakeBrowser.alarms.clearAll();
    const bg = background(kv);
    await bg.wake();
    bg.jobs.scheduler.stop();
    expect(await fakeBrowser.alarms.get(CALENDAR_SYNC_ALARM)).toMatchObject({ periodInMinutes: 15 });
    expect(await fakeBrowser.alarms.get(CALENDAR_DISPATCH_ALARM)).toBeDefined();
    expect((await kv.get<unknown[]>(CALENDARS_KEY))?.length).toBe(1);
  });
});
