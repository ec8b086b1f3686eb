import { executableMarkup, expect, guardAgainstExecution, SEED, test } from './ui-fixtures';

test('a ready recording’s protocol is rendered from Markdown', async ({ signedInPopup: popup }) => {
  await popup.openRecording('Product roadmap review.mp3');
  const protocol = popup.page.getByTestId('protocol');
  await expect(protocol.locator('h1, h2').first()).toBeVisible();
  await expect(protocol.locator('li').first()).toBeVisible();
  // Rendered, not raw Markdown.
  expect((await protocol.textContent()) ?? '').not.toMatch(/^#{1,3} /m);
  await expect(popup.page.getByRole('link', { name: /Open in viewer/ })).toHaveAttribute(
    'href',
    new RegExp(`viewer\\.html\\?space=${SEED.spaces.personal}&audio=${SEED.recordings.ready}$`),
  );
});

test('the hostile recording renders in the popup and nothing in it runs', async ({ popup, emulator }) => {
  const seen = await guardAgainstExecution(popup.page);
  await popup.reopen();
  await popup.signIn(emulator.url, SEED.users.demo.email, SEED.users.demo.password);
  const row = popup.row(SEED.recordings.hostile);
  await expect(row).toBeVisible();
  await row.locator('.recording-title').click();
  const protocol = popup.page.getByTestId('protocol');
  await expect(protocol).toContainText('Links that must not run');
  await expect(protocol.getByRole('link', { name: 'Normal link' })).toHaveAttribute('target', '_blank');
  await expect(protocol.getByRole('link', { name: 'Normal link' })).toHaveAttribute(
    'rel',
    'noopener noreferrer',
  );
  // The title with markup is shown as text.
  await expect(popup.page.getByTestId('recording-detail').locator('h2').first()).toContainText('<script>');
  expect(await executableMarkup(popup.page, '[data-testid="protocol"]')).toEqual([]);
  // No script but the page's own first script (popup.html's, which paints the last list shown).
  expect(await popup.page.locator('body script:not([src="/popup-snapshot.js"])').count()).toBe(0);
  expect(
    await popup.page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned),
  ).toBeUndefined();
  expect(seen.dialogs).toEqual([]);
  // The watch was in place: alert is the replacement that would have set the flag.
  expect(await popup.page.evaluate(() => String(window.alert).includes('[native code]'))).toBe(false);
});
