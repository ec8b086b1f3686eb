/**
 * "Send the bot when I open a meeting tab" end to end: a Meet tab shows the countdown with Cancel,
 * the background sends the bot once after the cancel window (the emulator's counters), with the
 * service worker stopped during the countdown; a reload and a second tab of the meeting send
 * nothing more; Cancel (pressed from the keyboard) sends nothing; a meeting tab another page opens
 * behind itself (a pop-under) counts nothing and sends nothing until the user looks at it.
 */
import type { Page } from '@playwright/test';
import { expect, openMeetingPage, test } from './background-fixtures';
import { serveHost } from './page-support';

const MEETING = 'https://meet.google.com/tab-rule-one';
const OTHER_MEETING = 'https://meet.google.com/tab-rule-two';
const POP_UNDER_MEETING = 'https://meet.google.com/tab-rule-pop';

test.describe.configure({ timeout: 120_000 });

const control = (page: Page) => page.locator('meeting-capture-send-bot');
const timer = (page: Page) => control(page).getByRole('timer');
const status = (page: Page) => control(page).getByRole('status');

test.beforeEach(async ({ context, background, emulator }) => {
  await serveHost(context, 'https://meet.google.com', 'meet-call.html');
  await background.signIn(emulator.url);
});

test('off by default: opening a meeting tab shows no countdown and sends nothing', async ({
  context,
  emulator,
}) => {
  const page = await context.newPage();
  await page.goto(MEETING);
  await expect(control(page).getByRole('button', { name: 'Send bot' })).toBeVisible();
  // The control asked and was told "off" before it could show anything more.
  await page.waitForTimeout(1500);
  await expect(timer(page)).toBeHidden();
  await expect(status(page)).toHaveText('');
  expect((await emulator.counters()).botRequests).toBe(0);
});

test('on: the countdown runs on the page, the bot is sent once after it, across a worker stop, a reload and a second tab', async ({
  context,
  extensionId,
  background,
  emulator,
  monitor,
}) => {
  // A worker stop and its alarm's restart within: longer than one default test on a loaded machine.
  test.setTimeout(120_000);
  // Switched on in the options page, as a person does.
  const options = await context.newPage();
  await options.goto(`chrome-extension://${extensionId}/options.html`);
  const toggle = options.getByRole('checkbox', { name: 'Send the bot when I open a meeting tab' });
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  await expect
    .poll(
      async () =>
        ((await background.send('settings.get', {})) as { data: { autoJoinTabs: boolean } }).data
          .autoJoinTabs,
    )
    .toBe(true);
  await options.close();
  await background.closePage();

  const page = await context.newPage();
  await page.goto(MEETING);
  await expect(timer(page)).toHaveText(/^Bot joins this meeting in (10|9|8|7) s$/);
  await expect(status(page)).toHaveText(
    'The bot will be sent to this meeting in 10 seconds. Press Cancel to stop it.',
  );
  await expect(control(page).getByRole('button', { name: 'Cancel' })).toBeVisible();
  expect((await emulator.counters()).botRequests).toBe(0);

  // A second tab of the same meeting joins the same countdown.
  const second = await context.newPage();
  await second.goto(MEETING);
  await expect(timer(second)).toBeVisible();

  // Every variable and timer of the worker is lost: the stored deadline and its alarm remain.
  // (The alarm restarts the worker at the deadline; a loaded machine took more than 30 s to
  // start it and send, so the wait is a minute: the test is that it comes, once.)
  await monitor.stop();
  await expect.poll(async () => (await emulator.counters()).botRequests, { timeout: 60_000 }).toBe(1);
  // Each tab of the meeting says so once a person looks at it. (The first tab, behind the second,
  // may have left the countdown as nobody looked at it: it asks again when looked at.)
  for (const tab of [second, page]) {
    await tab.bringToFront();
    await expect(status(tab)).toHaveText(/^Bot sent to the meeting/, { timeout: 30_000 });
    await expect(timer(tab)).toBeHidden();
  }
  expect((await emulator.counters()).botRequests).toBe(1);

  // A reload of the tab: no new countdown, the same bot.
  await page.reload();
  await expect(status(page)).toHaveText(/^Bot sent to the meeting/);
  await expect(timer(page)).toBeHidden();
  expect((await emulator.counters()).botRequests).toBe(1);
  const jobs = await background.send('jobs.list', {});
  expect(
    jobs.ok && (jobs.data as Array<{ intent: string }>).filter((job) => job.intent === 'bot'),
  ).toHaveLength(1);
});

