import { counters, expect, SEED, test } from './ui-fixtures';

const R = SEED.recordings;

test('start processing shows the charge and the balance after it, and charges once', async ({
  signedInPopup: popup,
  emulator,
}) => {
  await popup
    .row(R.uploadedNotProcessed)
    .getByRole('button', { name: /^Start processing/ })
    .click();
  const dialog = popup.page.getByTestId('process-dialog');
  await expect(dialog.getByTestId('charge')).toHaveText('45 min 10 s');
  await expect(dialog.getByTestId('balance-now')).toHaveText('10 h 00 min');
  await expect(dialog.getByTestId('balance-after')).toHaveText('9 h 14 min');
  await popup.page.getByRole('dialog').getByRole('button', { name: 'Start processing' }).click();
  await expect(popup.chip(R.uploadedNotProcessed)).toHaveText('Processing');
  await expect(popup.balanceValue).toContainText('9 h 14 min');
  const seen = await counters(emulator);
  expect(seen.classifyCalls[String(R.uploadedNotProcessed)]).toBe(1);
  expect(seen.charges).toEqual([
    { space_id: SEED.spaces.personal, audio_id: R.uploadedNotProcessed, seconds: 2710 },
  ]);
});

test('not enough time left: the dialog says so and does not start', async ({
  signedInPopup: popup,
  emulator,
}) => {
  await popup.spacePicker.selectOption({ label: 'Almost empty' });
  await popup
    .row(R.almostEmptyLong)
    .getByRole('button', { name: /^Start processing/ })
    .click();
  const dialog = popup.page.getByRole('dialog');
  await expect(dialog).toContainText('only 2 min is left');
  await expect(dialog.getByRole('button', { name: 'Start processing' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect((await counters(emulator)).charges).toEqual([]);
});
