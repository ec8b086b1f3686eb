/**
 * "Record here" on a meeting page's control (the content script behind meeting.js). Chrome lets an
 * extension capture a tab only after the person invoked it (toolbar, menu, shortcut): a press on
 * the page is not one. Launched with `--allowlisted-extension-id` (capture needs no invocation) the
 * press records the tab, shows the time and Stop; launched without it, Chrome refuses and the
 * control says exactly what to press, and nothing is created or charged.
 */
import type { Page } from '@playwright/test';
import { servePage } from './page-support';
import { launchedForRecording } from './record-launch';
import { meetingControl as control, MEET, MEET_ORIGIN, recordingState, tonePage } from './record-support';
import { counters, expect } from './ui-fixtures';

function launched(allowlisted: boolean) {
  return launchedForRecording(allowlisted, (context) =>
    servePage(context, MEET_ORIGIN, tonePage(440, 'Weekly sync')),
  );
}

/**
 * The recording's state and its pieces as stored, read straight from the recording database (not
 * through `recording.status`, which settles an upload itself).
 */
function stored(page: Page): Promise<{ phase: string | null; pieces: number }> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('meeting-capture-recording');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const read = <T>(request: () => IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        const answer = request();
        answer.onsuccess = () => resolve(answer.result);
        answer.onerror = () => reject(answer.error);
      });
    const store = () => db.transaction('recording').objectStore('recording');
    const state = await read(() => store().get('state') as IDBRequest<{ phase: string } | undefined>);
    const keys = await read(() => store().getAllKeys());
    db.close();
    return {
      phase: state?.phase ?? null,
      pieces: keys.filter((key) => String(key).startsWith('piece:')).length,
    };
  });
}

const allowlisted = launched(true);

allowlisted(
  'allowlisted: "Record here" on the meeting page records the tab, shows the time and Stop; Stop uploads it once',
  async ({ signedInPopup: popup, emulator, context }) => {
    allowlisted.setTimeout(90_000);
    const meeting = await context.newPage();
    await meeting.goto(MEET);
    const record = control(meeting).getByRole('button', { name: 'Record here' });
    await expect(record).toBeVisible();
    await expect(control(meeting).getByRole('button', { name: 'Send bot' })).toBeVisible();
    await record.click();
    // The first recording ever: the consent notice comes with it, once.
    await expect(control(meeting).getByRole('status')).toHaveText(
      'Recording this tab. Stop it here or in the Meeting Capture popup: it is uploaded then. Tell the participants that the meeting is being recorded.',
    );
    const clock = control(meeting).getByRole('timer');
    await expect(clock).toHaveText(/^0:0[3-9]$/, { timeout: 20_000 });
    await expect(clock).toHaveAccessibleName(/^Recording for 0:0\d$/);
    await expect(record).toBeHidden();
    // The popup shows the same recording, of this tab, titled after the meeting.
    expect(await recordingState(popup.page)).toMatchObject({
      phase: 'recording',
      title: expect.stringMatching(/^Google Meet abc-defg-hij — /),
    });
    // From here on no extension page asks the recording's status (the options page does not).
    await popup.page.goto(popup.url.replace('popup.html', 'options.html'));

    // Stop from the keyboard: the control is reachable without a pointer.
    await control(meeting).getByRole('button', { name: 'Stop' }).focus();
    await meeting.keyboard.press('Enter');
    await expect(control(meeting).getByRole('status')).toContainText('Recording stopped');
    await expect(record).toBeVisible();
    await expect
      .poll(async () => (await counters(emulator)).recordingsCreated.upload, { timeout: 30_000 })
      .toBe(1);

    // The upload job confirmed the upload: the background deleted the pieces by itself, with no
    // page asking.
    await expect.poll(() => stored(popup.page), { timeout: 30_000 }).toEqual({ phase: 'done', pieces: 0 });

    // A second recording: the consent notice is not said again.
    await expect(record).toHaveAttribute('aria-disabled', 'false');
    await record.click();
    await expect(control(meeting).getByRole('status')).toHaveText(
      'Recording this tab. Stop it here or in the Meeting Capture popup: it is uploaded then.',
    );
    await expect(clock).toHaveText(/^0:0[2-9]$/, { timeout: 20_000 });
    await control(meeting).getByRole('button', { name: 'Stop' }).click();
    await expect(record).toBeVisible();
  },
);

