/**
 * The recording ends with the meeting (lib/recording/meeting-end.ts, components/page/call-state.ts):
 * "Record here" on the Meet fixture (tests/fixtures/pages/meet-call.html, with a tone playing),
 * then the page flips to "You left the meeting" on the same address: the recording stops by
 * itself within 5 s and its file reaches the space, as a Stop would. Zoom's web client and
 * Telemost (tests/fixtures/pages/zoom-web-client.html, telemost-call.html) end it the same way with
 * their end screens, drawn in the frame that holds the call. Moving the recorded tab to another
 * meeting stops it the same way; an address change within the meeting does not, nor an alert in
 * the call quoting someone who says "the meeting has ended". Zoom's "Join from
 * your browser" to another origin on a slow network (the web client's page answered 8 s late) keeps
 * it: the new page is waited for as long as it loads, then says it shows the meeting.
 */
import type { FrameLocator, Page } from '@playwright/test';
import type { RunningEmulator } from '../../emulator/index';
import { fixture, servePage } from './page-support';
import { launchedForRecording } from './record-launch';
import { meetingControl as control, MEET, MEET_ORIGIN, recordingState, toneScript } from './record-support';
import { counters, expect } from './ui-fixtures';

/** A meeting page fixture with a 440 Hz tone playing (autoplay allowed by the launch flag). */
const withSound = (name: string) => fixture(name).replace('</body>', `${toneScript()}</body>`);

const allowlisted = launchedForRecording(true, async (context) => {
  await servePage(context, MEET_ORIGIN, withSound('meet-call.html'));
  await servePage(context, 'https://app.zoom.us', withSound('zoom-web-client.html'));
  await servePage(context, 'https://telemost.yandex.ru', withSound('telemost-call.html'));
  await servePage(context, 'https://us06web.zoom.us', withSound('zoom-join.html'));
});

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
    // A participant's chat message shown as an alert for a second, in the end's very words: the
    // page's state is not what people write.
    await meeting.evaluate(() => {
      const alert = document.createElement('div');
      alert.setAttribute('role', 'alert');
      alert.textContent = 'Anna: the meeting has ended';
      document.body.append(alert);
      setTimeout(() => alert.remove(), 1000);
    });
    // Past the 4 s an unreadable tab's page is given to speak, and past the second reading an end
    // needs, by the recording's own clock: still recording.
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

allowlisted(
  'another origin on the way in, loading slowly, keeps the recording until the new page reports',
  async ({ signedInPopup: popup, emulator, context }) => {
    allowlisted.setTimeout(90_000);
    // The web client's page commits at once, then waits for its script (held back until the test has
    // seen the recording outlast the 4 s a page used to be given): a slow network.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await context.route(
      (url) => url.hostname === 'app.zoom.us' && url.pathname === '/wc/81234567890/join',
      (route) =>
        route.fulfill({
          contentType: 'text/html; charset=utf-8',
          body: withSound('zoom-web-client.html').replace('<body>', '<body><script src="/slow.js"></script>'),
        }),
    );
    await context.route(
      (url) => url.hostname === 'app.zoom.us' && url.pathname === '/slow.js',
      async (route) => {
        await released;
        await route.fulfill({ contentType: 'text/javascript', body: '' });
      },
    );
    const meeting = await context.newPage();
    await meeting.goto('https://us06web.zoom.us/j/81234567890?pwd=abc');
    await recordHere(meeting);
    // The recording's own clock: the time its pieces cover while it records (-1 once it stopped).
    const recorded = async () => {
      const state = await recordingState(popup.page);
      return state?.phase === 'recording' ? (state.recordedMs ?? 0) : -1;
    };
    const from = await recorded();
    // "Join from your browser": another origin, whose address the background cannot read.
    await meeting.evaluate(() => {
      location.href = 'https://app.zoom.us/wc/81234567890/join?pwd=abc&fromPWA=1';
    });
    // Two more pieces (10 s) while the new page loads: past the 4 s a page is given to report.
    await expect.poll(recorded, { timeout: 30_000 }).toBeGreaterThanOrEqual(from + 10_000);
    release();
    await expect(meeting).toHaveURL(/app\.zoom\.us\/wc\/81234567890\/join/);
    // The new page's control shows the recording going on, and stops it.
    await expect(control(meeting).getByRole('timer')).toBeVisible({ timeout: 20_000 });
    expect(await recordingState(popup.page)).toMatchObject({ phase: 'recording' });
    await control(meeting).getByRole('button', { name: 'Stop' }).click();
    await expect
      .poll(async () => (await counters(emulator)).recordingsCreated.upload, { timeout: 30_000 })
      .toBe(1);
    expect(await recordingState(popup.page)).toMatchObject({ stopReason: 'user' });
  },
);

/** Zoom's web client and Telemost: the call in a frame, joined there, ended by the page's end screen. */
const FRAMED = [
  {
    service: 'Zoom',
    url: 'https://app.zoom.us/wc/81234567890/join?pwd=abc&fromPWA=1',
    frame: 'iframe#webclient',
    join: async (_page: Page, call: FrameLocator) => {
      await call.getByRole('button', { name: 'Join' }).click();
      await expect(call.getByRole('button', { name: 'Leave' })).toBeVisible();
    },
    // The host ends the meeting: "This meeting has been ended by host".
    end: (call: FrameLocator) =>
      call.locator('body').evaluate(() => (window as unknown as { __zoom: { end(): void } }).__zoom.end()),
    ended: (call: FrameLocator) => call.getByText('This meeting has been ended by host'),
  },
  {
    service: 'Telemost',
    url: 'https://telemost.yandex.ru/j/12345678901234',
    frame: 'iframe[src*="/private-join/"]',
    join: async (page: Page, call: FrameLocator) => {
      await page.getByTestId('telemost-3-onboarding-confirm').click();
      await call.getByTestId('enter-conference-button').click();
      await expect(call.getByTestId('end-call-alt-button')).toBeVisible();
    },
    // The end screen: "Конференция завершена".
    end: (call: FrameLocator) =>
      call
        .locator('body')
        .evaluate(() => (window as unknown as { __telemost: { end(): void } }).__telemost.end()),
    ended: (call: FrameLocator) => call.getByRole('heading', { name: 'Конференция завершена' }),
  },
];

for (const { service, url, frame, join, end, ended } of FRAMED)
  allowlisted(
    `${service}'s end screen in its call frame stops the recording by itself, and its file reaches the space`,
    async ({ signedInPopup: popup, emulator, context }) => {
      allowlisted.setTimeout(90_000);
      const meeting = await context.newPage();
      await meeting.goto(url);
      const call = meeting.frameLocator(frame);
      await join(meeting, call);
      await recordHere(meeting);
      expect(await recordingState(popup.page)).toMatchObject({ phase: 'recording' });
      await end(call);
      await expect(ended(call)).toBeVisible();
      // The address is the same: the end screen alone ends the recording.
      expect(meeting.url()).toBe(url);
      await stoppedByItself(popup.page, emulator);
      await expect(control(meeting).getByRole('button', { name: 'Record here' })).toBeVisible({
        timeout: 10_000,
      });
    },
  );
