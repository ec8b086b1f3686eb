/**
 * A search answer is never stale: the question on screen follows the index. A side panel asked
 * before its index is complete ends with every matching meeting and never says "Nothing found" on
 * the way; meetings added while the question stands raise the count without typing. The engine
 * that ships (SQLite FTS5 in the search worker) answers; the index an older version saved in
 * IndexedDB is dropped on the way, with no one's action.
 */
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { readyResult } from '../../lib/archive/testing/fixtures';
import { archivedCatalog } from './search-support';
import { archiveStore, expect, openPanel, SEED, test } from './ui-fixtures';

const R = SEED.recordings;
const S = SEED.spaces;
const WORD = 'zephyrine';
/** Meetings seeded into the archive, and how many of them say the word. */
const SEEDED = 24;
const MATCHING = 15;
/**
 * The seeded meetings' space: none of the account's, so the pages' listings of its spaces (which
 * take the recordings the service no longer lists out of the archive) leave them alone.
 */
const SEEDED_SPACE = 9_001;

test.describe.configure({ timeout: 120_000 });

/**
 * The archive as the background made it for the demo account (one recording opened in the
 * viewer), plus `SEEDED` meetings written beside it; the first `MATCHING` say the word.
 */
async function seedArchive(page: Page): Promise<number> {
  const current = await archivedCatalog(page);
  const put: Array<[string, unknown]> = [];
  for (let i = 0; i < SEEDED; i += 1) {
    const audioId = 9_000 + i;
    const key = `${SEEDED_SPACE}:${audioId}`;
    const title = `Seeded meeting ${i}`;
    const createdAt = Date.UTC(2026, 0, 1 + i);
    const text =
      i < MATCHING
        ? `The ${WORD} budget was approved in meeting ${i}.`
        : `We went through the roadmap in meeting ${i}.`;
    const result = readyResult(audioId, title, [
      {
        header: 'Plans',
        lines: [
          { speaker: 0, text },
          { speaker: 1, text: 'Thanks, see you next week.' },
        ],
      },
    ]);
    put.push([`rec:${key}`, { spaceId: SEEDED_SPACE, audioId, title, createdAt, result }]);
    current.entries[key] = {
      spaceId: SEEDED_SPACE,
      audioId,
      title,
      createdAt,
      savedAt: Date.now(),
      rev: 1,
      bytes: JSON.stringify(result).length,
      language: 'en',
      utterances: 2,
      speakers: ['Anna Petrova'],
    };
  }
  put.push(['catalog', current]);
  await archiveStore(page, { put });
  return Object.keys(current.entries).length;
}

/**
 * A side panel over the seeded archive (a recording opened in the viewer first, so the account's
 * archive exists), reloaded so its search worker starts afresh.
 */
async function seededPanel(
  context: BrowserContext,
  extensionId: string,
  openViewer: (spaceId: number, audioId: number) => Promise<{ protocol: Locator }>,
): Promise<Page> {
  const viewer = await openViewer(S.personal, R.ready);
  await expect(viewer.protocol).toBeVisible();
  const panel = await context.newPage();
  await openPanel(panel, extensionId);
  await seedArchive(panel);
  await panel.reload();
  return panel;
}

/** Every text the search status line shows from now on. */
async function recordStatus(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __statuses: string[] }).__statuses = seen;
    const status = document.querySelector('[data-testid="meeting-search-status"]');
    if (!status) throw new Error('no status line');
    new MutationObserver(() => seen.push(status.textContent ?? '')).observe(status, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  return () => page.evaluate(() => (window as unknown as { __statuses: string[] }).__statuses);
}

test('a word typed before the index is complete ends with every matching meeting, never "Nothing found"; the index saved in IndexedDB before goes', async ({
  signedInPopup: _popup,
  context,
  extensionId,
  openViewer,
}) => {
  const viewer = await openViewer(S.personal, R.ready);
  await expect(viewer.protocol).toBeVisible();
  const panel = await context.newPage();
  await openPanel(panel, extensionId);
  const total = await seedArchive(panel);
  expect(total).toBe(SEEDED + 1);
  // What the MiniSearch search of an older version saved: a manifest and a shard. The worker
  // waits before it indexes each record (test build only), so the question comes first.
  await archiveStore(panel, {
    put: [
      ['search-index', JSON.stringify({ version: 2, shards: 1 })],
      ['search-index:0', '{}'],
      ['test:index-delay-ms', 150],
    ],
  });
  await panel.reload();
  await expect(panel.getByRole('searchbox', { name: 'Search all meetings' })).toBeVisible();
  const statuses = await recordStatus(panel);
  await panel.getByRole('searchbox', { name: 'Search all meetings' }).fill(WORD);
  await expect(panel.getByTestId('meeting-hit')).toHaveCount(MATCHING, { timeout: 60_000 });
  await expect(panel.getByTestId('meeting-search-status')).toHaveText('');
  const seen = await statuses();
  // Asked before the index was complete: the panel said what it had searched, never "Nothing found".
  expect(
    seen.some((text) => new RegExp(`^Searched \\d+ of ${total} meetings, still loading`).test(text)),
  ).toBe(true);
  expect(seen).not.toContain('Nothing found.');
  const keys = (await archiveStore(panel, { keys: true })) as string[];
  expect(keys.filter((key) => key.startsWith('search-index'))).toEqual([]);
  // Said when true: a word no meeting holds, from the whole index.
  await panel.getByRole('searchbox', { name: 'Search all meetings' }).fill('quoxwyvern');
  await expect(panel.getByTestId('meeting-search-status')).toHaveText('Nothing found.');
  await expect(panel.getByTestId('meeting-hit')).toHaveCount(0);
  await archiveStore(panel, { del: 'test:index-delay-ms' });
});

