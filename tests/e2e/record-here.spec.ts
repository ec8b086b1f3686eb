/**
 * "Record here" in real Chromium: a page plays a 440 Hz tone; Record this tab (popup) → about 30 s
 * → Stop; the file goes through the upload path and is processed. Launched as TOOLCHAIN.md
 * ("Tab capture") says: without `--mute-audio` (a muted tab is captured as silence), with autoplay
 * allowed and the extension allowlisted for capture without a toolbar click.
 */

import type { BrowserContext, Locator, Page } from '@playwright/test';
import { BufferSource, Input, WEBM } from 'mediabunny';
import type { RunningEmulator } from '../../emulator/index';
import { newRecording } from '../../lib/recording/state';
import { launchChromium, unpackedExtensionId } from './launch';
import type { PopupPage } from './pages/popup';
import {
  inspectFile as inspectDecoded,
  openTonePage as openTone,
  piecesKept,
  recordingKeys,
  recordingState,
  recordTab,
  setRecordingKey,
} from './record-support';
import { api, counters, expect, openPanel, SEED, test as uiTest } from './ui-fixtures';

const test = uiTest.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
  context: async ({}, use) => {
    const chromium = await launchChromium({
      args: [
        '--autoplay-policy=no-user-gesture-required',
        `--allowlisted-extension-id=${unpackedExtensionId()}`,
      ],
      ignoreDefaultArgs: ['--mute-audio'],
    });
    await use(chromium.context);
    await chromium.close();
  },
});

interface Recording {
  id: number;
  title: string;
  duration: number | null;
  is_uploaded: boolean;
  is_classified?: boolean;
}

/** The stored file of the recording, with the page's tone (440 Hz) and another frequency (1 kHz). */
async function inspectFile(page: Page, fileKey: string) {
  const file = await inspectDecoded(page, fileKey, [440, 1_000]);
  return file && { ...file, tone: file.power['440']!, elsewhere: file.power['1000']! };
}

/**
 * The tone page in a tab of its own, its tone running (a tab that plays nothing gives the recorder
 * no audio, hence no pieces), in front of its window: the tab the popup and side panel record.
 */
async function openTonePage(context: BrowserContext, emulator: RunningEmulator): Promise<Page> {
  const tone = await openTone(context, emulator.url);
  await expect
    .poll(() => tone.evaluate(() => (window as unknown as { toneState(): string }).toneState()))
    .toBe('running');
  return tone;
}

/** Record this tab (no microphone), about six seconds, then Stop and upload. */
async function recordSomeSecondsAndStop(recorder: Locator): Promise<void> {
  await recordTab(recorder);
  await expect(recorder.getByTestId('recording-elapsed')).toHaveText(/^0:(0[6-9]|1\d)$/, { timeout: 20_000 });
  await recorder.getByRole('button', { name: 'Stop and upload' }).click();
}

/** The popup's recorder once it offers Record this tab. */
async function readyRecorder(popup: PopupPage): Promise<Locator> {
  const recorder = popup.page.getByTestId('recorder');
  await expect(recorder.getByRole('button', { name: 'Record this tab' })).toBeVisible();
  return recorder;
}

interface Journey {
  /** Close the popup right after the start and open it again to stop. */
  closePopup?: boolean;
  /** Stop the background worker this many times while recording. */
  workerStops?: number;
}

interface Fixtures {
  signedInPopup: PopupPage;
  emulator: RunningEmulator;
  context: BrowserContext;
  serviceWorker: unknown;
}

