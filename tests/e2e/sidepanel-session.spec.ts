/**
 * An open side panel follows the session: a sign-out in the popup, a sign-in there as another
 * account, and a session the background ends by itself (the refresh token refused) each show in
 * the panel without reloading it, and the panel never shows the previous account's list or balance.
 */
import type { Page } from '@playwright/test';
import { expect, SEED, test } from './ui-fixtures';

const DAY_MS = 86_400_000;

async function control(url: string, path: string, body?: unknown): Promise<void> {
  const answer = await fetch(`${url}/__emulator${path}`, {
    method: 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(answer.ok).toBe(true);
}

/** The side panel's page in a tab, 320 px wide (Chrome's narrowest panel). */
async function openPanel(page: Page, extensionId: string): Promise<Page> {
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto(`chrome-extension://${extensionId}/sidepanel.html`);
  return page;
}

/** The titles of the recordings the page lists. */
async function listedTitles(page: Page): Promise<string[]> {
  const titles = await page
    .getByTestId('recording')
    .evaluateAll((rows) => rows.map((row) => row.querySelector('button')?.textContent?.trim() ?? ''));
  return titles.filter((title) => title !== '');
}

/** The signed-out view: the sign-in form, no list, no balance, none of `titles` anywhere. */
async function expectSignedOut(page: Page, titles: string[]): Promise<void> {
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(page.getByTestId('recording')).toHaveCount(0);
  await expect(page.getByTestId('balance-value')).toHaveCount(0);
  const shown = await page.locator('body').innerText();
  for (const title of titles) expect(shown).not.toContain(title);
}

test('the side panel follows a sign-out in the popup, then a sign-in as another account', async ({
  signedInPopup: popup,
  context,
  extensionId,
  emulator,
}) => {
  const panel = await openPanel(await context.newPage(), extensionId);
  await expect(panel.getByTestId('balance-value')).toContainText('10 h 00 min');
  await expect(panel.getByTestId('recording')).toHaveCount(SEED.personalListCount);
  const demoTitles = await listedTitles(panel);
  expect(demoTitles).toHaveLength(SEED.personalListCount);
  // The panel is left on one of the account's recordings.
  await panel.getByRole('button', { name: demoTitles[0], exact: true }).click();
  await expect(panel.getByTestId('recording-detail')).toBeVisible();

  await popup.page.getByRole('button', { name: 'Sign out' }).click();
  await expect(popup.page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  // The panel was not reloaded: it learns the sign-out by itself.
  await expectSignedOut(panel, demoTitles);

  await popup.signIn(emulator.url, SEED.users.other.email, SEED.users.other.password);
  await expect(popup.balanceValue).toContainText('9 h 00 min');
  await expect(panel.getByTestId('balance-value')).toContainText('9 h 00 min');
  // Home, with the new account's list: the recording left open was the other account's.
  await expect(panel.getByTestId('recording-detail')).toHaveCount(0);
  await expect(panel.getByTestId('recording')).toHaveCount(1);
  expect(await listedTitles(panel)).toEqual(['Private notes.mp3']);
  const shown = await panel.locator('body').innerText();
  for (const title of demoTitles) expect(shown).not.toContain(title);
  await expect(panel.getByLabel('Space', { exact: true })).not.toContainText('Personal (personal)');
});

test('the side panel follows a session the background ends (the refresh token refused)', async ({
  signedInPopup: popup,
  context,
  extensionId,
  emulator,
}) => {
  const panel = await openPanel(await context.newPage(), extensionId);
  await expect(panel.getByTestId('recording')).toHaveCount(SEED.personalListCount);
  const demoTitles = await listedTitles(panel);

  // Two days on the service's clock: the refresh token (a day long) has run out there; then the
  // service stops taking the access token too. The next request ends the session.
  await control(emulator.url, '/clock/advance', { ms: 2 * DAY_MS });
  await control(emulator.url, '/tokens/expire-access');
  await popup.reopen();
  await expect(popup.page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expectSignedOut(panel, demoTitles);
});

test('a new service address in the options: the open panel and options show signed out, then the account signed in there', async ({
  signedInPopup: popup,
  context,
  extensionId,
  emulator,
  openOptions,
}) => {
  const panel = await openPanel(await context.newPage(), extensionId);
  await expect(panel.getByTestId('recording')).toHaveCount(SEED.personalListCount);
  const demoTitles = await listedTitles(panel);
  const options = await openOptions();
  const account = options.page.getByTestId('account');
  const spacePicker = options.page.locator('#opt-default-space');
  await expect(account).toHaveText(`Signed in as ${SEED.users.demo.email}`);
  await expect(spacePicker).toContainText('Personal');

  // The same emulator under another address: another service for the extension.
  const other = emulator.url.replace('127.0.0.1', 'localhost');
  await options.page.getByLabel('Service URL').fill(other);
  await options.page.getByRole('button', { name: 'Save', exact: true }).first().click();
  await expect(account).toHaveText('Not signed in. Use the extension’s popup to sign in.');
  await expect(spacePicker).toBeDisabled();
  await expect(spacePicker).not.toContainText('Personal');
  await expectSignedOut(panel, demoTitles);
  await expect(panel.getByTestId('service-url')).toContainText(other);
  await expect(panel.getByLabel('Service URL')).toHaveValue(other);

  await popup.reopen();
  await popup.signIn(other, SEED.users.other.email, SEED.users.other.password);
  await expect(popup.balanceValue).toContainText('9 h 00 min');
  await expect(account).toHaveText(`Signed in as ${SEED.users.other.email}`);
  await expect(spacePicker).toContainText("Other's space");
  await expect(spacePicker).not.toContainText('Personal');
  await expect(panel.getByTestId('recording')).toHaveCount(1);
  expect(await listedTitles(panel)).toEqual(['Private notes.mp3']);
});

test('a recording open in the viewer is not left on screen after a sign-out, nor for another account', async ({
  signedInPopup: popup,
  openViewer,
  openOptions,
  emulator,
}) => {
  const viewer = await openViewer(SEED.spaces.personal, SEED.recordings.ready);
  await expect(viewer.protocol).toBeVisible();
  const protocol = (await viewer.protocol.innerText()).slice(0, 60);
  expect(protocol.length).toBeGreaterThan(10);
  // The options page lists what the archive keeps: the result just read.
  const options = await openOptions();
  await expect(options.page.getByTestId('archive-row')).toHaveCount(1);

  await popup.page.getByRole('button', { name: 'Sign out' }).click();
  await expect(viewer.protocol).toHaveCount(0);
  await expect(viewer.page.getByRole('alert')).toContainText('sign in', { ignoreCase: true });
  expect(await viewer.page.locator('body').innerText()).not.toContain(protocol);
  await expect(options.page.getByTestId('archive-row')).toHaveCount(0);

  // Another account, which has no access to that recording: it is still not shown.
  await popup.signIn(emulator.url, SEED.users.other.email, SEED.users.other.password);
  await expect(popup.balanceValue).toContainText('9 h 00 min');
  await expect(viewer.page.getByRole('alert')).toBeVisible();
  await expect(viewer.protocol).toHaveCount(0);
  expect(await viewer.page.locator('body').innerText()).not.toContain(protocol);
});

test('jobs of the account signed out are not shown to the next account', async ({
  signedInPopup: popup,
  context,
  extensionId,
  emulator,
}) => {
  await popup
    .row(SEED.recordings.uploadedNotProcessed)
    .getByRole('button', { name: /^Start processing/ })
    .click();
  await popup.page.getByRole('dialog').getByRole('button', { name: 'Start processing' }).click();
  await expect(popup.jobs).toHaveCount(1);
  const panel = await openPanel(await context.newPage(), extensionId);
  await expect(panel.getByTestId('job')).toHaveCount(1);

  await popup.page.getByRole('button', { name: 'Sign out' }).click();
  await expectSignedOut(panel, []);
  await popup.signIn(emulator.url, SEED.users.other.email, SEED.users.other.password);
  await expect(popup.balanceValue).toContainText('9 h 00 min');
  await expect(panel.getByTestId('balance-value')).toContainText('9 h 00 min');
  await expect(panel.getByTestId('job')).toHaveCount(0);
  await expect(popup.jobs).toHaveCount(0);
  // A popup opened afresh reads the jobs anew: still none of the first account's.
  await popup.reopen();
  await expect(popup.balanceValue).toContainText('9 h 00 min');
  await expect(popup.rows).toHaveCount(1);
  await expect(popup.jobs).toHaveCount(0);
});
