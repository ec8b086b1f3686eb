/**
 * "Send the bot when I open a meeting tab" in the background: the countdown is the background's
 * (stored deadline, alarm), a reload or a second tab never sends twice, Cancel sends nothing, a
 * worker stop in between changes nothing, and a meeting a calendar sends is left to it.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEMO_LINKS, demoCalendar } from '../../emulator/calendar';
import type { Job } from '../jobs/types';
import { type KeyValueStore, memoryKeyValue } from '../kv';
import { type MeetingLink, parseMeetingLink } from '../meetings';
import { AUTO_JOIN_DELAY_MS } from './';
import { AUTO_JOIN_ALARM, AutoJoin } from './auto-join-service';
import { Calendars } from './calendars';
import { parseFeed } from './ical-engine';

const MINUTE = 60_000;
const NOW = Date.UTC(2030, 0, 7, 9, 0);
const ANCHOR = NOW + 10 * MINUTE;
const ADHOC = parseMeetingLink('https://meet.google.com/adh-ocmt-ngx') as MeetingLink;
const MEET_URL = ADHOC.url;
const FEED = 'https://calendar.example.com/private/basic.ics';

interface World {
  now: number;
  kv: KeyValueStore;
  enabled: boolean;
  signedIn: boolean;
  sent: string[];
  /** The space each bot was asked for (undefined: the default space). */
  spaces: (number | undefined)[];
  jobs: Job[];
  openTabs: Set<number>;
  /** Tabs that are not their window's active one. */
  backgroundTabs: Set<number>;
  failSend: boolean;
}

function makeWorld(): World {
  return {
    now: NOW,
    kv: memoryKeyValue(),
    enabled: true,
    signedIn: true,
    sent: [],
    spaces: [],
    jobs: [],
    openTabs: new Set([1, 2]),
    backgroundTabs: new Set(),
    failSend: false,
  };
}

function sendBot(world: World) {
  return async (meeting: MeetingLink, spaceId?: number): Promise<Job> => {
    if (world.failSend) throw new Error('Sign in first');
    world.sent.push(meeting.url);
    world.spaces.push(spaceId);
    const job = {
      id: `job-${world.jobs.length + 1}`,
      intent: 'bot',
      phase: 'requesting',
      spaceId: 1,
      createdAt: world.now,
      sourceUrl: meeting.url,
    } as unknown as Job;
    world.jobs.push(job);
    return job;
  };
}

function calendars(world: World): Calendars {
  return new Calendars({
    kv: world.kv,
    parseFeed: async (text, options) => parseFeed(text, options),
    now: () => world.now,
    fetch: async () => new Response(demoCalendar(ANCHOR, NOW - 24 * 60 * MINUTE), { status: 200 }),
    hasOriginAccess: async () => true,
    accountEmail: async () => 'demo@example.com',
    sendBot: sendBot(world),
    jobs: async () => world.jobs,
    schedules: async () => [],
    missed: async () => undefined,
    failed: async () => undefined,
    botsPerDay: async () => 10,
    capReached: async () => undefined,
    describeError: async (error) => String(error),
  });
}

/** A worker: a new AutoJoin over the same stored state (a stopped worker keeps nothing else). */
function worker(world: World): AutoJoin {
  const calendarView = calendars(world);
  return new AutoJoin({
    kv: world.kv,
    now: () => world.now,
    enabled: async () => world.enabled,
    signedIn: async () => world.signedIn,
    coverage: (link) => calendarView.coverage(link),
    jobs: async () => world.jobs,
    sendBot: sendBot(world),
    tabExists: async (id) => world.openTabs.has(id),
    tabActive: async (id) => world.openTabs.has(id) && !world.backgroundTabs.has(id),
    describeError: async (error) => (error instanceof Error ? error.message : String(error)),
  });
}