const plain = launched(false);

plain(
  'not allowlisted: Chrome refuses a capture started from the page; the control says what to press, nothing is created',
  async ({ signedInPopup: popup, emulator, context }) => {
    const meeting = await context.newPage();
    await meeting.goto(MEET);
    await control(meeting).getByRole('button', { name: 'Record here' }).click();
    // The sentence names the shortcut when one is set (chrome://extensions/shortcuts); this
    // headless profile may have none assigned.
    const commands = (await popup.page.evaluate(() => chrome.commands.getAll())) as Array<{
      name?: string;
      shortcut?: string;
    }>;
    const shortcut = commands.find((command) => command.name === 'record-current-tab')?.shortcut;
    const intro = 'Chrome lets Meeting Capture record a tab only after you use the extension itself.';
    await expect(control(meeting).getByRole('status')).toHaveText(
      shortcut
        ? `${intro} Press ${shortcut} or click the Meeting Capture toolbar button, then “Record this tab”.`
        : `${intro} Click the Meeting Capture toolbar button, then “Record this tab”.`,
    );
    await expect(control(meeting).getByRole('status')).toHaveAttribute('data-tone', 'error');
    // Still offered; no recording state, nothing uploaded or charged.
    await expect(control(meeting).getByRole('button', { name: 'Record here' })).toBeVisible();
    await expect(control(meeting).getByRole('timer')).toBeHidden();
    expect(await recordingState(popup.page)).toBeNull();
    const figures = await counters(emulator);
    expect(figures.recordingsCreated.total).toBe(0);
    expect(figures.charges).toHaveLength(0);
  },
);

allowlisted(
  'a refused bot: its row in the popup offers "Record here instead", which records the meeting’s tab (and only that tab)',
  async ({ signedInPopup: popup, emulator, context }) => {
    allowlisted.setTimeout(90_000);
    const meeting = await context.newPage();
    await meeting.goto(MEET);
    // "Almost empty" has 2 minutes left: the service refuses the bot (code 4).
    await control(meeting).getByRole('combobox', { name: 'Space' }).selectOption('4');
    await control(meeting).getByRole('button', { name: 'Send bot' }).click();
    await expect(control(meeting).getByRole('status')).toContainText('Not enough minutes');

    const row = popup.page.getByTestId('job').filter({ hasText: 'abc-defg-hij' });
    const instead = row.getByRole('button', { name: 'Record here instead' });
    await expect(instead).toBeVisible({ timeout: 15_000 });
    await expect(row).toHaveAttribute('data-phase', 'failed');

    // Another web page in front: not that meeting, nothing starts.
    const other = await context.newPage();
    await other.goto(`${emulator.url}/__emulator/clock`);
    await other.bringToFront();
    await instead.click();
    await expect(popup.page.getByTestId('recorder-error')).toHaveText(
      'The tab in front is not that meeting. Switch to the meeting’s tab, open Meeting Capture there and press “Record here instead” again.',
    );
    expect(await recordingState(popup.page)).toBeNull();

    await meeting.bringToFront();
    await instead.click();
    const recorder = popup.page.getByTestId('recorder');
    // The first recording in this profile: the consent notice, until acknowledged.
    const consent = recorder.getByTestId('recording-consent');
    await expect(consent).toContainText('Tell the participants that the meeting is being recorded.');
    await consent.getByRole('button', { name: 'OK' }).click();
    await expect(consent).toBeHidden();
    await expect(recorder.getByTestId('recording-elapsed')).toHaveText(/^0:0[3-9]$/, { timeout: 20_000 });
    const state = await recordingState(popup.page);
    expect(state).toMatchObject({ phase: 'recording', spaceId: 4 });
    // Titled after the meeting (its page's address is not the extension's to read here).
    expect(state?.title).toMatch(/^Google Meet abc-defg-hij — /);
    // The meeting page's control shows the same recording.
    await expect(control(meeting).getByRole('timer')).toBeVisible({ timeout: 10_000 });
    await recorder.getByRole('button', { name: 'Stop and upload' }).click();
    await expect
      .poll(async () => (await counters(emulator)).recordingsCreated.upload, { timeout: 30_000 })
      .toBe(1);
  },
);
