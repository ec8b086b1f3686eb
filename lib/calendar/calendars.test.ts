import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEMO_LINKS, demoCalendar } from '../../emulator/calendar';
import { checkMessage } from '../background/senders';
import type { Job } from '../jobs/types';
import { type KeyValueStore, memoryKeyValue } from '../kv';
import type { MeetingLink } from '../meetings';
import type { ScheduledBot } from '../messaging';
import {
  CALENDAR_DISPATCH_ALARM,
  CALENDAR_SYNC_ALARM,
  type CalendarDeps,
  Calendars,
  PRESEND_READ_MS,
} from './calendars';
import { FeedTooComplexError, parseFeed } from './ical-engine';
import { DEFAULT_RULE, type DispatchRecord } from './types';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2030, 0, 7, 9, 0);
const ANCHOR = NOW + 10 * MINUTE;
const FEED = 'https://calendar.example.com/private/basic.ics';
const OTHER_FEED = 'https://calendar.example.com/private/other.ics';

interface World {
  now: number;
  kv: KeyValueStore;
  sent: Array<{ link: string; spaceId: number | undefined }>;
  jobs: Job[];
  schedules: ScheduledBot[];
  missed: DispatchRecord[];
  requests: Array<{ url: string; headers: Record<string, string> }>;
  feed: string;
  etag: string;
  access: boolean;
  failSend: boolean;
  cap: number;
  capNotices: number[];
  /** When set, the parse of every feed fails with it. */
  parseError?: Error;
  /** A feed's own text by its address; otherwise `feed`. */
  feeds: Record<string, string>;
  /** When set, the feed's answer (a failure, a late answer). */
  answer?: (signal: AbortSignal | undefined) => Promise<Response>;
}

function makeWorld(): World {
  return {
    now: NOW,
    kv: memoryKeyValue(),
    sent: [],
    jobs: [],
    schedules: [],
    missed: [],
    requests: [],
    feed: demoCalendar(ANCHOR, NOW - DAY),
    etag: '"v1"',
    access: true,
    failSend: false,
    cap: 10,
    capNotices: [],
    feeds: {},
  };
}

/** A worker: a new Calendars over the same stored state (a stopped worker keeps nothing else). */
function worker(world: World): Calendars {
  const deps: CalendarDeps = {
    kv: world.kv,
    parseFeed: async (text, options) => {
      if (world.parseError) throw world.parseError;
      return parseFeed(text, options);
    },
    now: () => world.now,
    fetch: async (input, init) => {
      const headers = (init?.headers ?? {}) as Record<string, string>;
      world.requests.push({ url: String(input), headers });
      if (world.answer) return world.answer(init?.signal ?? undefined);
      if (headers['If-None-Match'] === world.etag) return new Response(null, { status: 304 });
      return new Response(world.feeds[String(input)] ?? world.feed, {
        status: 200,
        headers: { ETag: world.etag },
      });
    },
    hasOriginAccess: async () => world.access,
    accountEmail: async () => 'demo@example.com',
    sendBot: async (meeting: MeetingLink, spaceId?: number) => {
      if (world.failSend) throw new Error('Sign in first');
      world.sent.push({ link: meeting.url, spaceId });
      const job = {
        id: `job-${world.jobs.length + 1}`,
        intent: 'bot',
        phase: 'requesting',
        spaceId: spaceId ?? 1,
        createdAt: world.now,
        sourceUrl: meeting.url,
      } as unknown as Job;
      world.jobs.push(job);
      return job;
    },
    jobs: async () => world.jobs,
    schedules: async () => world.schedules,
    missed: async (record) => {
      world.missed.push(record);
    },
    failed: async () => undefined,
    botsPerDay: async () => world.cap,
    capReached: async (cap) => {
      world.capNotices.push(cap);
    },
    describeError: async (error) => (error instanceof Error ? error.message : String(error)),
  };
  return new Calendars(deps);
}

const alarm = (name: string) => fakeBrowser.alarms.get(name);

