// `npm run screenshots`: PNGs of the popup (signed out and signed in), the viewer and the options
// page, light and dark, into docs/screenshots/. Starts its own emulator, builds the extension
// against it and drives headless Chromium with the extension loaded.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { SEED, startEmulator } from '../emulator/index';
import { type LaunchedChromium, launchChromium } from '../tests/e2e/launch';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'docs', 'screenshots');
const schemes = ['light', 'dark'] as const;

const emulator = await startEmulator({ quiet: true, processingDelayMs: 600_000 });
let browser: LaunchedChromium | undefined;
try {
  if (!process.argv.includes('--no-build')) {
    const build = spawnSync('npx', ['wxt', 'build'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, WXT_SERVICE_URL: emulator.url, WXT_TEST_BUILD: '1' },
    });
    if (build.status !== 0) throw new Error('wxt build failed');
  }
  mkdirSync(outDir, { recursive: true });
  browser = await launchChromium({ profilePrefix: 'mc-shots-', deviceScaleFactor: 1 });
  const { context } = browser;
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const base = `chrome-extension://${new URL(worker.url()).host}`;
  const page = await context.newPage();

  const shoot = async (target: Page, name: string, ready: () => Promise<unknown>, fullPage = false) => {
    for (const colorScheme of schemes) {
      await target.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      await ready();
      // Let fonts and the chunked transcript settle.
      await target.waitForTimeout(300);
      const file = path.join(outDir, `${name}-${colorScheme}.png`);
      await target.screenshot({ path: file, fullPage });
      console.log(`saved ${path.relative(root, file)}`);
    }
  };

  // Popup, signed out.
  await page.setViewportSize({ width: 400, height: 600 });
  await page.goto(`${base}/popup.html`);
  await shoot(page, 'popup-signed-out', () => page.getByRole('button', { name: 'Sign in' }).waitFor());

  // Popup, signed in.
  await page.getByLabel('Service URL').fill(emulator.url);
  await page.getByLabel('Email').fill(SEED.users.demo.email);
  await page.getByLabel('Password', { exact: true }).fill(SEED.users.demo.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('balance-value').waitFor();
  await page.locator('[data-testid="recording"][data-status="ready-to-process"]').first().waitFor();
  await shoot(page, 'popup-signed-in', () => page.getByTestId('recording').first().waitFor());

  // Popup, protocol preview.
  await page.getByRole('button', { name: 'Product roadmap review.mp3', exact: true }).click();
  await shoot(page, 'popup-protocol', () => page.getByTestId('protocol').waitFor());

  // Viewer: protocol, transcript, speakers.
  const viewer = await context.newPage();
  await viewer.setViewportSize({ width: 1200, height: 820 });
  const recording = `space=${SEED.spaces.personal}&audio=${SEED.recordings.ready}`;
  await viewer.goto(`${base}/viewer.html?${recording}`);
  await shoot(viewer, 'viewer-protocol', () => viewer.getByTestId('protocol').waitFor());
  await viewer.goto(`${base}/viewer.html?${recording}&tab=transcript`);
  await viewer.getByRole('searchbox', { name: 'Search the transcript' }).fill('release');
  await shoot(viewer, 'viewer-transcript', () => viewer.getByTestId('utterance').first().waitFor());
  await viewer.goto(`${base}/viewer.html?${recording}&tab=speakers`);
  await shoot(viewer, 'viewer-speakers', () => viewer.getByTestId('speaker-table').waitFor());

  // Side panel (Chrome's default width).
  const panel = await context.newPage();
  await panel.setViewportSize({ width: 360, height: 820 });
  await panel.goto(`${base}/sidepanel.html`);
  await shoot(panel, 'sidepanel', () => panel.getByTestId('recording').first().waitFor());

  // Options.
  const options = await context.newPage();
  await options.setViewportSize({ width: 900, height: 1100 });
  await options.goto(`${base}/options.html`);
  await shoot(options, 'options', () =>
    options.getByRole('combobox', { name: 'Space' }).locator('option').nth(2).waitFor({ state: 'attached' }),
  );
} finally {
  await browser?.close();
  await emulator.close();
}
