/**
 * Several pages searching at once share one index: three pages (the side panel, the viewer's list
 * and a recording in the viewer) start searching at the same instant over 50 hours of meetings.
 * One page's worker owns the index's files (the pool's Web Lock); the others are answered by it.
 * Each page gets the whole answer, the index is built once (one owner, every meeting indexed once),
 * and the database's files are intact afterwards: read from an extension page once every page has
 * closed, and used as they are by a page opened after (nothing indexed again). The same with the
 * owner busy building (each record held in the test build), and with the owner's page closed while
 * it builds: another page's worker takes the files over and finishes the same index.
 *
 * The archive: the demo account's (a recording opened in the viewer), plus 50 one-hour meetings of
 * the benchmark's generator (scripts/bench-archive.ts), 12 of which say the word.
 */
import type { BrowserContext, Page, Worker } from '@playwright/test';
import type { SearchCounters } from '../../lib/archive/worker-protocol';
import type { ViewerPage } from './pages/viewer';
import { POOL_HEADER_BYTES, poolFiles, seedMeetings } from './search-support';
import { archiveStore, expect, openPanel, SEED, test } from './ui-fixtures';

const R = SEED.recordings;
const S = SEED.spaces;
const WORD = 'zephyrine';
const HOURS = 50;
const MATCHING = 12;

test.describe.configure({ timeout: 300_000 });

/** The three pages that search, loaded, their search fields shown (no worker started yet). */
async function threePages(context: BrowserContext, extensionId: string): Promise<Page[]> {
  const panel = await context.newPage();
  await openPanel(panel, extensionId);
  const list = await context.newPage();
  await list.goto(`chrome-extension://${extensionId}/viewer.html`);
  const recording = await context.newPage();
  await recording.goto(`chrome-extension://${extensionId}/viewer.html?space=${S.personal}&audio=${R.ready}`);
  for (const page of [panel, list, recording])
    await expect(page.getByRole('searchbox', { name: 'Search all meetings' })).toBeVisible();
  return [panel, list, recording];
}

/**
 * Each page's worker, started by typing the word at one shared instant (each page waits for the
 * same moment of the machine's clock, then focuses the field, types and presses Enter).
 */
async function searchAtOnce(pages: Page[], word: string): Promise<Worker[]> {
  const started = pages.map((page) => page.waitForEvent('worker'));
  const at = Date.now() + 1_000;
  await Promise.all(
    pages.map((page) =>
      page.evaluate(
        async ({ at, word }) => {
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
          const field = document.querySelector<HTMLInputElement>('[data-testid="meeting-search"]');
          if (!field) throw new Error('no search field');
          field.focus();
          field.value = word;
          field.dispatchEvent(new Event('input', { bubbles: true }));
          field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
        },
        { at, word },
      ),
    ),
  );
  return Promise.all(started);
}

async function wholeAnswer(page: Page): Promise<void> {
  await expect(page.getByTestId('meeting-hit')).toHaveCount(MATCHING, { timeout: 120_000 });
  await expect(page.getByTestId('meeting-search-status')).toHaveText('', { timeout: 120_000 });
  await expect(page.getByTestId('meeting-hit')).toHaveCount(MATCHING);
}

/**
 * The demo account's archive (its recording opened in a viewer, which is closed afterwards, `then`
 * done before) with `HOURS` seeded beside it: the meetings in all.
 */
async function seededArchive(
  openViewer: (spaceId: number, audioId: number) => Promise<ViewerPage>,
  then?: (page: Page) => Promise<unknown>,
): Promise<number> {
  const viewer = await openViewer(S.personal, R.ready);
  await expect(viewer.protocol).toBeVisible();
  const total = await seedMeetings(viewer.page, { hours: HOURS, matching: MATCHING, word: WORD });
  await then?.(viewer.page);
  await viewer.page.close();
  return total;
}

const roleOf = (worker: Worker) =>
  worker.evaluate(() => (self as unknown as { searchRole: 'owner' | 'follower' }).searchRole);
const countersOf = (worker: Worker) =>
  worker.evaluate(() => ({ ...(self as unknown as { searchCounters: SearchCounters }).searchCounters }));

/**
 * Once every searching page has closed: the database's files are there with the index in them,
 * and a page opened now answers from them, indexing nothing again.
 */