describe('calendars in the background', () => {
  let world: World;

  beforeEach(() => {
    fakeBrowser.reset();
    world = makeWorld();
  });

  it('adds a calendar after reading it, with the sync alarm and the next dispatch alarm; none once removed', async () => {
    const calendars = worker(world);
    const view = await calendars.add(FEED);
    expect(view).toMatchObject({
      name: 'Demo calendar',
      lastError: null,
      address: 'https://calendar.example.com/private/…',
    });
    // Weekly ×2 (the moved one next week), Zoom, Telemost, New York, Safe Links.
    expect(view.upcoming).toBe(6);
    expect(JSON.stringify(await calendars.list())).not.toContain('basic.ics');
    expect(await alarm(CALENDAR_SYNC_ALARM)).toMatchObject({ periodInMinutes: 15 });
    expect(await alarm(CALENDAR_DISPATCH_ALARM)).toMatchObject({ scheduledTime: ANCHOR });

    await calendars.remove(view.id);
    expect(await alarm(CALENDAR_SYNC_ALARM)).toBeUndefined();
    expect(await alarm(CALENDAR_DISPATCH_ALARM)).toBeUndefined();
  });

  it('refuses an address it cannot read, with the reason, and keeps nothing', async () => {
    world.feed = '<html>Sign in</html>';
    await expect(worker(world).add(FEED)).rejects.toMatchObject({ info: { kind: 'not-ical' } });
    world.access = false;
    await expect(worker(world).add(FEED)).rejects.toMatchObject({ info: { kind: 'permission' } });
    await expect(worker(world).add('http://calendar.example.com/a.ics')).rejects.toMatchObject({
      info: { kind: 'invalid-address', problem: 'insecure' },
    });
    expect(await worker(world).list()).toEqual([]);
    expect(await alarm(CALENDAR_SYNC_ALARM)).toBeUndefined();
  });

  it('syncs with conditional requests', async () => {
    const calendars = worker(world);
    await calendars.add(FEED);
    world.now += 15 * MINUTE - 6 * MINUTE;
    await calendars.syncAll();
    expect(world.requests).toHaveLength(2);
    expect(world.requests[0]?.headers['If-None-Match']).toBeUndefined();
    expect(world.requests[1]?.headers['If-None-Match']).toBe('"v1"');
    expect((await calendars.list())[0]?.upcoming).toBe(6);
  });

  it('sends one bot per occurrence at its time, across worker stops and repeated alarms', async () => {
    await worker(world).add(FEED);
    world.now = ANCHOR;
    await worker(world).dispatchDue();
    await worker(world).dispatchDue();
    await Promise.all([worker(world).dispatchDue(), worker(world).syncAll()]);
    expect(world.sent).toEqual([{ link: DEMO_LINKS.weekly, spaceId: undefined }]);
    expect(await alarm(CALENDAR_DISPATCH_ALARM)).toMatchObject({ scheduledTime: ANCHOR + HOUR });
    world.now = ANCHOR + HOUR + 1_000;
    await worker(world).dispatchDue();
    expect(world.sent.map((s) => s.link)).toEqual([DEMO_LINKS.weekly, DEMO_LINKS.zoom]);
  });

  it('one bot for a meeting held by two calendars', async () => {
    const calendars = worker(world);
    await calendars.add(FEED);
    await calendars.add(OTHER_FEED);
    world.now = ANCHOR;
    await calendars.dispatchDue();
    expect(world.sent).toHaveLength(1);
  });

  it('no bot when the meeting was already sent by hand, or is scheduled with "Send at start"', async () => {
    await worker(world).add(FEED);
    world.jobs.push({
      id: 'manual',
      intent: 'bot',
      phase: 'waiting',
      spaceId: 2,
      createdAt: ANCHOR - 5 * MINUTE,
      sourceUrl: DEMO_LINKS.weekly,
    } as unknown as Job);
    world.schedules.push({
      id: 's1',
      link: DEMO_LINKS.zoom,
      meetingService: 'zoom',
      startsAt: ANCHOR + HOUR,
      spaceId: 1,
    });
    world.now = ANCHOR + HOUR;
    await worker(world).dispatchDue();
    expect(world.sent).toEqual([]);
    expect(world.missed).toEqual([]);
    const records = (await world.kv.get<Record<string, DispatchRecord>>('dispatch'))!;
    expect(Object.values(records)).toEqual([expect.objectContaining({ state: 'sent', jobId: 'manual' })]);
    const items = await worker(world).upcoming();
    expect(items.filter((item) => item.link === DEMO_LINKS.zoom).map((item) => item.source)).toEqual([
      'schedule',
    ]);
  });

  it('settles an interrupted send from the job it created instead of sending again', async () => {
    const calendars = worker(world);
    await calendars.add(FEED);
    world.now = ANCHOR;
    await calendars.dispatchDue();
    // The worker stopped after the job existed but before the record said "sent".
    const records = (await world.kv.get<Record<string, DispatchRecord>>('dispatch'))!;
    const key = Object.keys(records)[0]!;
    records[key] = { ...records[key]!, state: 'sending', jobId: undefined };
    await world.kv.set('dispatch', records);
    world.now += 20_000;
    await worker(world).reconcile();
    expect(world.sent).toHaveLength(1);
    expect((await worker(world).upcoming())[0]).toMatchObject({ state: 'sent', jobId: 'job-1' });
  });

  it('an intent written but never sent (no job) is sent on the next start', async () => {
    const calendars = worker(world);
    await calendars.add(FEED);
    world.now = ANCHOR;
    world.failSend = true;
    await calendars.dispatchDue();
    const records = (await world.kv.get<Record<string, DispatchRecord>>('dispatch'))!;
    const key = Object.keys(records)[0]!;
    expect(records[key]).toMatchObject({ state: 'failed', error: 'Sign in first' });
    records[key] = { ...records[key]!, state: 'sending' };
    await world.kv.set('dispatch', records);
    world.failSend = false;
    await worker(world).reconcile();
    expect(world.sent).toHaveLength(1);
  });

  it('a start missed while the browser was closed: sent while the meeting runs, else shown as missed', async () => {
    await worker(world).add(FEED);
    // Browser closed until 10 minutes into the Zoom call: the weekly (30 min) is over.
    world.now = ANCHOR + HOUR + 10 * MINUTE;
    await worker(world).reconcile();
    expect(world.sent.map((s) => s.link)).toEqual([DEMO_LINKS.zoom]);
    expect(world.missed.map((record) => record.link)).toEqual([DEMO_LINKS.weekly]);
    await worker(world).reconcile();
    expect(world.missed).toHaveLength(1);
  });

  it('skip this one sends nothing; send now sends once', async () => {
    const calendars = worker(world);
    await calendars.add(FEED);
    const items = await calendars.upcoming();
    const weekly = items[0]!;
    const zoom = items.find((item) => item.link === DEMO_LINKS.zoom)!;
    await calendars.skip(weekly.key, true);
    expect(await alarm(CALENDAR_DISPATCH_ALARM)).toMatchObject({ scheduledTime: ANCHOR + HOUR });
    await calendars.sendNow(zoom.key);
    await calendars.sendNow(zoom.key);
    const states = (await calendars.upcoming()).slice(0, 2).map((item) => [item.key, item.state]);
    expect(states).toEqual([
      [weekly.key, 'skipped'],
      [zoom.key, 'sent'],
    ]);
    world.now = ANCHOR + HOUR;
    await calendars.dispatchDue();
    expect(world.sent.map((s) => s.link)).toEqual([DEMO_LINKS.zoom]);
  });

  it('rules: off sends nothing and shows the meetings as off; title words and N minutes after', async () => {
    const calendars = worker(world);
    const view = await calendars.add(FEED);
    await calendars.setRule(view.id, { mode: 'off', spaceId: null, joinAfterMinutes: 0, skipWords: [] });
    expect(await alarm(CALENDAR_DISPATCH_ALARM)).toBeUndefined();
    const off = (await calendars.upcoming())[0]!;
    expect(off).toMatchObject({ state: 'off' });
    // "Send now" works for a meeting no rule sends, once.
    await calendars.sendNow(off.key);
    await calendars.sendNow(off.key);
    expect(world.sent).toEqual([{ link: DEMO_LINKS.weekly, spaceId: undefined }]);
    world.sent = [];
    await calendars.setRule(view.id, {
      mode: 'all',
      spaceId: 4,
      joinAfterMinutes: 2,
      skipWords: [' team sync '],
    });
    expect(await alarm(CALENDAR_DISPATCH_ALARM)).toMatchObject({ scheduledTime: ANCHOR + HOUR + 2 * MINUTE });
    world.now = ANCHOR + HOUR + 2 * MINUTE;
    await calendars.dispatchDue();
    expect(world.sent).toEqual([{ link: DEMO_LINKS.zoom, spaceId: 4 }]);
  });

  it('a meeting already running when its calendar is added is not sent', async () => {
    world.now = ANCHOR + 5 * MINUTE;
    const calendars = worker(world);
    await calendars.add(FEED);
    await calendars.dispatchDue();
    expect(world.sent).toEqual([]);
    expect(world.missed).toEqual([]);
  });
});

