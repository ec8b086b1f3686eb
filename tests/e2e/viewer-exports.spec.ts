import { readFileSync } from 'node:fs';
import { expect, SEED, test } from './ui-fixtures';

test('exports Markdown, text, SRT and WebVTT named after the recording', async ({
  signedInPopup: _signedIn,
  openViewer,
}) => {
  const viewer = await openViewer(SEED.spaces.personal, SEED.recordings.ready);
  await expect(viewer.protocol).toBeVisible();
  const cases = [
    {
      format: 'Markdown',
      name: 'Product roadmap review.md',
      head: /^# Product roadmap review\.mp3\n\n## Protocol\n/,
    },
    {
      format: 'Text',
      name: 'Product roadmap review.txt',
      head: /^Product roadmap review\.mp3\n\nPROTOCOL\n/,
    },
    {
      format: 'SRT',
      name: 'Product roadmap review.srt',
      head: /^1\n\d{2}:\d{2}:\d{2},\d{3} --> \d{2}:\d{2}:\d{2},\d{3}\n\S/,
    },
    {
      format: 'WebVTT',
      name: 'Product roadmap review.vtt',
      head: /^WEBVTT\n\n1\n\d{2}:\d{2}:\d{2}\.\d{3} --> \d{2}:\d{2}:\d{2}\.\d{3}\n<v /,
    },
  ] as const;
  for (const { format, name, head } of cases) {
    const [download] = await Promise.all([
      viewer.page.waitForEvent('download'),
      viewer.exportButton(format).click(),
    ]);
    expect(download.suggestedFilename()).toBe(name);
    const body = readFileSync(await download.path(), 'utf8');
    expect(body).toMatch(head);
  }
});