test('Cancel, from the keyboard: no bot, also after the window and after a reload', async ({
  context,
  background,
  emulator,
}) => {
  await background.send('settings.set', { autoJoinTabs: true });
  await background.closePage();

  const page = await context.newPage();
  await page.goto(OTHER_MEETING);
  await expect(timer(page)).toBeVisible();
  const cancel = control(page).getByRole('button', { name: 'Cancel' });
  // Reached with Tab like any control of the bar, pressed with Enter.
  await cancel.focus();
  await expect(cancel).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(status(page)).toHaveText('Cancelled: no bot is sent to this meeting.');
  await expect(timer(page)).toBeHidden();

  // Past the background's deadline (10 s from the first question).
  await page.waitForTimeout(12_000);
  expect((await emulator.counters()).botRequests).toBe(0);
  await page.reload();
  await expect(status(page)).toHaveText('Cancelled: no bot is sent to this meeting.');
  await expect(timer(page)).toBeHidden();
  expect((await emulator.counters()).botRequests).toBe(0);
});

test('the content script cannot hurry the bot: asking again and again before the deadline sends nothing', async ({
  context,
  background,
  emulator,
}) => {
  await background.send('settings.set', { autoJoinTabs: true });
  await background.closePage();
  const meeting = await openMeetingPage(context, OTHER_MEETING);
  const ask = () =>
    meeting.inContentScript<{ ok: boolean; data: { state: string; remainingMs?: number } }>(
      `chrome.runtime.sendMessage({ channel: 'meeting-capture', type: 'page.autoJoin', payload: { looking: true } })`,
    );
  const first = await ask();
  expect(first.data.state).toBe('counting');
  for (let i = 0; i < 5; i += 1) {
    const again = await ask();
    expect(again.data.state).toBe('counting');
    expect(again.data.remainingMs).toBeLessThanOrEqual(first.data.remainingMs!);
  }
  expect((await emulator.counters()).botRequests).toBe(0);
  // The background's deadline, not the page, ends it: one bot.
  await expect.poll(async () => (await emulator.counters()).botRequests, { timeout: 30_000 }).toBe(1);
  expect((await ask()).data.state).toBe('sent');
  expect((await emulator.counters()).botRequests).toBe(1);
});

test('a meeting tab opened by another page behind itself (pop-under) sends nothing; looked at, it counts down', async ({
  context,
  background,
  emulator,
}) => {
  await background.send('settings.set', { autoJoinTabs: true });
  await background.closePage();
  await serveHost(context, 'https://news.example', 'outlook.html');
  const site = await context.newPage();
  await site.goto('https://news.example/article');
  // The site turns a click anywhere into a meeting link that opens behind it (a background tab).
  await site.evaluate((url) => {
    const link = document.createElement('a');
    link.href = url;
    link.target = '_blank';
    link.textContent = 'Read more';
    link.style.cssText = 'position:fixed;inset:0;z-index:2147483647;opacity:0';
    document.body.append(link);
  }, POP_UNDER_MEETING);
  const [popUnder] = await Promise.all([
    context.waitForEvent('page'),
    site.getByRole('link', { name: 'Read more' }).click({ modifiers: ['ControlOrMeta'] }),
  ]);
  // A tab opened behind may load before the test's routes reach it: it loads the meeting again,
  // still behind (goto does not bring a tab to the front).
  await popUnder.goto(POP_UNDER_MEETING);
  await expect(control(popUnder).getByRole('button', { name: 'Send bot' })).toBeAttached();
  // Well past the cancel window: no countdown ran in the tab behind, and nothing was sent.
  await site.waitForTimeout(15_000);
  await expect(timer(popUnder)).toBeHidden();
  expect((await emulator.counters()).botRequests).toBe(0);

  // The user goes to the tab: now it counts down, with Cancel, the whole window.
  await popUnder.bringToFront();
  await popUnder.reload();
  await expect(timer(popUnder)).toHaveText(/^Bot joins this meeting in (10|9|8|7) s$/);
  await control(popUnder).getByRole('button', { name: 'Cancel' }).click();
  await expect(status(popUnder)).toHaveText('Cancelled: no bot is sent to this meeting.');
  expect((await emulator.counters()).botRequests).toBe(0);
});