describe('calendar messages', () => {
  const own = { id: 'ext', baseUrl: 'chrome-extension://ext/' };
  const envelope = (type: string, payload: unknown) => ({ channel: 'meeting-capture', type, payload });

  it('are refused to content scripts, even on a calendar page: the address never reaches a page', () => {
    const calendarTab = { id: 'ext', url: 'https://calendar.google.com/calendar/u/0/r', tab: { id: 1 } };
    for (const type of ['calendars.list', 'calendars.add', 'upcoming.list', 'upcoming.sendNow']) {
      const payload =
        type === 'calendars.add' ? { address: FEED } : type === 'upcoming.sendNow' ? { key: 'k' } : {};
      expect(checkMessage(envelope(type, payload), calendarTab as never, own)).toEqual({
        ok: false,
        error: { kind: 'forbidden-sender', type },
      });
    }
    const options = { id: 'ext', url: 'chrome-extension://ext/options.html' };
    expect(checkMessage(envelope('calendars.add', { address: FEED }), options as never, own)).toMatchObject({
      ok: true,
    });
    expect(
      checkMessage(
        envelope('calendars.setRule', {
          id: 'c',
          rule: { mode: 'sometimes', spaceId: null, joinAfterMinutes: 0, skipWords: [] },
        }),
        options as never,
        own,
      ),
    ).toMatchObject({ ok: false, error: { kind: 'invalid-message' } });
  });
});

