import type { Page } from '@playwright/test';
import { counters, expect, injectedHosts, serveHost, test } from './page-support';

const GOOGLE = 'https://calendar.google.com/calendar/u/0/r/week';
const YANDEX = 'https://calendar.yandex.ru/week';
const OUTLOOK_WEEK = 'https://outlook.office.com/calendar/view/week';

const panel = (page: Page) => page.getByRole('region', { name: 'Meeting links in this event' });
const group = (page: Page, link: RegExp) => panel(page).getByRole('group', { name: link });

test.beforeEach(async ({ context }) => {
  await serveHost(context, 'https://calendar.google.com', 'google-calendar.html');
  await serveHost(context, 'https://calendar.google.com.evil.test', 'google-calendar.html');
  await serveHost(context, 'https://calendar.yandex.ru', 'yandex-calendar.html');
  await serveHost(context, 'https://outlook.office.com', 'outlook.html');
});

test('Google Calendar: a "Send bot" beside each distinct link of the open event, and "Send at start"', async ({
  emulator,
  openSignedIn,
}) => {
  const page = await openSignedIn(GOOGLE);
  await page.getByRole('button', { name: '10am Weekly sync' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();

  // Anchor, redirect-wrapped anchor and plain text; the Meet link shown twice counts once; the
  // lookalike in the description is no meeting.
  await expect(panel(page).getByRole('group')).toHaveCount(3);
  await expect(panel(page).getByRole('group')).toHaveText([
    /Google Meet: meet\.google\.com\/abc-defg-hij/,
    /Zoom: us02web\.zoom\.us\/j\/81234567890\?pwd=abc/,
    /Telemost: telemost\.yandex\.ru\/j\/12345678901234/,
  ]);
  const meet = group(page, /abc-defg-hij/);
  await expect(meet.getByRole('button', { name: 'Send bot' })).toBeVisible();
  await expect(meet.getByRole('button', { name: /^Send at start \(.+10:00\)$/ })).toBeVisible();

  // Beside the dialog, not over it.
  const [dialogBox, panelBox] = [await dialog.boundingBox(), await panel(page).boundingBox()];
  expect(
    panelBox!.x >= dialogBox!.x + dialogBox!.width || panelBox!.x + panelBox!.width <= dialogBox!.x,
  ).toBe(true);

  // A double click sends one bot; the press in our panel is not a press outside the dialog.
  await meet.getByRole('button', { name: 'Send bot' }).dblclick();
  await expect(meet.getByRole('status')).toContainText('Bot sent to the meeting (space “Personal”)');
  await expect(dialog).toBeVisible();
  expect((await counters(emulator)).botRequests).toBe(1);

  // Escape typed in our panel stays there; the calendar's Escape closes its dialog, and the panel goes.
  await group(page, /telemost/)
    .getByRole('button', { name: 'Send bot' })
    .focus();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await page.locator('header').click();
  await expect(dialog).toHaveCount(0);
  // The panel stays a few seconds after its last answer (a click in it may have closed the
  // dialog), then goes with everything it mounted.
  await expect(meet.getByRole('status')).toContainText('Bot sent');
  await expect(panel(page)).toHaveCount(0, { timeout: 30_000 });
  await expect(injectedHosts(page)).toHaveCount(0);
});

test('Google Calendar: "Send at start" schedules the bot at the start read from the event', async ({
  extensionMessage,
  openSignedIn,
}) => {
  const page = await openSignedIn(GOOGLE);
  await page.getByRole('button', { name: '10am Weekly sync' }).click();
  const telemost = group(page, /telemost/);
  await telemost.getByRole('button', { name: /^Send at start/ }).click();
  await expect(telemost.getByRole('status')).toContainText(
    /^The bot will be sent at .+10:00 \(space “Personal”\)/,
  );
  const schedules = await extensionMessage<Array<{ link: string; startsAt: number; title?: string }>>(
    'schedules.list',
    {},
  );
  expect(schedules.data).toEqual([
    expect.objectContaining({ link: 'https://telemost.yandex.ru/j/12345678901234', title: 'Weekly sync' }),
  ]);
  const startsAt = new Date(schedules.data![0]!.startsAt);
  expect([startsAt.getHours(), startsAt.getMinutes()]).toEqual([10, 0]);
  expect(startsAt.getTime()).toBeGreaterThan(Date.now());
});

test('Google Calendar: an event without links has no panel; one without a time asks for the start', async ({
  openSignedIn,
}) => {
  const page = await openSignedIn(GOOGLE);
  await page.getByRole('button', { name: '12pm Lunch' }).click();
  await expect(page.getByRole('dialog')).toContainText('Canteen');
  await page.getByRole('button', { name: 'Planning offsite' }).click();
  await expect(page.getByRole('dialog')).toContainText('All day');
  // The offsite's panel shows once the lunch (no links) has been looked at and found empty.
  const zoom = group(page, /zoom\.us\/j\/85551234567/);
  await expect(panel(page)).toHaveCount(1);
  await zoom.getByRole('button', { name: 'Send at start…' }).click();
  const start = zoom.getByLabel('Meeting start');
  await expect(start).toBeFocused();
  const tomorrow = new Date(Date.now() + 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  await start.fill(
    `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}T09:30`,
  );
  await zoom.getByRole('button', { name: 'Schedule' }).click();
  await expect(zoom.getByRole('status')).toContainText(/The bot will be sent at .+09:30/);
});

test('Yandex Calendar: the start comes from the event’s <time> element', async ({ openSignedIn }) => {
  const page = await openSignedIn(YANDEX);
  await page.getByRole('button', { name: '15:00 Планёрка' }).click();
  const telemost = group(page, /telemost\.yandex\.ru\/j\/12345678901234/);
  await expect(telemost.getByRole('button', { name: 'Send bot' })).toBeVisible();
  await expect(telemost.getByRole('button', { name: /^Send at start \(.+15:00\)$/ })).toBeVisible();
});

test('Outlook: the event pane of a started meeting offers "Send bot" only; mail gets no panel', async ({
  emulator,
  openSignedIn,
}) => {
  const page = await openSignedIn(OUTLOOK_WEEK);
  await page.getByRole('button', { name: 'Design review' }).click();
  await expect(page).toHaveURL(/\/calendar\/item\//);
  const zoom = group(page, /us06web\.zoom\.us\/j\/88395547586\?pwd=Q1w2E3/);
  await expect(zoom.getByRole('button', { name: 'Send bot' })).toBeVisible();
  await expect(zoom.getByRole('button', { name: /Send at start/ })).toHaveCount(0);
  await zoom.getByRole('button', { name: 'Send bot' }).click();
  await expect(zoom.getByRole('status')).toContainText('Bot sent');
  expect((await counters(emulator)).botRequests).toBe(1);

  // To the mailbox (same app, no reload): its invitation is not a calendar event.
  await page.getByRole('link', { name: 'Mail' }).click();
  await expect(page.getByRole('heading', { name: 'Invitation: Vendor call' })).toBeVisible();
  await expect(panel(page)).toHaveCount(0);
  await expect(injectedHosts(page)).toHaveCount(0);

  // Back to the calendar: an event with no date to read asks for the start.
  await page.getByRole('link', { name: 'Calendar' }).click();
  await page.getByRole('button', { name: 'Retrospective' }).click();
  await expect(group(page, /xyz-abcd-efg/).getByRole('button', { name: 'Send at start…' })).toBeVisible();
});

test('no panel on a lookalike calendar host', async ({ context }) => {
  const lookalike = await context.newPage();
  await lookalike.goto('https://calendar.google.com.evil.test/calendar/u/0/r/week');
  await lookalike.getByRole('button', { name: '10am Weekly sync' }).click();
  await expect(lookalike.getByRole('dialog')).toBeVisible();
  const witness = await context.newPage();
  await witness.goto(GOOGLE);
  await witness.getByRole('button', { name: '10am Weekly sync' }).click();
  await expect(panel(witness)).toBeVisible();
  await expect(injectedHosts(lookalike)).toHaveCount(0);
});

test('Google Calendar: the panel names the space its bots go to, and another is one choice away', async ({
  emulator,
  openSignedIn,
}) => {
  const page = await openSignedIn(GOOGLE);
  await page.getByRole('button', { name: '10am Weekly sync' }).click();
  const space = panel(page).getByRole('combobox', { name: 'Space' });
  await expect(space).toBeVisible();
  await expect(space.locator('option:checked')).toHaveText('Personal — 10 h 00 min left');
  await space.selectOption('2');
  await group(page, /abc-defg-hij/)
    .getByRole('button', { name: 'Send bot' })
    .click();
  await expect(group(page, /abc-defg-hij/).getByRole('status')).toContainText(
    'Bot sent to the meeting (space “Team”)',
  );
  expect((await counters(emulator)).botRequests).toBe(1);
});
