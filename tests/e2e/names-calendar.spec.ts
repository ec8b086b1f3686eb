/**
 * The calendar event's attendees offered as names, end to end: a feed served by the test (node:http
 * on 127.0.0.1) holds a Meet meeting running now whose attendees are named (`ATTENDEE;CN=`, one
 * quoted with a comma, one markup, a room, one declined, one whose CN is only the address). Added,
 * the calendar sends the bot ("Send now": a meeting that began before its calendar was added gets
 * none by itself). The meeting ends and is processed on the emulator's clock
 * (no wait), diarized from a schedule so every voice is `SPEAKER_<nn>`. No meeting page was ever
 * open, so there is no page timeline: the viewer's speakers tab offers the event's people under each
 * rename, never a room, a decline or an address, markup as text. One picked and saved names the
 * voice in the speakers tab and the transcript.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Answer, expect, SEED, test } from './background-fixtures';
import { ViewerPage } from './pages/viewer';
import { seriousViolations } from './ui-fixtures';

test.describe.configure({ timeout: 180_000 });

const ME = SEED.users.demo.email;
const MEET = 'https://meet.google.com/abc-defg-hij';
/** The emulator's processing delay (background-fixtures), and a second more. */
const PROCESSING_DONE = 60 * 60_000 + 1_000;
const MARKUP = '<img src=x onerror=alert(1)>';

/** 20261102T090000Z */
function utc(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** One meeting that began a minute ago and lasts half an hour, its people named as Google and Outlook name them. */
function feed(startsAt: number): string {
  return `${[
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Meeting Capture//e2e feeds//EN',
    'X-WR-CALNAME:Work',
    'BEGIN:VEVENT',
    'UID:review@feeds.example',
    'DTSTAMP:20260101T000000Z',
    `DTSTART:${utc(startsAt)}`,
    `DTEND:${utc(startsAt + 30 * 60_000)}`,
    'SUMMARY:Quarterly review',
    `ORGANIZER;CN=${ME}:mailto:${ME}`,
    'ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;CN="Petrova, Anna":mailto:anna@example.com',
    'ATTENDEE;PARTSTAT=ACCEPTED;CN=Tom Becker:mailto:tom@example.com',
    `ATTENDEE;CN="${MARKUP}":mailto:x@example.com`,
    'ATTENDEE;CUTYPE=RESOURCE;CN=Room 4.01 (8):mailto:room@resource.example.com',
    'ATTENDEE;PARTSTAT=DECLINED;CN=Declined Person:mailto:declined@example.com',
    'ATTENDEE;CN=chen@example.com:mailto:chen@example.com',
    `LOCATION:${MEET}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n')}\r\n`;
}

let server: Server;
let feedUrl: string;
test.beforeEach(async () => {
  const body = feed(Math.floor((Date.now() - 60_000) / 1000) * 1000);
  server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/calendar; charset=utf-8', 'Cache-Control': 'no-cache' });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/work.ics`;
});
test.afterEach(async () => {
  await new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
});

interface ListedJob {
  id: string;
  intent: string;
  phase: string;
  spaceId: number;
  audioId?: number;
}

test('a calendar event’s attendees are offered under the rename of every SPEAKER_<nn> of its bot’s result; one picked names the voice', async ({
  context,
  extensionId,
  background,
  emulator,
}) => {
  await background.signIn(emulator.url);
  const added = await background.send('calendars.add', { address: feedUrl });
  expect(added.ok).toBe(true);
  // It began before the calendar was added, so no rule sends it: "Send now" does, through the
  // calendar's own dispatch (the occurrence and its record).
  const upcoming = (await background.send('upcoming.list', {})) as Extract<Answer, { ok: true }>;
  const item = (upcoming.data.items as Array<{ key: string; title: string }>).find(
    (one) => one.title === 'Quarterly review',
  )!;
  const sent = (await background.send('upcoming.sendNow', { key: item.key })) as Extract<
    Answer,
    { ok: true }
  >;
  expect(sent.data).toMatchObject({ state: 'sent' });
  const jobs = async () =>
    ((await background.send('jobs.list', {})) as Extract<Answer, { ok: true }>).data as ListedJob[];
  await expect.poll(async () => (await jobs()).filter((job) => job.intent === 'bot').length).toBe(1);
  expect((await emulator.counters()).botRequests).toBe(1);

  // The meeting ends; its recording is diarized from a schedule (every voice SPEAKER_<nn>) and
  // processed on the emulator's clock.
  const { recordings } = (await emulator.control('POST', '/meetings/end', {})) as { recordings: number[] };
  expect(recordings).toHaveLength(1);
  await emulator.control('POST', `/recordings/${recordings[0]}/speakers`, {
    speakers: [
      { name: 'Anna Petrova', turns: [[1, 20]] },
      { name: 'Tom Becker', turns: [[21, 40]] },
    ],
    seed: 3,
  });
  await emulator.advance(PROCESSING_DONE);
  await expect
    .poll(async () => (await jobs()).find((job) => job.intent === 'bot')?.phase, { timeout: 90_000 })
    .toBe('ready');
  const job = (await jobs()).find((one) => one.intent === 'bot')!;
  expect(job.audioId).toBe(recordings[0]);

  const viewer = new ViewerPage(await context.newPage(), extensionId);
  await viewer.open(job.spaceId, job.audioId!, 'speakers');
  const main = viewer.page.getByRole('main');
  await expect(main).toContainText('Speaker 1', { timeout: 30_000 });
  // No page timeline: nothing is suggested as a name, only offered.
  await expect(viewer.page.getByTestId('page-names')).toBeHidden();
  await viewer.page.getByRole('button', { name: 'Rename Speaker 1' }).click();
  const choices = viewer.page.getByRole('group', { name: 'From the calendar event:' });
  await expect(choices.getByRole('button')).toHaveText(['Petrova, Anna', 'Tom Becker', MARKUP]);
  // Markup is a name's text, never an element.
  expect(await main.locator('img').count()).toBe(0);
  for (const colorScheme of ['light', 'dark'] as const) {
    await viewer.page.emulateMedia({ colorScheme });
    expect(await seriousViolations(viewer.page), colorScheme).toEqual([]);
  }

  await choices.getByRole('button', { name: 'Tom Becker' }).click();
  const field = viewer.page.getByRole('textbox', { name: 'Name of Speaker 1' });
  await expect(field).toHaveValue('Tom Becker');
  await expect(field).toBeFocused();
  await viewer.page.keyboard.press('Enter');
  await expect(choices).toBeHidden();
  await expect(main.getByRole('row').filter({ hasText: 'Tom Becker' })).toHaveCount(1);
  // The other voice is still offered the event's people; the one given stays offered too.
  await viewer.page
    .getByRole('button', { name: /^Rename Speaker [02]$/ })
    .first()
    .click();
  await expect(viewer.page.getByRole('group', { name: 'From the calendar event:' })).toBeVisible();
  await viewer.page.keyboard.press('Escape');

  await viewer.tab('Transcript').click();
  await expect(viewer.utterances.filter({ hasText: 'Tom Becker' }).first()).toBeVisible();
});
