/**
 * Names from the meeting page, end to end on Google Meet: a "Record here" recording of a Meet call
 * (tests/fixtures/pages/meet-speakers.html) whose three participants speak on a schedule. The page
 * marks the speaking tile as Meet does; the emulator's processing diarizes the same schedule
 * (`/__emulator/recordings/{id}/speakers`, with its realistic errors), so its result labels the
 * voices SPEAKER_nn. The popup and the viewer offer the page's names with their evidence; "Use them" gives them
 * through the rename: the transcript and the speakers tab show them, and search finds them. The
 * voice left unnamed is offered the page's names under its rename. The same call on a Meet page in
 * Russian (its labels "Участники", "(Вы)", Cyrillic names: lib/meetings/timeline/fixtures/meet.ts)
 * ends with the names offered too, and the popup's "Use them" gives them. A Meet page that shows no
 * tiles is recorded all the same, and the options' diagnostics name it.
 */
import type { BrowserContext, Locator, Page } from '@playwright/test';
import type { RunningEmulator } from '../../emulator/index';
import { meetCall, meetId } from '../../lib/meetings/timeline/fixtures/meet';
import { fixture, servePage } from './page-support';
import type { PopupPage } from './pages/popup';
import { launchedForRecording } from './record-launch';
import { meetingControl as control, MEET, MEET_ORIGIN, message, toneScript } from './record-support';
import { expect, seriousViolations } from './ui-fixtures';

const PAGE = fixture('meet-speakers.html');

/** Who speaks when, in seconds from the recording's start: the one truth of the page and the service. */
const SCHEDULE = [
  { id: 'spaces/abc/devices/102', name: 'Anna Petrova', turns: [[1, 10]] },
  { id: 'spaces/abc/devices/103', name: 'Tom Becker', turns: [[10.5, 19.5]] },
  { id: 'spaces/abc/devices/104', name: 'Chen Wei', turns: [[20, 29]] },
] as const;

/**
 * The same call on Meet in Russian, drawn by the speaker readers' fixture (its own tile ids), with
 * meet-speakers.html's tone and schedule player; the user's own tile (Мария Лопес) never speaks.
 */
const RUSSIAN = `${MEET}?hl=ru`;
const RUSSIAN_SCHEDULE = [
  { id: meetId(1), name: 'Анна Петрова', turns: [[1, 10]] },
  { id: meetId(2), name: 'Том Беккер', turns: [[10.5, 19.5]] },
  { id: meetId(3), name: 'Чэнь Вэй', turns: [[20, 29]] },
] as const;
const RUSSIAN_PAGE = `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>Meet – abc-defg-hij</title></head><body>${meetCall(
  {
    participants: [{ name: 'Мария Лопес', self: true }, ...RUSSIAN_SCHEDULE.map(({ name }) => ({ name }))],
    speaking: [],
    lang: 'ru',
    roster: true,
  },
)}${PAGE.match(/<script>[\s\S]*?<\/script>/)![0]}</body></html>`;

/** A meeting whose page shows no participant tiles (Meet changed its layout): a tone only. */
const CHANGED = 'https://meet.google.com/xyz-wxyz-xyz';
const CHANGED_PAGE = `<!doctype html><html><head><title>Meet</title></head><body><div class="stage"><div>Anna Petrova</div></div>
${toneScript()}</body></html>`;

const test = launchedForRecording(true, (context) =>
  servePage(context, MEET_ORIGIN, (url) =>
    url.startsWith(CHANGED) ? CHANGED_PAGE : url.startsWith(RUSSIAN) ? RUSSIAN_PAGE : PAGE,
  ),
);

async function send<T>(page: Page, type: string, payload: object = {}): Promise<T> {
  return (await message<{ ok: boolean; data: T }>(page, type, payload)).data;
}

type Schedule = ReadonlyArray<{ id: string; name: string; turns: ReadonlyArray<readonly [number, number]> }>;

/**
 * "Record here" on the meeting at `url` while its participants speak `schedule` (on the
 * recording's clock), about 31 s, then Stop; the upload's recording is diarized by the emulator
 * from the same schedule and processed. Its space and id.
 */