async function recordAndCheck(
  { signedInPopup: popup, emulator, context, serviceWorker }: Fixtures,
  journey: Journey,
): Promise<void> {
  // The popup records the tab in front of its window.
  const tone = await openTonePage(context, emulator);
  const recorder = popup.page.getByTestId('recorder');
  await recordTab(recorder);
  await expect(recorder.getByTestId('recording-elapsed')).toBeVisible({ timeout: 15_000 });
  await expect(recorder.getByTestId('recording-microphone')).toHaveText('Your microphone is not recorded.');
  if (journey.closePopup) {
    await popup.page.goto('about:blank');
    await tone.bringToFront();
  }
  const cdp = await context.newCDPSession(tone);
  await cdp.send('ServiceWorker.enable');
  for (let stop = 0; stop < (journey.workerStops ?? 0); stop++) {
    // Chrome stops an idle worker like this; every variable and timer in it is lost.
    await tone.waitForTimeout(7_000);
    await cdp.send('ServiceWorker.stopAllWorkers');
  }
  if (journey.closePopup) {
    await popup.open();
    await tone.bringToFront();
  }
  // About 30 s recorded (the clock is the background's start time); then Stop. On a loaded machine
  // the clock may be seen, and the Stop land, a few seconds past 0:30: the file is held to the time
  // the Stop was pressed at, counted from the recording's start as the background keeps it.
  await expect(recorder.getByTestId('recording-elapsed')).toHaveText(/^0:3\d$/, { timeout: 45_000 });
  const { startedAt } = (await recordingState(popup.page))!;
  const pressing = Date.now();
  await recorder.getByRole('button', { name: 'Stop and upload' }).click();
  const pressed = Date.now();
  // The seconds between the start and the Stop: at least (before the click), at most (after it).
  const atLeast = (pressing - startedAt!) / 1000;
  const atMost = (pressed - startedAt!) / 1000;
  expect(atLeast).toBeGreaterThanOrEqual(30);

  await expect
    .poll(() => recordingState(popup.page), { timeout: 30_000 })
    .toMatchObject({ phase: expect.stringMatching(/uploading|done/) });
  const fileKey = (await recordingState(popup.page))!.fileKey!;
  const file = await inspectFile(popup.page, fileKey);
  expect(file).not.toBeNull();
  // A WebM with an Opus track and a duration a parser reads.
  const input = new Input({ source: new BufferSource(Buffer.from(file!.base64, 'base64')), formats: [WEBM] });
  const track = await input.getPrimaryAudioTrack();
  expect(track?.codec).toBe('opus');
  const parsed = await input.computeDuration();
  // What was recorded between the start and the Stop, ± 2 s (the capture starts after the recorded
  // start, and ends when the recording page gets the stop and flushes its last piece).
  expect(parsed).toBeGreaterThan(atLeast - 2);
  expect(parsed).toBeLessThan(atMost + 2);
  expect(file!.decodedSeconds).toBeGreaterThan(atLeast - 2);
  // The page's tone is in it, and stands far above another frequency.
  expect(file!.tone).toBeGreaterThan(0.001);
  expect(file!.tone).toBeGreaterThan(file!.elsewhere * 100);

  const uploaded = await uploadedToneRecordings(emulator, SEED.spaces.personal, 30_000);
  const [recording] = uploaded;
  expect(recording!.title).toMatch(/^Tone room — \d{4}-\d\d-\d\d \d\d:\d\d\.webm$/);
  // The service charges for the file's duration (whole seconds), the same span ± 2 s.
  expect(recording!.duration!).toBeGreaterThanOrEqual(Math.floor(atLeast - 2));
  expect(recording!.duration!).toBeLessThanOrEqual(Math.ceil(atMost + 2));
  // Processed (the setting "Start processing automatically" is on by default): the result arrives.
  await expect.poll(() => jobPhase(popup.page, recording!.id), { timeout: 60_000 }).toBe('ready');
  const figures = await counters(emulator);
  expect(figures.recordingsCreated.upload).toBe(1);
  expect(figures.charges.filter((charge) => charge.audio_id === recording!.id)).toHaveLength(1);
  // The upload is confirmed: the recording is done and its pieces are deleted.
  await expect.poll(async () => (await recordingState(popup.page))?.phase).toBe('done');
  expect(await piecesKept(popup.page)).toBe(0);
  void serviceWorker;
}

