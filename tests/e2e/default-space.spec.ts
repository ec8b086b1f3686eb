/**
 * The default space chosen in the options is the space every place shows and uses: the popup's
 * chosen space and its Upcoming list ("Bot at 10:00 to Team") say the space the bot will go to.
 */
import { expect, test } from './ui-fixtures';

test('the default space from the options is the one the Upcoming list names', async ({
  signedInPopup: popup,
  openOptions,
  emulator,
}) => {
  const options = await openOptions();
  const page = options.page;
  const defaultSpace = page.getByRole('region', { name: 'Default space' }).getByLabel('Space');
  await defaultSpace.selectOption({ label: 'Team' });
  await expect(defaultSpace).toHaveValue('2');

  // A calendar whose rule leaves the space to the default.
  await page.getByLabel('Calendar address (iCal)').fill(`${emulator.url}/__emulator/calendar.ics`);
  await page.getByRole('button', { name: 'Add calendar' }).click();
  await expect(page.getByTestId('calendar-item')).toContainText('Demo calendar');

  await popup.reopen();
  const first = popup.page.getByTestId('upcoming-item').first();
  await expect(first).toContainText('Weekly team sync');
  await expect(first.getByTestId('upcoming-what')).toHaveText(/^Bot at \d\d:\d\d to Team$/);
});
