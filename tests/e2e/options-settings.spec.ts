import { expect, seriousViolations, test } from './ui-fixtures';

test('settings are saved and kept: notifications, auto-processing, the stop after silence, hidden sites', async ({
  openOptions,
}) => {
  const options = await openOptions();
  const page = options.page;
  await expect(page.getByRole('heading', { name: 'Meeting Capture settings' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'When processing fails' }).uncheck();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await page.getByRole('checkbox', { name: /^Start processing automatically/ }).uncheck();
  // Record here's stop after silence, from the keyboard: 15 minutes unless set.
  const silence = page.getByRole('combobox', { name: 'Stop a recording after a silence of' });
  await expect(silence).toHaveValue('15');
  await silence.focus();
  await page.keyboard.press('ArrowDown');
  await expect(silence).toHaveValue('30');
  await silence.selectOption({ label: 'Never' });
  await options.siteField.fill('https://Meet.Google.com/abc-defg-hij');
  await page.getByRole('button', { name: 'Add site' }).click();
  await expect(page.getByTestId('hidden-sites')).toContainText('meet.google.com');
  await options.siteField.fill('not a host');
  await page.getByRole('button', { name: 'Add site' }).click();
  await expect(page.getByRole('alert')).toContainText('Enter a host name');

  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'When processing fails' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'When a result is ready' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /^Start processing automatically/ })).not.toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Stop a recording after a silence of' })).toHaveValue('0');
  await page.getByRole('button', { name: 'Remove meet.google.com' }).click();
  await expect(page.getByTestId('hidden-sites')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test('language: Russian everywhere once chosen, with <html lang>', async ({ openOptions, popup }) => {
  const options = await openOptions();
  await options.language.selectOption('ru');
  await expect(options.page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(options.page.getByRole('heading', { name: 'Настройки Meeting Capture' })).toBeVisible();
  await popup.reopen();
  await expect(popup.page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(popup.page.getByRole('button', { name: 'Войти' })).toBeVisible();
  await expect(popup.page.getByLabel('Адрес сервиса')).toBeVisible();
});

test('default space lists the account’s spaces once signed in', async ({
  signedInPopup: _signedIn,
  openOptions,
}) => {
  const options = await openOptions();
  const select = options.page.getByRole('combobox', { name: 'Space' });
  await expect(select.locator('option')).toHaveText([
    'My personal space',
    'Personal (personal)',
    'Almost empty',
    'Team',
    'Unpaid',
  ]);
  await select.selectOption({ label: 'Team' });
  await options.page.reload();
  await expect(options.page.getByRole('combobox', { name: 'Space' })).toHaveValue(String(2));
});
