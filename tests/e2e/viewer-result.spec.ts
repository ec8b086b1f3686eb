import { expect, SEED, seriousViolations, test } from './ui-fixtures';

// Each test opens the viewer and renders its tabs (one checks all of them with axe): up to 29 s in a loaded CI run.
test.describe.configure({ timeout: 120_000 });

const R = SEED.recordings;
const P = SEED.spaces.personal;

test('protocol, transcript with names and times, search, speakers', async ({
  signedInPopup: _signedIn,
  openViewer,
}) => {
  const viewer = await openViewer(P, R.ready);
  await expect(viewer.page.getByTestId('viewer-title')).toHaveText('Product roadmap review.mp3');
  await expect(viewer.protocol.locator('h1, h2').first()).toBeVisible();
  expect(await seriousViolations(viewer.page)).toEqual([]);

  await viewer.tab('Transcript').click();
  await expect(viewer.utterances.first()).toBeVisible();
  await expect(viewer.utterances.first().locator('.time')).toHaveText(/^\d+:\d\d$/);
  const names = await viewer.page.locator('.utterance .speaker').allInnerTexts();
  expect(names.some((name) => /^SPEAKER_/.test(name))).toBe(false);

  const word = ((await viewer.utterances.nth(2).locator('.utterance-text').textContent()) ?? '').split(
    /\s+/,
  )[0]!;
  await viewer.searchBox.fill(word);
  await expect(viewer.matchCount).toHaveText(/^1 of \d+$/);
  const total = Number(((await viewer.matchCount.textContent()) ?? '').split(' of ')[1]);
  await expect(viewer.page.locator('mark.current')).toHaveCount(1);
  await viewer.page.getByRole('button', { name: 'Next match' }).click();
  await expect(viewer.matchCount).toHaveText(total > 1 ? `2 of ${total}` : `1 of ${total}`);
  await viewer.page.getByRole('button', { name: 'Previous match' }).click();
  await expect(viewer.matchCount).toHaveText(`1 of ${total}`);

  await viewer.tab('Speakers').click();
  const table = viewer.page.getByTestId('speaker-table');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expect(viewer.page.getByTestId('timeline').locator('svg[role="img"]').first()).toBeVisible();
});

test('every tab of the viewer passes the accessibility checks', async ({
  signedInPopup: _signedIn,
  openViewer,
}) => {
  // A short recording keeps axe fast; the markup is the same for every length.
  const viewer = await openViewer(P, R.readyShort);
  await expect(viewer.protocol).toBeVisible();
  expect(await seriousViolations(viewer.page)).toEqual([]);
  await viewer.tab('Transcript').click();
  await expect(viewer.utterances.first()).toBeVisible();
  await viewer.searchBox.fill('the');
  await expect(viewer.matchCount).not.toHaveText('');
  expect(await seriousViolations(viewer.page)).toEqual([]);
  await viewer.tab('Speakers').click();
  await expect(viewer.page.getByTestId('speaker-table')).toBeVisible();
  expect(await seriousViolations(viewer.page)).toEqual([]);
});

test('tabs are reachable with the keyboard', async ({ signedInPopup: _signedIn, openViewer }) => {
  const viewer = await openViewer(P, R.readyShort);
  await viewer.tab('Protocol').focus();
  await viewer.page.keyboard.press('ArrowRight');
  await expect(viewer.tab('Transcript')).toBeFocused();
  await expect(viewer.tab('Transcript')).toHaveAttribute('aria-selected', 'true');
});

test('Russian recording: unlabelled voices read “Спикер N” when the interface is Russian', async ({
  signedInPopup: _signedIn,
  openViewer,
  openOptions,
}) => {
  const options = await openOptions();
  await options.language.selectOption('ru');
  const viewer = await openViewer(P, R.readyRu, 'transcript');
  await expect(viewer.page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(viewer.page.getByRole('tab', { name: /^Расшифровка/ })).toBeVisible();
  await expect(viewer.utterances.first()).toBeVisible();
});

test('the source file link is fetched on demand', async ({
  signedInPopup: _signedIn,
  openViewer,
  emulator,
}) => {
  const viewer = await openViewer(P, R.readyShort);
  await viewer.page.getByRole('button', { name: 'Get the source file link' }).click();
  const link = viewer.page.getByTestId('source-link');
  await expect(link).toHaveAttribute('href', new RegExp(`^${emulator.storageUrl}/`));
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
});
