/**
 * Kept recordings belong to the account they were made under. The service ends the session (they
 * stay), then another account signs in: the popup asks before they are deleted, Cancel keeps them
 * and sends nothing; the same account finds them offered again; "Delete and sign in" deletes them.
 */
import { message, recordingKeys, setRecordingKey } from './record-support';
import { expect, SEED, test } from './ui-fixtures';

test('another account signing in is asked before the kept recording is deleted; the same account is offered it again', async ({
  signedInPopup: popup,
  emulator,
}) => {
  const page = popup.page;
  const { demo, other } = SEED.users;
  // A recording of 5 s kept for the demo account (its page gone), then the session ended by the service.
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
  await setRecordingKey(page, 'owner', `${emulator.url} ${demo.email}`);
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
