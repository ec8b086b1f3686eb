/**
 * "Record here" with the microphone, in real Chromium with its fake microphone playing a 1200 Hz
 * tone (`--use-fake-device-for-media-stream --use-file-for-fake-audio-capture`) while the page
 * plays 440 Hz.
 *
 * What these launches need, verified here (docs/record-here.md): `--use-fake-ui-for-media-stream`
 * makes tab capture itself fail ("Requested device not found": the fake picker answers every
 * request, the tab's too, with a fake device), so it is not used. Without it, headless Chromium
 * shows no prompt a test could answer, and refuses the microphone to an extension page even when the
 * profile holds an "allow" for the extension's origin (the permission reads 'granted', the stream
 * is refused). So Chrome's remembered decision is written into the profile before the start (as
 * after the user answered the microphone page once), and `--auto-accept-camera-and-microphone-capture`
 * stands in for the answer itself; it does not touch tab capture. A refusal in the profile must
 * still be kept to: that flag would hand the stream over if the extension asked for it.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CDPSession } from '@playwright/test';
import { BufferSource, Input, WEBM } from 'mediabunny';
import { launchChromium, unpackedExtensionId } from './launch';
import { offscreenSession } from './offscreen-session';
import { inspectFile, openTonePage, profileWithMicrophone, recordingState, toneWav } from './record-support';
import { counters, expect, test as uiTest } from './ui-fixtures';
import { recordNotices } from './worker-notices';

const PAGE_TONE = 440;
const MIC_TONE = 1_200;
/** Neither tone: the floor the two must stand above. */
const ELSEWHERE = 1_000;

interface MicrophoneOptions {
  /** Chrome's remembered answer for the extension: allowed, blocked, or never asked. */
  micDecision: 'allow' | 'block' | 'none';
  /** `--auto-accept-camera-and-microphone-capture`: stands in for the user's "Allow". */
  autoAccept: boolean;
}

