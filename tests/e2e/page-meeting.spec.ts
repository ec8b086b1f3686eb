import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import {
  controlTheme,
  counters,
  expect,
  expectNoControlOn,
  injectedHosts,
  pageKeys,
  serveHost,
  test,
} from './page-support';

const MEET = 'https://meet.google.com/abc-defg-hij';
const ZOOM_WEB_CLIENT = 'https://app.zoom.us/wc/81234567890/join?pwd=abc';
const ZOOM_JOIN = 'https://us02web.zoom.us/j/81234567890?pwd=abc';
const TELEMOST = 'https://telemost.yandex.ru/j/12345678901234';

const sendBot = (page: Page) => page.getByRole('button', { name: 'Send bot' });
const status = (page: Page) => page.locator('meeting-capture-send-bot').getByRole('status');

test.beforeEach(async ({ context }) => {
  await serveHost(context, 'https://meet.google.com', 'meet-call.html');
  await serveHost(context, 'https://meet.google.com.evil.test', 'meet-call.html');
  await serveHost(context, 'https://app.zoom.us', 'zoom-web-client.html');
  await serveHost(context, 'https://us02web.zoom.us', 'zoom-join.html');
  await serveHost(context, 'https://telemost.yandex.ru', 'telemost-call.html');
});

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not rendered');
  return found;
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test('"Send bot" is on Meet, the Zoom web client and join page, and Telemost, at the top, clear of the call controls', async ({
  context,
}) => {
  // The call's toolbar, once joined: Zoom and Telemost draw the call in a frame of the page.
  const pages: Array<[string, ((page: Page) => Promise<Locator>) | null]> = [
    [MEET, async (page) => page.locator('[data-testid="meet-toolbar"]')],
    [
      ZOOM_WEB_CLIENT,
      async (page) => {
        const frame = page.frameLocator('iframe#webclient');
        await frame.getByRole('button', { name: 'Join' }).click();
        return frame.locator('[data-testid="zoom-footer"]');
      },
    ],
    [ZOOM_JOIN, null],
    [
      TELEMOST,
      async (page) => {
        const frame = page.frameLocator('iframe[src*="/private-join/"]');
        await frame.getByRole('button', { name: 'Подключиться' }).click();
        return frame.locator('[data-testid="telemost-bar"]');
      },
    ],
  ];
  for (const [url, toolbar] of pages) {
    const page = await context.newPage();
    await page.goto(url);
    await expect(sendBot(page), url).toBeVisible();
    const control = await box(page.locator('meeting-capture-send-bot').locator('.mc-float'));
    const viewport = page.viewportSize()!;
    expect(control.y, url).toBeLessThan(viewport.height / 4);
    if (toolbar) expect(overlaps(control, await box(await toolbar(page))), url).toBe(false);
    // The shadow host takes no space: nothing of the page moves.
    const host = await page.locator('meeting-capture-send-bot').evaluate((element) => {
      const rect = element.getBoundingClientRect();
      return { width: rect.width, height: rect.height, position: getComputedStyle(element).position };
    });
    expect(host, url).toEqual({ width: 0, height: 0, position: 'fixed' });
    await page.close();
  }
});

test('matches the page: dark on Meet, no layout shift, no serious accessibility problem', async ({
  context,
}) => {
  const page = await context.newPage();
  await page.goto(MEET);
  await expect(sendBot(page)).toBeVisible();
  expect(await controlTheme(page, 'meeting-capture-send-bot')).toBe('dark');
  expect(await page.evaluate(() => (window as unknown as { __layoutShift: number }).__layoutShift)).toBe(0);
  const results = await new AxeBuilder({ page }).include('meeting-capture-send-bot').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => v.id)).toEqual([]);
});

test('no control on the Meet home page or on a lookalike host', async ({ context }) => {
  await context.route('https://meet.google.com/', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Google Meet</title><h1>Meet</h1>' }),
  );
  await expectNoControlOn(
    context,
    [
      'https://meet.google.com/',
      'https://meet.google.com.evil.test/abc-defg-hij',
      'https://meet.google.com/landing',
    ],
    { url: MEET, control: sendBot },
  );
});

test('a click sends one bot, a double click too', async ({ context, emulator, openSignedIn }) => {
  const page = await openSignedIn(MEET);
  await expect(page.getByRole('combobox', { name: 'Space' })).toHaveValue('1');
  await sendBot(page).dblclick();
  await expect(status(page)).toContainText('Bot sent to the meeting (space “Personal”)');
  await expect(sendBot(page)).toBeEnabled();
  expect((await counters(emulator)).botRequests).toBe(1);

  // A second meeting, another space: one click, one more bot.
  const zoom = await context.newPage();
  await zoom.goto(ZOOM_WEB_CLIENT);
  await zoom.getByRole('combobox', { name: 'Space' }).selectOption('2');
  await sendBot(zoom).click();
  await expect(status(zoom)).toContainText('Bot sent to the meeting (space “Team”)');
  await expect(sendBot(zoom)).toBeEnabled();
  const after = await counters(emulator);
  expect(after.botRequests).toBe(2);
});

