/**
 * The search index's files while pages come and go: three side-panel pages opened as tabs at the
 * same instant, each searching the same phrase, then closed at once, and a fourth opened a few
 * seconds later: every page is answered, and the database stays on the origin-private file system
 * (read from the options page once no page holds it). A database whose first page was overwritten
 * while no page was open is rebuilt on disk by the next page, not only in its worker's memory; so
 * it is when the files were held as that page opened (it answers from memory meanwhile).
 * Run it repeatedly (`--repeat-each=3`): a handover that loses the files does so now and then.
 */
import type { BrowserContext, Page, Worker } from '@playwright/test';
import type { SearchCounters } from '../../lib/archive/worker-protocol';
import { damageDatabase, databaseFile, seedMeetings } from './search-support';
import { archiveStore, expect, openPanel, SEED, test } from './ui-fixtures';

const WORD = 'zephyrine';
const HOURS = 6;
const MATCHING = 3;

test.describe.configure({ timeout: 180_000 });

/** The archive: the demo account's (a recording opened in the viewer) and `HOURS` more. */
async function seeded(context: BrowserContext, extensionId: string): Promise<void> {
  const viewer = await context.newPage();
  await viewer.goto(
    `chrome-extension://${extensionId}/viewer.html?space=${SEED.spaces.personal}&audio=${SEED.recordings.ready}`,
  );
  await seedMeetings(viewer, { hours: HOURS, matching: MATCHING, word: WORD });
  await viewer.close();
}

/** `count` side-panel pages opened as tabs at the same instant. */
function panels(context: BrowserContext, extensionId: string, count: number): Promise<Page[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const page = await context.newPage();
      await openPanel(page, extensionId);
      return page;
    }),
  );
}

/** Each page types the phrase at one shared instant; their search workers. */
async function searchAtOnce(pages: Page[]): Promise<Worker[]> {
  const started = pages.map((page) => page.waitForEvent('worker'));
  const at = Date.now() + 500;
  await Promise.all(
    pages.map((page) =>
      page.evaluate(
        async ({ at, word }) => {
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
          const field = document.querySelector<HTMLInputElement>('[data-testid="meeting-search"]');
          if (!field) throw new Error('no search field');
          field.focus();
          field.value = `${word} plan`;
          field.dispatchEvent(new Event('input', { bubbles: true }));
        },
        { at, word: WORD },
      ),
    ),
  );
  return Promise.all(started);
}

async function answered(page: Page): Promise<void> {
  await expect(page.getByTestId('meeting-hit')).toHaveCount(MATCHING, { timeout: 60_000 });
  await expect(page.getByTestId('meeting-search-status')).toHaveText('', { timeout: 60_000 });
}

const countersOf = (worker: Worker) =>
  worker.evaluate(() => ({ ...(self as unknown as { searchCounters: SearchCounters }).searchCounters }));

/** The database's file, read from the options page once no worker holds it. */
async function onDisk(context: BrowserContext, extensionId: string) {
  const reader = await context.newPage();
  await reader.goto(`chrome-extension://${extensionId}/options.html`);
  await expect
    .poll(
      () =>
        databaseFile(reader).then(
          () => true,
          () => false,
        ),
      { timeout: 30_000 },
    )
    .toBe(true);
  const file = await databaseFile(reader);
  return { reader, file };
}

test('three panels opened and closed at once, a fourth a few seconds later: every one answered, the database kept on disk', async ({
  signedInPopup: _popup,
  context,
  extensionId,
}) => {
  await seeded(context, extensionId);
  const three = await panels(context, extensionId, 3);
  await searchAtOnce(three);
  for (const page of three) await answered(page);
  await Promise.all(three.map((page) => page.close()));
  // The timing: the fourth page a few seconds after the three closed.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const [fourth] = await panels(context, extensionId, 1);
  const [worker] = await searchAtOnce([fourth!]);
  await answered(fourth!);
  expect(await countersOf(worker!)).toMatchObject({ storage: 'opfs', recovered: 0 });
  await fourth!.close();
  const { reader, file } = await onDisk(context, extensionId);
  expect(file).toMatchObject({ magic: 'SQLite format 3\u0000' });
  expect(file!.size).toBeGreaterThan(16 * 4096);
  await reader.close();
});

test('a database damaged while no page was open is rebuilt on disk by the next page', async ({
  signedInPopup: _popup,
  context,
  extensionId,
}) => {
  await seeded(context, extensionId);
  const [first] = await panels(context, extensionId, 1);
  await searchAtOnce([first!]);
  await answered(first!);
  await first!.close();
  const { reader, file } = await onDisk(context, extensionId);
  expect(file).toMatchObject({ magic: 'SQLite format 3\u0000' });
  await damageDatabase(reader, file!.path);
  expect((await databaseFile(reader))!.magic).not.toContain('SQLite');
  await reader.close();
  const [fresh] = await panels(context, extensionId, 1);
  const [worker] = await searchAtOnce([fresh!]);
  await answered(fresh!);
  expect(await countersOf(worker!)).toMatchObject({ storage: 'opfs', recovered: 1 });
  await fresh!.close();
  const after = await onDisk(context, extensionId);
  expect(after.file).toMatchObject({ magic: 'SQLite format 3\u0000' });
  expect(after.file!.size).toBeGreaterThan(16 * 4096);
  await after.reader.close();
});

test('files held as a page opens: it answers from memory, then rebuilds the damaged database on disk once they are free', async ({
  signedInPopup: _popup,
  context,
  extensionId,
}) => {
  await seeded(context, extensionId);
  const [first] = await panels(context, extensionId, 1);
  await searchAtOnce([first!]);
  await answered(first!);
  await first!.close();
  const { reader, file } = await onDisk(context, extensionId);
  await damageDatabase(reader, file!.path);
  // The test build waits 1 s (not 30) for the files before answering from memory.
  await archiveStore(reader, { put: [['test:pool-wait-ms', 1_000]] });
  // Another holder of the database's file (a writer left open) while the page opens.
  await reader.evaluate(async (path) => {
    const [dir, name] = path.split('/') as [string, string];
    const root = await navigator.storage.getDirectory();
    const folder = await (await root.getDirectoryHandle('.meeting-search')).getDirectoryHandle(dir);
    const handle = await folder.getFileHandle(name);
    (window as unknown as { held: FileSystemWritableFileStream }).held = await handle.createWritable({
      keepExistingData: true,
    });
  }, file!.path);
  const [fresh] = await panels(context, extensionId, 1);
  const [worker] = await searchAtOnce([fresh!]);
  await answered(fresh!);
  expect(await countersOf(worker!)).toMatchObject({ storage: 'memory' });
  await reader.evaluate(() => (window as unknown as { held: FileSystemWritableFileStream }).held.abort());
  // Once free, the page's worker takes the files, finds the damage and builds the index there.
  await expect
    .poll(async () => countersOf(worker!), { timeout: 60_000 })
    .toMatchObject({ storage: 'opfs', recovered: 1 });
  await expect(fresh!.getByTestId('meeting-search-status')).toHaveText('', { timeout: 60_000 });
  await expect(fresh!.getByTestId('meeting-hit')).toHaveCount(MATCHING);
  await fresh!.close();
  await archiveStore(reader, { del: 'test:pool-wait-ms' });
  const read = async () => databaseFile(reader).catch(() => null);
  await expect.poll(async () => (await read())?.magic, { timeout: 30_000 }).toBe('SQLite format 3\u0000');
  expect((await read())!.size).toBeGreaterThan(16 * 4096);
  await reader.close();
});
