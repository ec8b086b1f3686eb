import { expect, SEED, seriousViolations, test } from './ui-fixtures';

test('signs in, shows the account’s spaces and signs out', async ({ popup, emulator }) => {
  await expect(popup.page.locator('html')).toHaveAttribute('lang', 'en');
  await popup.signIn(emulator.url, SEED.users.demo.email, SEED.users.demo.password);
  await expect(popup.balanceValue).toContainText('10 h 00 min');
  await expect(popup.spacePicker.locator('option').first()).toHaveText('Personal (personal)');
  await popup.page.getByRole('button', { name: 'Sign out' }).click();
  await expect(popup.page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('wrong password: says so and how to set a password for a third-party account', async ({
  popup,
  emulator,
}) => {
  await popup.signIn(emulator.url, SEED.users.demo.email, 'not-the-password');
  await expect(popup.signInError).toContainText('Wrong email or password');
  await expect(popup.signInError).toContainText('password recovery');
});

test('an account without a password gets the password recovery advice', async ({ popup, emulator }) => {
  await popup.signIn(emulator.url, SEED.users.sso.email, 'anything');
  await expect(popup.signInError).toContainText('set one through password recovery');
});

test('no service at the URL (an HTML 404 page) and an unreachable service are told apart', async ({
  popup,
  emulator,
}) => {
  await popup.signIn(`${emulator.url}/not-a-service`, SEED.users.demo.email, SEED.users.demo.password);
  await expect(popup.signInError).toContainText(
    'No Meeting Recording Processing Service answers at this address',
  );
  // Port 9 (discard) has no listener here.
  await popup.signIn('http://127.0.0.1:9', SEED.users.demo.email, SEED.users.demo.password);
  await expect(popup.signInError).toContainText('cannot be reached');
});

test('the signed-out popup has no serious accessibility violation', async ({ popup }) => {
  await expect(popup.page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await seriousViolations(popup.page)).toEqual([]);
});