const test = uiTest.extend<MicrophoneOptions>({
  micDecision: ['allow', { option: true }],
  autoAccept: [true, { option: true }],
  context: async ({ micDecision, autoAccept }, use, testInfo) => {
    const wav = path.join(tmpdir(), `mc-fake-mic-${process.pid}-${testInfo.workerIndex}.wav`);
    writeFileSync(wav, toneWav(MIC_TONE, 30));
    const id = unpackedExtensionId();
    const profileDir =
      micDecision === 'none' ? undefined : profileWithMicrophone(id, micDecision === 'allow' ? 1 : 2);
    const chromium = await launchChromium({
      ...(profileDir && { profileDir }),
      args: [
        '--autoplay-policy=no-user-gesture-required',
        `--allowlisted-extension-id=${id}`,
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-audio-capture=${wav}`,
        ...(autoAccept ? ['--auto-accept-camera-and-microphone-capture'] : []),
      ],
      ignoreDefaultArgs: ['--mute-audio'],
    });
    await use(chromium.context);
    await chromium.close();
    if (profileDir) rmSync(profileDir, { recursive: true, force: true });
    rmSync(wav, { force: true });
  },
});

/** Evaluates an expression in the extension's offscreen document, through `via` (flatten off). */
async function offscreenEvaluator(via: CDPSession): Promise<(expression: string) => Promise<void>> {
  const offscreen = await offscreenSession(via);
  return async (expression) => {
    await offscreen.send('Runtime.evaluate', { expression, awaitPromise: true });
  };
}

/** Records the tone page for about 8 s and returns the stored file, decoded and measured. */
async function recordTonePage(
  popup: { page: import('@playwright/test').Page },
  emulatorUrl: string,
  context: import('@playwright/test').BrowserContext,
  microphoneLine: string,
) {
  const tone = await openTonePage(context, emulatorUrl, PAGE_TONE);
  await expect
    .poll(() => tone.evaluate(() => (window as unknown as { toneState(): string }).toneState()))
    .toBe('running');
  const recorder = popup.page.getByTestId('recorder');
  await expect(recorder.getByRole('checkbox', { name: 'Also record my microphone' })).toBeChecked();
  await recorder.getByRole('button', { name: 'Record this tab' }).click();
  await expect(recorder.getByTestId('recording-microphone')).toHaveText(microphoneLine, { timeout: 15_000 });
  await expect(recorder.getByTestId('recording-elapsed')).toHaveText(/^0:(0[8-9]|1\d)$/, { timeout: 30_000 });
  await recorder.getByRole('button', { name: 'Stop and upload' }).click();
  await expect
    .poll(async () => (await recordingState(popup.page))?.phase, { timeout: 30_000 })
    .toMatch(/^(uploading|done)$/);
  const state = await recordingState(popup.page);
  const file = await inspectFile(popup.page, state!.fileKey!, [PAGE_TONE, MIC_TONE, ELSEWHERE]);
  expect(file).not.toBeNull();
  const input = new Input({ source: new BufferSource(Buffer.from(file!.base64, 'base64')), formats: [WEBM] });
  expect((await input.getPrimaryAudioTrack())?.codec).toBe('opus');
  return file!;
}

test.describe('the microphone allowed', () => {
  test('the decoded file holds both the page’s tone and the microphone’s, mixed into one track', async ({
    signedInPopup: popup,
    emulator,
    context,
  }) => {
    test.setTimeout(120_000);
    // Chrome already answered: no line asks the user to allow it.
    await expect(popup.page.getByTestId('recorder-microphone-permission')).toHaveCount(0);
    const file = await recordTonePage(popup, emulator.url, context, 'Your microphone is recorded too.');
    const { power } = file;
    expect(power[PAGE_TONE]).toBeGreaterThan(0.001);
    // The microphone goes through Chrome's voice processing (echo cancellation, noise suppression,
    // gain control), which turns a steady tone down: it stays far above any other frequency.
    expect(power[MIC_TONE]).toBeGreaterThan(0.0001);
    expect(power[PAGE_TONE]).toBeGreaterThan(power[ELSEWHERE]! * 100);
    expect(power[MIC_TONE]).toBeGreaterThan(power[ELSEWHERE]! * 100);
    await expect
      .poll(async () => (await counters(emulator)).recordingsCreated.upload, { timeout: 30_000 })
      .toBe(1);
  });
});

test.describe('the microphone lost mid-recording', () => {
  test('its track stopped (a headset switched off): noticed, told in the popup and a notification; the tab goes on and is uploaded', async ({
    signedInPopup: popup,
    emulator,
    context,
    serviceWorker,
  }) => {
    test.setTimeout(120_000);
    const notices = await recordNotices(serviceWorker);
    const tone = await openTonePage(context, emulator.url, PAGE_TONE);
    // The recording page opened first, its microphone streams kept where the test can end them.
    await serviceWorker.evaluate(() =>
      chrome.offscreen.createDocument({
        url: 'offscreen.html',
        reasons: [chrome.offscreen.Reason.WORKERS, chrome.offscreen.Reason.USER_MEDIA],
        justification: 'test: end the microphone',
      }),
    );
    const offscreen = await offscreenEvaluator(await context.newCDPSession(tone));
    await offscreen(`(() => {
      const devices = navigator.mediaDevices;
      const original = devices.getUserMedia.bind(devices);
      globalThis.__microphones = [];
      devices.getUserMedia = async (constraints) => {
        const stream = await original(constraints);
        if (constraints && constraints.audio === true) globalThis.__microphones.push(stream);
        return stream;
      };
    })()`);
    const recorder = popup.page.getByTestId('recorder');
    await recorder.getByRole('button', { name: 'Record this tab' }).click();
    await expect(recorder.getByTestId('recording-microphone')).toHaveText(
      'Your microphone is recorded too.',
      {
        timeout: 15_000,
      },
    );
    // The device goes away: its track stops and ends, as Chrome ends it for an unplugged device.
    await offscreen(`globalThis.__microphones.forEach((stream) => stream.getAudioTracks().forEach((track) => {
      track.stop();
      track.dispatchEvent(new Event('ended'));
    }))`);
    await expect(recorder.getByTestId('recording-microphone')).toHaveText(
      'Your microphone stopped (switched off or unplugged): only the tab’s sound is recorded now.',
    );
    expect(await notices()).toContainEqual({
      title: 'Your microphone is no longer recorded',
      message:
        'The microphone stopped (switched off or unplugged): from now on only the tab’s sound is recorded. What was recorded is kept.',
    });
    await expect(recorder.getByTestId('recording-elapsed')).toHaveText(/^0:(0[8-9]|1\d)$/, {
      timeout: 30_000,
    });
    await recorder.getByRole('button', { name: 'Stop and upload' }).click();
    await expect
      .poll(async () => (await counters(emulator)).recordingsCreated.upload, { timeout: 30_000 })
      .toBe(1);
  });
});

test.describe('the microphone refused by the user', () => {
  test.use({ micDecision: 'block' });

  test('the tab alone is recorded, and the popup says the microphone is not, why, and how to allow it', async ({
    signedInPopup: popup,
    emulator,
    context,
  }) => {
    test.setTimeout(120_000);
    const recorder = popup.page.getByTestId('recorder');
    await expect(recorder.getByTestId('recorder-microphone-permission')).toContainText(
      'Chrome blocks the microphone for Meeting Capture: only the tab will be recorded.',
    );
    await expect(recorder.getByRole('button', { name: 'How to allow it' })).toBeVisible();
    const file = await recordTonePage(
      popup,
      emulator.url,
      context,
      'Your microphone is not recorded: Chrome blocks it for Meeting Capture. To allow it later, use “How to allow it” before the next recording.',
    );
    // The refusal is kept to (the launch would hand over the stream to anyone who asked).
    expect(file.power[PAGE_TONE]).toBeGreaterThan(0.001);
    // (Recorded, the microphone's tone measures about 4e-4 here.)
    expect(file.power[MIC_TONE]).toBeLessThan(0.000_01);
    await expect
      .poll(async () => (await counters(emulator)).recordingsCreated.upload, { timeout: 30_000 })
      .toBe(1);

    // "How to allow it": the microphone page says Chrome blocks it and opens Chrome's settings.
    await expect(recorder.getByRole('button', { name: 'Record this tab' })).toBeVisible({ timeout: 30_000 });
    const [page] = await Promise.all([
      context.waitForEvent('page'),
      recorder.getByRole('button', { name: 'How to allow it' }).click(),
    ]);
    await expect(page).toHaveURL(/\/microphone\.html$/);
    await expect(page.getByTestId('microphone-outcome')).toHaveText(
      'Chrome blocks the microphone for Meeting Capture. To allow it, open Chrome’s settings for Meeting Capture and set Microphone to Allow.',
    );
    await expect(page.getByRole('button', { name: 'Allow the microphone' })).toHaveCount(0);
    const [settings] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Open Chrome’s settings for Meeting Capture' }).click(),
    ]);
    await expect(settings).toHaveURL(/^chrome:\/\/settings\/content\/siteDetails\?site=chrome-extension/);
  });
});

test.describe('Chrome has not asked yet', () => {
  test.use({ micDecision: 'none', autoAccept: false });

  test('ticking "Also record my microphone" opens the microphone page with its reason; a refusal there says how to allow it later', async ({
    signedInPopup: popup,
    context,
  }) => {
    const recorder = popup.page.getByTestId('recorder');
    await expect(recorder.getByTestId('recorder-microphone-permission')).toContainText(
      'Chrome has not asked you for the microphone yet.',
    );
    const box = recorder.getByRole('checkbox', { name: 'Also record my microphone' });
    await box.uncheck();
    await expect(recorder.getByTestId('recorder-microphone-permission')).toHaveCount(0);
    const [page] = await Promise.all([context.waitForEvent('page'), box.check()]);
    await expect(page).toHaveURL(/\/microphone\.html$/);
    await expect(page.getByRole('heading', { name: 'Your microphone in recordings' })).toBeVisible();
    await expect(page.getByText(/so that your own voice is in the recording/)).toBeVisible();
    // Headless Chromium shows no prompt: the request is refused, as a user's "Block" would be.
    await page.getByRole('button', { name: 'Allow the microphone' }).press('Enter');
    await expect(page.getByTestId('microphone-outcome')).toHaveText(
      /^Chrome did not allow the microphone: recordings will hold the tab’s sound only\. To allow it later/,
    );
    await expect(
      page.getByRole('button', { name: 'Open Chrome’s settings for Meeting Capture' }),
    ).toBeVisible();
  });
});

test.describe('the microphone page answered "Allow"', () => {
  test.use({ micDecision: 'none', autoAccept: true });

  test('the page says the microphone is allowed', async ({ signedInPopup: popup, context }) => {
    const [page] = await Promise.all([
      context.waitForEvent('page'),
      popup.page.getByRole('button', { name: 'Allow the microphone…' }).click(),
    ]);
    await page.getByRole('button', { name: 'Allow the microphone' }).click();
    await expect(page.getByTestId('microphone-outcome')).toHaveText(
      'The microphone is allowed: your voice will be recorded with the tab. You can close this tab.',
    );
  });
});