/** The space's recordings titled after the tone page, as the service lists them. */
async function toneRecordings(emulator: RunningEmulator, space: number): Promise<Recording[]> {
  const search = `/api/spaces/${space}/audio/?search=Tone%20room&limit=5&offset=0`;
  return (await api<{ results: Recording[] }>(emulator, search)).results;
}

/** Waits until the tone page's recording is uploaded to the space, then lists them there. */
async function uploadedToneRecordings(
  emulator: RunningEmulator,
  space: number,
  timeout: number,
): Promise<Recording[]> {
  await expect
    .poll(async () => (await toneRecordings(emulator, space))[0]?.is_uploaded ?? false, { timeout })
    .toBe(true);
  return toneRecordings(emulator, space);
}

/** The phase of the job that carries the recording `audioId`, as the background lists it. */
async function jobPhase(page: Page, audioId: number): Promise<string | undefined> {
  const answer = (await page.evaluate(() =>
    chrome.runtime.sendMessage({ channel: 'meeting-capture', type: 'jobs.list', payload: {} }),
  )) as { data: Array<{ audioId?: number; phase: string }> };
  return answer.data.find((job) => job.audioId === audioId)?.phase;
}

test('Record this tab → 30 s → Stop: one recording as long as its start to the Stop ± 2 s, charged once, processed, the tone in its file', async ({
  signedInPopup,
  emulator,
  context,
  serviceWorker,
}) => {
  test.setTimeout(150_000);
  await recordAndCheck({ signedInPopup, emulator, context, serviceWorker }, {});
});

test('the same journey with the popup closed right after the start and the worker stopped three times', async ({
  signedInPopup,
  emulator,
  context,
  serviceWorker,
}) => {
  test.setTimeout(150_000);
  await recordAndCheck(
    { signedInPopup, emulator, context, serviceWorker },
    { closePopup: true, workerStops: 3 },
  );
});

test('crash: the recording page closes mid-recording; "Upload what was recorded" uploads what its pieces hold, within one piece', async ({
  signedInPopup: popup,
  emulator,
  context,
  serviceWorker,
}) => {
  test.setTimeout(150_000);
  await openTone(context, emulator.url);
  const recorder = popup.page.getByTestId('recorder');
  await recordTab(recorder);
  await expect(recorder.getByTestId('recording-elapsed')).toHaveText(/^0:1[2-9]$/, { timeout: 45_000 });
  // The recording page dies (as in a crash): the pieces written so far are all that is left.
  await serviceWorker.evaluate(() =>
    (chrome as unknown as { offscreen: { closeDocument(): Promise<void> } }).offscreen.closeDocument(),
  );
  const kept = await piecesKept(popup.page);
  expect(kept).toBeGreaterThanOrEqual(2);

  await popup.open();
  const upload = recorder.getByRole('button', { name: /^Upload what was recorded \(\d+ s\)$/ });
  await expect(upload).toBeVisible();
  await expect(recorder.getByRole('button', { name: 'Discard' })).toBeVisible();
  await upload.click();

  const uploaded = await uploadedToneRecordings(emulator, SEED.spaces.personal, 45_000);
  const [recording] = uploaded;
  // Each piece holds 5 s: the file is what the pieces held, give or take one piece.
  expect(Math.abs(recording!.duration! - kept * 5)).toBeLessThanOrEqual(5);
  expect((await counters(emulator)).recordingsCreated.upload).toBe(1);
});

test('no microphone ("Requested device not found"): the tab alone is recorded and the popup says the microphone is not', async ({
  signedInPopup: popup,
  emulator,
  context,
}) => {
  await openTone(context, emulator.url);
  const recorder = popup.page.getByTestId('recorder');
  // Asked for, but this machine has none (no fake device flags here).
  await expect(recorder.getByRole('checkbox', { name: 'Also record my microphone' })).toBeChecked();
  await recorder.getByRole('button', { name: 'Record this tab' }).click();
  await expect(recorder.getByTestId('recording-microphone')).toHaveText(
    'Your microphone is not recorded: no microphone was found.',
  );
  await expect(recorder.getByTestId('recording-elapsed')).toHaveText(/^0:0[3-9]$/, { timeout: 20_000 });
  await recorder.getByRole('button', { name: 'Stop and upload' }).click();
  await expect
    .poll(async () => (await counters(emulator)).recordingsCreated.upload, { timeout: 30_000 })
    .toBe(1);
});

