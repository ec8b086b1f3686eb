import { expect, SEED, seriousViolations, test } from './ui-fixtures';

test('the side panel: declared for Chrome, opened from the popup, showing the same home', async ({
  signedInPopup: popup,
  extensionId,
  serviceWorker,
}) => {
  const manifest = (await serviceWorker.evaluate(() => chrome.runtime.getManifest())) as {
    side_panel?: { default_path: string };
    permissions?: string[];
  };
  expect(manifest.side_panel?.default_path).toBe('sidepanel.html');
  expect(manifest.permissions).toContain('sidePanel');

  const button = popup.page.getByRole('button', { name: 'Open in the side panel' });
  await expect(button).toBeVisible();
  const warnings: string[] = [];
  popup.page.on('console', (message) => warnings.push(message.text()));
  await button.click();
  await expect
    .poll(
      async () => {
        const contexts = await serviceWorker.evaluate(() =>
          chrome.runtime.getContexts({ contextTypes: ['SIDE_PANEL' as never] }),
        );
        return contexts.map((found) => found.documentUrl);
      },
      { timeout: 10_000 },
    )
    .toEqual([`chrome-extension://${extensionId}/sidepanel.html`]);
  expect(warnings.filter((text) => text.includes('side panel not opened'))).toEqual([]);
});

test('side panel page: signed-in home at panel width, keyboard reachable, no serious axe finding', async ({
  signedInPopup: _popup,
  context,
  extensionId,
  openOptions,
}) => {
  const page = await context.newPage();
  // Chrome's narrowest side panel is 320 px wide.
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto(`chrome-extension://${extensionId}/sidepanel.html`);
  await expect(page.getByTestId('balance-value')).toContainText('10 h 00 min');
  await expect(page.getByTestId('recording')).toHaveCount(SEED.personalListCount);
  // Only the popup offers to open the panel.
  await expect(page.getByRole('button', { name: 'Open in the side panel' })).toHaveCount(0);
  // The list scrolls inside the panel; the page itself does not grow sideways.
  const pastTheEdge = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((element) => `${element.tagName.toLowerCase()}: ${element.textContent?.slice(0, 60)}`),
    );
  expect(await pastTheEdge()).toEqual([]);
  // Russian words are longer: still nothing past the edge.
  const options = await openOptions();
  await options.language.selectOption('ru');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Загрузить' })).toBeVisible();
  expect(await pastTheEdge()).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
});
