// `npm run screenshots`: PNGs of the popup (signed out and signed in, in English and Russian), the
// viewer, the options page and the calendar panel, then search of all meetings (side panel), the
// Deliveries and Calendars sections, the popup's Upcoming list and the countdown on a meeting tab
// (each also in Russian), a protocol line's suggested sources in the viewer and a question answered
// in the side panel, light and dark, into docs/screenshots/. Starts its own emulator, builds the
// extension against it and drives headless Chromium with the extension loaded.
// `--only viewer-sources,ask` saves only those shots (by name, without the theme) and stops after
// the last of them.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { SEED, startEmulator } from '../emulator/index';
import { type LaunchedChromium, launchChromium } from '../tests/e2e/launch';
import { SOURCES_RESULT } from '../tests/fixtures/sources-meeting';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'docs', 'screenshots');
const schemes = ['light', 'dark'] as const;
const onlyAt = process.argv.indexOf('--only');
/** The shots to save (`--only a,b`), or null for all. */
const only = onlyAt === -1 ? null : new Set((process.argv[onlyAt + 1] ?? '').split(',').filter(Boolean));
/** Thrown once every shot asked for with `--only` is saved: the rest is not driven. */
const ALL_TAKEN = new Error('every shot asked for is saved');

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

  /** Light and dark shots of the page, or of one element of it (`element`). */
  const shoot = async (
    target: Page,
    name: string,
    ready: () => Promise<unknown>,
    fullPage = false,
    element?: Locator,
  ) => {
    if (only && !only.has(name)) return;
    for (const colorScheme of schemes) {
      await target.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      await ready();
      // Let fonts and the chunked transcript settle.
      await target.waitForTimeout(300);
      const file = path.join(outDir, `${name}-${colorScheme}.png`);
      if (element) await element.screenshot({ path: file });
      else await target.screenshot({ path: file, fullPage });
      console.log(`saved ${path.relative(root, file)}`);
    }
    only?.delete(name);
    if (only?.size === 0) throw ALL_TAKEN;
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

  // A protocol line's suggested sources, opened in the viewer: the short recording given the
  // meeting written for the sources' tests (tests/fixtures/sources-meeting.ts).
  const given = await fetch(`${emulator.url}/__emulator/recordings/${SEED.recordings.readyShort}/result`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(SOURCES_RESULT),
  });
  if (!given.ok) throw new Error(`the emulator refused the result: ${given.status}`);
  await viewer.goto(`${base}/viewer.html?space=${SEED.spaces.personal}&audio=${SEED.recordings.readyShort}`);
  await viewer.getByTestId('protocol').getByRole('button', { name: '3 suggested sources' }).first().click();
  await shoot(viewer, 'viewer-sources', () =>
    viewer
      .getByRole('region', { name: /^Suggested sources of / })
      .getByTestId('line-source-item')
      .first()
      .waitFor(),
  );

  // Ask your meetings: a question answered in the side panel from the meetings the viewer kept.
  await panel.goto(`${base}/sidepanel.html`);
  await panel.getByRole('searchbox', { name: 'Search all meetings' }).fill('when does the release move?');
  await shoot(panel, 'ask', () => panel.getByTestId('ask-hit').first().waitFor({ timeout: 30_000 }));

  // Options.
  const options = await context.newPage();
  await options.setViewportSize({ width: 900, height: 1100 });
  await options.goto(`${base}/options.html`);
  await shoot(options, 'options', () =>
    options.getByRole('combobox', { name: 'Space' }).locator('option').nth(2).waitFor({ state: 'attached' }),
  );

  // The calendar panel beside an open Google Calendar event: the saved page served at its real URL.
  const calendarPage = readFileSync(
    path.join(root, 'tests', 'fixtures', 'pages', 'google-calendar.html'),
    'utf8',
  );
  await context.route('https://calendar.google.com/**', (route) =>
    route.request().resourceType() === 'document'
      ? route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: calendarPage })
      : route.fulfill({ status: 404, body: '' }),
  );
  const calendar = await context.newPage();
  await calendar.setViewportSize({ width: 1280, height: 800 });
  await calendar.goto('https://calendar.google.com/calendar/u/0/r/week');
  await calendar.getByRole('button', { name: '10am Weekly sync' }).click();
  await shoot(calendar, 'calendar-panel', () =>
    calendar.getByRole('region', { name: 'Meeting links in this event' }).getByRole('group').nth(2).waitFor(),
  );

  // The popup in Russian (the language set as the options page sets it).
  const setLanguage = (language: 'en' | 'ru') =>
    options.evaluate(
      (value) =>
        (
          globalThis as unknown as {
            chrome: { runtime: { sendMessage(message: unknown): Promise<unknown> } };
          }
        ).chrome.runtime.sendMessage({
          channel: 'meeting-capture',
          type: 'settings.set',
          payload: { language: value },
        }),
      language,
    );
  await setLanguage('ru');
  await page.goto(`${base}/popup.html`);
  await shoot(page, 'popup-signed-in-ru', () => page.getByRole('button', { name: 'Загрузить' }).waitFor());
  await setLanguage('en');

  // Search of all meetings in the side panel: the recording opened in the viewer above is kept in
  // the local archive, so a word of its transcript finds it.
  await panel.goto(`${base}/sidepanel.html`);
  await panel.getByRole('searchbox', { name: 'Search all meetings' }).fill('release');
  await shoot(panel, 'search', () => panel.getByTestId('hit').first().waitFor({ timeout: 30_000 }));

  // Deliveries: a webhook destination on this computer, with a test delivered to it.
  const receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/team-notes`;
    await options.setViewportSize({ width: 900, height: 1100 });
    await options.goto(`${base}/options.html`);
    await options.getByLabel('Webhook URL').fill(hook);
    await options.getByRole('button', { name: 'Add destination' }).click();
    const destination = options.getByTestId('destination-item').filter({ hasText: hook });
    await destination.getByRole('button', { name: /^Send a test to / }).click();
    await destination.getByTestId('delivery-log-item').first().waitFor();
    const deliveries = options.getByTestId('deliveries');
    await deliveries.scrollIntoViewIfNeeded();
    await shoot(options, 'options-deliveries', () => deliveries.waitFor(), false, deliveries);

    // Calendars: the demo calendar, whose meetings make the popup's Upcoming list.
    await options.getByLabel('Calendar address (iCal)').fill(`${emulator.url}/__emulator/calendar.ics`);
    await options.getByRole('button', { name: 'Add calendar' }).click();
    await options.getByTestId('calendar-upcoming').waitFor({ timeout: 30_000 });
    const calendars = options.getByTestId('calendars');
    await calendars.scrollIntoViewIfNeeded();
    await shoot(options, 'options-calendars', () => calendars.waitFor(), false, calendars);

    await setLanguage('ru');
    await options.goto(`${base}/options.html`);
    const deliveriesRu = options.getByTestId('deliveries');
    await deliveriesRu.getByTestId('delivery-log-item').first().waitFor();
    await deliveriesRu.scrollIntoViewIfNeeded();
    await shoot(options, 'options-deliveries-ru', () => deliveriesRu.waitFor(), false, deliveriesRu);
    const calendarsRu = options.getByTestId('calendars');
    await calendarsRu.getByTestId('calendar-upcoming').waitFor();
    await calendarsRu.scrollIntoViewIfNeeded();
    await shoot(options, 'options-calendars-ru', () => calendarsRu.waitFor(), false, calendarsRu);
    await setLanguage('en');
  } finally {
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  }

  // The popup's Upcoming list, in English and in Russian.
  await page.setViewportSize({ width: 400, height: 720 });
  await page.goto(`${base}/popup.html`);
  const upcoming = () => page.getByTestId('upcoming-item').first().waitFor({ timeout: 30_000 });
  await shoot(page, 'popup-upcoming', upcoming);
  await setLanguage('ru');
  await page.goto(`${base}/popup.html`);
  await shoot(page, 'popup-upcoming-ru', upcoming);
  await panel.goto(`${base}/sidepanel.html`);
  await panel.getByRole('searchbox', { name: 'Поиск по всем встречам' }).fill('release');
  await shoot(panel, 'search-ru', () => panel.getByTestId('hit').first().waitFor({ timeout: 30_000 }));
  await setLanguage('en');

  // The countdown on a meeting tab ("Send the bot when I open a meeting tab" switched on): the
  // saved Meet page served at a meeting's address. Each language gets its own tab, so its own
  // countdown; Cancel is never pressed and the bot is sent after it (to the emulator).
  await context.route('https://meet.google.com/**', (route) =>
    route.request().resourceType() === 'document'
      ? route.fulfill({
          status: 200,
          contentType: 'text/html; charset=utf-8',
          body: readFileSync(path.join(root, 'tests', 'fixtures', 'pages', 'meet-call.html'), 'utf8'),
        })
      : route.fulfill({ status: 404, body: '' }),
  );
  await options.evaluate(() =>
    (
      globalThis as unknown as { chrome: { runtime: { sendMessage(message: unknown): Promise<unknown> } } }
    ).chrome.runtime.sendMessage({
      channel: 'meeting-capture',
      type: 'settings.set',
      payload: { autoJoinTabs: true },
    }),
  );
  for (const language of ['en', 'ru'] as const) {
    await setLanguage(language);
    const meeting = await context.newPage();
    await meeting.setViewportSize({ width: 1280, height: 800 });
    await meeting.goto(`https://meet.google.com/mcs-shot-${language === 'en' ? 'eng' : 'rus'}`);
    const control = meeting.locator('meeting-capture-send-bot');
    await shoot(meeting, language === 'en' ? 'meeting-countdown' : 'meeting-countdown-ru', () =>
      control.getByRole('timer').waitFor({ timeout: 15_000 }),
    );
    await meeting.close();
  }
  await setLanguage('en');
} catch (error) {
  if (error !== ALL_TAKEN) throw error;
} finally {
  await browser?.close();
  await emulator.close();
}