/** A feed of the given VEVENT bodies (each without BEGIN/END), all at `at`, with this calendar name. */
function feedOf(name: string, events: string[][], at: number): string {
  const stamp = new Date(at)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const end = new Date(at + 30 * MINUTE)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', `X-WR-CALNAME:${name}`];
  events.forEach((body, index) => {
    lines.push('BEGIN:VEVENT', `UID:e${index}@test`, `DTSTAMP:${stamp}`, `DTSTART:${stamp}`, `DTEND:${end}`);
    lines.push(...body, 'END:VEVENT');
  });
  lines.push('END:VCALENDAR');
  return `${lines.join('\r\n')}\r\n`;
}

const ME = 'demo@example.com';
const STRANGER = 'spam@stranger.example';

describe('calendars: a stranger does not choose where the bot goes', () => {
  let world: World;

  beforeEach(() => {
    fakeBrowser.reset();
    world = makeWorld();
  });

  it('a feed naming itself after a stranger does not make the stranger the owner', async () => {
    world.feed = feedOf(
      STRANGER,
      [['SUMMARY:Spam', `ORGANIZER:mailto:${STRANGER}`, 'LOCATION:https://zoom.us/j/11111111111']],
      ANCHOR,
    );
    const calendars = worker(world);
    const view = await calendars.add(FEED, { ...DEFAULT_RULE, mode: 'organiser' });
    expect(view.name).toBe(STRANGER);
    world.now = ANCHOR;
    await calendars.dispatchDue();
    expect(world.sent).toEqual([]);
    expect((await calendars.upcoming()).map((item) => item.state)).toEqual(['off']);
  });

  it('the owner is the address the user gives for the calendar, else the signed-in account', async () => {
    world.feed = feedOf(
      'Work',
      [
        [
          'SUMMARY:Mine at work',
          'ORGANIZER:mailto:me@work.example',
          'LOCATION:https://zoom.us/j/22222222222',
        ],
      ],
      ANCHOR,
    );
    const calendars = worker(world);
    const view = await calendars.add(FEED);
    expect((await calendars.upcoming())[0]?.state).toBe('off');
    await calendars.setRule(view.id, { ...view.rule, email: ' Me@Work.example ' });
    expect((await calendars.list())[0]?.rule.email).toBe('me@work.example');
    world.now = ANCHOR;
    await calendars.dispatchDue();
    expect(world.sent.map((sent) => sent.link)).toEqual(['https://zoom.us/j/22222222222']);
  });

  it('by default: an unanswered invitation from a stranger, and an event with no organiser and no guests, send no bot', async () => {
    world.feed = feedOf(
      'Demo',
      [
        [
          'SUMMARY:Invitation',
          `ORGANIZER:mailto:${STRANGER}`,
          `ATTENDEE;PARTSTAT=ACCEPTED:mailto:${STRANGER}`,
          `ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:${ME}`,
          'LOCATION:https://zoom.us/j/33333333333',
        ],
        ['SUMMARY:Nobody', 'LOCATION:https://zoom.us/j/44444444444'],
        [
          'SUMMARY:Accepted',
          `ORGANIZER:mailto:client@partner.example`,
          `ATTENDEE;PARTSTAT=ACCEPTED:mailto:${ME}`,
          'LOCATION:https://zoom.us/j/55555555555',
        ],
      ],
      ANCHOR,
    );
    const calendars = worker(world);
    const view = await calendars.add(FEED);
    expect(view.rule).toMatchObject({ mode: 'all', unanswered: false, others: false, email: null });
    world.now = ANCHOR;
    await calendars.dispatchDue();
    expect(world.sent.map((sent) => sent.link)).toEqual(['https://zoom.us/j/55555555555']);

    // Both opt-ins, per calendar: the invitation and the bare event are sent too.
    await calendars.setRule(view.id, { ...view.rule, unanswered: true, others: true });
    await calendars.dispatchDue();
    expect(world.sent.map((sent) => sent.link).sort()).toEqual([
      'https://zoom.us/j/33333333333',
      'https://zoom.us/j/44444444444',
      'https://zoom.us/j/55555555555',
    ]);
  });

  it('a calendar stored with the old default ("every meeting") now sends only what the new default does', async () => {
    const calendars = worker(world);
    await calendars.add(FEED);
    const stored = (await world.kv.get<Array<{ rule: Record<string, unknown> }>>('calendars'))!;
    for (const calendar of stored) {
      calendar.rule = { mode: 'all', spaceId: null, joinAfterMinutes: 0, skipWords: [] };
    }
    await world.kv.set('calendars', stored);
    expect((await worker(world).list())[0]?.rule).toMatchObject({
      unanswered: false,
      others: false,
      email: null,
    });
    // The demo feed: the weekly sync (mine) and the customer call (accepted) get bots; the
    // Telemost, New York and Outlook events name nobody and get none.
    for (let hour = 0; hour <= 5; hour += 1) {
      world.now = ANCHOR + hour * HOUR;
      await worker(world).dispatchDue();
    }
    expect(world.sent.map((sent) => sent.link)).toEqual([DEMO_LINKS.weekly, DEMO_LINKS.zoom]);
  });

  it('20,000 distinct meetings due at once: at most the bots-per-day cap is sent, and the cap is said once', async () => {
    const events = Array.from({ length: 20_000 }, (_, index) => [
      `SUMMARY:Meeting ${index}`,
      `ORGANIZER:mailto:${ME}`,
      `LOCATION:https://zoom.us/j/${String(10_000_000_000 + index)}`,
    ]);
    world.feed = feedOf('Flood', events, ANCHOR);
    world.cap = 7;
    const calendars = worker(world);
    await calendars.add(FEED);
    world.now = ANCHOR;
    await calendars.dispatchDue();
    expect(world.sent).toHaveLength(7);
    expect(world.capNotices).toEqual([7]);
    // The next passes of the day: nothing more, and no second notice.
    world.now = ANCHOR + MINUTE;
    await worker(world).syncAll();
    await worker(world).dispatchDue();
    expect(world.sent).toHaveLength(7);
    expect(world.capNotices).toEqual([7]);
    expect(world.missed).toEqual([]);
    const records = Object.values((await world.kv.get<Record<string, DispatchRecord>>('dispatch'))!);
    expect(records.filter((record) => record.capped)).toHaveLength(records.length - 7);
    // "Send now" is the user's own choice: the cap does not hold it back.
    const held = records.find((record) => record.capped)!;
    expect(await worker(world).sendNow(held.key)).toMatchObject({ state: 'sent' });
    expect(world.sent).toHaveLength(8);
  }, 60_000);
});

