/**
 * Ask your meetings: a question typed in the side panel's search is answered with the moments
 * that answer it, grouped by meeting, each opening the viewer at that utterance; "Nothing found"
 * when nothing answers it; the same words searched as keywords on request. In the viewer a question
 * is about its meeting unless "Only this meeting" is unticked. Light and dark, English and Russian,
 * with no serious accessibility finding. The meetings are written for the tests, into the archive
 * of the demo account.
 */
import type { Page } from '@playwright/test';
import { readyResult } from '../../lib/archive/testing/fixtures';
import { archivedCatalog } from './search-support';
import { archiveStore, expect, openPanel, SEED, seriousViolations, test } from './ui-fixtures';

const R = SEED.recordings;
const S = SEED.spaces;
/** A space none of the account's: the pages' listings of its spaces leave these meetings alone. */
const SPACE = 9_101;

test.describe.configure({ timeout: 120_000 });

const MEETINGS: Array<{
  audioId: number;
  title: string;
  protocol: string;
  names: Record<string, string>;
  lines: Array<[number, string]>;
}> = [
  {
    audioId: 9_111,
    title: 'Бюджет ремонта',
    protocol: '# Бюджет\n\n- Смету ремонта готовит Борис к среде',
    names: { '0': 'Анна', '1': 'Борис' },
    lines: [
      [0, 'Всем привет, начинаем.'],
      [0, 'Кто у нас отвечает за смету ремонта?'],
      [1, 'Смету ремонта делаю я, пришлю к среде.'],
      [0, 'Хорошо, спасибо.'],
    ],
  },
  {
    audioId: 9_112,
    title: 'Pricing review',
    protocol: '# Pricing\n\n- Marketing wants the price at 25 euros',
    names: { '0': 'Dana', '1': 'Marketing' },
    lines: [
      [0, 'Good morning everyone.'],
      [1, 'Marketing thinks the price should stay at twenty five euros.'],
      [0, 'And the launch is in spring.'],
      [1, 'Fine, see you next week.'],
    ],
  },
  {
    audioId: 9_113,
    title: 'Найм',
    protocol: '# Найм\n\n- Ищем двух тестировщиков',
    names: { '0': 'Анна', '1': 'Ольга' },
    lines: [
      [0, 'Нам нужны два тестировщика до лета.'],
      [1, 'Разместим вакансию на этой неделе.'],
    ],
  },
];

/** The meetings above, kept in the account's archive beside the one the viewer kept. */
async function seedArchive(page: Page): Promise<void> {
  const catalog = await archivedCatalog(page);
  const put: Array<[string, unknown]> = [];
  MEETINGS.forEach((meeting, i) => {
    const key = `${SPACE}:${meeting.audioId}`;
    const createdAt = Date.UTC(2026, 1, 2 + i, 10);
    const result = readyResult(
      meeting.audioId,
      meeting.title,
      [{ header: 'Part 1', lines: meeting.lines.map(([speaker, text]) => ({ speaker, text })) }],
      { names: meeting.names, language: 'ru' },
    );
    if (result.result) result.result.protocol = meeting.protocol;
    put.push([
      `rec:${key}`,
      { spaceId: SPACE, audioId: meeting.audioId, title: meeting.title, createdAt, result },
    ]);
    catalog.entries[key] = {
      spaceId: SPACE,
      audioId: meeting.audioId,
      title: meeting.title,
      createdAt,
      savedAt: Date.now(),
      rev: 1,
      bytes: JSON.stringify(result).length,
      language: 'ru',
      utterances: meeting.lines.length,
      speakers: Object.values(meeting.names),
    };
  });
  put.push(['catalog', catalog]);
  await archiveStore(page, { put });
}

/** Serious accessibility findings of the page in light and in dark. */
async function bothThemes(page: Page) {
  const found: Record<string, unknown> = {};
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    found[colorScheme] = await seriousViolations(page);
  }
  await page.emulateMedia({ colorScheme: null });
  return found;
}

