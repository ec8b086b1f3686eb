import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { api, counters, expect, SEED, test, wavOfSize } from './ui-fixtures';

interface Page<T> {
  count: number;
  results: T[];
}
interface Recording {
  id: number;
  title: string;
  size: number;
  duration: number | null;
  is_uploaded: boolean;
}

test('a 25 MB file uploads in three parts and goes on after the popup closes', async ({
  signedInPopup: popup,
  emulator,
  context,
}, testInfo) => {
  const size = 25 * 1024 * 1024;
  mkdirSync(testInfo.outputDir, { recursive: true });
  const file = path.join(testInfo.outputDir, 'Board meeting.wav');
  writeFileSync(file, wavOfSize(size));

  await popup.page.getByRole('button', { name: 'Upload', exact: true }).click();
  await popup.page.getByLabel('Choose audio or video files').setInputFiles(file);
  await expect(popup.page.getByTestId('picked-files')).toContainText('Board meeting.wav');
  const form = popup.page.getByRole('form', { name: 'Local files' });
  await form.getByRole('checkbox', { name: 'Start processing when uploaded' }).uncheck();
  await popup.page.getByRole('button', { name: 'Upload 1 file' }).click();
  await expect(popup.jobs.first()).toBeVisible();
  await popup.page.close();

  // Nothing of ours is open now: the background carries the upload to the end.
  await expect
    .poll(
      async () => {
        const list = await api<Page<Recording>>(
          emulator,
          `/api/spaces/${SEED.spaces.personal}/audio/?search=Board&limit=5&offset=0`,
        );
        return list.results[0]?.is_uploaded ?? false;
      },
      { timeout: 45_000 },
    )
    .toBe(true);
  const list = await api<Page<Recording>>(
    emulator,
    `/api/spaces/${SEED.spaces.personal}/audio/?search=Board&limit=5&offset=0`,
  );
  expect(list.results[0]).toMatchObject({
    title: 'Board meeting.wav',
    size,
    duration: Math.round((size - 44) / 8000),
  });
  expect((await counters(emulator)).recordingsCreated.upload).toBe(1);

  const page = await context.newPage();
  await page.goto(popup.url);
  await expect(
    page.locator(`[data-testid="recording"]`).filter({ hasText: 'Board meeting.wav' }),
  ).toBeVisible();
});

test('a file with another extension is refused with the allowed list', async ({
  signedInPopup: popup,
}, testInfo) => {
  mkdirSync(testInfo.outputDir, { recursive: true });
  const file = path.join(testInfo.outputDir, 'notes.txt');
  writeFileSync(file, 'hello');
  await popup.page.getByRole('button', { name: 'Upload', exact: true }).click();
  await popup.page.getByLabel('Choose audio or video files').setInputFiles(file);
  await expect(popup.page.getByTestId('file-problem')).toContainText(
    'only .mp3, .m4a, .wav, .ogg, .webm, .mp4',
  );
  await expect(popup.page.getByRole('button', { name: 'Upload 0 files' })).toBeDisabled();
});
