/**
 * "Transcribe audio" on a video page whose answer is lost: the emulator applies `by_videosite` (the
 * recording is made and downloads) and then drops the connection without a byte. The extension
 * never submits again; it watches the space for the recording this click made (new since the
 * click, the video's title) and adopts it. One click still ends in a transcript: one recording,
 * processed once, charged once, shown ready in the popup.
 */
import type { Page } from '@playwright/test';
import { expect, serveHost, test } from './page-support';
import { PopupPage } from './pages/popup';

// An 11-character id, as YouTube's; the emulator cannot open youtube.com, so it names the
// recording "Video <id>", and the page below shows the same title (as the service would name it).
const WATCH = 'https://www.youtube.com/watch?v=lostAnswer1';
const PERSONAL = 1;

test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ context }) => {
  await serveHost(context, 'https://www.youtube.com', 'youtube-watch.html');
});

async function control(url: string, path: string, body?: unknown): Promise<void> {
  const answer = await fetch(`${url}/__emulator${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  expect(answer.ok).toBe(true);
}

const transcribe = (page: Page) => page.getByRole('button', { name: 'Transcribe audio' });

test('the answer to "Transcribe audio" is lost after the service acted: its recording is adopted, processed once, charged once, shown ready', async ({
  context,
  emulator,
  extensionId,
  openSignedIn,
}) => {
  const page = await openSignedIn(WATCH);
  await page.evaluate(() => {
    document.title = 'Video lostAnswer1 - YouTube';
  });
  const usageBefore = await usageOf(emulator.url);
  await control(emulator.url, '/drops', {
    method: 'POST',
    path: `^/api/spaces/${PERSONAL}/audio/by_videosite/$`,
  });
  await transcribe(page).click();

  // The download finishes on the emulator's clock, then processing; the worker looks every 12 s.
  const popup = new PopupPage(await context.newPage(), extensionId);
  await popup.open();
  const job = popup.page.getByTestId('job').first();
  await expect
    .poll(
      async () => {
        await control(emulator.url, '/clock/advance', { ms: 15_000 });
        return job.getAttribute('data-phase');
      },
      { timeout: 100_000, intervals: [2_000] },
    )
    .toMatch(/^(ready|failed)$/);
  await expect(job).toHaveAttribute('data-phase', 'ready');
  await expect(popup.page.getByTestId('job-phase').first()).toHaveText('Ready · Personal');

  const figures = (await (await fetch(`${emulator.url}/__emulator/counters`)).json()) as {
    recordingsCreated: Record<string, number>;
    classifyCalls: Record<string, number>;
  };
  expect(figures.recordingsCreated).toMatchObject({ total: 1, by_videosite: 1 });
  const processed = Object.values(figures.classifyCalls);
  expect(processed).toEqual([1]);
  const [audioId] = Object.keys(figures.classifyCalls).map(Number);
  const duration = await durationOf(emulator.url, audioId!);
  expect((await usageOf(emulator.url)) - usageBefore).toBe(duration);
  // The list shows the recording ready too.
  await popup.reopen();
  await expect(
    popup.page.locator(`[data-id="${audioId}"]`).getByText('Ready', { exact: true }),
  ).toBeVisible();
});

async function token(url: string): Promise<string> {
  const answer = await fetch(`${url}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo@example.com', password: 'demo-password' }),
  });
  return ((await answer.json()) as { access: string }).access;
}

async function usageOf(url: string): Promise<number> {
  const answer = await fetch(`${url}/api/spaces/${PERSONAL}/`, {
    headers: { authorization: `Bearer ${await token(url)}` },
  });
  return ((await answer.json()) as { subscribe: { usage_count: number } }).subscribe.usage_count;
}

async function durationOf(url: string, audioId: number): Promise<number> {
  const answer = await fetch(`${url}/api/spaces/${PERSONAL}/audio/${audioId}/info/`, {
    headers: { authorization: `Bearer ${await token(url)}` },
  });
  return ((await answer.json()) as { duration: number }).duration;
}
