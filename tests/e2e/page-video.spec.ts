import type { Page } from '@playwright/test';
import {
  controlTheme,
  counters,
  expect,
  expectNoControlOn,
  injectedHosts,
  pageKeys,
  serveHost,
  test,
} from './page-support';

const WATCH = 'https://www.youtube.com/watch?v=BaW_jenozKc&t=42s';

const transcribe = (page: Page) => page.getByRole('button', { name: 'Transcribe audio' });
const meter = (page: Page) => page.getByTestId('video-balance');
const status = (page: Page) => page.locator('meeting-capture-transcribe').getByRole('status');

test.beforeEach(async ({ context }) => {
  await serveHost(context, 'https://www.youtube.com', 'youtube-watch.html');
  await serveHost(context, 'https://www.youtube.com.evil.test', 'youtube-watch.html');
});

test('a YouTube watch page has "Transcribe audio" with the video’s length against the balance', async ({
  openSignedIn,
}) => {
  const page = await openSignedIn(WATCH);
  await expect(transcribe(page)).toBeVisible();
  await expect(meter(page)).toHaveText('12 min 30 s of 10 h 00 min left');
  const picker = page.getByRole('combobox', { name: 'Space' });
  await picker.selectOption('2');
  await expect(meter(page)).toHaveText('12 min 30 s of 2 h 00 min left');
  await picker.selectOption('4');
  await expect(meter(page)).toHaveText('12 min 30 s of 2 min left — not enough for the whole video');

  // Clear of the player's controls, in the page's light theme.
  const [control, controls] = [
    await page.locator('meeting-capture-transcribe .mc-float').boundingBox(),
    await page.getByTestId('player-controls').boundingBox(),
  ];
  const apart =
    control!.x >= controls!.x + controls!.width ||
    control!.x + control!.width <= controls!.x ||
    control!.y >= controls!.y + controls!.height ||
    control!.y + control!.height <= controls!.y;
  expect(apart).toBe(true);
  expect(await controlTheme(page, 'meeting-capture-transcribe')).toBe('light');
});

test('one click, or a double click, creates one recording; the app’s navigation moves the control along', async ({
  emulator,
  extensionMessage,
  openSignedIn,
}) => {
  const page = await openSignedIn(WATCH);
  await transcribe(page).dblclick();
  await expect(status(page)).toContainText('Sent to “Personal”');
  await expect(transcribe(page)).toBeEnabled();
  expect((await counters(emulator)).recordingsCreated).toMatchObject({ total: 1, by_videosite: 1 });

  // Another video, same tab, no reload (history.pushState): a fresh control for it.
  await page.getByRole('link', { name: 'A three-minute sync' }).click();
  await expect(page).toHaveURL(/v=dQw4w9WgXcQ/);
  await expect(meter(page)).toHaveText('3 min 33 s of 10 h 00 min left');
  await expect(status(page)).toHaveText('');
  await transcribe(page).click();
  await expect(status(page)).toContainText('Sent to “Personal”');
  expect((await counters(emulator)).recordingsCreated).toMatchObject({ total: 2, by_videosite: 2 });
  // The video in the address bar, not the one the document was loaded at.
  const jobs = await extensionMessage<Array<{ intent: string; sourceUrl?: string }>>('jobs.list', {});
  expect(jobs.data?.filter((job) => job.intent === 'video').map((job) => job.sourceUrl)).toContainEqual(
    expect.stringContaining('v=dQw4w9WgXcQ'),
  );

  // A search page is no video: the control goes, and leaves nothing behind.
  await page.getByRole('link', { name: /More results/ }).click();
  await expect(page).toHaveURL(/\/results\?/);
  await expect(transcribe(page)).toHaveCount(0);
  await expect(injectedHosts(page)).toHaveCount(0);

  // And comes back with the next video.
  await page.getByRole('link', { name: 'Meeting notes that write themselves' }).click();
  await expect(meter(page)).toHaveText('12 min 30 s of 10 h 00 min left');
});