test('a question in the side panel is answered with grouped moments that open the viewer there; nothing found, keywords on request, in English and Russian', async ({
  signedInPopup: _popup,
  context,
  extensionId,
  openViewer,
  openOptions,
}) => {
  const viewer = await openViewer(S.personal, R.ready);
  await expect(viewer.protocol).toBeVisible();
  const panel = await context.newPage();
  await openPanel(panel, extensionId);
  await seedArchive(panel);
  await panel.reload();

  const field = panel.getByRole('searchbox', { name: 'Search all meetings' });
  const status = panel.getByTestId('meeting-search-status');
  const ask = panel.getByRole('radio', { name: 'Ask a question' });
  const keywords = panel.getByRole('radio', { name: 'Keywords' });
  await field.fill('кто отвечает за смету ремонта?');
  // Recognised as a question by its question mark.
  await expect(ask).toBeChecked();
  const meetings = panel.getByTestId('ask-meeting');
  await expect(meetings.first()).toContainText('Бюджет ремонта', { timeout: 60_000 });
  await expect(status).toHaveText(/^Suggested answers? from \d meetings?/);
  await expect(panel.getByTestId('ask-answers')).toContainText('Suggested moments');
  // Suggestions, never claimed as checked.
  await expect(panel.getByTestId('ask-answers')).not.toContainText(/verified|proven|confirmed/i);
  expect(await meetings.count()).toBeLessThanOrEqual(5);
  const moment = meetings.first().getByTestId('ask-hit').filter({ hasText: 'Смету ремонта делаю я' });
  await expect(moment).toContainText('Борис');
  await expect(moment).toContainText('0:20');
  await expect(moment).toHaveAttribute(
    'href',
    `/viewer.html?space=${SPACE}&audio=${MEETINGS[0]!.audioId}&tab=transcript&at=0.2`,
  );
  // Grouped by meeting: each group headed by its meeting's title.
  await expect(meetings.first().getByRole('heading', { name: 'Бюджет ремонта' })).toBeVisible();
  expect(await bothThemes(panel)).toEqual({ light: [], dark: [] });

  // The moment is reached from the question with Tab and opens the viewer at that utterance with Enter.
  await field.focus();
  for (let i = 0; i < 30 && !(await moment.evaluate((a) => a === document.activeElement)); i += 1)
    await panel.keyboard.press('Tab');
  await expect(moment).toBeFocused();
  const [opened] = await Promise.all([context.waitForEvent('page'), panel.keyboard.press('Enter')]);
  const at = opened.locator('[data-at="0.2"]');
  await expect(at).toBeFocused({ timeout: 15_000 });
  await expect(at).toContainText('Смету ремонта делаю я');
  await opened.close();

  // Nothing answers it: said plainly, no moment shown.
  await field.fill('what did we decide about the giraffes in the zoo?');
  await expect(status).toHaveText('Nothing found: no moment answers this question well enough.', {
    timeout: 30_000,
  });
  await expect(meetings).toHaveCount(0);
  // Only question words: nothing to look for.
  await field.fill('what did we say about it?');
  await expect(status).toHaveText(/^Nothing to look for/);

  // The same words as keywords, chosen from the keyboard: the search as it always was.
  await field.fill('смета ремонта?');
  await expect(meetings.first()).toContainText('Бюджет ремонта', { timeout: 30_000 });
  await ask.focus();
  await panel.keyboard.press('ArrowLeft');
  await expect(keywords).toBeChecked();
  const hits = panel.getByTestId('hit');
  await expect(hits.filter({ hasText: 'Смету ремонта делаю я' })).toHaveCount(1, { timeout: 30_000 });
  // Keyword hits as always: every matching utterance, its words marked.
  await expect(hits.filter({ hasText: 'Кто у нас отвечает за смету ремонта?' })).toHaveCount(1);
  expect(await hits.first().locator('mark').count()).toBeGreaterThan(0);
  await expect(meetings).toHaveCount(0);
  // Emptying the field gives the choice back to the rule.
  await field.fill('');
  await field.fill('who set the price?');
  await expect(ask).toBeChecked();
  await expect(meetings.first()).toContainText('Pricing review', { timeout: 30_000 });

  // In Russian.
  const options = await openOptions();
  await options.language.selectOption('ru');
  await panel.reload();
  const поле = panel.getByRole('searchbox', { name: 'Поиск по всем встречам' });
  await поле.fill('кто отвечает за смету ремонта?');
  await expect(panel.getByRole('radio', { name: 'Ответ на вопрос' })).toBeChecked();
  await expect(meetings.first()).toContainText('Бюджет ремонта', { timeout: 60_000 });
  await expect(status).toHaveText(/^Предполагаем/);
  await expect(panel.getByTestId('ask-answers')).toContainText('Предполагаемые моменты');
  expect(await bothThemes(panel)).toEqual({ light: [], dark: [] });
  await поле.fill('что решили насчёт жирафов в зоопарке?');
  await expect(status).toHaveText(/^Ничего не найдено/, { timeout: 30_000 });
});

test("the viewer's question is about its meeting unless the person widens it", async ({
  signedInPopup: _popup,
  context,
  extensionId,
  openViewer,
}) => {
  const first = await openViewer(S.personal, R.ready);
  await expect(first.protocol).toBeVisible();
  await seedArchive(first.page);
  const hiring = MEETINGS[2]!;
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/viewer.html?space=${SPACE}&audio=${hiring.audioId}`);
  await expect(page.getByTestId('viewer-title')).toHaveText(hiring.title);
  const field = page.getByRole('searchbox', { name: 'Search all meetings' });
  const status = page.getByTestId('meeting-search-status');
  await field.fill('когда разместим вакансию?');
  const only = page.getByRole('checkbox', { name: 'Only this meeting' });
  await expect(only).toBeChecked();
  const meetings = page.getByTestId('ask-meeting');
  await expect(meetings).toHaveCount(1, { timeout: 60_000 });
  await expect(meetings).toContainText(hiring.title);
  await expect(meetings.getByTestId('ask-hit').first()).toContainText('Разместим вакансию на этой неделе.');
  await expect(meetings.getByTestId('ask-hit').first()).toHaveAttribute(
    'href',
    `/viewer.html?space=${SPACE}&audio=${hiring.audioId}&tab=transcript&at=0.1`,
  );
  expect(await bothThemes(page)).toEqual({ light: [], dark: [] });

  // A question another meeting answers: not in this one.
  await field.fill('кто отвечает за смету ремонта?');
  await expect(status).toHaveText('Nothing found: no moment answers this question well enough.', {
    timeout: 30_000,
  });
  await only.uncheck();
  await expect(meetings.first()).toContainText('Бюджет ремонта', { timeout: 30_000 });
  // From the keyboard too: the choice is reachable and shown.
  await only.focus();
  await page.keyboard.press('Space');
  await expect(only).toBeChecked();
  await expect(status).toHaveText(/^Nothing found/, { timeout: 30_000 });
  // Opening a moment of this meeting goes to it in this page's transcript.
  await field.fill('когда разместим вакансию?');
  await meetings.getByTestId('ask-hit').first().click();
  await expect(page.locator('[data-at="0.1"]')).toBeFocused({ timeout: 15_000 });
});
