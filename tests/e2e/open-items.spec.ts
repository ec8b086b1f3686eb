/**
 * "Open items" as a person sees it, in the popup and the side panel: the action items of the
 * meetings kept in this browser (the emulator's protocols have a table of tasks with owners and
 * due dates), grouped by owner with the user's own first, ticked done and kept per account, each
 * linked to its line in the protocol; English and Russian, light and dark, the keyboard, and the
 * accessibility check.
 */
import type { Page } from '@playwright/test';
import { checkLayout, formatProblems } from './layout';
import { expect, openPanel, SEED, seriousViolations, test } from './ui-fixtures';

// A journey through two languages, two themes, three pages and two accounts: 57 s in a loaded CI run, near the default minute.
test.describe.configure({ timeout: 180_000 });

const R = SEED.recordings;
const S = SEED.spaces;

/** Opens "Open items" from the page's header and waits for its items. */
async function openItems(page: Page, name = 'Open items'): Promise<void> {
  await page.getByRole('button', { name, exact: true }).click();
  await expect(page.getByTestId('open-item').first()).toBeVisible({ timeout: 30_000 });
}

/** Presses Tab until the focused element's accessible label starts with `prefix` (at most 12 presses). */
async function tabTo(page: Page, prefix: string): Promise<string> {
  for (let i = 0; i < 12; i += 1) {
    await page.keyboard.press('Tab');
    const label = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    if (label.startsWith(prefix)) return label;
  }
  throw new Error(`no element labelled "${prefix}…" reached by Tab`);
}

/** Layout and serious accessibility findings, in both themes. */
async function checkBothThemes(page: Page, what: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    const report = await checkLayout(page);
    expect(report.problems, `${what}, ${colorScheme}:\n${formatProblems(report.problems)}`).toEqual([]);
    expect(await seriousViolations(page), `${what}, ${colorScheme}`).toEqual([]);
  }
}

