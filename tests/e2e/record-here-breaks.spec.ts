/**
 * "Record here" when the capture breaks or two things happen at once, in Chromium launched with
 * `--allowlisted-extension-id` (capture needs no toolbar invocation): the recording page closed
 * mid-recording is noticed within 5 s and told (the page control, a notification) with what was
 * kept, and the next start from the page control sets it aside instead of replacing it; two starts
 * at once make one recording, the second refused as already starting; the service ending the
 * session mid-recording (its refresh refused) does not stop it, and what it made waits for the same
 * account's sign-in, which uploads it; a cancelled upload is retried by "Upload what was recorded".
 */
import { servePage } from './page-support';
import { launchedForRecording } from './record-launch';
import {
  MEET,
  MEET_ORIGIN,
  meetingControl,
  message,
  recordToneTab,
  routeTonePage,
  tonePage,
} from './record-support';
import { api, counters, expect, SEED } from './ui-fixtures';
import { recordNotices } from './worker-notices';

const TONE = '/record-here/breaks.html';
const DAY_MS = 86_400_000;

const test = launchedForRecording(true, async (context) => {
  await servePage(context, MEET_ORIGIN, tonePage(440, 'Weekly sync'));
  await routeTonePage(context, TONE, 'Breaks room');
});

type View = {
  data: { state: { phase: string; failure?: { kind: string } } | null; kept: Array<{ title: string }> };
};

