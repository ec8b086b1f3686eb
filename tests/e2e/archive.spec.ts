/**
 * The local archive as a person sees it: sizes per space with "Clear" in the options, "Add all
 * past meetings to search" from the side panel, speaker names given in the viewer (used by the
 * transcript and the search), and nothing left after signing out.
 */
import { api, archiveKeys, expect, SEED, test } from './ui-fixtures';

// Past meetings fetched and indexed: 26 s in a loaded CI run.
test.describe.configure({ timeout: 120_000 });

const R = SEED.recordings;
const S = SEED.spaces;

interface Result {
  title: string;
  result: { dialog: Array<{ texts: string[] }> };
}

test('options show what is kept per space, Clear removes a space, signing out removes everything', async ({
  signedInPopup: popup,
  openViewer,
  openOptions,
}) => {
  const personal = await openViewer(S.personal, R.ready);
  await expect(personal.protocol).toBeVisible();
  const team = await openViewer(S.team, R.teamReady);
  await expect(team.protocol).toBeVisible();

  const options = await openOptions();
  const section = options.page.getByTestId('archive-section');
  await expect(section.getByRole('heading', { name: 'Meetings kept for search' })).toBeVisible();
  await expect(section.getByTestId('archive-row')).toHaveCount(2);
  await expect(section.getByTestId('archive-row').first()).toContainText(
    /Personal.*1 recording, [\d.]+ (KB|kB|MB)/,
  );
  await section.getByRole('button', { name: 'Clear Team' }).click();
  await expect(section.getByTestId('archive-row')).toHaveCount(1);
  await expect(section.getByTestId('archive-row')).toContainText('Personal');

  expect(await archiveKeys(options.page)).toBeGreaterThan(0);
  await popup.page.getByRole('button', { name: 'Sign out' }).click();
  await expect(popup.page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect.poll(() => archiveKeys(options.page)).toBe(0);
  await options.page.reload();
  await expect(options.page.getByTestId('archive-section')).toContainText('Nothing is kept yet.');
});

test('all past meetings are added from the side panel; a renamed speaker is searched by the new name', async ({
  signedInPopup: _popup,
  context,
  extensionId,
  emulator,
  openViewer,
}) => {
  const panel = await context.newPage();
  await panel.setViewportSize({ width: 320, height: 800 });
  await panel.goto(`chrome-extension://${extensionId}/sidepanel.html`);
  await panel.getByText('Add all past meetings to search').click();
  await expect(panel.getByRole('checkbox', { name: 'Team' })).toBeChecked();
  // Only the two spaces with ready recordings of the demo user.
  for (const name of ['Unpaid', 'Almost empty']) {
    const box = panel.getByRole('checkbox', { name });
    if (await box.count()) await box.uncheck();
  }
  await panel.getByRole('button', { name: 'Add to search' }).click();
  await expect(panel.getByTestId('add-past-status')).toContainText(/^Done: \d+ added/, { timeout: 60_000 });

  // A phrase of the team space's recording, never opened, is found.
  const team = await api<Result>(emulator, `/api/spaces/${S.team}/audio/${R.teamReady}/result/`);
  const counts = new Map<string, number>();
  for (const block of team.result.dialog)
    for (const t of block.texts) counts.set(t, (counts.get(t) ?? 0) + 1);
  const phrase = [...counts].find(([t, n]) => n === 1 && t.split(' ').length > 8)![0];
  const field = panel.getByRole('searchbox', { name: 'Search all meetings' });
  // Other meetings say much the same (the emulator speaks from a few sentences): only the team's.
  await panel.getByText('Filters').click();
  await panel.locator('.meeting-search-filters select').first().selectOption({ label: 'Team' });
  await field.fill(phrase);
  await expect(panel.getByTestId('hit').filter({ hasText: phrase }).first()).toBeVisible({ timeout: 30_000 });

  // Rename a speaker in the viewer.
  const viewer = await openViewer(S.personal, R.ready, 'speakers');
  await expect(viewer.page.getByTestId('names-local')).toContainText('kept in this browser only');
  const firstName = (
    await viewer.page.locator('.speaker-table tbody th .speaker-rename > span').first().innerText()
  ).trim();
  await viewer.page.getByRole('button', { name: `Rename ${firstName}` }).click();
  const input = viewer.page.getByRole('textbox', { name: `Name of ${firstName}` });
  await expect(input).toBeFocused();
  await input.fill('Boris Testov');
  await input.press('Enter');
  await expect(viewer.page.getByTestId('speaker-table')).toContainText('Boris Testov');
  await viewer.tab('Transcript').click();
  await expect(viewer.utterances.filter({ hasText: 'Boris Testov' }).first()).toBeVisible();
  // Kept: a reload shows the name again.
  await viewer.page.reload();
  await viewer.tab('Transcript').click();
  await expect(viewer.utterances.filter({ hasText: 'Boris Testov' }).first()).toBeVisible();

  // The search's speaker filter knows the new name, and its hits are that speaker's.
  await panel.reload();
  await panel.getByRole('searchbox', { name: 'Search all meetings' }).fill('the');
  await panel.getByText('Filters').click();
  const speaker = panel.getByRole('combobox', { name: 'Speaker' });
  await expect(speaker.getByRole('option', { name: 'Boris Testov' })).toHaveCount(1, { timeout: 30_000 });
  await speaker.selectOption('Boris Testov');
  await panel.getByRole('searchbox', { name: 'Search all meetings' }).fill('sprint');
  const hits = panel.getByTestId('hit');
  await expect(hits.first()).toBeVisible({ timeout: 30_000 });
  const speakers = await panel.locator('.hit-speaker').allInnerTexts();
  expect(speakers.length).toBeGreaterThan(0);
  expect(new Set(speakers)).toEqual(new Set(['Boris Testov']));
});