async function recordCall(
  popup: Page,
  context: BrowserContext,
  emulator: RunningEmulator,
  url: string,
  schedule: Schedule,
): Promise<{ audioId: number; spaceId: number }> {
  const meeting = await context.newPage();
  await meeting.goto(url);
  await meeting.bringToFront();
  await control(meeting).getByRole('button', { name: 'Record here' }).click();
  await expect(control(meeting).getByRole('timer')).toBeVisible({ timeout: 20_000 });
  const state = await send<{ state: { startedAt: number; phase: string } }>(popup, 'recording.status');
  expect(state.state.phase).toBe('recording');
  // The schedule runs on the recording's clock: time 0 is the recording's start.
  await meeting.evaluate(
    ([origin, schedule]) =>
      (window as unknown as { speakAt: (o: number, s: unknown) => void }).speakAt(origin, schedule),
    [state.state.startedAt, schedule] as const,
  );
  await expect(control(meeting).getByRole('timer')).toHaveText(/^0:3[1-9]$/, { timeout: 60_000 });
  await control(meeting).getByRole('button', { name: 'Stop' }).click();
  await expect(control(meeting).getByRole('button', { name: 'Record here' })).toBeVisible();

  // The upload's recording, diarized by the emulator from the same schedule.
  const upload = await expect
    .poll(
      async () =>
        (await send<Array<{ intent: string; audioId?: number }>>(popup, 'jobs.list')).find(
          (job) => job.intent === 'upload' && job.audioId,
        )?.audioId,
      { timeout: 60_000 },
    )
    .toBeTruthy()
    .then(
      async () =>
        (await send<Array<{ intent: string; audioId: number; spaceId: number }>>(popup, 'jobs.list')).find(
          (job) => job.intent === 'upload',
        )!,
    );
  const truth = await fetch(`${emulator.url}/__emulator/recordings/${upload.audioId}/speakers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ speakers: schedule.map(({ name, turns }) => ({ name, turns })), seed: 3 }),
  });
  expect(truth.status).toBe(200);
  await expect
    .poll(
      async () =>
        (await send<Array<{ intent: string; phase: string }>>(popup, 'jobs.list')).find(
          (job) => job.intent === 'upload',
        )?.phase,
      { timeout: 120_000 },
    )
    .toBe('ready');
  return { audioId: upload.audioId, spaceId: upload.spaceId };
}

/** The popup's view of the recording `audioId`, once it offers the names of `schedule`: the offer. */
async function offeredInPopup(popup: PopupPage, audioId: number, schedule: Schedule): Promise<Locator> {
  await popup.page.reload();
  await popup.row(audioId).locator('.recording-title').click();
  const offer = popup.page.getByTestId('page-names');
  await expect(offer).toContainText('Names from the meeting page:', { timeout: 20_000 });
  for (const { name } of schedule) await expect(offer).toContainText(name);
  return offer;
}

test('a Record here meeting on Meet ends with the names offered; Use them names the transcript, the speakers and search', async ({
  signedInPopup: popup,
  emulator,
  context,
  openViewer,
}) => {
  test.setTimeout(240_000);
  const recorded = await recordCall(popup.page, context, emulator, MEET, SCHEDULE);

  // The popup's view of the recording offers them too.
  const inPopup = await offeredInPopup(popup, recorded.audioId, SCHEDULE);
  await expect(inPopup.getByRole('button', { name: 'Use them' })).toBeVisible();

  const viewer = await openViewer(recorded.spaceId, recorded.audioId);
  const offer = viewer.page.getByTestId('page-names');
  await expect(offer).toContainText('Names from the meeting page:', { timeout: 20_000 });
  for (const { name } of SCHEDULE) await expect(offer).toContainText(name);
  // The user's own tile never speaks here and is never suggested.
  await expect(offer).not.toContainText('Maria Lopez');
  // Each suggestion shows its evidence.
  await offer.getByText('Why these names').click();
  for (const { name } of SCHEDULE)
    await expect(offer.getByRole('listitem').filter({ hasText: `→ ${name}:` })).toContainText(
      /spoke \d+ s, \d+ % of Speaker \d+’s time/,
    );

  // Light and dark, no serious accessibility violation; Use them from the keyboard.
  for (const colorScheme of ['light', 'dark'] as const) {
    await viewer.page.emulateMedia({ colorScheme });
    expect(await seriousViolations(viewer.page), colorScheme).toEqual([]);
  }
  await offer.getByRole('button', { name: 'Use them' }).focus();
  await viewer.page.keyboard.press('Enter');
  await expect(offer).toBeHidden();
  await viewer.tab('Transcript').click();
  for (const { name } of SCHEDULE)
    await expect(viewer.utterances.filter({ hasText: name }).first()).toBeVisible();
  // Search all meetings knows the names given: Tom Becker's words are found as his.
  const said = (
    await viewer.utterances.filter({ hasText: 'Tom Becker' }).first().locator('.utterance-text').innerText()
  ).trim();
  // Its longest word (the first of the longest): "I can take that one." gives "take", where the
  // first word ("I", a common word the search leaves out) found nothing.
  const word = said
    .split(/[^\p{L}\p{N}]+/u)
    .reduce((longest, w) => (w.length > longest.length ? w : longest), '');
  await viewer.tab('Speakers').click();
  for (const { name } of SCHEDULE) await expect(viewer.page.getByRole('main')).toContainText(name);
  // The voice left unnamed (the service's unknown voice) is offered the page's names under its
  // rename, from the keyboard, in light and dark; a name fills the field and nothing is saved.
  await viewer.page
    .getByRole('button', { name: /^Rename Speaker \d+$/ })
    .first()
    .click();
  const choices = viewer.page.getByRole('group', { name: 'From the meeting page:' });
  for (const { name } of SCHEDULE) await expect(choices.getByRole('button', { name })).toBeVisible();
  for (const colorScheme of ['light', 'dark'] as const) {
    await viewer.page.emulateMedia({ colorScheme });
    expect(await seriousViolations(viewer.page), colorScheme).toEqual([]);
  }
  await choices.getByRole('button', { name: 'Maria Lopez' }).focus();
  await viewer.page.keyboard.press('Enter');
  const field = viewer.page.getByRole('textbox', { name: /^Name of Speaker \d+$/ });
  await expect(field).toHaveValue('Maria Lopez');
  await expect(field).toBeFocused();
  await viewer.page.keyboard.press('Escape');
  await expect(choices).toBeHidden();

  const search = viewer.page.getByRole('searchbox', { name: 'Search all meetings' });
  await search.fill(word);
  await viewer.page.getByText('Filters').click();
  const speaker = viewer.page.getByRole('combobox', { name: 'Speaker' });
  await expect(speaker.getByRole('option', { name: 'Tom Becker' })).toHaveCount(1, { timeout: 30_000 });
  await speaker.selectOption('Tom Becker');
  await expect(viewer.page.getByTestId('hit').first()).toBeVisible({ timeout: 30_000 });
  expect(new Set(await viewer.page.locator('.hit-speaker').allInnerTexts())).toEqual(new Set(['Tom Becker']));

  // A new viewer of the same recording offers nothing more: every name is given.
  const again = await openViewer(recorded.spaceId, recorded.audioId);
  await again.tab('Speakers').click();
  await expect(again.page.getByRole('main')).toContainText('Chen Wei');
  await expect(again.page.getByTestId('page-names')).toBeHidden();
});

test('a Record here meeting on a Meet page in Russian ends with the names offered; the popup’s Use them gives them', async ({
  signedInPopup: popup,
  emulator,
  context,
  openViewer,
}) => {
  test.setTimeout(240_000);
  const recorded = await recordCall(popup.page, context, emulator, RUSSIAN, RUSSIAN_SCHEDULE);
  const offer = await offeredInPopup(popup, recorded.audioId, RUSSIAN_SCHEDULE);
  // The user's own tile, "(Вы)" in the list, is never suggested.
  await expect(offer).not.toContainText('Мария Лопес');
  await offer.getByRole('button', { name: 'Use them' }).click();
  await expect(offer).toBeHidden();
  // Given: the viewer's speakers carry the names, and it offers nothing more.
  const viewer = await openViewer(recorded.spaceId, recorded.audioId);
  await viewer.tab('Speakers').click();
  for (const { name } of RUSSIAN_SCHEDULE) await expect(viewer.page.getByRole('main')).toContainText(name);
  await expect(viewer.page.getByTestId('page-names')).toBeHidden();
});

test('a Meet page that shows no participant tiles is recorded all the same, and the diagnostics say which page saw nothing', async ({
  signedInPopup: popup,
  emulator,
  context,
  openOptions,
}) => {
  test.setTimeout(120_000);
  const meeting = await context.newPage();
  await meeting.goto(CHANGED);
  await meeting.bringToFront();
  await control(meeting).getByRole('button', { name: 'Record here' }).click();
  const clock = control(meeting).getByRole('timer');
  await expect(clock).toBeVisible({ timeout: 20_000 });
  // After 30 s without a tile, the next report says so; the recording goes on.
  await expect(clock).toHaveText(/^0:3[6-9]$/, { timeout: 60_000 });
  const options = await openOptions();
  const diagnostics = options.page.getByTestId('diagnostics');
  await expect(diagnostics).toContainText('Google Meet on meet.google.com: participant tiles not found', {
    timeout: 10_000,
  });
  await expect(diagnostics.getByTestId('diagnostics-report')).toContainText(
    'google_meet adapter on meet.google.com: missing participant tiles',
  );
  expect((await send<{ state: { phase: string } }>(popup.page, 'recording.status')).state.phase).toBe(
    'recording',
  );
  await control(meeting).getByRole('button', { name: 'Stop' }).click();
  await expect
    .poll(
      async () =>
        (await fetch(`${emulator.url}/__emulator/counters`).then((r) => r.json())).recordingsCreated.upload,
      {
        timeout: 30_000,
      },
    )
    .toBe(1);
});
