/**
 * Rows of tests/BAD_INPUT.md about what a person types into the sign-in form: an e-mail that is
 * not one, and no password. The form says what to enter, sends nothing, and keeps what was typed.
 */
import { counters, expect, SEED, test } from './ui-fixtures';

test('sign-in: an e-mail that is not one is stopped on its field, nothing is sent, the typing is kept', async ({
  popup,
  emulator,
  context,
}) => {
  const signIns: string[] = [];
  context.on('request', (request) => {
    if (request.url().includes('/api/token/')) signIns.push(request.url());
  });
  await popup.signIn(emulator.url, 'demo-at-example.com', SEED.users.demo.password);
  const email = popup.page.getByLabel('Email');
  await expect(popup.signInError).toHaveText('Enter the email of your account, such as name@example.com.');
  await expect(email).toHaveValue('demo-at-example.com');
  await expect(popup.page.getByLabel('Password', { exact: true })).toHaveValue(SEED.users.demo.password);
  await popup.page.waitForTimeout(500);
  expect(signIns).toEqual([]);
  // Corrected, it signs in.
  await email.fill(SEED.users.demo.email);
  await popup.page.getByRole('button', { name: 'Sign in' }).click();
  await expect(popup.balanceValue).toBeVisible();
  expect(signIns.length).toBeGreaterThan(0);
});

test('sign-in: no password is stopped on its field, nothing is sent', async ({
  popup,
  emulator,
  context,
}) => {
  const signIns: string[] = [];
  context.on('request', (request) => {
    if (request.url().includes('/api/token/')) signIns.push(request.url());
  });
  await popup.signIn(emulator.url, SEED.users.demo.email, '');
  await expect(popup.signInError).toHaveText('Enter the password of your account.');
  await expect(popup.page.getByLabel('Email')).toHaveValue(SEED.users.demo.email);
  await popup.page.waitForTimeout(500);
  expect(signIns).toEqual([]);
  expect(((await counters(emulator)) as unknown as { signIns: number }).signIns).toBe(0);
});