test('the tab closed at once: the recording ends, nothing is uploaded or charged, and the popup says why', async ({
  signedInPopup: popup,
  emulator,
  context,
}) => {
  const tone = await openTone(context, emulator.url);
  const recorder = popup.page.getByTestId('recorder');
  await recordTab(recorder);
  await expect(recorder.getByTestId('recording-elapsed')).toBeVisible();
  await tone.close();
  await expect(recorder.getByRole('alert')).toHaveText(
    'The recording lasted under a second: nothing was uploaded.',
    {
      timeout: 20_000,
    },
  );
  expect(await piecesKept(popup.page)).toBe(0);
  const figures = await counters(emulator);
  expect(figures.recordingsCreated.upload).toBe(0);
  expect(figures.charges).toHaveLength(0);
});

test('sign-out during a recording: the capture stops, nothing is uploaded, every piece is wiped', async ({
  signedInPopup: popup,
  emulator,
  context,
  serviceWorker,
}) => {
  const tone = await openTone(context, emulator.url);
  const recorder = popup.page.getByTestId('recorder');
  await recordTab(recorder);
  await expect(recorder.getByTestId('recording-elapsed')).toHaveText(/^0:(0[6-9]|1\d)$/, { timeout: 20_000 });
  expect(await piecesKept(popup.page)).toBeGreaterThan(0);

  await popup.page.getByRole('button', { name: 'Sign out' }).click();
  // The recording running is at stake: Sign out asks first, and deletes it only when confirmed.
  const ask = popup.page.getByRole('dialog');
  await expect(ask).toBeVisible();
  expect(await piecesKept(popup.page)).toBeGreaterThan(0);
  await ask.getByRole('button', { name: 'Delete and sign out' }).click();
  await expect(popup.page.getByRole('form', { name: 'Sign in to the service' })).toBeVisible();
  await expect.poll(() => piecesKept(popup.page)).toBe(0);
  // The recording page is closed: nothing holds the tab any more.
  await expect
    .poll(() =>
      serviceWorker.evaluate(
        async () =>
          (
            await (
              chrome.runtime as unknown as { getContexts(filter: object): Promise<unknown[]> }
            ).getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT'] })
          ).length,
      ),
    )
    .toBe(0);
  await tone.waitForTimeout(6_000);
  expect(await piecesKept(popup.page)).toBe(0);
  expect((await counters(emulator)).recordingsCreated.upload).toBe(0);
});

test('the recorded tab leaves for another site: the recording stops there and what was recorded is uploaded once', async ({
  signedInPopup: popup,
  emulator,
  context,
}) => {
  test.setTimeout(120_000);
  // Another site, whose address the extension may not read (no host access, activeTab ends there).
  await context.route('https://elsewhere.example/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>Elsewhere</title><p>Elsewhere</p>',
    }),
  );
  const tone = await openTonePage(context, emulator);
  const recorder = popup.page.getByTestId('recorder');
  await recordTab(recorder);
  await expect(recorder.getByTestId('recording-elapsed')).toHaveText(/^0:(0[6-9]|1\d)$/, { timeout: 20_000 });

  await tone.goto('https://elsewhere.example/away');
  // Stopped without Stop: the file is made from what was recorded and uploaded, once.
  const uploaded = await uploadedToneRecordings(emulator, SEED.spaces.personal, 45_000);
  const results = uploaded;
  expect(results).toHaveLength(1);
  expect(results[0]!.duration).toBeGreaterThanOrEqual(5);
  expect(results[0]!.duration).toBeLessThanOrEqual(25);
  await expect(recorder.getByTestId('recording-elapsed')).toBeHidden();
  // Nothing is recorded any more: no second recording, however long one waits.
  await tone.waitForTimeout(6_000);
  const figures = await counters(emulator);
  expect(figures.recordingsCreated.upload).toBe(1);
  expect(figures.charges.filter((charge) => charge.audio_id === results[0]!.id).length).toBeLessThanOrEqual(
    1,
  );
});

