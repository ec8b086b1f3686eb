/**
 * A bot for the meeting as it stands now (issue 37, the dispatch): feeds served by the test (node:http
 * on 127.0.0.1, answering conditional requests), their meetings a minute or so ahead on the browser's
 * own clock, bots counted where the service creates them (the emulator's `botRequests`).
 *
 * - One Zoom meeting in two calendars under two link forms gets one bot. The calendars record into
 *   two spaces, so a second bot could not hide behind the service's "one active meeting per space"
 *   refusal (code 5, which the emulator does not count as a created bot).
 * - A feed that answers a sign-in page for 2 hours holds its calendar's bots: the meeting is listed as
 *   held with "Send now", gets no bot by itself, and one when sent anyway.
 * - A meeting the feed moves or cancels after the last regular read (the add), before its start, is
 *   seen by the read right before the send: no bot at the old time, one at the new time; none for a
 *   cancelled or removed one. As with the demo calendar's shrunk "hour", the move is 45 s, not the
 *   45 minutes of the report: the path is the same (the new start is planned anew).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { type Answer, type BackgroundDriver, expect, SEED, test } from './background-fixtures';

test.describe.configure({ timeout: 240_000 });

const ME = SEED.users.demo.email;
/** How far ahead the first meeting starts: time to add the calendars on a busy machine. */
const LEAD_MS = 50_000;
/** How late the dispatch may come after a start (alarm, offscreen parse, the service's answer). */
const DISPATCH_SLACK_MS = 45_000;

interface FeedEvent {
  uid: string;
  title: string;
  link: string;
  startsAt: number;
  cancelled?: boolean;
}

/** 20261102T090000Z */
function utc(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function feed(name: string, events: readonly FeedEvent[]): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Meeting Capture//e2e feeds//EN',
    `X-WR-CALNAME:${name}`,
  ];
  for (const event of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}@feeds.example`,
      'DTSTAMP:20260101T000000Z',
      `DTSTART:${utc(event.startsAt)}`,
      `DTEND:${utc(event.startsAt + 30 * 60_000)}`,
      `SUMMARY:${event.title}`,
      `ORGANIZER;CN=Demo:mailto:${ME}`,
      `LOCATION:${event.link}`,
      ...(event.cancelled ? ['STATUS:CANCELLED'] : []),
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.join('\r\n')}\r\n`;
}