async function control(url: string, path: string, body?: object): Promise<void> {
  await fetch(`${url}/__emulator${path}`, {
    method: 'POST',
    ...(body && { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
}

/** Whether the space holds one uploaded recording titled after the tone page. */
async function uploadedOnce(emulator: { url: string }): Promise<boolean[]> {
  const search = `/api/spaces/${SEED.spaces.personal}/audio/?search=Breaks%20room&limit=5&offset=0`;
  const listed = await api<{ results: Array<{ is_uploaded: boolean }> }>(emulator as never, search);
  return listed.results.filter((item) => item.is_uploaded).map((item) => item.is_uploaded);
}

test('the recording page closed mid-recording: told within 5 s on the page and in a notification, what was recorded kept; the next start from the page sets it aside', async ({
  signedInPopup: popup,
  context,
  serviceWorker,
}) => {
  test.setTimeout(90_000);
  const notices = await recordNotices(serviceWorker);
  const meeting = await context.newPage();
  await meeting.goto(MEET);
  await meetingControl(meeting).getByRole('button', { name: 'Record here' }).click();
  await expect(meetingControl(meeting).getByRole('timer')).toHaveText(/^0:1[1-9]$/, { timeout: 30_000 });
  // No extension page asks the recording's status from here on: the background notices by itself.
  await popup.page.goto(popup.url.replace('popup.html', 'options.html'));
  await serviceWorker.evaluate(() =>
    (chrome as unknown as { offscreen: { closeDocument(): Promise<void> } }).offscreen.closeDocument(),
  );
  const status = meetingControl(meeting).getByRole('status');
  await expect(status).toHaveText(
    'Recording stopped: the recording page closed unexpectedly. What was recorded until then is kept: upload it from the Meeting Capture popup.',
    // Two looks 2.5 s apart (unit-tested), then the page control's next question (every 5 s).
    { timeout: 12_000 },
  );
  expect(await notices()).toContainEqual({
    title: 'Recording stopped',
    message:
      'The recording page closed unexpectedly: what was recorded until then is kept. Open Meeting Capture to upload it.',
  });
  const failed = await message<View>(popup.page, 'recording.status', {});
  expect(failed.data.state).toMatchObject({ phase: 'failed', failure: { kind: 'page-gone' } });

  // Record here again on the page: a new recording, the broken one kept and listed.
  await meetingControl(meeting).getByRole('button', { name: 'Record here' }).click();
  await expect(meetingControl(meeting).getByRole('timer')).toBeVisible();
  const after = await message<View>(popup.page, 'recording.status', {});
  expect(after.data.kept).toEqual([
    expect.objectContaining({ title: expect.stringMatching(/^Google Meet /) }),
  ]);
  await meetingControl(meeting).getByRole('button', { name: 'Stop' }).click();
});

test('two starts at once (a double press): one recording, the second refused as already starting', async ({
  signedInPopup: popup,
  emulator,
  context,
}) => {
  test.setTimeout(90_000);
  const tone = await context.newPage();
  await tone.goto(`${emulator.url}${TONE}`);
  const tabId = await popup.page.evaluate(
    async (url) => (await chrome.tabs.query({ url }))[0]!.id!,
    `${emulator.url}${TONE}`,
  );
  const answers = await popup.page.evaluate(async (tabId) => {
    const start = () =>
      chrome.runtime.sendMessage({
        channel: 'meeting-capture',
        type: 'recording.start',
        payload: { tabId, microphone: false },
      });
    return Promise.all([start(), start()]);
  }, tabId);
  const refused = answers.filter((answer: { ok: boolean }) => !answer.ok);
  expect(answers.filter((answer: { ok: boolean }) => answer.ok)).toHaveLength(1);
  expect(refused).toEqual([
    expect.objectContaining({
      error: expect.objectContaining({ kind: 'recording', reason: 'already-starting' }),
    }),
  ]);
  await popup.reopen();
  const recorder = popup.page.getByTestId('recorder');
  await expect(recorder.getByTestId('recording-elapsed')).toHaveText(/^0:0[6-9]$/, { timeout: 20_000 });
  await recorder.getByRole('button', { name: 'Stop and upload' }).click();
  await expect.poll(() => uploadedOnce(emulator), { timeout: 45_000 }).toEqual([true]);
  expect((await counters(emulator)).recordingsCreated.upload).toBe(1);
});

test('the service ends the session mid-recording (its refresh refused): the recording goes on, the popup and a notification say so; stopped signed out, it waits and the same account’s sign-in uploads it', async ({
  signedInPopup: popup,
  emulator,
  context,
  serviceWorker,
}) => {
  test.setTimeout(90_000);
  const notices = await recordNotices(serviceWorker);
  const { recorder } = await recordToneTab(popup.page, context, `${emulator.url}${TONE}`);
  await expect(recorder.getByTestId('recording-elapsed')).toHaveText(/^0:0[6-9]$/, { timeout: 20_000 });
  // Two days on the service's clock: the refresh token has run out; the access token is refused.
  await control(emulator.url, '/clock/advance', { ms: 2 * DAY_MS });
  await control(emulator.url, '/tokens/expire-access');
  await popup.reopen();
  await expect(popup.page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  const waits = popup.page.getByTestId('recording-waits');
  await expect(waits).toContainText(`A tab is still being recorded (0:`);
  await expect(waits).toContainText(`Sign in again as ${SEED.users.demo.email}`);
  await expect.poll(notices).toContainEqual({
    title: 'Signed out: still recording',
    message:
      'Your session with the service ended, but this tab is still being recorded. Sign in to Meeting Capture again with the same account: the recording is uploaded then.',
  });
  // It goes on past the session's end, then is stopped while nobody is signed in.
  await expect(waits).toContainText(/\(0:(1[6-9]|[2-5]\d)\)/, { timeout: 20_000 });
  await waits.getByRole('button', { name: 'Stop recording' }).click();
  await expect(waits).toContainText(
    `A recording is kept for ${SEED.users.demo.email}: sign in again as that account to upload it.`,
  );
  await expect
    .poll(notices)
    .toContainEqual(expect.objectContaining({ title: 'Recording waits for you to sign in' }));
  expect((await counters(emulator)).recordingsCreated.upload).toBe(0);
  // The same account signs in: uploaded with nothing to press, the whole recording in it.
  await popup.signIn(emulator.url, SEED.users.demo.email, SEED.users.demo.password);
  await expect(popup.balanceValue).toBeVisible();
  await expect.poll(() => uploadedOnce(emulator), { timeout: 45_000 }).toEqual([true]);
  const search = `/api/spaces/${SEED.spaces.personal}/audio/?search=Breaks%20room&limit=5&offset=0`;
  const listed = await api<{ results: Array<{ duration: number | null }> }>(emulator as never, search);
  expect(listed.results[0]!.duration).toBeGreaterThanOrEqual(15);
  expect((await counters(emulator)).recordingsCreated.upload).toBe(1);
});

test('a cancelled upload is retried: "Upload what was recorded" makes a new upload, and the file arrives', async ({
  signedInPopup: popup,
  emulator,
  context,
}) => {
  test.setTimeout(120_000);
  const { recorder } = await recordToneTab(popup.page, context, `${emulator.url}${TONE}`);
  await expect(recorder.getByTestId('recording-elapsed')).toHaveText(/^0:0[6-9]$/, { timeout: 20_000 });
  // The storage drops every part for now: the upload cannot finish, and is cancelled.
  await control(emulator.url, '/drops', { method: 'PUT', path: '^/upload/', times: 1000 });
  await recorder.getByRole('button', { name: 'Stop and upload' }).click();
  const jobId = async () =>
    (await message<{ data: { state: { jobId?: string } | null } }>(popup.page, 'recording.status', {})).data
      .state?.jobId;
  await expect.poll(jobId, { timeout: 30_000 }).toBeTruthy();
  expect(await message(popup.page, 'jobs.cancel', { jobId: await jobId() })).toMatchObject({ ok: true });
  const upload = recorder.getByRole('button', { name: /^Upload what was recorded \(\d+ s\)$/ });
  await expect(upload).toBeVisible({ timeout: 15_000 });
  await fetch(`${emulator.url}/__emulator/drops`, { method: 'DELETE' });
  await upload.click();
  await expect.poll(() => uploadedOnce(emulator), { timeout: 60_000 }).toEqual([true]);
});
