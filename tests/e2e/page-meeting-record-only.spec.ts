/**
 * Record-only meeting services (lib/meetings: `bot` null): their meeting pages get the meeting
 * control with "Record here" and the sentence that no bot joins there, never "Send bot", and the
 * tab rule sends nothing. Pages served on their real hosts (tests/fixtures/pages).
 */
import type { Page } from '@playwright/test';
import { counters, expect, serveHost, test } from './page-support';

const TEAMS =
  'https://teams.microsoft.com/v2/?meetingjoin=true#/l/meetup-join/19:meeting_MjM0OTEwZmEtMGU1Yi00MjA4LTgwNmUtZDUzYWY3YWE2MmZj@thread.v2/0?context=%7b%22Tid%22%3a%22t%22%7d&anon=true';
const TEAMS_FREE = 'https://teams.live.com/meet/9356969621606?p=08ogAWeCL73fVssuEK';
const JITSI = 'https://meet.jit.si/WeeklyStandup';

const control = (page: Page) => page.locator('meeting-capture-send-bot');

test.beforeEach(async ({ context }) => {
  await serveHost(context, 'https://teams.microsoft.com', 'teams-call.html');
  await serveHost(context, 'https://teams.live.com', 'teams-call.html');
  await serveHost(context, 'https://meet.jit.si', 'jitsi-call.html');
});

test('Teams and Jitsi meeting pages: "Record here" and no bot, clear of the call controls (Teams keeps them at the top)', async ({
  context,
}) => {
  for (const [url, name, toolbar, edge] of [
    [TEAMS, 'Microsoft Teams', '[data-testid="teams-bar"]', 'bottom'],
    [TEAMS_FREE, 'Microsoft Teams', '[data-testid="teams-bar"]', 'bottom'],
    [JITSI, 'Jitsi Meet', '[data-testid="jitsi-toolbox"]', 'top'],
  ] as const) {
    const page = await context.newPage();
    await page.goto(url);
    await expect(control(page).getByRole('button', { name: 'Record here' }), url).toBeVisible();
    await expect(
      control(page).getByText(`No bot joins ${name} meetings. Record this tab here instead.`),
    ).toBeVisible();
    await expect(control(page).getByRole('button', { name: 'Send bot' })).toHaveCount(0);
    const box = (await control(page).locator('.mc-float').boundingBox())!;
    const bar = (await page.locator(toolbar).boundingBox())!;
    const height = page.viewportSize()!.height;
    if (edge === 'top') expect(box.y, url).toBeLessThan(height / 4);
    else expect(box.y + box.height, url).toBeGreaterThan((height * 3) / 4);
    const apart =
      box.y + box.height <= bar.y ||
      bar.y + bar.height <= box.y ||
      box.x + box.width <= bar.x ||
      bar.x + bar.width <= box.x;
    expect(apart, url).toBe(true);
    await page.close();
  }
});

test('signed in, with "Send the bot when I open a meeting tab" on: a Teams page sends no bot', async ({
  emulator,
  extensionMessage,
  openSignedIn,
}) => {
  const settings = await extensionMessage('settings.set', { autoJoinTabs: true });
  expect(settings.ok, JSON.stringify(settings)).toBe(true);
  const page = await openSignedIn(TEAMS);
  await expect(control(page).getByRole('button', { name: 'Record here' })).toBeVisible();
  await expect(control(page).getByRole('combobox', { name: 'Space' })).toBeVisible();
  await expect(control(page).getByRole('button', { name: 'Send bot' })).toHaveCount(0);
  await expect(control(page).getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  expect((await counters(emulator)).botRequests).toBe(0);
});