describe('the tab rule in the background', () => {
  let world: World;

  beforeEach(() => {
    fakeBrowser.reset();
    world = makeWorld();
  });

  /** The deadline comes after a bot was sent by hand: no second bot, and a reload shows that one. */
  async function onlyTheHandSentBotAtDeadline() {
    world.now = NOW + AUTO_JOIN_DELAY_MS;
    await worker(world).fireDue();
    expect(world.sent).toEqual([MEET_URL]);
    expect(await worker(world).ask(ADHOC, 1, MEET_URL, true)).toMatchObject({
      state: 'sent',
      job: { id: 'job-1' },
    });
  }

  it('counts down, keeps an alarm at the deadline, and sends once when it comes, across a worker stop', async () => {
    const first = worker(world);
    expect(await first.ask(ADHOC, 1, MEET_URL, true)).toEqual({
      state: 'counting',
      remainingMs: AUTO_JOIN_DELAY_MS,
    });
    expect(await fakeBrowser.alarms.get(AUTO_JOIN_ALARM)).toMatchObject({
      scheduledTime: NOW + AUTO_JOIN_DELAY_MS,
    });
    // A reload and a second tab of the same meeting join the same countdown.
    world.now += 4000;
    expect(await worker(world).ask(ADHOC, 1, MEET_URL, true)).toEqual({
      state: 'counting',
      remainingMs: 6000,
    });
    expect(await worker(world).ask(ADHOC, 2, MEET_URL, true)).toEqual({
      state: 'counting',
      remainingMs: 6000,
    });
    // Before the deadline the alarm's handler sends nothing.
    await worker(world).fireDue();
    expect(world.sent).toEqual([]);

    // The worker stopped; the alarm wakes a new one at the deadline.
    world.now = NOW + AUTO_JOIN_DELAY_MS;
    const woken = worker(world);
    await woken.fireDue();
    expect(world.sent).toEqual([MEET_URL]);
    expect(await fakeBrowser.alarms.get(AUTO_JOIN_ALARM)).toBeUndefined();
    // The page's own question at the deadline, a reload, another tab: the same bot, not another.
    expect(await worker(world).ask(ADHOC, 1, MEET_URL, true)).toMatchObject({
      state: 'sent',
      job: { id: 'job-1' },
    });
    world.now += 60 * MINUTE;
    expect(await worker(world).ask(ADHOC, 3, MEET_URL, true)).toMatchObject({ state: 'sent' });
    await worker(world).fireDue();
    expect(world.sent).toEqual([MEET_URL]);
  });

  it('the bot goes to the space the counting control shows, also one chosen during the countdown', async () => {
    await worker(world).ask(ADHOC, 1, MEET_URL, true);
    world.now += 3000;
    // The person picks the Team space in the control while it counts: the same countdown, that space.
    expect(await worker(world).ask(ADHOC, 1, MEET_URL, true, 2)).toEqual({
      state: 'counting',
      remainingMs: 7000,
    });
    world.now = NOW + AUTO_JOIN_DELAY_MS;
    await worker(world).fireDue();
    expect(world.sent).toEqual([MEET_URL]);
    expect(world.spaces).toEqual([2]);
  });

  it("with no space named, the countdown's bot goes to the default space", async () => {
    await worker(world).ask(ADHOC, 1, MEET_URL, true);
    world.now = NOW + AUTO_JOIN_DELAY_MS;
    await worker(world).fireDue();
    expect(world.spaces).toEqual([undefined]);
  });

  it("the page's question at the deadline sends, when the alarm has not fired yet; both together send once", async () => {
    await worker(world).ask(ADHOC, 1, MEET_URL, true);
    world.now = NOW + AUTO_JOIN_DELAY_MS + 10;
    const one = worker(world);
    const [asked] = await Promise.all([one.ask(ADHOC, 1, MEET_URL, true), one.fireDue()]);
    expect(asked).toMatchObject({ state: 'sent' });
    expect(world.sent).toEqual([MEET_URL]);
  });

  it('Cancel from any tab of the meeting: nothing is sent, and a reload does not start again', async () => {
    await worker(world).ask(ADHOC, 1, MEET_URL, true);
    await worker(world).ask(ADHOC, 2, MEET_URL, true);
    world.now += 3000;
    expect(await worker(world).cancel(ADHOC)).toEqual({ state: 'cancelled' });
    expect(await fakeBrowser.alarms.get(AUTO_JOIN_ALARM)).toBeUndefined();
    world.now = NOW + AUTO_JOIN_DELAY_MS + 1;
    await worker(world).fireDue();
    expect(await worker(world).ask(ADHOC, 1, MEET_URL, true)).toEqual({ state: 'cancelled' });
    expect(world.sent).toEqual([]);
  });

  it('the page cannot hurry it: asking again before the deadline does not send', async () => {
    const one = worker(world);
    await one.ask(ADHOC, 1, MEET_URL, true);
    for (let i = 0; i < 5; i += 1) await one.ask(ADHOC, 1, MEET_URL, true);
    world.now += AUTO_JOIN_DELAY_MS - 1;
    expect(await one.ask(ADHOC, 1, MEET_URL, true)).toEqual({ state: 'counting', remainingMs: 1 });
    expect(world.sent).toEqual([]);
  });

  it('off, signed out, or every tab of the meeting closed: nothing is sent', async () => {
    world.enabled = false;
    expect(await worker(world).ask(ADHOC, 1, MEET_URL, true)).toEqual({ state: 'off' });
    world.enabled = true;
    world.signedIn = false;
    expect(await worker(world).ask(ADHOC, 1, MEET_URL, true)).toEqual({ state: 'off' });
    world.signedIn = true;
    await worker(world).ask(ADHOC, 1, MEET_URL, true);
    world.openTabs.clear();
    world.now += AUTO_JOIN_DELAY_MS;
    await worker(world).fireDue();
    expect(world.sent).toEqual([]);
    expect(await fakeBrowser.alarms.get(AUTO_JOIN_ALARM)).toBeUndefined();
  });

  it('a bot sent by hand during the countdown is the one: none more at the deadline', async () => {
    await worker(world).ask(ADHOC, 1, MEET_URL, true);
    world.now += 2000;
    await sendBot(world)(ADHOC);
    await onlyTheHandSentBotAtDeadline();
  });

  it('"Send bot" pressed during the countdown: the countdown stops, and a reload shows that bot', async () => {
    await worker(world).ask(ADHOC, 1, MEET_URL, true);
    // The page's "Send bot" first cancels the countdown, then sends in the chosen space.
    expect(await worker(world).cancel(ADHOC)).toEqual({ state: 'cancelled' });
    world.now += 500;
    await sendBot(world)(ADHOC);
    await onlyTheHandSentBotAtDeadline();
  });

  it('a tab that moves on to another meeting no longer counts for the first one', async () => {
    const other = parseMeetingLink('https://meet.google.com/oth-erme-etg') as MeetingLink;
    await worker(world).ask(ADHOC, 1, MEET_URL, true);
    world.now += 3000;
    expect(await worker(world).ask(other, 1, other.url, true)).toMatchObject({ state: 'counting' });
    world.now = NOW + AUTO_JOIN_DELAY_MS + 3000;
    await worker(world).fireDue();
    expect(world.sent).toEqual([other.url]);
  });

  it('a send interrupted by a worker stop is settled from the jobs, or made when none was created', async () => {
    await worker(world).ask(ADHOC, 1, MEET_URL, true);
    world.now = NOW + AUTO_JOIN_DELAY_MS;
    // The worker stopped right after writing down its intent, before calling the engine.
    const entries = (await world.kv.get<Array<Record<string, unknown>>>('autoJoin')) ?? [];
    await world.kv.set(
      'autoJoin',
      entries.map((entry) => ({ ...entry, state: 'sending' })),
    );
    await worker(world).fireDue();
    expect(world.sent).toEqual([MEET_URL]);
    // And stopped after the engine had the job: nothing more.
    await world.kv.set(
      'autoJoin',
      entries.map((entry) => ({ ...entry, state: 'sending' })),
    );
    await worker(world).fireDue();
    expect(world.sent).toEqual([MEET_URL]);
  });

  it('a refusal before any job existed is kept with its reason, and not sent again', async () => {
    world.failSend = true;
    await worker(world).ask(ADHOC, 1, MEET_URL, true);
    world.now = NOW + AUTO_JOIN_DELAY_MS;
    await worker(world).fireDue();
    expect(await worker(world).ask(ADHOC, 1, MEET_URL, true)).toEqual({
      state: 'failed',
      job: null,
      error: 'Sign in first',
    });
    world.failSend = false;
    await worker(world).fireDue();
    expect(world.sent).toEqual([]);
  });

  it('a calendar meeting is the calendar’s: planned, sent or skipped, no countdown; no rule for it, one', async () => {
    const weekly = parseMeetingLink(DEMO_LINKS.weekly) as MeetingLink;
    const view = await calendars(world).add(FEED);
    world.now = ANCHOR - 5 * MINUTE;
    // Planned by the calendar's rule: the calendar sends it at the start.
    expect(await worker(world).ask(weekly, 1, weekly.url, true)).toEqual({ state: 'off' });
    // Sent by the calendar: not again.
    world.now = ANCHOR;
    await calendars(world).dispatchDue();
    expect(world.sent).toEqual([weekly.url]);
    expect(await worker(world).ask(weekly, 1, weekly.url, true)).toEqual({ state: 'off' });
    // A calendar whose rule is off: the tab rule serves its meeting.
    await calendars(world).setRule(view.id, {
      mode: 'off',
      spaceId: null,
      joinAfterMinutes: 0,
      skipWords: [],
    });
    const zoom = parseMeetingLink(DEMO_LINKS.zoom) as MeetingLink;
    world.now = ANCHOR + 60 * MINUTE - 5 * MINUTE;
    expect(await worker(world).ask(zoom, 1, zoom.url, true)).toMatchObject({ state: 'counting' });
  });

  it('a tab nobody looks at (opened in the background, a pop-under) starts nothing and sends nothing', async () => {
    world.backgroundTabs.add(1);
    expect(await worker(world).ask(ADHOC, 1, MEET_URL, false)).toEqual({ state: 'off' });
    world.now += 60_000;
    await worker(world).fireDue();
    expect(world.sent).toEqual([]);
    expect(await fakeBrowser.alarms.get(AUTO_JOIN_ALARM)).toBeUndefined();
  });

  it('the countdown pauses when its tab is no longer looked at, and starts again in full when it is', async () => {
    expect(await worker(world).ask(ADHOC, 1, MEET_URL, true)).toMatchObject({ state: 'counting' });
    world.now += 4000;
    expect(await worker(world).ask(ADHOC, 1, MEET_URL, false)).toEqual({ state: 'paused' });
    world.now += 60_000;
    await worker(world).fireDue();
    expect(world.sent).toEqual([]);
    // Back to the tab: the whole cancel window again, then one bot.
    expect(await worker(world).ask(ADHOC, 1, MEET_URL, true)).toEqual({
      state: 'counting',
      remainingMs: AUTO_JOIN_DELAY_MS,
    });
    world.now += AUTO_JOIN_DELAY_MS;
    await worker(world).fireDue();
    expect(world.sent).toHaveLength(1);
  });

  it('at the deadline, a countdown none of whose tabs is active pauses instead of sending', async () => {
    expect(await worker(world).ask(ADHOC, 1, MEET_URL, true)).toMatchObject({ state: 'counting' });
    world.backgroundTabs.add(1);
    world.now += AUTO_JOIN_DELAY_MS;
    await worker(world).fireDue();
    expect(world.sent).toEqual([]);
    expect(await worker(world).ask(ADHOC, 1, MEET_URL, false)).toEqual({ state: 'off' });
  });
});