test('code 4 says how little is left; code 5 says a bot is already in a meeting of the space', async ({
  context,
  emulator,
  openSignedIn,
}) => {
  const page = await openSignedIn(MEET);
  const picker = page.getByRole('combobox', { name: 'Space' });
  await picker.selectOption('4');
  await sendBot(page).click();
  await expect(status(page)).toContainText('Not enough minutes in “Almost empty”: 2 min left');
  expect((await counters(emulator)).botRequests).toBe(0);

  await picker.selectOption('1');
  await expect(sendBot(page)).toBeEnabled();
  await sendBot(page).click();
  await expect(status(page)).toContainText('Bot sent to the meeting (space “Personal”)');
  await expect(sendBot(page)).toBeEnabled();
  // The same meeting again: the background keeps the one bot it has; nothing is sent twice.
  await sendBot(page).click();
  await expect(status(page)).toContainText('The bot was already sent to this meeting (space “Personal”)');
  expect((await counters(emulator)).botRequests).toBe(1);

  // Another meeting in the same space while the first is on: the service answers code 5.
  const zoom = await context.newPage();
  await zoom.goto(ZOOM_WEB_CLIENT);
  await sendBot(zoom).click();
  await expect(status(zoom)).toContainText('A bot is already in a meeting of space “Personal”');
  expect((await counters(emulator)).botRequests).toBe(1);
});

test('signed out: the control says to sign in from the popup', async ({ context, emulator }) => {
  const page = await context.newPage();
  await page.goto(TELEMOST);
  await sendBot(page).click();
  await expect(status(page)).toContainText('You are signed out. Open the Meeting Capture popup');
  expect((await counters(emulator)).botRequests).toBe(0);
});