test('the side panel records too: Record this tab there → Stop uploads the tab in front once', async ({
  signedInPopup: _popup,
  emulator,
  context,
  extensionId,
}) => {
  test.setTimeout(120_000);
  const panel = await context.newPage();
  await openPanel(panel, extensionId);
  await openTonePage(context, emulator);
  const recorder = panel.getByTestId('recorder');
  await recordSomeSecondsAndStop(recorder);
  const uploaded = await uploadedToneRecordings(emulator, SEED.spaces.personal, 45_000);
  const results = uploaded;
  expect(results).toHaveLength(1);
  expect(results[0]!.title).toMatch(/^Tone room — /);
  expect((await counters(emulator)).recordingsCreated.upload).toBe(1);
});

test('a start its worker never finished is not in the way: the popup offers Record this tab, which records at once', async ({
  signedInPopup: popup,
  emulator,
  context,
}) => {
  test.setTimeout(120_000);
  const recorder = await readyRecorder(popup);
  // What a worker that died between keeping a start and asking the recording page leaves behind:
  // a recording "starting" that no page holds and no worker is starting (the popup's look above
  // made the database).
  await setRecordingKey(
    popup.page,
    'state',
    newRecording(
      { id: 'a-start-nobody-makes', tabId: 1, title: 'Never started', spaceId: null, availableSeconds: null },
      Date.now(),
    ),
  );
  await popup.reopen();
  // Not shown as a recording under way (for 30 s it was), nor offered: nothing was recorded.
  await expect(recorder.getByRole('button', { name: 'Record this tab' })).toBeVisible();
  await expect(recorder.getByTestId('recording-elapsed')).toHaveCount(0);
  await openTonePage(context, emulator);
  await recordSomeSecondsAndStop(recorder);
  const uploaded = await uploadedToneRecordings(emulator, SEED.spaces.personal, 45_000);
  expect(uploaded.map((recording) => recording.title)).toEqual([expect.stringMatching(/^Tone room — /)]);
  expect((await counters(emulator)).recordingsCreated.upload).toBe(1);
});

test('Stop while the recording is still starting: nothing is captured, kept or uploaded, and the next Record this tab records', async ({
  signedInPopup: popup,
  emulator,
  context,
}) => {
  test.setTimeout(120_000);
  const recorder = await readyRecorder(popup);
  // Chrome hands the tab's stream over late, until the test lets it (a test-build hook of the
  // recording page).
  await setRecordingKey(popup.page, 'test:streams-held', 1);
  const tone = await openTonePage(context, emulator);
  await recordTab(recorder);
  // The popup closed and opened again while it starts: its Stop is there (the first popup's waits
  // for the start's answer).
  await popup.reopen();
  await expect(recorder.getByText('Starting…')).toBeVisible();
  await recorder.getByRole('button', { name: 'Stop and upload' }).click();
  await expect(recorder.getByRole('button', { name: 'Record this tab' })).toBeVisible({ timeout: 15_000 });
  // The late streams arrive now, after the Stop: the recording page never starts capturing them.
  await setRecordingKey(popup.page, 'test:streams-held', 0);
  await expect.poll(() => recordingKeys(popup.page), { timeout: 15_000 }).toContain('test:streams-handed');
  expect(await piecesKept(popup.page)).toBe(0);
  await expect(recorder.getByTestId('recording-elapsed')).toHaveCount(0);
  expect((await counters(emulator)).recordingsCreated.upload).toBe(0);
  // And the next recording starts (the page was not left holding the first one).
  await tone.bringToFront();
  await recordSomeSecondsAndStop(recorder);
  expect(await uploadedToneRecordings(emulator, SEED.spaces.personal, 45_000)).toHaveLength(1);
  expect((await counters(emulator)).recordingsCreated.upload).toBe(1);
});

