import { expect, SEED, test } from './ui-fixtures';

const R = SEED.recordings;

test('moves several recordings to the trash and lists them there', async ({ signedInPopup: popup }) => {
  await expect(popup.rows).toHaveCount(SEED.personalListCount);
  await popup.row(R.readyShort).getByRole('checkbox').check();
  await popup.row(R.failed).getByRole('checkbox').check();
  await expect(popup.page.getByTestId('selected-count')).toHaveText('2 selected');
  await popup.page.getByRole('button', { name: 'Move to trash' }).click();
  const dialog = popup.page.getByRole('dialog');
  await expect(dialog).toContainText('Move 2 recordings to the trash?');
  await dialog.getByRole('button', { name: 'Move to trash' }).click();
  await expect(popup.rows).toHaveCount(SEED.personalListCount - 2);
  await expect(popup.row(R.readyShort)).toHaveCount(0);

  await popup.page.getByRole('button', { name: 'Trash', exact: true }).click();
  const items = popup.page.getByTestId('trash-item');
  await expect(items).toHaveCount(SEED.personalTrashCount + 2);
  await expect(items.filter({ hasText: 'Quick voice note.wav' })).toHaveCount(1);
  await expect(items.first().getByTestId('status-chip')).toHaveText('In trash');
});
