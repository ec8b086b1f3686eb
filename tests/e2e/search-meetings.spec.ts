/**
 * Search all meetings: a recording processed from the popup is kept in the local archive, a
 * phrase of its transcript is found from the side panel, and the hit opens the viewer at that
 * utterance (scrolled into view and focused), by a link that also works pasted into a new tab.
 */
import { api, expect, SEED, test } from './ui-fixtures';

const R = SEED.recordings;
const S = SEED.spaces;

test.use({ emulatorOptions: { processingDelayMs: 1_000 } });
test.describe.configure({ timeout: 120_000 });

interface Result {
  result: { dialog: Array<{ header: string; texts: string[] }> };
}

/** An utterance deep in the transcript whose text is not repeated anywhere in it. */
function uniqueUtterance(result: Result): { block: number; utterance: number; text: string } {
  const seen = new Map<string, number>();
  for (const block of result.result.dialog) for (const t of block.texts) seen.set(t, (seen.get(t) ?? 0) + 1);
  for (let b = Math.min(3, result.result.dialog.length - 1); b < result.result.dialog.length; b += 1) {
    const texts = result.result.dialog[b]!.texts;
    for (let u = 10; u < texts.length; u += 1) {
      const text = texts[u]!;
      if (seen.get(text) === 1 && text.split(/(?<=\.) /).length === 3)
        return { block: b, utterance: u, text };
    }
  }
  throw new Error('no unique utterance in the transcript');
}

test('a processed recording is found from the side panel and opens at the utterance', async ({
  signedInPopup: popup,
  emulator,
  context,
  extensionId,
}) => {
  await popup
    .row(R.uploadedNotProcessed)
    .getByRole('button', { name: /^Start processing/ })
    .click();
  await popup.page.getByRole('dialog').getByRole('button', { name: 'Start processing' }).click();
  await expect(popup.chip(R.uploadedNotProcessed)).toHaveText('Ready', { timeout: 60_000 });

  const result = await api<Result>(
    emulator,
    `/api/spaces/${S.personal}/audio/${R.uploadedNotProcessed}/result/`,
  );
  const target = uniqueUtterance(result);

  const panel = await context.newPage();
  await panel.setViewportSize({ width: 320, height: 800 });
  await panel.goto(`chrome-extension://${extensionId}/sidepanel.html`);
  const field = panel.getByRole('searchbox', { name: 'Search all meetings' });
  await field.fill(target.text);
  const hit = panel.getByTestId('hit').filter({ hasText: target.text });
  await expect(hit).toHaveCount(1, { timeout: 30_000 });
  // The matched words are marked, as elements.
  expect(await hit.locator('mark').count()).toBeGreaterThan(3);
  await expect(hit).toContainText(result.result.dialog[target.block]!.header);
  const href = await hit.getAttribute('href');
  expect(href).toBe(
    `/viewer.html?space=${S.personal}&audio=${R.uploadedNotProcessed}&tab=transcript&at=${target.block}.${target.utterance}`,
  );

  // The hit opens the viewer in a new tab, at that utterance.
  const [viewer] = await Promise.all([context.waitForEvent('page'), hit.click()]);
  const at = viewer.locator(`[data-at="${target.block}.${target.utterance}"]`);
  await expect(at).toBeFocused({ timeout: 15_000 });
  await expect(at).toBeInViewport();
  await expect(at).toContainText(target.text);
  await expect(viewer.getByRole('tab', { name: /^Transcript/ })).toHaveAttribute('aria-selected', 'true');

  // The same link pasted into a new tab while every service request fails: the archive serves it.
  await fetch(`${emulator.url}/__emulator/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rate: 1 }),
  });
  const pasted = await context.newPage();
  await pasted.goto(`chrome-extension://${extensionId}${href}`);
  const again = pasted.locator(`[data-at="${target.block}.${target.utterance}"]`);
  await expect(again).toBeFocused({ timeout: 15_000 });
  await expect(again).toBeInViewport();
});
