/**
 * A page must not trick a person into pressing our controls: something drawn over the floating
 * control with `pointer-events: none` lets a real click through to our button. Such a press is
 * not taken; the person is told why and asked to press again to confirm.
 */
import type { Page } from '@playwright/test';
import { counters, expect, serveHost, test } from './page-support';

const MEET = 'https://meet.google.com/abc-defg-hij';
const sendBot = (page: Page) => page.getByRole('button', { name: 'Send bot' });
const status = (page: Page) => page.locator('meeting-capture-send-bot').getByRole('status');

/** The browser's visibility of our button is reported at most every 100 ms. */
const SETTLE_MS = 500;

/** A picture of the page's own, drawn over our control, that lets clicks through. */
async function coverControl(page: Page): Promise<void> {
  const box = await page.locator('meeting-capture-send-bot .mc-bar').boundingBox();
  if (!box) throw new Error('control not rendered');
  await page.evaluate((rect) => {
    const cover = document.createElement('div');
    cover.id = 'cover';
    cover.textContent = 'Click to win a prize';
    cover.style.cssText = `position:fixed;left:${rect.x - 20}px;top:${rect.y - 10}px;width:${rect.width + 40}px;height:${rect.height + 20}px;background:#fc0;z-index:2147483647;pointer-events:none`;
    document.body.append(cover);
  }, box);
  await page.waitForTimeout(SETTLE_MS);
}

test.beforeEach(async ({ context }) => {
  await serveHost(context, 'https://meet.google.com', 'meet-call.html');
});

test('a click through something the page drew over the control sends nothing and asks to confirm', async ({
  emulator,
  openSignedIn,
}) => {
  const page = await openSignedIn(MEET);
  await expect(sendBot(page)).toBeVisible();
  await coverControl(page);

  // Real clicks at the button's place (a double click: its second press is no confirmation);
  // the cover lets them through to our button.
  await sendBot(page).dblclick();
  await expect(status(page)).toContainText('Something on this page may be covering this button');
  await expect(status(page)).toContainText('press it again to confirm');
  await page.waitForTimeout(SETTLE_MS);
  expect((await counters(emulator)).botRequests).toBe(0);

  // The page's picture gone, one press sends the bot.
  await page.evaluate(() => document.getElementById('cover')?.remove());
  await page.waitForTimeout(SETTLE_MS);
  await sendBot(page).click();
  await expect(status(page)).toContainText('Bot sent to the meeting (space “Personal”)');
  expect((await counters(emulator)).botRequests).toBe(1);
});

test('a covered control still works for the person: a second, deliberate press confirms', async ({
  emulator,
  openSignedIn,
}) => {
  const page = await openSignedIn(MEET);
  await expect(sendBot(page)).toBeVisible();
  await coverControl(page);
  await sendBot(page).click();
  await expect(status(page)).toContainText('press it again to confirm');
  await page.waitForTimeout(SETTLE_MS);
  await sendBot(page).click();
  await expect(status(page)).toContainText('Bot sent to the meeting');
  expect((await counters(emulator)).botRequests).toBe(1);
});