describe('a bot for the meeting as it stands now: the feed read again right before a send', () => {
  let world: World;
  const LINK = 'https://meet.google.com/abc-defg-hij';
  const utc = (at: number) =>
    new Date(at)
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
  function oneMeeting(startsAt: number, status = 'CONFIRMED', minutes = 30): string {
    return `${[
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      'UID:review@example.com',
      `DTSTART:${utc(startsAt)}`,
      `DTEND:${utc(startsAt + minutes * MINUTE)}`,
      'SUMMARY:Review',
      `STATUS:${status}`,
      'ORGANIZER:mailto:demo@example.com',
      `LOCATION:${LINK}`,
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n')}\r\n`;
  }

  beforeEach(async () => {
    fakeBrowser.reset();
    world = makeWorld();
    world.feed = oneMeeting(ANCHOR);
    await worker(world).add(FEED);
  });

  it('a meeting moved 45 minutes later shortly before its start gets its bot at the new time only', async () => {
    world.feed = oneMeeting(ANCHOR + 45 * MINUTE);
    world.etag = '"v2"';
    world.now = ANCHOR;
    await worker(world).dispatchDue();
    expect(world.sent).toEqual([]);
    expect(world.requests.at(-1)?.headers['If-None-Match']).toBe('"v1"');
    expect(await alarm(CALENDAR_DISPATCH_ALARM)).toMatchObject({ scheduledTime: ANCHOR + 45 * MINUTE });
    world.now = ANCHOR + 45 * MINUTE;
    await worker(world).dispatchDue();
    expect(world.sent).toEqual([{ link: LINK, spaceId: undefined }]);
  });

  it('a meeting cancelled shortly before its start gets no bot', async () => {
    world.feed = oneMeeting(ANCHOR, 'CANCELLED');
    world.etag = '"v2"';
    world.now = ANCHOR;
    await worker(world).dispatchDue();
    expect(world.sent).toEqual([]);
  });

  it('a feed answering a sign-in page (401) right before the send: the bot is sent as planned', async () => {
    world.now = ANCHOR;
    world.answer = async () => new Response('Sign in', { status: 401 });
    await worker(world).dispatchDue();
    expect(world.sent).toEqual([{ link: LINK, spaceId: undefined }]);
  });

  it('a feed slower than 5 s right before the send: the wait ends at 5 s and the bot is sent as planned', async () => {
    world.now = ANCHOR;
    world.answer = (signal) =>
      new Promise((_, reject) => signal?.addEventListener('abort', () => reject(new Error('aborted'))));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const pending = worker(world).dispatchDue();
      await vi.advanceTimersByTimeAsync(PRESEND_READ_MS - 1);
      expect(world.sent).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      await pending;
    } finally {
      vi.useRealTimers();
    }
    expect(world.sent).toEqual([{ link: LINK, spaceId: undefined }]);
  });

  it('a feed answering a sign-in page for 2 hours holds its bots: said on its line, shown as held, sent only by “Send now”', async () => {
    const later = NOW + 3 * HOUR;
    world.feed = oneMeeting(later);
    world.etag = '"v2"';
    world.now = NOW + MINUTE;
    await worker(world).syncAll();
    world.answer = async () => new Response('<html>Sign in</html>', { status: 401 });
    world.now = NOW + 30 * MINUTE;
    await worker(world).syncAll();
    expect((await worker(world).list())[0]?.heldSince).toBeUndefined();
    world.now = NOW + 2 * HOUR + 31 * MINUTE;
    await worker(world).syncAll();
    expect((await worker(world).list())[0]?.heldSince).toBe(NOW + 30 * MINUTE);
    const [item] = await worker(world).upcoming();
    expect(item).toMatchObject({ state: 'held', startsAt: later });
    world.now = later;
    await worker(world).dispatchDue();
    expect(world.sent).toEqual([]);
    await worker(world).sendNow(item!.key);
    expect(world.sent).toEqual([{ link: LINK, spaceId: undefined }]);
    // A calendar again: the hold ends.
    world.answer = undefined;
    world.now = later + MINUTE;
    await worker(world).syncAll();
    expect((await worker(world).list())[0]?.heldSince).toBeUndefined();
  });

  it('the same meeting under two starts (one feed still showing the old time) gets one bot, also once both feeds agree', async () => {
    world.feed = oneMeeting(ANCHOR, 'CONFIRMED', 60);
    world.feeds[OTHER_FEED] = oneMeeting(ANCHOR + 40 * MINUTE, 'CONFIRMED', 60);
    world.etag = '"v2"';
    await worker(world).add(OTHER_FEED);
    await worker(world).syncAll();
    world.now = ANCHOR;
    await worker(world).dispatchDue();
    expect(world.sent).toEqual([{ link: LINK, spaceId: undefined }]);
    // The meeting's tab, opened as the later start nears: the calendars' bot is in it (the tab rule stays out).
    world.now = ANCHOR + 30 * MINUTE;
    expect(await worker(world).coverage(LINK)).toMatchObject({ state: 'sent' });
    world.now = ANCHOR + 40 * MINUTE;
    await worker(world).dispatchDue();
    // The first feed now shows the new time too: the bot already in the meeting is its bot.
    world.feed = oneMeeting(ANCHOR + 40 * MINUTE, 'CONFIRMED', 60);
    world.etag = '"v3"';
    await worker(world).syncAll();
    world.now = ANCHOR + 41 * MINUTE;
    await worker(world).dispatchDue();
    expect(world.sent).toHaveLength(1);
    const items = await worker(world).upcoming();
    expect(items.map((item) => [item.startsAt, item.state])).toEqual([[ANCHOR + 40 * MINUTE, 'sent']]);
  });

  it.each([
    ['too complex', () => (world.parseError = new FeedTooComplexError('parse time limit reached'))],
    ['parse failed', () => (world.parseError = new Error('boom'))],
    ['network', () => (world.answer = async () => Promise.reject(new TypeError('Failed to fetch')))],
  ])(
    'a feed that cannot be read (%s) sends as planned for 2 hours, then holds its bots and says so on its line',
    async (_kind, breakIt) => {
      const soon = NOW + 2 * HOUR;
      const later = NOW + 3 * HOUR;
      world.feed = `${oneMeeting(soon).replace('END:VCALENDAR', '')}${oneMeeting(later)
        .replace(/^BEGIN:VCALENDAR\r\nVERSION:2.0\r\n/, '')
        .replace('UID:review@example.com', 'UID:later@example.com')}`;
      world.etag = '"v2"';
      world.now = NOW + MINUTE;
      await worker(world).syncAll();
      expect((await worker(world).upcoming()).map((item) => item.startsAt)).toEqual([soon, later]);
      breakIt();
      world.etag = '"v3"';
      world.now = NOW + 30 * MINUTE;
      await worker(world).syncAll();
      expect((await worker(world).list())[0]?.heldSince).toBeUndefined();
      // Within the grace period the plan stands: the meeting due is sent.
      world.now = soon;
      await worker(world).dispatchDue();
      expect(world.sent).toEqual([{ link: LINK, spaceId: undefined }]);
      world.now = NOW + 2 * HOUR + 31 * MINUTE;
      await worker(world).syncAll();
      const [view] = await worker(world).list();
      expect(view?.heldSince).toBe(NOW + 30 * MINUTE);
      expect(view?.lastError).not.toBeNull();
      expect((await worker(world).upcoming()).find((item) => item.startsAt === later)).toMatchObject({
        state: 'held',
      });
      world.now = later;
      await worker(world).dispatchDue();
      expect(world.sent).toHaveLength(1);
      // Read again: the hold ends.
      world.parseError = undefined;
      world.answer = undefined;
      world.etag = '"v4"';
      world.now = later + MINUTE;
      await worker(world).syncAll();
      expect((await worker(world).list())[0]?.heldSince).toBeUndefined();
    },
  );
});
