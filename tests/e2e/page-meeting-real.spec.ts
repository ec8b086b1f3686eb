/**
 * Meeting pages as they are (tests/fixtures/pages, rebuilt from public sources named in each
 * file's header): Meet as one single-page app from /landing through the code's address, the
 * pre-join screen, the call and "You left the meeting"; Zoom's app web client drawing the meeting
 * in `iframe#webclient`; Telemost 3.0 drawing it in a `/private-join/<id>` frame, on both its
 * hosts. One control, in the top document, for the meeting shown; none inside the frames; Send bot
 * sends one bot to that meeting.
 */
import type { Frame, Page } from '@playwright/test';
import { expect, expectOneBotTo, injectedHosts, serveHost, test } from './page-support';

const MEET_HOME = 'https://meet.google.com/landing';
const MEET = 'https://meet.google.com/abc-defg-hij';
const ZOOM = 'https://app.zoom.us/wc/81234567890/join?pwd=abc&fromPWA=1';
const TELEMOST_HOSTS = ['https://telemost.yandex.ru', 'https://telemost.360.yandex.ru'];
const TELEMOST_ID = '12345678901234';

const sendBot = (page: Page) => page.getByRole('button', { name: /^(Send bot|Отправить бота)$/ });
const status = (page: Page) => page.locator('meeting-capture-send-bot').getByRole('status');

test.beforeEach(async ({ context }) => {
  await serveHost(context, 'https://meet.google.com', 'meet-call.html');
  await serveHost(context, 'https://app.zoom.us', 'zoom-web-client.html');
  for (const origin of TELEMOST_HOSTS) await serveHost(context, origin, 'telemost-call.html');
});

/** Our shadow hosts inside a frame of the page (none: the control is the top document's). */
function hostsIn(frame: Frame): Promise<number> {
  return frame.evaluate(() => document.querySelectorAll('[data-meeting-capture]').length);
}

/** The page's frames but the top one, once the call's frame has loaded. */
async function callFrame(page: Page, path: RegExp): Promise<Frame> {
  const find = () =>
    page.frames().find((frame) => frame !== page.mainFrame() && path.test(new URL(frame.url()).pathname));
  await expect.poll(() => find() !== undefined).toBe(true);
  const frame = find()!;
  await frame.waitForLoadState('load');
  return frame;
}

test('Meet: no control on /landing; one, for the meeting, from the code’s address through the pre-join screen, the call and “You left the meeting”', async ({
  context,
  emulator,
  extensionMessage,
  signIn,
}) => {
  await signIn();
  const page = await context.newPage();
  await page.goto(MEET_HOME);
  await expect(page.getByRole('heading', { name: 'Video calls and meetings for everyone' })).toBeVisible();
  // A witness tab at a meeting's address: once its control is there, the home tab's script ran.
  const witness = await context.newPage();
  await witness.goto('https://meet.google.com/xyz-wxyz-xyz');
  await expect(sendBot(witness)).toBeVisible();
  await witness.close();
  await expect(injectedHosts(page)).toHaveCount(0);

  // "Join" moves the single-page app to the code's address without a reload.
  await page.bringToFront();
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
  await page.getByRole('link', { name: 'Join' }).click();
  await expect(page).toHaveURL(MEET);
  await expect(page.getByRole('heading', { name: 'Ready to join?' })).toBeVisible();
  await expect(sendBot(page)).toBeVisible();
  await expect(injectedHosts(page)).toHaveCount(1);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(
    true,
  );

  await page.getByRole('button', { name: 'Join now' }).click();
  await expect(page.locator('[data-participant-id]')).toHaveCount(6);
  await expect(injectedHosts(page)).toHaveCount(1);

  await page.getByRole('button', { name: 'Leave call' }).click();
  await expect(page.getByRole('heading', { name: 'You left the meeting' })).toBeVisible();
  await expect(page).toHaveURL(MEET);
  await expect(injectedHosts(page)).toHaveCount(1);

  // The control is for this meeting: its bot goes to abc-defg-hij, once.
  await sendBot(page).click();
  await expect(status(page)).toContainText('Bot sent to the meeting');
  await expectOneBotTo(emulator, extensionMessage, MEET);

  // "Return to home screen": /landing again, and the control goes.
  await page.getByRole('button', { name: 'Return to home screen' }).click();
  await expect(page).toHaveURL(MEET_HOME);
  await expect(injectedHosts(page)).toHaveCount(0);
});

test('Zoom web client: one control, in the top document, none in iframe#webclient; Send bot sends one bot to its meeting', async ({
  context,
  emulator,
  extensionMessage,
  signIn,
}) => {
  await signIn();
  const page = await context.newPage();
  await page.goto(ZOOM);
  await expect(sendBot(page)).toBeVisible();
  const frame = await callFrame(page, /^\/wc\/81234567890\//);
  const client = page.frameLocator('iframe#webclient');
  await client.getByRole('button', { name: 'Join' }).click();
  await expect(client.getByRole('button', { name: 'Leave' })).toBeVisible();
  // The frame shows the web client's own address, a meeting page too, and still has no control.
  expect(new URL(frame.url()).pathname).toBe('/wc/81234567890/join');
  expect(await hostsIn(frame)).toBe(0);
  await expect(injectedHosts(page)).toHaveCount(1);

  await sendBot(page).dblclick();
  await expect(status(page)).toContainText('Bot sent to the meeting');
  await expectOneBotTo(emulator, extensionMessage, 'https://app.zoom.us/j/81234567890?pwd=abc');
  expect(await hostsIn(frame)).toBe(0);

  // The host's start address of the same client: one control, for the same meeting.
  const start = await context.newPage();
  await start.goto('https://app.zoom.us/wc/81234567890/start?fromPWA=1');
  await expect(sendBot(start)).toBeVisible();
  await expect(injectedHosts(start)).toHaveCount(1);
  expect(await hostsIn(await callFrame(start, /^\/wc\/81234567890\//))).toBe(0);
  // Leaving takes the top page to /wc/leave: no meeting, no control.
  await page.frameLocator('iframe#webclient').getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/wc\/leave\?meetingId=81234567890$/);
  await expect(page.getByRole('heading', { name: 'You have left the meeting' })).toBeVisible();
  await expect(injectedHosts(page)).toHaveCount(0);
});

for (const origin of TELEMOST_HOSTS) {
  test(`Telemost 3.0 on ${new URL(origin).host}: one control in the top document, none in the /private-join/ frame; Send bot sends one bot to its meeting`, async ({
    context,
    emulator,
    extensionMessage,
    signIn,
  }) => {
    await signIn();
    const page = await context.newPage();
    await page.goto(`${origin}/j/${TELEMOST_ID}`);
    await expect(sendBot(page)).toBeVisible();
    const frame = await callFrame(page, /^\/private-join\//);
    const call = page.frameLocator('iframe[src*="/private-join/"]');
    await page.getByTestId('telemost-3-onboarding-confirm').click();
    await call.getByTestId('enter-conference-button').click();
    await expect(call.getByTestId('end-call-alt-button')).toBeVisible();
    expect(await hostsIn(frame)).toBe(0);
    await expect(injectedHosts(page)).toHaveCount(1);

    await sendBot(page).click();
    await expect(status(page)).toContainText('Bot sent to the meeting');
    await expectOneBotTo(emulator, extensionMessage, `${origin}/j/${TELEMOST_ID}`);

    // Leaving sends the top page home: no meeting, no control.
    await call.getByTestId('end-call-alt-button').click();
    await expect(page).toHaveURL(`${origin}/`);
    await expect(injectedHosts(page)).toHaveCount(0);
  });
}