test('popup: the items of the kept meetings by owner, ticked done by keyboard and kept, linked to their line, copied; Russian and dark; another account sees none of it', async ({
  signedInPopup: popup,
  openViewer,
  openOptions,
  emulator,
  context,
  extensionId,
}) => {
  const page = popup.page;
  for (const [space, audio] of [
    [S.personal, R.ready],
    [S.team, R.teamReady],
  ] as const) {
    const viewer = await openViewer(space, audio);
    await expect(viewer.protocol).toBeVisible();
    await viewer.page.close();
  }
  await openItems(page);
  const items = page.getByTestId('open-item');
  // Two meetings' task tables: three rows each, owners suggested where a speaker is named.
  await expect(items).toHaveCount(6);
  await expect(page.getByTestId('items-group-mine')).toContainText('Say which names are yours');
  const owned = items.filter({ has: page.getByTestId('open-item-owner') });
  const ownerName = (await owned.first().getByTestId('open-item-owner').innerText()).replace(
    /^Owner \(suggested\): /,
    '',
  );
  await expect(owned.first().getByTestId('open-item-owner')).toHaveText(`Owner (suggested): ${ownerName}`);

  // The due date's words on expansion.
  const due = items.first().getByTestId('open-item-due');
  await due.locator('summary').click();
  await expect(due).toContainText(/Due \d{1,2} \w+ \d{4}\s+from “\d{4}-\d{2}-\d{2}”/);

  // The user says which name is theirs: that owner's items come first, under "Mine".
  const mine = page.getByTestId('items-group-mine');
  await mine.getByText('Choose your names').click();
  await mine.getByRole('checkbox', { name: ownerName, exact: true }).check();
  await mine.getByRole('button', { name: 'These are mine' }).click();
  await expect(mine).toContainText(`You said: ${ownerName}`);
  await expect(mine.getByTestId('open-item').first()).toContainText(ownerName);

  // Ticked done from the keyboard: it leaves the open items, focus goes on to the next one.
  const first = items.first();
  const text = await first.getByTestId('open-item-text').innerText();
  await first.getByRole('checkbox').focus();
  const label = await tabTo(page, 'Mark done: ');
  expect(label).toBe(`Mark done: ${text}`);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('open-items-status')).toContainText(`Marked done: ${text}`);
  await expect(items).toHaveCount(5);
  await expect(items.filter({ hasText: text })).toHaveCount(0);
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? ''))
    .toMatch(/^Mark done: /);
  // Dismissed, one more.
  await items
    .last()
    .getByRole('button', { name: /^Dismiss: / })
    .click();
  await expect(items).toHaveCount(4);

  // Kept: after the popup opens again, the done item is under "Done", with Reopen.
  await popup.reopen();
  await openItems(page);
  await expect(items).toHaveCount(4);
  await page.getByText('Filters', { exact: true }).click();
  await page.getByRole('combobox', { name: 'Show' }).selectOption('done');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText(text);
  await expect(items.first()).toContainText(/Done \d{1,2} \w+ \d{4}/);
  await expect(items.first().getByRole('button', { name: `Reopen: ${text}` })).toBeVisible();
  await page.getByRole('combobox', { name: 'Show' }).selectOption('open');

  // Each item opens its line in the protocol (a row of the task table here).
  const link = items.first().getByTestId('open-item-meeting');
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/viewer\.html\?space=\d+&audio=\d+&tab=protocol&row=\d+\.\d+$/);
  const line = await context.newPage();
  await line.goto(`chrome-extension://${extensionId}${href}`);
  const marked = line.locator('.markdown .protocol-line');
  await expect(marked).toBeVisible();
  await expect(marked).toBeFocused();
  await expect(marked).toContainText(
    (await items.first().getByTestId('open-item-text').innerText()).slice(0, 20),
  );
  await line.close();

  // Copied as a Markdown checklist (the clipboard is watched, not read).
  await page.evaluate(() => {
    const copied: string[] = [];
    (window as unknown as { copied: string[] }).copied = copied;
    navigator.clipboard.writeText = async (value: string) => {
      copied.push(value);
    };
  });
  await items.nth(0).getByRole('checkbox').check();
  await items.nth(1).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Copy 2 selected as a checklist' }).click();
  await expect(page.getByTestId('open-items-status')).toContainText(
    'Copied 2 items as a Markdown checklist.',
  );
  const copied = await page.evaluate(() => (window as unknown as { copied: string[] }).copied[0] ?? '');
  expect(copied.split('\n')).toHaveLength(2);
  for (const row of copied.split('\n')) expect(row).toMatch(/^- \[ \] .+\(.*\d{4}.*\)$/);

  // English and Russian, light and dark: nothing past the edge, no serious accessibility finding.
  await checkBothThemes(page, 'en');
  const options = await openOptions();
  await options.language.selectOption('ru');
  await expect(page.getByRole('heading', { name: 'Открытые задачи' })).toBeVisible();
  await expect(page.getByTestId('items-group-mine')).toContainText(`Вы указали: ${ownerName}`);
  await expect(items.first()).toContainText('Ответственный (предположение)');
  await checkBothThemes(page, 'ru');
  await options.language.selectOption('en');
  await expect(page.getByRole('heading', { name: 'Open items' })).toBeVisible();

  // Another account: none of these items or states, and the team meeting they share reads as open.
  await page.getByRole('button', { name: '← Back' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await popup.signIn(emulator.url, SEED.users.other.email, SEED.users.other.password);
  await expect(popup.balanceValue).toBeVisible();
  await page.getByRole('button', { name: 'Open items', exact: true }).click();
  await expect(page.getByTestId('open-items')).toContainText('No meeting is kept in this browser yet.');
  const team = await openViewer(S.team, R.teamReady);
  await expect(team.protocol).toBeVisible();
  await expect(items).toHaveCount(3, { timeout: 30_000 });
  await page.getByText('Filters', { exact: true }).click();
  await page.getByRole('combobox', { name: 'Show' }).selectOption('all');
  await expect(
    items.filter({ has: page.locator('[data-state="done"], [data-state="dismissed"]') }),
  ).toHaveCount(0);
  await expect(page.locator('[data-testid="open-item"]:not([data-state="open"])')).toHaveCount(0);
});

test('side panel: the same view at panel width, worked from the keyboard alone', async ({
  signedInPopup: _popup,
  openViewer,
  context,
  extensionId,
}) => {
  const viewer = await openViewer(S.personal, R.ready);
  await expect(viewer.protocol).toBeVisible();
  const panel = await context.newPage();
  await openPanel(panel, extensionId);
  // From the header by keyboard.
  await panel.getByRole('button', { name: 'Open items', exact: true }).focus();
  await panel.keyboard.press('Enter');
  await expect(panel.getByRole('heading', { name: 'Open items' })).toBeFocused();
  const items = panel.getByTestId('open-item');
  await expect(items).toHaveCount(3, { timeout: 30_000 });
  const text = await items.first().getByTestId('open-item-text').innerText();
  await items.first().getByRole('checkbox').focus();
  await tabTo(panel, 'Mark done: ');
  await panel.keyboard.press('Space');
  await expect(items).toHaveCount(2);
  await expect(panel.getByTestId('open-items-status')).toContainText(`Marked done: ${text}`);
  // Reopened from the "Done" list, by keyboard too.
  await panel.getByText('Filters', { exact: true }).click();
  await panel.getByRole('combobox', { name: 'Show' }).selectOption('done');
  await panel.getByRole('button', { name: `Reopen: ${text}` }).focus();
  await panel.keyboard.press('Enter');
  await expect(items).toHaveCount(0);
  await expect(panel.getByText('No item matches these filters.')).toBeVisible();
  await panel.getByRole('combobox', { name: 'Show' }).selectOption('open');
  await expect(items).toHaveCount(3);
  await checkBothThemes(panel, 'side panel');
});