test('the recording goes to the space the popup shows, named with its time left: Team chosen, Team holds it', async ({
  signedInPopup: popup,
  emulator,
  context,
}) => {
  test.setTimeout(120_000);
  await popup.spacePicker.selectOption({ label: 'Team' });
  const recorder = popup.page.getByTestId('recorder');
  await expect(recorder.getByTestId('recorder-time-left')).toHaveText('Time left in Team: 2 h 00 min.');
  await openTonePage(context, emulator);
  await recordSomeSecondsAndStop(recorder);
  expect(await uploadedToneRecordings(emulator, SEED.spaces.team, 45_000)).toHaveLength(1);
  expect(await toneRecordings(emulator, SEED.spaces.personal)).toHaveLength(0);
  expect((await counters(emulator)).recordingsCreated.upload).toBe(1);
});

test('a space with little time left: the recorder says how much, warns at 80 % and 100 %, keeps the recording past it, and uploads it to another space chosen at the end', async ({
  signedInPopup: popup,
  emulator,
  context,
}) => {
  test.setTimeout(120_000);
  await fetch(`${emulator.url}/__emulator/spaces/${SEED.spaces.team}/balance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ available_seconds: 12 }),
  });
  // Choosing the space reads its balance afresh.
  await popup.spacePicker.selectOption({ label: 'Team' });
  const recorder = popup.page.getByTestId('recorder');
  await expect(recorder.getByTestId('recorder-time-left')).toHaveText('Time left in Team: 12 s.');
  await openTonePage(context, emulator);
  await recordTab(recorder);
  const status = () => recordingState(popup.page);
  // The tab in front is the one recorded.
  await expect.poll(async () => (await status())?.title ?? '', { timeout: 15_000 }).toMatch(/^Tone room/);
  // The warnings (notifications), checked as each 5 s piece is kept: 80 % of the 12 s with the
  // second piece (10 s), past them with the third (15 s); the recording goes on.
  await expect.poll(async () => (await status())?.warned ?? 0, { timeout: 30_000 }).toBe(80);
  await expect.poll(async () => (await status())?.warned ?? 0, { timeout: 30_000 }).toBe(100);
  await expect(recorder.getByTestId('recording-elapsed')).toHaveText(/^0:(1[6-9]|2\d)$/, { timeout: 30_000 });
  await recorder.getByRole('button', { name: 'Stop and upload' }).click();
  // Longer than Team's 12 s while processing would start on upload: kept, not uploaded, and the
  // popup offers another space (or the same after a top-up).
  await expect(recorder.getByRole('alert')).toHaveText(
    'The recording is longer than the processing time left in its space. It is kept: upload it to another space, or top up first.',
    { timeout: 30_000 },
  );
  const spaces = recorder.getByTestId('recorder-space');
  await expect(spaces).toHaveValue(String(SEED.spaces.team));
  await expect(spaces.locator('option', { hasText: 'Personal' })).toHaveText('Personal (10 h 00 min left)');
  expect(await toneRecordings(emulator, SEED.spaces.team)).toHaveLength(0);
  await spaces.selectOption({ label: 'Personal (10 h 00 min left)' });
  await recorder.getByRole('button', { name: /^Upload what was recorded/ }).click();
  // All it recorded, in the space chosen, processed there and charged once; Team holds nothing.
  const [recording] = await uploadedToneRecordings(emulator, SEED.spaces.personal, 45_000);
  expect(recording!.duration).toBeGreaterThan(12);
  await expect.poll(() => jobPhase(popup.page, recording!.id), { timeout: 60_000 }).toBe('ready');
  const figures = await counters(emulator);
  expect(figures.recordingsCreated.upload).toBe(1);
  expect(figures.charges.filter((charge) => charge.audio_id === recording!.id)).toHaveLength(1);
  expect(await toneRecordings(emulator, SEED.spaces.team)).toHaveLength(0);
});
