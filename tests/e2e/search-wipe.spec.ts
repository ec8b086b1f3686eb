/**
 * Signing out drops the search database on the extension origin's private file system (the
 * `.meeting-search` folder of the "SAH pool" VFS, components/search/search-database.ts) with the
 * archive: with the side panel closed (the background removes the folder), and with the side
 * panel left open, its search worker holding the files (they are emptied). Another account signed
 * in afterwards finds nothing of the first one's meetings. A panel closed right after signing out,
 * while its worker is busy and has not emptied the files yet, leaves none behind either: the
 * background tries the removal again once the files are let go (lib/archive/drop.ts).
 *
 * "Emptied": a pool file of no more than its header (search-support.ts) holds no page of any
 * database.
 */
import type { BrowserContext, Page } from '@playwright/test';
import type { RunningEmulator } from '../../emulator/index';
import type { ViewerPage } from './pages/viewer';
import { POOL_HEADER_BYTES, poolFiles } from './search-support';
import { api, archiveKeys, archiveStore, expect, openPanel, SEED, test } from './ui-fixtures';

const R = SEED.recordings;
const S = SEED.spaces;

test.describe.configure({ timeout: 180_000 });

interface Result {
  result: { dialog: Array<{ texts: string[] }> };
}

/** Files holding more than the pool's header (a database's pages), or that could not be read. */
async function filesWithData(page: Page): Promise<string[]> {
  const files = await poolFiles(page);
  return (files ?? [])
    .filter((file) => file.size === null || file.size > POOL_HEADER_BYTES)
    .map((file) => `${file.path} (${file.size ?? 'unreadable'})`);
}

/** The largest file's size under the search database's folder (0 when none). */
async function databaseBytes(page: Page): Promise<number> {
  return Math.max(0, ...((await poolFiles(page)) ?? []).map((file) => file.size ?? 0));
}

/** A word of the Russian recording (none of it is in any English one: no stem, prefix or typo matches). */
async function russianWord(emulator: RunningEmulator): Promise<string> {
  const result = await api<Result>(emulator, `/api/spaces/${S.personal}/audio/${R.readyRu}/result/`);
  const words = result.result.dialog.flatMap((block) => block.texts.join(' ').split(/[\s.,?!—]+/));
  const word = words.find((w) => /^[а-яё]{8,}$/i.test(w));
  if (!word) throw new Error('no long Russian word in the transcript');
  return word;
}

