/**
 * Kept recordings belong to the account they were made under. The service ends the session (they
 * stay), then another account signs in: the popup asks before they are deleted, Cancel keeps them
 * and sends nothing; the same account finds them offered again; "Delete and sign in" deletes them.
 * A recording still uploading when the session ends is one of them: never offered to another
 * account, uploaded into its own account's space.
 */
import type { Page } from '@playwright/test';
import { launchedForRecording } from './record-launch';
import {
  message,
  recordingKeys,
  recordingState,
  recordToneTab,
  routeTonePage,
  setRecordingKey,
} from './record-support';
import { expect, SEED } from './ui-fixtures';

const TONE = '/record-here/account.html';
const DAY_MS = 86_400_000;

const test = launchedForRecording(true, (context) => routeTonePage(context, TONE, 'Account room'));

async function control(url: string, path: string, body?: object): Promise<void> {
  await fetch(`${url}/__emulator${path}`, {
    method: 'POST',
    ...(body && { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
}

/** A recording of 5 s kept for `owner` (its page gone), as the recorder stores it. */
async function keepRecording(page: Page, owner: string): Promise<void> {
  await setRecordingKey(page, 'state', {
    id: 'r1',
    phase: 'failed',
    tabId: 7,
    title: 'Standup',
    spaceId: SEED.spaces.personal,
    availableSeconds: null,
    startedAt: Date.now() - 60_000,
    pieces: 1,
    bytes: 3,
    recordedMs: 5_000,
    microphone: 'off',
    warned: 0,
    failure: { kind: 'page-gone' },
    updatedAt: Date.now(),
  });
  await setRecordingKey(page, 'piece:r1:000000', new Blob(['abc']));
  await setRecordingKey(page, 'owner', owner);
}

/** Whether each recording titled after the tone page in `spaceId` is uploaded, as `user` lists them. */
async function uploadedIn(
  emulator: { url: string },
  user: { email: string; password: string | null },
  spaceId: number,
): Promise<boolean[]> {
  const token = await fetch(`${emulator.url}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user.email, password: user.password }),
  }).then(async (answer) => ((await answer.json()) as { access: string }).access);
  const listed = await fetch(
    `${emulator.url}/api/spaces/${spaceId}/audio/?search=Account%20room&limit=5&offset=0`,
    {
      headers: { authorization: `Bearer ${token}` },
    },
  ).then(async (answer) => (await answer.json()) as { results: Array<{ is_uploaded: boolean }> });
  return listed.results.map((item) => item.is_uploaded);
}

test('another account signing in is asked before the kept recording is deleted; the same account is offered it again', async ({
  signedInPopup: popup,
  emulator,
}) => {
  const page = popup.page;
  const { demo, other } = SEED.users;
  // A recording of 5 s kept for the demo account (its page gone), then the session ended by the service.
  await keepRecording(page, `${emulator.url} ${demo.email}`);
  await message(page, 'session.signOut', { keepRecordings: true });
  await popup.reopen();

  const dialog = page.getByRole('dialog');
  await popup.signIn(emulator.url, other.email, other.password);
  await expect(dialog).toContainText('Sign in and delete the recording kept for another account?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  // The question gone (its "Delete and sign in" with it), the form's own Sign in is there again.
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
  await expect(popup.balanceValue).toBeHidden();
  expect(await recordingKeys(page)).toEqual(['owner', 'piece:r1:000000', 'state']);

  // The same account: offered again, nothing asked.
  await popup.signIn(emulator.url, demo.email, demo.password);
  await expect(popup.balanceValue).toBeVisible();
  await expect(page.getByTestId('recorder')).toContainText('A recording was left unfinished: “Standup”.');

  await message(page, 'session.signOut', { keepRecordings: true });
  await popup.reopen();
  await popup.signIn(emulator.url, other.email, other.password);
  await dialog.getByRole('button', { name: 'Delete and sign in' }).click();
  await expect(popup.balanceValue).toBeVisible();
  await expect(page.getByTestId('recorder')).not.toContainText('Standup');
  expect(await recordingKeys(page)).toEqual([]);
});

test('a recording of one account still uploading when the service ends its session is offered to no other: another account is asked first; its own account uploads it into its own space', async ({
  signedInPopup: popup,
  emulator,
  context,
}) => {
  test.setTimeout(120_000);
  const page = popup.page;
  const { demo, other } = SEED.users;
  const { recorder } = await recordToneTab(page, context, `${emulator.url}${TONE}`);
  await expect(recorder.getByTestId('recording-elapsed')).toHaveText(/^0:0[6-9]$/, { timeout: 20_000 });
  // The storage takes no part for now: the upload stays under way.
  await control(emulator.url, '/drops', { method: 'PUT', path: '^/upload/', times: 1000 });
  await recorder.getByRole('button', { name: 'Stop and upload' }).click();
  await expect.poll(async () => (await recordingState(page))?.jobId, { timeout: 30_000 }).toBeTruthy();
  // Two days on the service's clock: the session ends (its links with it) while the upload waits.
  await control(emulator.url, '/clock/advance', { ms: 2 * DAY_MS });
  await control(emulator.url, '/tokens/expire-access');
  await popup.reopen();
  await expect(page.getByTestId('recording-waits')).toContainText(`kept for ${demo.email}`);

  const dialog = page.getByRole('dialog');
  await popup.signIn(emulator.url, other.email, other.password);
  await expect(dialog).toContainText('Sign in and delete the recording kept for another account?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(popup.balanceValue).toBeHidden();

  // Its own account: the recording is its own again (its expired links refused, offered once more),
  // and it arrives in its own space; nothing reaches the other account's.
  await fetch(`${emulator.url}/__emulator/drops`, { method: 'DELETE' });
  await popup.signIn(emulator.url, demo.email, demo.password);
  await expect(popup.balanceValue).toBeVisible();
  // Offered once more (its links had expired), or already on its way again: the upload job's own
  // retry, now that its account is back, may come before the popup shows the offer. Either way
  // it arrives in its own account's space, and nothing in the other's.
  const upload = recorder.getByRole('button', { name: /^Upload what was recorded \(\d+ s\)$/ });
  const arrived = async () => (await uploadedIn(emulator, demo, SEED.spaces.personal)).includes(true);
  await expect
    .poll(async () => (await upload.isVisible()) || (await arrived()), { timeout: 30_000 })
    .toBe(true);
  if (await upload.isVisible()) await upload.click();
  await expect
    .poll(() => uploadedIn(emulator, demo, SEED.spaces.personal), { timeout: 45_000 })
    .toContain(true);
  expect(await uploadedIn(emulator, other, SEED.spaces.other)).toEqual([]);
});

test('a new service address in the options is asked before the kept recording is deleted: Cancel keeps it and the session, "Delete and change" changes the address and deletes it', async ({
  signedInPopup: popup,
  emulator,
}) => {
  const page = popup.page;
  const { demo } = SEED.users;
  await keepRecording(page, `${emulator.url} ${demo.email}`);
  await page.goto(popup.url.replace('popup.html', 'options.html'));
  await expect(page.getByTestId('account')).toHaveText(`Signed in as ${demo.email}`);
  await page.getByLabel('Service URL').fill(emulator.url.replace('127.0.0.1', 'localhost'));
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await save.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Change the address and delete the kept recording?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(await recordingKeys(page)).toEqual(['owner', 'piece:r1:000000', 'state']);
  expect((await message<{ data: { serviceUrl: string } }>(page, 'settings.get')).data.serviceUrl).toBe(
    emulator.url,
  );
  await expect(page.getByTestId('account')).toHaveText(`Signed in as ${demo.email}`);
  await save.focus();
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Delete and change' }).click();
  await expect(page.getByTestId('account')).toHaveText(
    'Not signed in. Use the extension’s popup to sign in.',
  );
  expect(await recordingKeys(page)).toEqual([]);
});
