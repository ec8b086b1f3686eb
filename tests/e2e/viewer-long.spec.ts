import { expect, SEED, test } from './ui-fixtures';

// A 3-hour transcript rendered whole: 28 s in a loaded CI run.
test.describe.configure({ timeout: 120_000 });

test('the 3-hour transcript shows its first screen, then renders every utterance', async ({
  signedInPopup: _signedIn,
  openViewer,
}) => {
  const viewer = await openViewer(SEED.spaces.personal, SEED.recordings.long, 'transcript');
  await expect(viewer.utterances.first()).toBeVisible();
  const total = Number((await viewer.tab('Transcript').locator('.tab-count').textContent()) ?? '');
  expect(total).toBeGreaterThan(3000);
  await expect(viewer.utterances).toHaveCount(total, { timeout: 30_000 });
  // Times past the first hour use h:mm:ss.
  await expect(viewer.utterances.last().locator('.time')).toHaveText(/^2:\d\d:\d\d$/);
  // A search that lands near the end renders and scrolls there.
  const lastText = ((await viewer.utterances.last().locator('.utterance-text').textContent()) ?? '').slice(
    0,
    24,
  );
  await viewer.searchBox.fill(lastText);
  await expect(viewer.matchCount).toHaveText(/^1 of \d+$/);
  await expect(viewer.page.locator('mark.current')).toBeInViewport();
});
