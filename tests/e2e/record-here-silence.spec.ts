/**
 * Long silence in a "Record here" recording (lib/recording/silence.ts): "Still recording?" comes on
 * the meeting page's control and in the popup with **Keep recording**, which holds the recording
 * through the silence (from the keyboard); and a recording whose meeting page says the call is on
 * is never stopped for silence. The tone page's sound is switched off to make the silence; this
 * test build counts each silent 5 s piece as 5 minutes (`test:silence-piece-ms`), so the 15-minute
 * stop is three silent pieces, not a quarter of an hour.
 */
import type { Page } from '@playwright/test';
import { fixture, servePage } from './page-support';
import { launchedForRecording } from './record-launch';
import {
  meetingControl as control,
  MEET,
  MEET_ORIGIN,
  recordingState,
  setRecordingKey,
  toneScript,
} from './record-support';
import { counters, expect } from './ui-fixtures';

/** A meeting page fixture with a 440 Hz tone playing (autoplay allowed by the launch flag). */
const withSound = (name: string) => fixture(name).replace('</body>', `${toneScript()}</body>`);

const TEAMS =
  'https://teams.microsoft.com/v2/?meetingjoin=true#/l/meetup-join/19:meeting_MjM0OTEwZmEtMGU1Yi00MjA4LTgwNmUtZDUzYWY3YWE2MmZj@thread.v2/0?context=%7b%22Tid%22%3a%22t%22%7d&anon=true';

const allowlisted = launchedForRecording(true, async (context) => {
  await servePage(context, MEET_ORIGIN, withSound('meet-call.html'));
  await servePage(context, 'https://teams.microsoft.com', withSound('teams-call.html'));
});

/** Records the meeting at `url` from its control, its silence counted 5 minutes a piece. */
async function recordMeeting(popup: Page, meeting: Page, url: string): Promise<void> {
  await setRecordingKey(popup, 'test:silence-piece-ms', 5 * 60_000);
  await meeting.goto(url);
  await meeting.bringToFront();
  await control(meeting).getByRole('button', { name: 'Record here' }).click();
  await expect(control(meeting).getByRole('timer')).toHaveText(/^0:0[3-9]$/, { timeout: 20_000 });
  // The tone stops: silence from here on.
  await meeting.evaluate('audio.suspend()');
}

/** The time the recording's pieces cover while it records (-1 once it stopped). */
async function recorded(popup: Page): Promise<number> {
  const state = await recordingState(popup);
  return state?.phase === 'recording' ? (state.recordedMs ?? 0) : -1;
}

allowlisted(
  '"Still recording?" on the page and in the popup; Keep recording from the keyboard holds the recording through the silence, and a Stop uploads all of it',
  async ({ signedInPopup: popup, emulator, context }) => {
    allowlisted.setTimeout(120_000);
    const meeting = await context.newPage();
    await recordMeeting(popup.page, meeting, TEAMS);
    const keep = control(meeting).getByRole('button', { name: 'Keep recording' });
    await expect(keep).toBeVisible({ timeout: 40_000 });
    await expect(control(meeting)).toContainText('Still recording? Nothing has been heard for 5 min');
    await popup.page.reload();
    await expect(popup.page.getByTestId('recording-silence')).toContainText(
      'Still recording? Nothing has been heard for 5 min. The recording stops by itself after 15 min of silence',
    );
    await expect(
      popup.page.getByTestId('recording-silence').getByRole('button', { name: 'Keep recording' }),
    ).toBeVisible();
    await keep.focus();
    await meeting.keyboard.press('Enter');
    await expect(keep).toBeHidden();
    await expect(control(meeting)).toContainText('The recording goes on through this silence.');
    await expect(popup.page.getByTestId('recording-silence-kept')).toBeVisible();
    // Three more silent pieces, the 15 minutes that stopped it before: it records on.
    const from = await recorded(popup.page);
    await expect.poll(() => recorded(popup.page), { timeout: 40_000 }).toBeGreaterThanOrEqual(from + 15_000);
    await popup.page.getByRole('button', { name: 'Stop and upload' }).click();
    await expect
      .poll(async () => (await counters(emulator)).recordingsCreated.upload, { timeout: 30_000 })
      .toBe(1);
    // Stopped by the person: every piece is in the file, the silence too.
    const state = await recordingState(popup.page);
    expect(state).toMatchObject({ stopReason: 'user' });
    expect(state?.durationMs ?? 0).toBeGreaterThanOrEqual((state?.recordedMs ?? 0) - 5_000);
  },
);

allowlisted(
  'never stopped for silence while the meeting’s page says the call is on',
  async ({ signedInPopup: popup, emulator, context }) => {
    allowlisted.setTimeout(120_000);
    const meeting = await context.newPage();
    // Meet's fixture opens in the call at the meeting's address.
    await recordMeeting(popup.page, meeting, MEET);
    await expect.poll(async () => (await recordingState(popup.page))?.callOn, { timeout: 10_000 }).toBe(true);
    // Five silent pieces: 25 minutes of silence as this build counts them, past the 15-minute stop.
    const from = await recorded(popup.page);
    await expect.poll(() => recorded(popup.page), { timeout: 60_000 }).toBeGreaterThanOrEqual(from + 25_000);
    expect((await recordingState(popup.page))?.silenceAsk).toBeUndefined();
    await expect(control(meeting).getByRole('button', { name: 'Keep recording' })).toBeHidden();
    await control(meeting).getByRole('button', { name: 'Stop' }).click();
    await expect
      .poll(async () => (await counters(emulator)).recordingsCreated.upload, { timeout: 30_000 })
      .toBe(1);
  },
);
