/**
 * The hostile-content corpus (tests/fixtures/hostile/corpus.ts) in every place the extension's
 * own pages show service content: recording titles in the popup and side panel lists, file names
 * of uploads, the viewer's title, protocol, topic headers, speaker names and transcript, and the
 * four exports. Content goes in through the emulator's control surface
 * (`/__emulator/recordings/{id}/result`). Traps (hostile-support.ts) watch every page and request.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { CORPUS, hostileResult, hugeProtocol, longTitle } from '../fixtures/hostile/corpus';
import { armTraps, liveMarkup, outsideAllowList, type Traps } from './hostile-support';
import { api, demoToken, expect, SEED, test, wavOfSize } from './ui-fixtures';

const R = SEED.recordings;
const PERSONAL = SEED.spaces.personal;

async function control(url: string, path: string, body: unknown): Promise<void> {
  const answer = await fetch(`${url}/__emulator${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(answer.status, `${path}: ${await answer.clone().text()}`).toBe(200);
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
const INVISIBLE = /[\u0000-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/** Text as a reader compares it: invisible and control characters gone, whitespace collapsed. */
function plain(text: string): string {
  return text.replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
}

/** The whole corpus in one title (each payload is in the title place once). */
const JOINED_TITLE = `${CORPUS.map((payload) => payload.text).join(' ')}.mp3`;

/** Every row's title text, after pressing "Load more" until the whole list is shown. */
async function allTitles(page: Page): Promise<string[]> {
  const more = page.getByRole('button', { name: 'Load more' });
  await expect(page.getByTestId('shown-of')).toBeVisible();
  while ((await more.count()) > 0) {
    const before = await page.getByTestId('recording').count();
    await more.click();
    await expect.poll(() => page.getByTestId('recording').count()).toBeGreaterThan(before);
  }
  return page.locator('.recording-title').allTextContents();
}

async function expectTitlesAsText(page: Page, traps: Traps, expected: string[]): Promise<void> {
  await expect(page.getByTestId('recording').first()).toBeVisible();
  // The list may open from its cache first and refresh after: wait until the new titles are in.
  await expect
    .poll(async () => (await allTitles(page)).length, { timeout: 30_000 })
    .toBeGreaterThanOrEqual(expected.length);
  const titles = (await allTitles(page)).map(plain);
  expect(titles.length).toBeGreaterThanOrEqual(expected.length);
  for (const title of expected) expect(titles, title.slice(0, 60)).toContain(plain(title));
  // A title is a text node and nothing else.
  expect(await page.locator('.recording-title *').count()).toBe(0);
  expect(await liveMarkup(page, '[data-testid="recording"]')).toEqual([]);
  await traps.expectClean(page);
}

