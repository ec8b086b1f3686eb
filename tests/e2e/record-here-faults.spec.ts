/**
 * "Record here" when things go wrong: Chrome refuses the capture (the tab was not invoked), the
 * browser's storage fills up mid-recording (a test-build hook fails the piece writes as a full
 * quota does), and the network drops the upload's parts. Each says why, keeps what was recorded,
 * and creates and charges one recording at most.
 */
import type { BrowserContext } from '@playwright/test';
import { launchedForRecording } from './record-launch';
import { recordingState, recordTab, routeTonePage, setRecordingKey } from './record-support';
import { api, counters, expect, SEED } from './ui-fixtures';

function launched(allowlisted: boolean) {
  return launchedForRecording(allowlisted, (context) =>
    routeTonePage(context, '/record-here/fault.html', 'Fault room'),
  );
}

interface Recording {
  id: number;
  duration: number | null;
  is_uploaded: boolean;
}

async function uploadedRecording(emulator: { url: string }): Promise<Recording | undefined> {
  const search = `/api/spaces/${SEED.spaces.personal}/audio/?search=Fault%20room&limit=5&offset=0`;
  return (await api<{ results: Recording[] }>(emulator as never, search)).results[0];
}

async function control(url: string, method: string, path: string, body?: object): Promise<unknown> {
  const answer = await fetch(`${url}/__emulator${path}`, {
    method,
    ...(body && { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return answer.json();
}

/** The tone page, in front. */
async function openFaultRoom(context: BrowserContext, origin: string): Promise<void> {
  const tone = await context.newPage();
  await tone.goto(`${origin}/record-here/fault.html`);
  await tone.bringToFront();
}

const plain = launched(false);

plain(
  'capture refused (the tab was not invoked): the popup says what to press; nothing is created or charged',
  async ({ signedInPopup: popup, emulator, context }) => {
    await openFaultRoom(context, emulator.url);
    const recorder = popup.page.getByTestId('recorder');
    await recorder.getByRole('button', { name: 'Record this tab' }).click();
    await expect(recorder.getByTestId('recorder-error')).toHaveText(
      'Chrome did not let the tab be recorded. Click the Meeting Capture button in the toolbar while on the tab, then “Record this tab”.',
    );
    await expect(recorder.getByRole('button', { name: 'Record this tab' })).toBeEnabled();
    expect(await recordingState(popup.page)).toBeNull();
    const figures = await counters(emulator);
    expect(figures.recordingsCreated.total).toBe(0);
    expect(figures.charges).toHaveLength(0);
  },
);

const allowlisted = launched(true);

allowlisted(
  'storage full mid-recording: the recording stops, says the storage is full, keeps what it has and uploads it once on request',
  async ({ signedInPopup: popup, emulator, context }) => {
    allowlisted.setTimeout(90_000);
    // The third piece (from 10 s on) finds the storage full.
    await setRecordingKey(popup.page, 'test:pieces-before-full', 2);
    await openFaultRoom(context, emulator.url);
    const recorder = popup.page.getByTestId('recorder');
    await recordTab(recorder);
    await expect(recorder.getByRole('alert')).toHaveText(
      'The browser’s storage is full: the recording stopped. What was recorded is kept.',
      { timeout: 30_000 },
    );
    expect(await recordingState(popup.page)).toMatchObject({
      phase: 'failed',
      failure: { kind: 'storage-full' },
    });
    expect((await counters(emulator)).recordingsCreated.total).toBe(0);

    // Offered for upload: the two pieces written, 10 s.
    await popup.open();
    const upload = recorder.getByRole('button', { name: /^Upload what was recorded \(10 s\)$/ });
    await expect(upload).toBeVisible();
    await upload.click();
    await expect
      .poll(async () => (await uploadedRecording(emulator))?.is_uploaded ?? false, { timeout: 45_000 })
      .toBe(true);
    const recording = (await uploadedRecording(emulator))!;
    expect(Math.abs(recording.duration! - 10)).toBeLessThanOrEqual(5);
    expect((await counters(emulator)).recordingsCreated.upload).toBe(1);
  },
);

allowlisted(
  'the network drops the upload’s parts: the upload resumes as uploads do; one recording, charged once',
  async ({ signedInPopup: popup, emulator, context }) => {
    allowlisted.setTimeout(150_000);
    await openFaultRoom(context, emulator.url);
    const recorder = popup.page.getByTestId('recorder');
    await recordTab(recorder);
    await expect(recorder.getByTestId('recording-elapsed')).toHaveText(/^0:0[6-9]$/, { timeout: 20_000 });
    // The connection drops on the next two part uploads, without an answer.
    await control(emulator.url, 'POST', '/drops', { method: 'PUT', path: '^/upload/', times: 2 });
    await recorder.getByRole('button', { name: 'Stop and upload' }).click();

    await expect
      .poll(() => control(emulator.url, 'GET', '/drops'), { timeout: 60_000 })
      .toEqual({ drops: [] });
    // The file stays until the service has it all.
    await expect
      .poll(async () => (await uploadedRecording(emulator))?.is_uploaded ?? false, { timeout: 90_000 })
      .toBe(true);
    const recording = (await uploadedRecording(emulator))!;
    expect(Math.abs(recording.duration! - 7)).toBeLessThanOrEqual(3);
    const figures = (await counters(emulator)) as Awaited<ReturnType<typeof counters>> & {
      armedDrops: number;
    };
    // Both parts were dropped, and sent again: one recording.
    expect(figures.armedDrops).toBe(2);
    expect(figures.recordingsCreated.upload).toBe(1);
    await expect
      .poll(
        async () =>
          (await counters(emulator)).charges.filter((charge) => charge.audio_id === recording.id).length,
        {
          timeout: 60_000,
        },
      )
      .toBe(1);
  },
);
