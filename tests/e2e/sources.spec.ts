/**
 * The suggested sources of the protocol's lines: in the viewer's Protocol tab (opened in place,
 * closed with Escape, a line with none saying so, the link to the transcript and back from the
 * cited utterance, the Markdown export, accessible in light and dark, English and Russian), and in
 * the popup's protocol view (linked by the background, each source opening the viewer there).
 */
import { readFileSync } from 'node:fs';
import { SOURCES_EXPECTED, SOURCES_RESULT } from '../fixtures/sources-meeting';
import { checkLayout, formatProblems } from './layout';
import { expect, SEED, seriousViolations, test } from './ui-fixtures';

const P = SEED.spaces.personal;
const R = SEED.recordings;

async function putResult(url: string, id: number): Promise<void> {
  const answer = await fetch(`${url}/__emulator/recordings/${id}/result`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(SOURCES_RESULT),
  });
  expect(answer.status, await answer.clone().text()).toBe(200);
}

test('the viewer: every line’s sources in place, to the transcript and back, none said plainly, exported, in both languages and themes', async ({
  emulator,
  signedInPopup: _signedIn,
  openViewer,
  openOptions,
}) => {
  // Both languages, both themes and their accessibility checks: longer than one default test.
  test.setTimeout(180_000);
  await putResult(emulator.url, R.readyShort);
  const viewer = await openViewer(P, R.readyShort);
  const { page } = viewer;
  const toggles = viewer.protocol.getByTestId('line-source');
  // Three list items and the two sentences of the paragraph.
  await expect(toggles).toHaveCount(5);
  await expect(page.getByTestId('sources-status')).toHaveText(
    /Suggested sources for 4 of 5 lines.*not a proof/,
  );

  const budget = viewer.protocol.locator('li').nth(0).getByTestId('line-source');
  await expect(budget).toHaveAccessibleName('3 suggested sources');
  await expect(budget).toHaveAttribute('aria-expanded', 'false');
  await budget.focus();
  await page.keyboard.press('Enter');
  await expect(budget).toHaveAttribute('aria-expanded', 'true');
  const panel = page.getByRole('region', { name: /^Suggested sources of “Anna sends the budget/ });
  await expect(panel).toBeVisible();
  const first = panel.getByTestId('line-source-item').first();
  await expect(first).toContainText('0:30');
  await expect(first).toContainText('Anna Petrova');
  await expect(first).toContainText('I will send the budget to the vendor on Friday');
  await expect(panel).not.toContainText(/verified|proven/i);

  // The line nobody said says so plainly.
  const canteen = viewer.protocol.locator('li').nth(2).getByTestId('line-source');
  await expect(canteen).toHaveAccessibleName('No source found');
  await canteen.click();
  const none = page.getByRole('region', { name: /^Suggested sources of “The canteen/ });
  await expect(none).toContainText('No source found: nothing said in the transcript matches this line');
  // Each sentence of the paragraph has its own control, in the paragraph.
  await expect(viewer.protocol.locator('p').getByTestId('line-source')).toHaveCount(2);

  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await seriousViolations(page), colorScheme).toEqual([]);
    const report = await checkLayout(page);
    expect(report.problems, `${colorScheme}:\n${formatProblems(report.problems)}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // Escape closes a panel and gives the focus back to its control.
  await none.getByText(/No source found/).click();
  await page.keyboard.press('Escape');
  await expect(none).toHaveCount(0);
  await expect(canteen).toBeFocused();

  // The Markdown export gives each line its cited times and speakers.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    viewer.exportButton('Markdown').click(),
  ]);
  const md = readFileSync(await download.path(), 'utf8');
  expect(md).toContain('## Suggested sources of the protocol’s lines');
  expect(md).toContain('- Anna sends the budget to the vendor by Friday — [0:30] Anna Petrova;');
  expect(md).toContain('- The canteen serves vegetarian lunches on Wednesdays — no source found');
  expect(md.indexOf('## Suggested sources')).toBeLessThan(md.indexOf('## Transcript'));

  // To the moment in the transcript, and back to the line from the cited utterance.
  const link = first.getByRole('link', { name: 'Show in the transcript: Anna Petrova at 0:30' });
  await expect(link).toHaveAttribute(
    'href',
    `?space=${P}&audio=${R.readyShort}&at=0.${SOURCES_EXPECTED.budget}`,
  );
  await link.click();
  await expect(viewer.tab('Transcript')).toHaveAttribute('aria-selected', 'true');
  const cited = page.locator(`[data-at="0.${SOURCES_EXPECTED.budget}"]`);
  await expect(cited).toBeFocused();
  await expect(cited.getByRole('button', { name: 'Cited by 1 protocol line' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  expect(await seriousViolations(page)).toEqual([]);
  await cited.getByRole('button', { name: /^Back to the line: Anna sends the budget/ }).click();
  await expect(viewer.tab('Protocol')).toHaveAttribute('aria-selected', 'true');
  await expect(budget).toBeFocused();
  await expect(budget).toHaveAttribute('aria-expanded', 'true');

  // Russian: the same controls in Russian words.
  const options = await openOptions();
  await options.language.selectOption('ru');
  await page.reload();
  await expect(toggles).toHaveCount(5);
  await expect(budget).toHaveAccessibleName('Предполагаемых источников: 3');
  await expect(canteen).toHaveAccessibleName('Источник не найден');
  await canteen.click();
  await expect(
    page.getByRole('region', { name: /^Предполагаемые источники строки «The canteen/ }),
  ).toContainText('Источник не найден');
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await seriousViolations(page), `ru ${colorScheme}`).toEqual([]);
  }
});

test('the popup: the background’s sources beside each line, each opening the transcript in the viewer', async ({
  emulator,
  signedInPopup: popup,
}) => {
  await putResult(emulator.url, R.readyShort);
  await popup.openRecording('Quick voice note.wav');
  const protocol = popup.page.getByTestId('protocol');
  const toggles = protocol.getByTestId('line-source');
  await expect(toggles).toHaveCount(5);
  const release = protocol.locator('li').nth(1).getByTestId('line-source');
  await release.click();
  const panel = popup.page.getByRole('region', { name: /^Suggested sources of “The release moves/ });
  const link = panel.getByRole('link', {
    name: /^Open in the transcript \(new tab\): Boris Ivanov at 1:00$/,
  });
  await expect(link).toHaveAttribute(
    'href',
    new RegExp(`/viewer\\.html\\?space=${P}&audio=${R.readyShort}&at=0\\.${SOURCES_EXPECTED.release}$`),
  );
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(protocol.locator('li').nth(2).getByTestId('line-source')).toHaveAccessibleName(
    'No source found',
  );
  for (const colorScheme of ['light', 'dark'] as const) {
    await popup.page.emulateMedia({ colorScheme });
    expect(await seriousViolations(popup.page), colorScheme).toEqual([]);
    const report = await checkLayout(popup.page);
    expect(report.problems, `${colorScheme}:\n${formatProblems(report.problems)}`).toEqual([]);
  }
});
