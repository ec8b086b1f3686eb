/**
 * Options → Calendars as a person uses it: a wrong address is explained and kept in the field,
 * the demo calendar is added, its rule edited (space, title words), and the popup's Upcoming list
 * follows, with the balance warning when the chosen space cannot cover the next 24 hours.
 */
import { expect, seriousViolations, test } from './ui-fixtures';

test('calendars in the options: errors in plain words, rule editing, upcoming and balance warning in the popup', async ({
  signedInPopup: popup,
  openOptions,
  emulator,
}) => {
  const options = await openOptions();
  const page = options.page;
  await expect(page.getByRole('heading', { name: 'Calendars' })).toBeVisible();
  const address = page.getByLabel('Calendar address (iCal)');

  await address.fill('http://calendar.example.com/basic.ics');
  await page.getByRole('button', { name: 'Add calendar' }).click();
  await expect(page.getByRole('alert')).toContainText('Only https addresses are accepted');
  await address.fill(`${emulator.url}/api/spaces/`);
  await page.getByRole('button', { name: 'Add calendar' }).click();
  await expect(page.getByRole('alert')).toContainText(
    /no calendar at this address|does not give a calendar|refused access/i,
  );
  await expect(address).toHaveValue(`${emulator.url}/api/spaces/`);

  await address.fill(`${emulator.url}/__emulator/calendar.ics`);
  await address.press('Enter');
  const item = page.getByTestId('calendar-item');
  await expect(item).toContainText('Demo calendar');
  await expect(item).toContainText(/Synced /);
  // The private address is never shown whole.
  await expect(item).not.toContainText('calendar.ics');

  // The default rule, the opt-ins off, the owner's address from the account; the daily cap with its default.
  await expect(item.getByLabel('Send a bot to')).toHaveValue('all');
  await expect(item.getByLabel('Send a bot to').locator('option:checked')).toHaveText(
    'meetings I organise or have accepted',
  );
  await expect(
    item.getByRole('checkbox', { name: 'Also invitations I have not answered' }),
  ).not.toBeChecked();
  await expect(
    item.getByRole('checkbox', { name: /Also events from outside my email domain/ }),
  ).not.toBeChecked();
  await expect(item.getByLabel('My address in this calendar')).toHaveValue('');
  const cap = page.getByLabel('At most this many bots a day from calendars');
  await expect(cap).toHaveValue('10');
  await expect(page.getByText(/^Default: 10\./)).toBeVisible();
  await cap.fill('0');
  await cap.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Enter a whole number from 1 to 100.');
  await cap.fill('25');
  await cap.press('Tab');
  await expect(page.getByText(/^Default: 10\./)).toBeVisible();

  await item.getByLabel('Space').selectOption({ label: 'Almost empty' });
  await item.getByLabel(/Skip meetings whose title contains/).fill('Customer');
  await item.getByLabel(/Skip meetings whose title contains/).press('Enter');
  await expect(item.getByTestId('calendar-upcoming')).toHaveText('6 upcoming meetings with links');
  expect(await seriousViolations(page)).toEqual([]);

  await popup.reopen();
  const rows = popup.page.getByTestId('upcoming-item');
  await expect(rows.first()).toContainText('Weekly team sync');
  await expect(rows.first().getByTestId('upcoming-what')).toHaveText(/^Bot at \d\d:\d\d to Almost empty$/);
  await expect(rows.filter({ hasText: 'Customer call' })).toHaveAttribute('data-state', 'off');
  await expect(popup.page.getByTestId('upcoming-shortfall')).toContainText('“Almost empty”');

  await page.reload();
  await page.getByRole('button', { name: 'Remove Demo calendar' }).click();
  await expect(page.getByText('No calendar yet.')).toBeVisible();
});

test('a planned bot refused with code 4 is shown in the list with the same sentence as elsewhere', async ({
  signedInPopup: popup,
  openOptions,
  emulator,
}) => {
  await fetch(`${emulator.url}/__emulator/calendar`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ starts_in_ms: 15_000, unit_ms: 60_000 }),
  });
  const options = await openOptions();
  const page = options.page;
  await page.getByLabel('Calendar address (iCal)').fill(`${emulator.url}/__emulator/calendar.ics`);
  await page.getByRole('button', { name: 'Add calendar' }).click();
  const item = page.getByTestId('calendar-item');
  await expect(item).toContainText('Demo calendar');
  await item.getByLabel('Space').selectOption({ label: 'Almost empty' });
  await expect(item.getByLabel('Space')).toHaveValue('4');

  await popup.reopen();
  const first = popup.page.getByTestId('upcoming-item').first();
  await expect(first).toContainText('Weekly team sync');
  // The popup refreshes the list every 30 s; reopen it after the start instead of waiting.
  await expect
    .poll(
      async () => {
        await popup.reopen();
        return popup.page.getByTestId('upcoming-item').first().getAttribute('data-state');
      },
      { timeout: 60_000, intervals: [5_000] },
    )
    .toBe('failed');
  await expect(popup.page.getByTestId('upcoming-item').first()).toContainText(
    'Less than 5 minutes of processing time is left in the space, so the bot cannot be sent.',
  );
});