/** A phrase of the other user's recording (read with that user's token). */
async function otherPhrase(emulator: RunningEmulator): Promise<string> {
  const token = await fetch(`${emulator.url}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: SEED.users.other.email, password: SEED.users.other.password }),
  });
  const { access } = (await token.json()) as { access: string };
  const answer = await fetch(`${emulator.url}/api/spaces/${S.other}/audio/${R.otherPrivate}/result/`, {
    headers: { authorization: `Bearer ${access}` },
  });
  const result = (await answer.json()) as Result;
  return result.result.dialog[0]!.texts[0]!;
}

/** The test build's delay before the search worker indexes each record (components/search/search.worker.ts). */
async function setIndexDelay(page: Page, ms: number): Promise<void> {
  await archiveStore(page, { put: [['test:index-delay-ms', ms]] });
}

/**
 * The Russian recording opened in the viewer (so it is archived), then found from a new side panel
 * by a word of its own: the search database now holds more than its header.
 */
async function searchedInPanel(
  popupPage: Page,
  context: BrowserContext,
  extensionId: string,
  openViewer: (spaceId: number, audioId: number) => Promise<ViewerPage>,
  emulator: RunningEmulator,
): Promise<{ word: string; viewer: ViewerPage; panel: Page }> {
  const word = await russianWord(emulator);
  const viewer = await openViewer(S.personal, R.readyRu);
  await expect(viewer.protocol).toBeVisible();
  const panel = await context.newPage();
  await openPanel(panel, extensionId);
  await searchFinds(panel, word);
  expect(await databaseBytes(popupPage)).toBeGreaterThan(POOL_HEADER_BYTES);
  return { word, viewer, panel };
}

/** Sign out from the popup, which then offers to sign in. */
async function signOut(popupPage: Page): Promise<void> {
  await popupPage.getByRole('button', { name: 'Sign out' }).click();
  await expect(popupPage.getByRole('button', { name: 'Sign in' })).toBeVisible();
}

/** Searches from the side panel and waits for a hit from the complete index. */
async function searchFinds(panel: Page, text: string): Promise<void> {
  await panel.getByRole('searchbox', { name: 'Search all meetings' }).fill(text);
  await expect(panel.getByTestId('hit').first()).toBeVisible({ timeout: 60_000 });
  await expect(panel.getByTestId('meeting-search-status')).toHaveText('', { timeout: 60_000 });
}

test('signing out with the side panel closed removes the search database folder and empties the archive', async ({
  signedInPopup: popup,
  context,
  extensionId,
  emulator,
  openViewer,
}) => {
  const { panel } = await searchedInPanel(popup.page, context, extensionId, openViewer, emulator);
  expect(await archiveKeys(popup.page)).toBeGreaterThan(0);

  // The panel goes, and its search worker with it.
  await panel.close();
  await signOut(popup.page);

  await expect.poll(() => poolFiles(popup.page), { timeout: 15_000 }).toBeNull();
  await expect.poll(() => archiveKeys(popup.page)).toBe(0);
});

test('signing out with the side panel open empties its database; another account finds nothing of the first', async ({
  signedInPopup: popup,
  context,
  extensionId,
  emulator,
  openViewer,
}) => {
  const phrase = await otherPhrase(emulator);
  const { word, viewer, panel } = await searchedInPanel(
    popup.page,
    context,
    extensionId,
    openViewer,
    emulator,
  );

  // Signed out while the panel's worker holds the files.
  await signOut(popup.page);
  // The panel follows the sign-out: the sign-in form, and nothing of the search or its meetings.
  await expect(panel.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(panel.getByTestId('meeting-search-status')).toHaveCount(0);
  await expect(panel.getByTestId('hit')).toHaveCount(0);
  await expect.poll(() => filesWithData(popup.page), { timeout: 15_000 }).toEqual([]);
  await expect.poll(() => archiveKeys(popup.page)).toBe(0);

  // Another account, with a recording of its own in the archive.
  await popup.signIn(emulator.url, SEED.users.other.email, SEED.users.other.password);
  await expect(popup.balanceValue).toBeVisible();
  await viewer.open(S.other, R.otherPrivate);
  await expect(viewer.protocol).toBeVisible();

  // The panel, still open, searches the new account's archive: the first account's word is not
  // there ("Nothing found" is said only from the complete index), the new account's phrase is.
  const field = panel.getByRole('searchbox', { name: 'Search all meetings' });
  await expect(field).toBeVisible();
  await field.fill(word);
  await expect(panel.getByTestId('meeting-search-status')).toHaveText('Nothing found.', { timeout: 60_000 });
  await expect(panel.getByTestId('hit')).toHaveCount(0);
  await searchFinds(panel, phrase);
  await field.fill(word);
  await expect(panel.getByTestId('meeting-search-status')).toHaveText('Nothing found.', { timeout: 60_000 });
  await expect(panel.getByTestId('hit')).toHaveCount(0);
});

test('a side panel closed right after signing out, before its worker emptied the files, leaves none behind', async ({
  signedInPopup: popup,
  context,
  extensionId,
  emulator,
  openViewer,
}) => {
  const { viewer, panel } = await searchedInPanel(popup.page, context, extensionId, openViewer, emulator);

  // The worker is kept busy: it waits 10 s before indexing the next recording kept, and empties
  // the files on the clear only after that wait.
  await setIndexDelay(panel, 10_000);
  await viewer.open(S.personal, R.ready);
  await expect(viewer.protocol).toBeVisible();
  await expect(panel.getByTestId('meeting-search-status')).toHaveText(/^Searched 1 of 2 meetings/);

  // Signed out, and the panel closed at once: the background could not remove the files its
  // worker held, and the worker ends without emptying them. The background tries again.
  await signOut(popup.page);
  await panel.close();
  await expect.poll(() => poolFiles(popup.page), { timeout: 30_000 }).toBeNull();
  await expect.poll(() => archiveKeys(popup.page)).toBe(0);
});
