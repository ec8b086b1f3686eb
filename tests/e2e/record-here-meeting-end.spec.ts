/**
 * The recording ends with the meeting (lib/recording/meeting-end.ts, components/page/call-state.ts):
 * "Record here" on the Meet fixture (tests/fixtures/pages/meet-call.html, with a tone playing),
 * then the page flips to "You left the meeting" on the same address: the recording stops by
 * itself within 5 s and its file reaches the space, as a Stop would. Moving the recorded tab to
 * another meeting stops it the same way; an address change within the meeting does not.
 */
import type { Page } from '@playwright/test';
import type { RunningEmulator } from '../../emulator/index';
import { fixture, servePage } from './page-support';
import { launchedForRecording } from './record-launch';
import { meetingControl as control, MEET, MEET_ORIGIN, recordingState, toneScript } from './record-support';
import { counters, expect } from './ui-fixtures';

/** The Meet fixture with a 440 Hz tone playing (autoplay allowed by the launch flag). */
const MEET_WITH_SOUND = fixture('meet-call.html').replace('</body>', `${toneScript()}</body>`);

const allowlisted = launchedForRecording(true, (context) => servePage(context, MEET_ORIGIN, MEET_WITH_SOUND));

/** Records the meeting tab from its control until the clock shows a few seconds. */
async function recordHere(meeting: Page): Promise<void> {
  await meeting.bringToFront();
  await control(meeting).getByRole('button', { name: 'Record here' }).click();
  await expect(control(meeting).getByRole('timer')).toHaveText(/^0:0[3-9]$/, { timeout: 20_000 });
}

/** Records Meet's meeting from its control until the clock shows a few seconds. */
async function recordMeeting(meeting: Page): Promise<void> {
  await meeting.goto(MEET);
  await recordHere(meeting);
}

/** Within 5 s of the end, stopped because the meeting ended, as a Stop would; its file reaches the space. */
async function stoppedByItself(popup: Page, emulator: RunningEmulator): Promise<void> {
  await expect
    .poll(async () => (await recordingState(popup))?.stopReason, { timeout: 5_000 })
    .toBe('meeting-ended');
  await expect
    .poll(async () => (await counters(emulator)).recordingsCreated.upload, { timeout: 30_000 })
    .toBe(1);
}

allowlisted(
  '"You left the meeting" on the same address stops the recording by itself, and its file reaches the space',
  async ({ signedInPopup: popup, emulator, context }) => {
    allowlisted.setTimeout(90_000);
    const meeting = await context.newPage();
    await recordMeeting(meeting);
    // An address change within the meeting (Meet's account hint) keeps it.
    await meeting.evaluate(() => history.replaceState({}, '', '/abc-defg-hij?authuser=0'));
    // Past the 4 s an unreadable tab's page is given to speak, by the recording's own clock: still
    // recording.
    const clock = control(meeting).getByRole('timer');
    const seconds = async () => Number((await clock.textContent())?.split(':')[1] ?? 0);
    const from = await seconds();
    await expect.poll(seconds, { timeout: 20_000 }).toBeGreaterThanOrEqual(from + 6);
    expect(await recordingState(popup.page)).toMatchObject({ phase: 'recording' });
    await meeting.getByRole('button', { name: 'Leave call' }).click();
    await expect(meeting.getByRole('heading', { name: 'You left the meeting' })).toBeVisible();
    await expect(meeting).toHaveURL(`${MEET}?authuser=0`);
    await stoppedByItself(popup.page, emulator);
    // The popup, opened afterwards, says why the recording stopped though nobody pressed Stop.
    await popup.page.reload();
    await expect(popup.page.getByTestId('recording-stopped-itself')).toHaveText(
      'The last recording stopped by itself: the meeting ended.',
    );
    await expect(control(meeting).getByRole('button', { name: 'Record here' })).toBeVisible({
      timeout: 10_000,
    });
    await expect(control(meeting).getByRole('timer')).toBeHidden();
  },
);

allowlisted(
  'moving the recorded tab to another meeting stops the recording; its file reaches the space',
  async ({ signedInPopup: popup, emulator, context }) => {
    allowlisted.setTimeout(90_000);
    const meeting = await context.newPage();
    await recordMeeting(meeting);
    expect(await recordingState(popup.page)).toMatchObject({ phase: 'recording' });
    await meeting.goto('https://meet.google.com/xyz-wxyz-xyz');
    await stoppedByItself(popup.page, emulator);
    // The other meeting's control offers a recording of its own.
    await expect(control(meeting).getByRole('button', { name: 'Record here' })).toBeVisible();
  },
);
