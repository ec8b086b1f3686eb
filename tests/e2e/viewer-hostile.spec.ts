import { executableMarkup, expect, guardAgainstExecution, SEED, test } from './ui-fixtures';

test('the hostile recording renders in the viewer and nothing in it runs', async ({
  signedInPopup: _signedIn,
  context,
  extensionId,
}) => {
  const page = await context.newPage();
  const seen = await guardAgainstExecution(page);
  await page.goto(
    `chrome-extension://${extensionId}/viewer.html?space=${SEED.spaces.personal}&audio=${SEED.recordings.hostile}`,
  );
  await expect(page.getByTestId('protocol')).toContainText('Links that must not run');
  await expect(page.getByTestId('viewer-title')).toContainText('<img src=x onerror=alert(1)>');
  expect(await executableMarkup(page, '[data-testid="protocol"]')).toEqual([]);

  await page.getByRole('tab', { name: /^Transcript/ }).click();
  await expect(page.getByTestId('utterance').first()).toBeVisible();
  await expect(page.getByTestId('transcript')).toContainText('<script>');
  expect(await executableMarkup(page, '[data-testid="transcript"]')).toEqual([]);

  await page.getByRole('tab', { name: /^Speakers/ }).click();
  await expect(page.getByTestId('speaker-table')).toContainText('<img src=x onerror=alert("speaker")>');
  expect(await executableMarkup(page, '[data-testid="speaker-table"]')).toEqual([]);

  expect(await page.locator('body script').count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
  expect(seen.dialogs).toEqual([]);
  // The watch was in place: alert is the replacement that would have set the flag.
  expect(await page.evaluate(() => String(window.alert).includes('[native code]'))).toBe(false);
});