test('works from the keyboard, with a visible focus, and keys pressed in it do not reach the page', async ({
  emulator,
  openSignedIn,
}) => {
  const page = await openSignedIn(MEET);
  await page.getByRole('combobox', { name: 'Space' }).focus();
  await page.keyboard.press('Tab');
  await expect(sendBot(page)).toBeFocused();
  const outline = await sendBot(page).evaluate((button) => getComputedStyle(button).outlineStyle);
  expect(outline).not.toBe('none');

  // Meet's single-key and ctrl shortcuts must not fire while the person is in our control.
  for (const key of ['k', 'd', 'Control+d', 'Escape', 'ArrowDown']) await page.keyboard.press(key);
  await page.keyboard.press('Enter');
  await expect(status(page)).toContainText('Bot sent');
  expect((await counters(emulator)).botRequests).toBe(1);

  // "Record here" comes next, then the control's own buttons.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Record here' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Collapse' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Show Meeting Capture' })).toBeFocused();
  await expect(sendBot(page)).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(sendBot(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Collapse' })).toBeFocused();
  expect(await pageKeys(page)).toEqual([]);

  // The page's listener does work: the same key pressed on the page reaches it.
  await page.locator('.stage').click();
  await page.keyboard.press('k');
  expect(await pageKeys(page)).toEqual(['k']);
});

test('speaks Russian when the extension is set to Russian', async ({ context, extensionMessage, signIn }) => {
  await signIn();
  expect((await extensionMessage('settings.set', { language: 'ru' })).ok).toBe(true);
  const page = await context.newPage();
  await page.goto(TELEMOST);
  await expect(page.getByRole('button', { name: 'Отправить бота' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Пространство' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Скрыть на этом сайте' })).toBeVisible();
});

test('"Hide on this site" hides it on that host until the options show it again', async ({
  context,
  extensionMessage,
  openSignedIn,
}) => {
  const page = await openSignedIn(MEET);
  await page.getByRole('button', { name: 'Hide on this site' }).click();
  await expect(page.getByRole('status')).toContainText('Hidden on meet.google.com');
  await expect(sendBot(page)).toHaveCount(0);
  await expect(injectedHosts(page)).toHaveCount(0);
  const settings = await extensionMessage<{ hiddenOnSites: string[] }>('settings.get', {});
  expect(settings.data?.hiddenOnSites).toEqual(['meet.google.com']);

  await page.reload();
  await expectNoControlOn(context, [MEET], { url: TELEMOST, control: sendBot });

  // Un-hidden in the options: the control comes back on the open tab when the person returns to
  // it (the tab becomes visible again), without a reload. Content scripts cannot watch the
  // settings (storage is closed to them); they ask the background again then.
  expect((await extensionMessage('settings.set', { hiddenOnSites: [] })).ok).toBe(true);
  await page.bringToFront();
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(sendBot(page)).toBeVisible();
});

test('Meet moves to another meeting without a reload (history.pushState): the control sends the bot to the meeting in the address bar', async ({
  emulator,
  extensionMessage,
  openSignedIn,
}) => {
  const page = await openSignedIn(MEET);
  await expect(sendBot(page)).toBeVisible();
  // Meet is a single-page app: the next meeting comes by pushState, the document stays.
  await page.evaluate(() => history.pushState({}, '', '/xyz-wxyz-xyz?authuser=0'));
  await expect(page).toHaveURL('https://meet.google.com/xyz-wxyz-xyz?authuser=0');
  await expect(injectedHosts(page)).toHaveCount(1);
  await expect(sendBot(page)).toBeVisible();
  await sendBot(page).click();
  await expect(status(page)).toContainText('Bot sent to the meeting (space “Personal”)');
  expect((await counters(emulator)).botRequests).toBe(1);
  const jobs = await extensionMessage<Array<{ intent: string; sourceUrl?: string }>>('jobs.list', {});
  expect(jobs.ok).toBe(true);
  expect(jobs.data?.filter((job) => job.intent === 'bot').map((job) => job.sourceUrl)).toEqual([
    'https://meet.google.com/xyz-wxyz-xyz',
  ]);
});

test('Meet moves by its own navigation, then cancels it: the control stays with the meeting shown', async ({
  emulator,
  extensionMessage,
  openSignedIn,
}) => {
  const page = await openSignedIn(MEET);
  await expect(sendBot(page)).toBeVisible();
  // A link to another meeting whose navigation the page cancels (as a "Leave the call?" prompt
  // answered with Stay does): the tab still shows the first meeting.
  await page.evaluate(() => {
    const { navigation } = globalThis as unknown as { navigation: EventTarget };
    navigation.addEventListener('navigate', (event) => event.preventDefault(), { once: true });
    const link = document.createElement('a');
    link.href = '/xyz-wxyz-xyz';
    link.textContent = 'Next meeting';
    document.body.append(link);
    link.click();
  });
  await expect(page).toHaveURL(MEET);
  await sendBot(page).click();
  await expect(status(page)).toContainText('Bot sent to the meeting (space “Personal”)');
  expect((await counters(emulator)).botRequests).toBe(1);
  const jobs = await extensionMessage<Array<{ intent: string; sourceUrl?: string }>>('jobs.list', {});
  expect(jobs.data?.filter((job) => job.intent === 'bot').map((job) => job.sourceUrl)).toEqual([MEET]);
});

test('Meet moves through its home page, by replaceState, and twice in a row: the control acts for the meeting shown', async ({
  emulator,
  extensionMessage,
  openSignedIn,
}) => {
  const page = await openSignedIn(MEET);
  await expect(sendBot(page)).toBeVisible();
  // Through the home page: no control there, one again on the next meeting.
  await page.evaluate(() => history.pushState({}, '', '/landing'));
  await expect(injectedHosts(page)).toHaveCount(0);
  await page.evaluate(() => history.pushState({}, '', '/xyz-wxyz-xyz'));
  await sendBot(page).click();
  await expect(status(page)).toContainText('Bot sent to the meeting');
  // replaceState, then two moves before the control's first message is answered.
  await page.evaluate(() => history.replaceState({}, '', '/bcd-efgh-ijk'));
  await expect(status(page)).toHaveText('');
  await page.evaluate(() => {
    history.pushState({}, '', '/cde-fghi-jkl');
    history.pushState({}, '', '/def-ghij-klm');
  });
  await expect(page).toHaveURL('https://meet.google.com/def-ghij-klm');
  // One bot per space at a time: this one goes to Team.
  await page.getByRole('combobox', { name: 'Space' }).selectOption('2');
  await sendBot(page).click();
  await expect(status(page)).toContainText('Bot sent to the meeting (space “Team”)');
  expect((await counters(emulator)).botRequests).toBe(2);
  const jobs = await extensionMessage<Array<{ intent: string; sourceUrl?: string }>>('jobs.list', {});
  expect(
    jobs.data
      ?.filter((job) => job.intent === 'bot')
      .map((job) => job.sourceUrl)
      .sort(),
  ).toEqual(['https://meet.google.com/def-ghij-klm', 'https://meet.google.com/xyz-wxyz-xyz']);
});