test('meetings added while the question stands raise the count without typing', async ({
  signedInPopup: _popup,
  context,
  extensionId,
  emulator,
  openViewer,
}) => {
  const panel = await seededPanel(context, extensionId, openViewer);
  await expect(panel.getByRole('searchbox', { name: 'Search all meetings' })).toBeVisible();
  const statuses = await recordStatus(panel);
  await panel.getByRole('searchbox', { name: 'Search all meetings' }).fill(WORD);
  await expect(panel.getByTestId('meeting-hit')).toHaveCount(MATCHING, { timeout: 60_000 });

  // Two more recordings say the word; opening them in the viewer keeps them in the archive.
  const added: Array<[number, number]> = [
    [S.team, R.teamReady],
    [S.personal, R.readyShort],
  ];
  for (const [spaceId, audioId] of added) {
    await fetch(`${emulator.url}/__emulator/recordings/${audioId}/result`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        language: 'en',
        dialog: [
          {
            header: 'Budget',
            starts: [0, 10],
            ends: [9, 19],
            speakers: ['{0}', '{1}'],
            texts: [`The ${WORD} budget is on the list again.`, 'Agreed.'],
          },
        ],
      }),
    });
    const opened = await openViewer(spaceId, audioId);
    await expect(opened.protocol).toBeVisible();
    await opened.page.close();
  }

  // Nothing typed: the panel follows the archive to the new total.
  await expect(panel.getByTestId('meeting-hit')).toHaveCount(MATCHING + added.length, { timeout: 60_000 });
  await expect(panel.getByTestId('meeting-search-status')).toHaveText('');
  expect(await panel.getByRole('searchbox', { name: 'Search all meetings' }).inputValue()).toBe(WORD);
  expect(await statuses()).not.toContain('Nothing found.');

  // A filter is a new question: only the team's meeting, never the answer to the old filters.
  await panel.getByText('Filters').click();
  await panel
    .locator('.meeting-search-filters')
    .getByRole('combobox', { name: 'Space' })
    .selectOption({ label: 'Team' });
  await expect(panel.getByTestId('meeting-hit')).toHaveCount(1);
  await expect(panel.getByTestId('meeting-search-status')).toHaveText('');
});

test('a page opened over a kept index lists the meetings found while their passages are read, then the passages', async ({
  signedInPopup: _popup,
  context,
  extensionId,
  openViewer,
}) => {
  const panel = await seededPanel(context, extensionId, openViewer);
  const field = panel.getByRole('searchbox', { name: 'Search all meetings' });
  // The index is built and kept: a word none says is answered from all of it.
  await field.fill('quoxwyvern');
  await expect(panel.getByTestId('meeting-search-status')).toHaveText('Nothing found.', { timeout: 60_000 });
  // A new page's worker starts with no record read; each read waits 2 s (test build only).
  await archiveStore(panel, { put: [['test:read-delay-ms', 2000]] });
  await panel.reload();
  await field.fill(WORD);
  // First the meetings, best first, titled and dated, with no passage yet and marked busy.
  await expect(panel.getByTestId('meeting-hit')).toHaveCount(MATCHING);
  await expect(panel.getByTestId('meeting-hits')).toHaveAttribute('aria-busy', 'true');
  await expect(panel.getByTestId('hit')).toHaveCount(0);
  await expect(panel.getByTestId('meeting-hit').first()).toContainText('Seeded meeting');
  await expect(panel.getByTestId('meeting-search-status')).toHaveText('Searching…');
  // Then the passages, each meeting with its hit; the list no longer busy.
  await expect(panel.getByTestId('hit')).toHaveCount(MATCHING, { timeout: 30_000 });
  await expect(panel.getByTestId('meeting-hits')).toHaveAttribute('aria-busy', 'false');
  await expect(panel.getByTestId('meeting-hit')).toHaveCount(MATCHING);
  await expect(panel.getByTestId('meeting-search-status')).toHaveText('');
  await archiveStore(panel, { del: 'test:read-delay-ms' });
});