test('the length shown is the video’s: never a pre-roll ad’s, never the previous video’s after in-page navigation', async ({
  openSignedIn,
}) => {
  const page = await openSignedIn(WATCH);
  // Every text the meter shows, sampled in the page, with the address it was shown at.
  await page.evaluate(() => {
    const seen: Array<{ url: string; text: string }> = [];
    (window as unknown as { __meter: typeof seen }).__meter = seen;
    setInterval(() => {
      const host = document.querySelector('meeting-capture-transcribe');
      const text = host?.shadowRoot?.querySelector('[data-testid="video-balance"]')?.textContent ?? '';
      if (text) seen.push({ url: location.href, text });
    }, 20);
  });
  const shown = () =>
    page.evaluate(() => (window as unknown as { __meter: Array<{ url: string; text: string }> }).__meter);

  // The 15 s ad plays in the player's <video>: the video's own length is shown, not the ad's.
  await expect
    .poll(() =>
      page.evaluate(() => document.querySelector<HTMLVideoElement>('video.html5-main-video')?.duration),
    )
    .toBe(15);
  await expect(meter(page)).toHaveText('12 min 30 s of 10 h 00 min left');
  await page.getByRole('button', { name: 'Skip ad' }).click();
  await expect
    .poll(() =>
      page.evaluate(() => document.querySelector<HTMLVideoElement>('video.html5-main-video')?.duration),
    )
    .toBe(750);
  await expect(meter(page)).toHaveText('12 min 30 s of 10 h 00 min left');

  // Another video in the same tab: the page's metadata still says 12:30 and the player holds the
  // previous video for a moment; the meter waits for the new video's own length.
  await page.getByRole('link', { name: 'A three-minute sync' }).click();
  await expect(page).toHaveURL(/v=dQw4w9WgXcQ/);
  await expect(page.locator('meta[itemprop="duration"]')).toHaveAttribute('content', 'PT12M30S');
  await expect(meter(page)).toHaveText('3 min 33 s of 10 h 00 min left');
  const texts = await shown();
  expect(texts.filter((seen) => /15 s/.test(seen.text))).toEqual([]);
  expect(texts.filter((seen) => seen.url.includes('dQw4w9WgXcQ') && /12 min 30 s/.test(seen.text))).toEqual(
    [],
  );
});

test('keys pressed in the control do not reach YouTube’s shortcuts', async ({ emulator, openSignedIn }) => {
  const page = await openSignedIn(WATCH);
  await transcribe(page).focus();
  for (const key of ['k', 'j', 'l', 'f', 'm', 'Space']) await page.keyboard.press(key);
  await expect(status(page)).toContainText('Sent to “Personal”');
  expect((await counters(emulator)).recordingsCreated.by_videosite).toBe(1);
  expect(await pageKeys(page)).toEqual([]);
  await page.locator('h1').click();
  await page.keyboard.press('k');
  expect(await pageKeys(page)).toEqual(['k']);
});

test('no control on the YouTube home page, a search page or a lookalike host', async ({ context }) => {
  await expectNoControlOn(
    context,
    [
      'https://www.youtube.com/',
      'https://www.youtube.com/results?search_query=meeting+notes',
      'https://www.youtube.com.evil.test/watch?v=BaW_jenozKc',
    ],
    { url: WATCH, control: transcribe },
  );
});

test('an extension update removes the control from pages it was on', async ({ context, serviceWorker }) => {
  const page = await context.newPage();
  await page.goto(WATCH);
  await expect(transcribe(page)).toBeVisible();
  await serviceWorker.evaluate(() => chrome.runtime.reload());
  // Nothing tells the orphaned script; it is still there, until the person comes near it.
  await expect(transcribe(page)).toBeVisible();
  await page.locator('meeting-capture-transcribe .mc-bar').hover();
  await expect(injectedHosts(page)).toHaveCount(0);
});