/** Feeds by path; `set` changes what a path answers (its ETag moves with it). */
async function startFeeds() {
  const bodies = new Map<string, { body: string; version: number; status: number; type: string }>();
  const requests = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://feeds').pathname;
    requests.set(path, (requests.get(path) ?? 0) + 1);
    const served = bodies.get(path);
    if (!served) {
      response.writeHead(404).end();
      return;
    }
    const etag = `"v${served.version}"`;
    if (request.headers['if-none-match'] === etag) {
      response.writeHead(304, { ETag: etag }).end();
      return;
    }
    response
      .writeHead(200, {
        'Content-Type': 'text/calendar; charset=utf-8',
        ETag: etag,
        'Cache-Control': 'no-cache',
      })
      .end(served.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    set(path: string, body: string, status = 200, type = 'text/calendar; charset=utf-8') {
      bodies.set(path, { body, version: (bodies.get(path)?.version ?? 0) + 1, status, type });
    },
    requests: (path: string) => requests.get(path) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Feeds = Awaited<ReturnType<typeof startFeeds>>;

interface Upcoming {
  key: string;
  title: string;
  link: string;
  startsAt: number;
  spaceId: number | null;
  calendarName: string | null;
  state: string;
}

async function upcoming(background: BackgroundDriver): Promise<Upcoming[]> {
  const answer = (await background.send('upcoming.list', {})) as Extract<Answer, { ok: true }>;
  return (answer.data.items as Upcoming[]).filter((item) => item.calendarName !== null);
}

/** Adds the feed (a sync of it: the last regular read before the start) and sets its space. */
async function addFeed(background: BackgroundDriver, url: string, spaceId: number): Promise<void> {
  const added = await background.send('calendars.add', { address: url });
  expect(added.ok).toBe(true);
  const calendar = (added as Extract<Answer, { ok: true }>).data;
  const ruled = await background.send('calendars.setRule', {
    id: calendar.id,
    rule: { ...calendar.rule, spaceId },
  });
  expect(ruled.ok).toBe(true);
}

/** Something is listed, and nothing listed is still to be sent or being sent. */
function settled(items: readonly Upcoming[]): boolean {
  return items.length > 0 && items.every((item) => item.state !== 'planned' && item.state !== 'sending');
}

/** A whole second, `ms` from now (iCalendar times have no milliseconds). */
function startIn(ms: number): number {
  return Math.ceil((Date.now() + ms) / 1000) * 1000;
}

let feeds: Feeds;
test.beforeEach(async () => {
  feeds = await startFeeds();
});
test.afterEach(async () => {
  await feeds.close();
});

test('one Zoom meeting in two calendars under two link forms, auto-join on in both: one bot at its start', async ({
  background,
  emulator,
}) => {
  await background.signIn(emulator.url);
  const startsAt = startIn(LEAD_MS);
  const withPasscode = 'https://acme.zoom.us/j/84512345678?pwd=Xa1b2C3';
  feeds.set(
    '/work.ics',
    feed('Work', [{ uid: 'review', title: 'Quarterly review', link: withPasscode, startsAt }]),
  );
  feeds.set(
    '/personal.ics',
    feed('Personal', [
      { uid: 'review-copy', title: 'Quarterly review', link: 'https://zoom.us/j/84512345678', startsAt },
    ]),
  );
  await addFeed(background, `${feeds.url}/work.ics`, SEED.spaces.personal);
  await addFeed(background, `${feeds.url}/personal.ics`, SEED.spaces.team);

  // Listed once, by the first calendar's link (its passcode kept), and planned.
  const before = await upcoming(background);
  expect(before).toHaveLength(1);
  expect(before[0]).toMatchObject({
    link: withPasscode,
    startsAt,
    state: 'planned',
    spaceId: SEED.spaces.personal,
  });
  expect((await emulator.counters()).botRequests).toBe(0);

  // At its start: once nothing of it is planned or being sent, one bot, sent.
  await expect
    .poll(async () => settled(await upcoming(background)), { timeout: LEAD_MS + DISPATCH_SLACK_MS })
    .toBe(true);
  expect((await upcoming(background)).map((item) => item.state)).toEqual(['sent']);
  expect((await emulator.counters()).botRequests).toBe(1);
});

test('a meeting the feed moves 45 s later after the last read: no bot at the old time, one at the new time', async ({
  background,
  emulator,
}) => {
  await background.signIn(emulator.url);
  const oldStart = startIn(LEAD_MS);
  const newStart = oldStart + 45_000;
  const link = 'https://meet.google.com/mov-edxx-abc';
  const path = '/moved.ics';
  feeds.set(path, feed('Work', [{ uid: 'moved', title: 'Design review', link, startsAt: oldStart }]));
  await addFeed(background, `${feeds.url}${path}`, SEED.spaces.personal);
  expect(await upcoming(background)).toMatchObject([
    { title: 'Design review', startsAt: oldStart, state: 'planned' },
  ]);

  // The feed moves it; no regular read comes before the old start (the next is 15 minutes away).
  feeds.set(path, feed('Work', [{ uid: 'moved', title: 'Design review', link, startsAt: newStart }]));
  const readsBefore = feeds.requests(path);
  expect(await upcoming(background)).toMatchObject([{ startsAt: oldStart, state: 'planned' }]);

  // At the old start the feed is read again and the meeting is planned at its new time, no bot sent.
  await expect
    .poll(async () => (await upcoming(background)).map((item) => [item.startsAt, item.state]), {
      timeout: LEAD_MS + DISPATCH_SLACK_MS,
    })
    .toEqual([[newStart, 'planned']]);
  expect(feeds.requests(path)).toBeGreaterThan(readsBefore);
  expect(Date.now()).toBeGreaterThanOrEqual(oldStart);
  expect((await emulator.counters()).botRequests).toBe(0);
  // The dispatch alarm waits for the new start.
  const alarm = (await background.alarms()).find((each) => each.name === 'calendar-dispatch');
  expect(alarm?.scheduledTime).toBe(newStart);

  // At the new start: one bot.
  await expect
    .poll(async () => (await emulator.counters()).botRequests, { timeout: 45_000 + DISPATCH_SLACK_MS })
    .toBe(1);
  await expect
    .poll(async () => (await upcoming(background)).map((item) => [item.startsAt, item.state]), {
      timeout: 30_000,
    })
    .toEqual([[newStart, 'sent']]);
  expect((await emulator.counters()).botRequests).toBe(1);
});

test('meetings the feed cancels or removes after the last read: no bot; an unchanged one of another calendar still gets its bot', async ({
  background,
  emulator,
}) => {
  await background.signIn(emulator.url);
  const startsAt = startIn(LEAD_MS);
  const removed = {
    uid: 'removed',
    title: 'Vendor call',
    link: 'https://meet.google.com/rem-oved-abc',
    startsAt,
  };
  const cancelled = {
    uid: 'cancelled',
    title: 'Planning',
    link: 'https://zoom.us/j/86612345678',
    startsAt: startsAt + 10_000,
  };
  // A control in another calendar and space, after both: proof that the dispatch has run past them
  // (a bot for either would be created in the personal space, not refused behind the control's).
  const control = {
    uid: 'control',
    title: 'Standup',
    link: 'https://meet.google.com/con-trol-abc',
    startsAt: startsAt + 20_000,
  };
  feeds.set('/work.ics', feed('Work', [removed, cancelled]));
  feeds.set('/team.ics', feed('Team', [control]));
  await addFeed(background, `${feeds.url}/work.ics`, SEED.spaces.personal);
  await addFeed(background, `${feeds.url}/team.ics`, SEED.spaces.team);
  expect((await upcoming(background)).map((item) => [item.title, item.state])).toEqual([
    ['Vendor call', 'planned'],
    ['Planning', 'planned'],
    ['Standup', 'planned'],
  ]);

  // The feed drops one meeting and cancels the other.
  feeds.set('/work.ics', feed('Work', [{ ...cancelled, cancelled: true }]));
  expect(await upcoming(background)).toHaveLength(3);

  // Once the control is sent (the dispatch has passed both starts): its bot alone.
  await expect
    .poll(async () => (await upcoming(background)).find((item) => item.title === 'Standup')?.state, {
      timeout: LEAD_MS + 20_000 + DISPATCH_SLACK_MS,
    })
    .toBe('sent');
  expect((await upcoming(background)).map((item) => [item.title, item.state])).toEqual([['Standup', 'sent']]);
  expect((await emulator.counters()).botRequests).toBe(1);
});

/**
 * The browser’s clock cannot be moved: the first failed read is written back two
 * hours and a minute, as if the feed had answered sign-in pages since then.
 */
async function badForTwoHours(page: Page, name: string): Promise<void> {
  await page.evaluate(async (calendarName) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('meeting-capture-calendars');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const store = () => db.transaction('calendars', 'readwrite').objectStore('calendars');
    const calendars = await new Promise<Array<{ name: string; badSince?: number }>>((resolve, reject) => {
      const read = store().get('calendars');
      read.onsuccess = () => resolve(read.result);
      read.onerror = () => reject(read.error);
    });
    const calendar = calendars.find((each) => each.name === calendarName);
    if (calendar?.badSince === undefined)
      throw new Error(`${calendarName}: no answer without a calendar yet`);
    calendar.badSince -= 2 * 60 * 60_000 + 60_000;
    await new Promise<void>((resolve, reject) => {
      const write = store().put(calendars, 'calendars');
      write.onsuccess = () => resolve();
      write.onerror = () => reject(write.error);
    });
    db.close();
  }, name);
}

for (const answer of [
  {
    what: 'a sign-in page (HTML, 200)',
    status: 200,
    type: 'text/html; charset=utf-8',
    body: '<!doctype html><html><head><title>Sign in</title></head><body><form action="/login"><input name="email"></form></body></html>',
  },
  { what: '401', status: 401, type: 'text/plain; charset=utf-8', body: 'Unauthorized' },
]) {
  test(`a feed that answers ${answer.what} for 2 hours: its meeting is held with "Send now", no bot by itself, one when sent anyway`, async ({
    context,
    extensionId,
    background,
    emulator,
  }) => {
    await background.signIn(emulator.url);
    const startsAt = startIn(LEAD_MS);
    const board = {
      uid: 'board',
      title: 'Board sync',
      link: 'https://meet.google.com/hel-dxxx-abc',
      startsAt,
    };
    // A control in another calendar and space, after it: proof that the dispatch has passed its start.
    const control = {
      uid: 'control',
      title: 'Standup',
      link: 'https://meet.google.com/con-trol-abc',
      startsAt: startsAt + 15_000,
    };
    feeds.set('/work.ics', feed('Work', [board]));
    feeds.set('/team.ics', feed('Team', [control]));
    await addFeed(background, `${feeds.url}/work.ics`, SEED.spaces.personal);
    await addFeed(background, `${feeds.url}/team.ics`, SEED.spaces.team);

    // The work feed now answers no calendar (its provider's sign-in page, a refusal), read by a sync.
    feeds.set('/work.ics', answer.body, answer.status, answer.type);
    expect((await background.send('calendars.sync', {})).ok).toBe(true);
    // Not two hours yet: still planned from the last good list.
    expect((await upcoming(background)).map((item) => [item.title, item.state])).toEqual([
      ['Board sync', 'planned'],
      ['Standup', 'planned'],
    ]);
    await badForTwoHours(await background.page(), 'Work');

    // Upcoming shows it held, with "Send now"; Options says the calendar's bots are held.
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${extensionId}/popup.html`);
    const held = popup.getByTestId('upcoming-item').filter({ hasText: 'Board sync' });
    await expect(held).toHaveAttribute('data-state', 'held');
    await expect(held).toContainText('Held: its calendar cannot be read');
    await expect(held.getByRole('button', { name: 'Send now' })).toBeVisible();
    const options = await context.newPage();
    await options.goto(`chrome-extension://${extensionId}/options.html`);
    await expect(
      options.getByTestId('calendar-item').filter({ hasText: /^Work/ }).getByTestId('calendar-held'),
    ).toContainText('Bots held');
    await options.close();

    // Past its start (the control is sent): no bot for it, still held.
    await expect
      .poll(async () => (await upcoming(background)).find((item) => item.title === 'Standup')?.state, {
        timeout: LEAD_MS + 15_000 + DISPATCH_SLACK_MS,
      })
      .toBe('sent');
    expect((await upcoming(background)).map((item) => [item.title, item.state])).toEqual([
      ['Board sync', 'held'],
      ['Standup', 'sent'],
    ]);
    expect((await emulator.counters()).botRequests).toBe(1);

    // One click sends it anyway.
    await popup.reload();
    await held.getByRole('button', { name: 'Send now' }).click();
    await expect.poll(async () => (await emulator.counters()).botRequests, { timeout: 30_000 }).toBe(2);
    await expect(held).toHaveAttribute('data-state', 'sent');
    await popup.close();
  });
}