async function filesIntact(context: BrowserContext, extensionId: string): Promise<void> {
  const reader = await context.newPage();
  await reader.goto(`chrome-extension://${extensionId}/options.html`);
  // The closed pages' workers let the files go: every one of them is read.
  const sizes = async () => {
    const files = await poolFiles(reader).catch(() => null);
    return files?.every((file) => file.size !== null) ? files.map((file) => file.size!) : null;
  };
  await expect.poll(sizes, { timeout: 30_000 }).not.toBeNull();
  const read = (await sizes())!;
  expect(Math.max(...read)).toBeGreaterThan(100 * POOL_HEADER_BYTES);
  await reader.close();
  const panel = await context.newPage();
  await openPanel(panel, extensionId);
  const [worker] = await searchAtOnce([panel], WORD);
  await wholeAnswer(panel);
  expect(await countersOf(worker!)).toMatchObject({ storage: 'opfs', rebuilds: 0, indexed: 0, recovered: 0 });
  await panel.close();
}

test('three pages searching at the same instant: each gets the whole answer from one index, built once; its files intact after', async ({
  signedInPopup: _popup,
  context,
  extensionId,
  openViewer,
}) => {
  const total = await seededArchive(openViewer);
  expect(total).toBe(HOURS + 1);
  const pages = await threePages(context, extensionId);
  const workers = await searchAtOnce(pages, WORD);
  for (const page of pages) await wholeAnswer(page);
  const roles = await Promise.all(workers.map(roleOf));
  expect(roles.filter((role) => role === 'owner')).toHaveLength(1);
  // Every page reports the owner's counts: one build, every meeting indexed once.
  for (const worker of workers)
    expect(await countersOf(worker)).toMatchObject({
      storage: 'opfs',
      rebuilds: 1,
      indexed: total,
      recovered: 0,
    });
  // The owner's page closes first: the others are answered by the next owner.
  const owner = roles.indexOf('owner');
  await pages[owner]!.close();
  const rest = pages.filter((_, i) => i !== owner);
  await rest[0]!.getByRole('searchbox', { name: 'Search all meetings' }).fill(`${WORD} plan`);
  await expect(rest[0]!.getByTestId('meeting-hit')).toHaveCount(MATCHING, { timeout: 60_000 });
  await expect(rest[0]!.getByTestId('meeting-search-status')).toHaveText('');
  for (const page of rest) await page.close();
  await filesIntact(context, extensionId);
});

test('the same with the owner busy building, and its page closed while it builds: one index, finished by the next owner, files intact', async ({
  signedInPopup: _popup,
  context,
  extensionId,
  openViewer,
}) => {
  // The test build holds each record before indexing it: the build takes about 10 s.
  const total = await seededArchive(openViewer, (page) =>
    archiveStore(page, { put: [['test:index-delay-ms', 200]] }),
  );
  const pages = await threePages(context, extensionId);
  const workers = await searchAtOnce(pages, WORD);
  // Every page hears the owner's build as it goes (partial answers first).
  for (const page of pages)
    await expect(page.getByTestId('meeting-search-status')).toHaveText(
      new RegExp(`^Searched \\d+ of ${total} meetings, still loading`),
      { timeout: 60_000 },
    );
  const roles = await Promise.all(workers.map(roleOf));
  expect(roles.filter((role) => role === 'owner')).toHaveLength(1);
  const owner = roles.indexOf('owner');
  // Halfway: the owner has indexed some meetings (each held 200 ms), not all. The pages show the
  // build's status before its first meeting is in, so that alone is no halfway.
  await expect
    .poll(async () => (await countersOf(workers[owner]!)).indexed, { timeout: 60_000 })
    .toBeGreaterThan(0);
  const before = await countersOf(workers[owner]!);
  expect(before.indexed).toBeLessThan(total);
  // The owner's page closes halfway through its build: another page's worker takes the files over.
  await pages[owner]!.close();
  const rest = pages.filter((_, i) => i !== owner);
  const restWorkers = workers.filter((_, i) => i !== owner);
  for (const page of rest) await wholeAnswer(page);
  const after = await Promise.all(restWorkers.map(roleOf));
  expect(after.filter((role) => role === 'owner')).toHaveLength(1);
  const next = restWorkers[after.indexOf('owner')]!;
  const counters = await countersOf(next);
  // The next owner kept what the first had indexed (no rebuild) and indexed only the rest.
  expect(counters).toMatchObject({ storage: 'opfs', rebuilds: 0, recovered: 0 });
  expect(counters.indexed).toBeLessThan(total);
  expect(counters.indexed).toBeGreaterThan(0);
  await archiveStore(rest[0]!, { del: 'test:index-delay-ms' });
  for (const page of rest) await page.close();
  await filesIntact(context, extensionId);
});
