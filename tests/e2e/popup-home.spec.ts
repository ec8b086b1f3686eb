import { api, expect, SEED, seriousViolations, test } from './ui-fixtures';

const R = SEED.recordings;

test('balance card: time left, plan, period end; inactive subscription warned', async ({
  signedInPopup: popup,
}) => {
  await expect(popup.balanceValue).toContainText('10 h 00 min');
  await expect(popup.page.getByTestId('plan')).toContainText('Business');
  await expect(popup.page.getByTestId('period-end')).toContainText('Period ends');
  await expect(popup.page.getByTestId('subscription-inactive')).toHaveCount(0);
  await popup.spacePicker.selectOption({ label: 'Unpaid' });
  await expect(popup.page.getByTestId('subscription-inactive')).toBeVisible();
  await expect(popup.balanceValue).toContainText('30 min');
});

test('recent recordings: newest first, a status chip derived from each state', async ({
  signedInPopup: popup,
}) => {
  await expect(popup.rows).toHaveCount(SEED.personalListCount);
  const ids = await popup.rows.evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-id'))));
  expect(ids[0]).toBe(R.processing);
  await expect(popup.chip(R.uploadPending)).toHaveText('Upload pending');
  await expect(popup.chip(R.uploadedNotProcessed)).toHaveText('Ready to process');
  await expect(popup.chip(R.processing)).toHaveText('Processing');
  await expect(popup.chip(R.ready)).toHaveText('Ready');
  await expect(popup.chip(R.failed)).toHaveText('Failed');
  await expect(popup.row(R.inTrash)).toHaveCount(0);
  expect(await seriousViolations(popup.page)).toEqual([]);
});

test('search is plain text unless regex is chosen', async ({ signedInPopup: popup }) => {
  await expect(popup.rows).toHaveCount(SEED.personalListCount);
  // Parentheses and the dot are literal characters here.
  await popup.search('(noisy).');
  await expect(popup.rows).toHaveCount(1);
  await expect(popup.row(R.failed)).toBeVisible();
  await popup.search('^Quick|^Weekly', true);
  await expect(popup.rows).toHaveCount(2);
  await popup.search('nothing like this');
  await expect(popup.page.getByTestId('empty-state')).toContainText('No recordings match');
});

test('load more pages through the list with limit and offset', async ({ signedInPopup: popup, emulator }) => {
  for (let i = 0; i < 10; i += 1) {
    await api(emulator, `/api/spaces/${SEED.spaces.personal}/audio/`, {
      method: 'POST',
      body: JSON.stringify({ title: `Extra ${i}.mp3`, size: 1000, content_type: 'audio/mpeg' }),
    });
  }
  await popup.reopen();
  await expect(popup.rows).toHaveCount(20);
  await expect(popup.page.getByTestId('shown-of')).toHaveText('20 of 22');
  await popup.page.getByRole('button', { name: 'Load more' }).click();
  await expect(popup.rows).toHaveCount(22);
  await expect(popup.page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
});

test('opens from the cache at once after the first visit', async ({ signedInPopup: popup }) => {
  await expect(popup.rows).toHaveCount(SEED.personalListCount);
  const cached = (await popup.page.evaluate(
    async () => (await chrome.storage.session.get('popupCache')).popupCache,
  )) as { recordings: unknown[] };
  expect(cached.recordings.length).toBe(SEED.personalListCount);
  expect(JSON.stringify(cached)).not.toMatch(/"access"|"refresh"|token/i);
  await popup.reopen();
  await expect(popup.rows).toHaveCount(SEED.personalListCount);
});

test('the first frame of the popup is the cached list, marked, then replaced by the fresh one', async ({
  signedInPopup: popup,
}) => {
  await expect(popup.rows).toHaveCount(SEED.personalListCount);
  await expect(popup.page.getByTestId('recording-list')).toHaveAttribute('aria-busy', 'false');
  // A title only the cache has: the first frame can come from nowhere else.
  await popup.page.evaluate(async () => {
    const { popupCache } = (await chrome.storage.session.get('popupCache')) as {
      popupCache: { recordings: Array<{ title: string }> };
    };
    popupCache.recordings[0]!.title = 'Only in the cache.wav';
    await chrome.storage.session.set({ popupCache });
  });
  // What the page holds when the app is first rendered into it (one synchronous render), the
  // snapshot the popup's first script may paint before it aside (tests/e2e/popup-snapshot.spec.ts).
  await popup.page.addInitScript(() => {
    const seen = new MutationObserver(() => {
      const app = document.getElementById('app');
      if (!app?.querySelector(':scope > :not([data-snapshot])')) return;
      seen.disconnect();
      (window as unknown as { firstFrame: unknown }).firstFrame = {
        rows: app.querySelectorAll('[data-testid="recording"]').length,
        skeletons: app.querySelectorAll('[data-testid="skeleton"]').length,
        busy: app.querySelector('[data-testid="recording-list"]')?.getAttribute('aria-busy') ?? null,
        cachedTitle: (app.textContent ?? '').includes('Only in the cache.wav'),
      };
    });
    seen.observe(document, { childList: true, subtree: true });
  });
  await popup.reopen();
  await expect
    .poll(() => popup.page.evaluate(() => (window as unknown as { firstFrame?: unknown }).firstFrame))
    .toEqual({ rows: SEED.personalListCount, skeletons: 0, busy: 'true', cachedTitle: true });
  // Then the service's list replaces it, and the mark goes.
  await expect(popup.page.getByText('Only in the cache.wav')).toHaveCount(0);
  await expect(popup.page.getByTestId('recording-list')).toHaveAttribute('aria-busy', 'false');
  await expect(popup.rows).toHaveCount(SEED.personalListCount);
});