test('every payload as a recording title, and a 100 KB title: the popup and side panel show text, stay usable, run and load nothing', async ({
  emulator,
  signedInPopup: popup,
  context,
  extensionId,
}) => {
  test.setTimeout(120_000);
  const traps = await armTraps(context, extensionId);
  traps.allow(emulator.url, emulator.storageUrl);
  const token = await demoToken(emulator);
  const titles: string[] = [];
  for (const payload of CORPUS) {
    const created = await fetch(`${emulator.url}/api/spaces/${PERSONAL}/audio/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ title: 'Placeholder.mp3', size: 1000, content_type: 'audio/mpeg' }),
    });
    const { id } = (await created.json()) as { id: number };
    const title = `${payload.text}.mp3`;
    await control(emulator.url, `/recordings/${id}/result`, { title });
    titles.push(title);
  }
  const long = longTitle();
  await control(emulator.url, `/recordings/${R.ready}/result`, { title: long });

  for (const [name, width] of [
    ['popup', 400],
    ['sidepanel', 320],
  ] as const) {
    const page = await context.newPage();
    await page.setViewportSize({ width, height: 600 });
    await page.goto(`chrome-extension://${extensionId}/${name}.html`);
    await expectTitlesAsText(page, traps, [...titles, long]);
    // Still usable: the 100 KB title opens its detail, and the list answers a search.
    await page.locator(`[data-testid="recording"][data-id="${R.ready}"] .recording-title`).click();
    await expect(page.getByTestId('recording-detail')).toBeVisible();
    await traps.expectClean(page);
    await page.close();
  }
  await popup.page.close();
});

test('files named with the payloads are uploaded and listed as text', async ({
  emulator,
  signedInPopup: popup,
  context,
  extensionId,
}) => {
  const traps = await armTraps(context, extensionId);
  traps.allow(emulator.url, emulator.storageUrl);
  await popup.reopen();
  // File names cannot hold "/" or line breaks; the rest of each payload is the name.
  const files = CORPUS.slice(0, 12).map((payload) => ({
    name: `${payload.text.replace(/[/\n\r]/g, '_')}.wav`,
    mimeType: 'audio/wav',
    buffer: Buffer.from(wavOfSize(4_000)),
  }));
  await popup.page.getByRole('button', { name: 'Upload', exact: true }).click();
  await popup.page.getByLabel('Choose audio or video files').setInputFiles(files);
  await popup.page.getByRole('button', { name: `Upload ${files.length} files` }).click();
  await expect(popup.jobs).toHaveCount(files.length);
  const shown = (await popup.page.locator('.job-title').allTextContents()).map(plain);
  for (const file of files) expect(shown, file.name).toContain(plain(file.name));
  expect(await popup.page.locator('.job-title *').count()).toBe(0);
  expect(await liveMarkup(popup.page, '[data-testid="jobs"]')).toEqual([]);
  // The service got every file, under the name shown (a name over 255 characters is cut).
  await expect
    .poll(
      async () => {
        const list = await api<{ results: Array<{ id: number; title: string; is_uploaded: boolean }> }>(
          emulator,
          `/api/spaces/${PERSONAL}/audio/?limit=50&offset=0`,
        );
        return list.results
          .filter((r) => r.id >= 1000 && r.is_uploaded)
          .map((r) => r.title)
          .sort();
      },
      { timeout: 45_000 },
    )
    .toEqual(files.map((file) => file.name).sort());
  await traps.expectClean(popup.page);
});

test('the corpus in the protocol, topic headers, speaker names, transcript and title: rendered inside the allow-list, exported intact, nothing runs', async ({
  emulator,
  signedInPopup: _signedIn,
  context,
  extensionId,
}) => {
  const traps = await armTraps(context, extensionId);
  traps.allow(emulator.url, emulator.storageUrl);
  await control(emulator.url, `/recordings/${R.ready}/result`, { ...hostileResult(), title: JOINED_TITLE });
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/viewer.html?space=${PERSONAL}&audio=${R.ready}`);

  const protocol = page.getByTestId('protocol');
  await expect(protocol).toContainText('End of the hostile protocol.');
  expect(await outsideAllowList(page, '[data-testid="protocol"]')).toEqual([]);
  await traps.expectClean(page);
  // The payloads are there, as text or as harmless structure.
  await expect(protocol).toContainText('click me');
  await expect(protocol).toContainText('html link');
  const title = page.getByTestId('viewer-title');
  expect(plain((await title.textContent()) ?? '')).toContain(plain(JOINED_TITLE).slice(0, 200));
  expect(await title.locator('*').count()).toBe(0);

  await page.getByRole('tab', { name: /^Transcript/ }).click();
  await expect(page.getByTestId('utterance')).toHaveCount(CORPUS.length);
  const transcript = plain((await page.getByTestId('transcript').textContent()) ?? '');
  for (const payload of CORPUS) expect(transcript, payload.name).toContain(plain(payload.text));
  expect(await liveMarkup(page, '[data-testid="transcript"]')).toEqual([]);

  await page.getByRole('tab', { name: /^Speakers/ }).click();
  const speakers = plain((await page.getByTestId('speaker-table').textContent()) ?? '');
  for (const payload of CORPUS) expect(speakers, payload.name).toContain(plain(payload.text));
  expect(await liveMarkup(page, '[data-testid="speakers"]')).toEqual([]);
  await traps.expectClean(page);

  // Exports: the file name is safe, and no payload forges structure in the file.
  const exported: Record<string, { name: string; body: string }> = {};
  for (const format of ['Markdown', 'Text', 'SRT', 'WebVTT'] as const) {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Export as ${format}` }).click(),
    ]);
    exported[format] = {
      name: download.suggestedFilename(),
      body: readFileSync(await download.path(), 'utf8'),
    };
  }
  for (const { name } of Object.values(exported)) {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters must not be in a file name.
    expect(name).not.toMatch(/[<>:"/\\|?*\u0000-\u001f\u202a-\u202e\u2066-\u2069]/);
    expect(Array.from(name).length).toBeLessThanOrEqual(125);
  }
  const md = exported.Markdown!.body;
  const transcriptPart = md.slice(md.indexOf('\n## Transcript\n'));
  expect(md.split('\n')[0]).toMatch(/^# \S/);
  expect(transcriptPart.split('\n').filter((line) => line.startsWith('#'))).toHaveLength(1 + CORPUS.length);
  expect(exported.Text!.body.split('\n')[1]).toBe('');
  const cueTimes = (body: string, separator: string) =>
    body.split('\n').filter((line) => new RegExp(`^\\d{2}:\\d{2}:\\d{2}${separator}\\d{3} --> `).test(line));
  expect(cueTimes(exported.SRT!.body, ',')).toHaveLength(CORPUS.length);
  const vtt = exported.WebVTT!.body;
  expect(cueTimes(vtt, '\\.')).toHaveLength(CORPUS.length);
  // The only markup in the WebVTT file is our voice span at the start of each cue text.
  expect((vtt.match(/</g) ?? []).length).toBe(CORPUS.length);
  expect((vtt.match(/^<v /gm) ?? []).length).toBe(CORPUS.length);
  await traps.expectClean(page);
});

test('a 10 MB protocol with the corpus in it and a 100 KB title: the viewer shortens it and still answers a click', async ({
  emulator,
  signedInPopup: _signedIn,
  context,
  extensionId,
}) => {
  test.setTimeout(180_000);
  const traps = await armTraps(context, extensionId);
  traps.allow(emulator.url, emulator.storageUrl);
  await control(emulator.url, `/recordings/${R.readyShort}/result`, {
    title: longTitle(),
    protocol: hugeProtocol(),
  });
  const page = await context.newPage();
  // Whether the protocol was ever on screen with its progress bar, i.e. shown in pieces.
  await page.addInitScript(() => {
    const seen = { progressWithText: false };
    (globalThis as unknown as { __protocolSeen: typeof seen }).__protocolSeen = seen;
    new MutationObserver(() => {
      const protocol = document.querySelector('[data-testid="protocol"]');
      if (protocol?.textContent && document.querySelector('[data-testid="protocol-progress"] progress'))
        seen.progressWithText = true;
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`chrome-extension://${extensionId}/viewer.html?space=${PERSONAL}&audio=${R.readyShort}`);
  // Loading 10 MB over the wire takes what it takes; then the first screen of the protocol shows
  // while the rest renders in pieces, and the page answers clicks meanwhile.
  await expect(page.getByTestId('protocol-truncated')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('protocol')).toContainText('Huge protocol');
  await page.getByRole('tab', { name: /^Transcript/ }).click();
  await expect(page.getByTestId('utterance').first()).toBeVisible();
  await page.getByRole('tab', { name: /^Protocol/ }).click();
  await expect(page.getByTestId('protocol')).toBeVisible();
  // Rendering ends with every section of the text shown (cut at the last line end before
  // 1,000,000 characters) and without its progress bar. Each section is a heading, or, once the
  // reading of the Markdown has taken its 2 s (lib/render/lex.ts: a loaded machine gets there), its
  // text as written, said above the protocol. Nothing is left out either way.
  await expect(page.getByTestId('protocol-progress')).toBeHidden({ timeout: 90_000 });
  const whole = hugeProtocol();
  const shownText = whole.slice(0, whole.lastIndexOf('\n', 1_000_000));
  const sections = shownText.split('\n## Section\n').length - 1;
  expect(sections).toBeGreaterThan(1000);
  const shown = () =>
    page.getByTestId('protocol').evaluate((protocol) => ({
      headings: protocol.querySelectorAll('h2').length,
      asText: (protocol.textContent?.match(/## Section/g) ?? []).length,
    }));
  await expect
    .poll(async () => {
      const now = await shown();
      return now.headings + now.asText;
    })
    .toBe(sections);
  const { headings, asText } = await shown();
  expect(headings).toBeGreaterThan(0);
  if (asText > 0) await expect(page.getByTestId('protocol-as-text')).toBeVisible();
  else await expect(page.getByTestId('protocol-as-text')).toBeHidden();
  expect(
    await page.evaluate(
      () => (globalThis as unknown as { __protocolSeen: { progressWithText: boolean } }).__protocolSeen,
    ),
  ).toEqual({ progressWithText: true });
  expect(await outsideAllowList(page, '[data-testid="protocol"]')).toEqual([]);
  await traps.expectClean(page);
});
