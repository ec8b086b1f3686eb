/**
 * Calendars end to end: the emulator's demo calendar is added in the options page, its meetings
 * appear in the popup's Upcoming list, and at each planned time exactly one bot request reaches
 * the emulator, with the service worker stopped in between (only the dispatch alarm can wake it).
 * The demo's "hour" is shrunk to 20 s so a day's meetings come within a minute.
 */
import { type Answer, expect, test } from './background-fixtures';
import { addCalendar, startWithDemoCalendar } from './calendar-support';

const UNIT_MS = 20_000;
const FIRST_IN_MS = 30_000;

test.describe.configure({ timeout: 150_000 });

test('the demo calendar: added in the options, listed as upcoming, one bot per occurrence with the worker stopped between; skip sends nothing', async ({
  context,
  extensionId,
  background,
  emulator,
  monitor,
}) => {
  // Weekly Meet at A (skipped below), Zoom at A + 20 s, Telemost at A + 40 s.
  const { anchorMs, options } = await startWithDemoCalendar(
    { context, extensionId, background, emulator },
    { firstInMs: FIRST_IN_MS, unitMs: UNIT_MS },
  );
  await addCalendar(options, `${emulator.url}/__emulator/calendar.ics`);
  const calendar = options.getByTestId('calendar-item');
  await expect(calendar).toContainText('Demo calendar');
  // Weekly ×2 (the moved one next week), Zoom, Telemost, New York, Safe Links; not the all-day,
  // the declined or the cancelled one.
  await expect(calendar.getByTestId('calendar-upcoming')).toHaveText('6 upcoming meetings with links');
  // The Telemost meeting names no organiser and no guests: sent only with this calendar's opt-in.
  const others = calendar.getByRole('checkbox', { name: /Also events from outside my email domain/ });
  await expect(others).not.toBeChecked();
  await others.check();
  await expect(others).toBeChecked();
  // The same calendar under a second address: its meetings are still sent once.
  await addCalendar(options, `${emulator.url}/__emulator/calendar.ics?copy=1`);
  await expect(options.getByTestId('calendar-item')).toHaveCount(2);
  await options.close();

  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  const rows = popup.getByTestId('upcoming-item');
  await expect(rows.first()).toContainText('Weekly team sync');
  await expect(rows.first().getByTestId('upcoming-what')).toHaveText(/^Bot at \d\d:\d\d to /);
  await expect(rows.filter({ hasText: 'Customer call' })).toHaveCount(1);
  await rows.first().getByRole('button', { name: 'Skip this one' }).click();
  await expect(rows.first()).toHaveAttribute('data-state', 'skipped');
  await popup.close();
  await background.closePage();

  // Stopped before the first start: the skipped one passes, the Zoom call's alarm wakes the worker.
  await monitor.stop();
  await expect.poll(() => Date.now() > anchorMs + UNIT_MS / 4, { timeout: 60_000 }).toBe(true);
  expect((await emulator.counters()).botRequests).toBe(0);
  await monitor.waitFor('running', 60_000);
  await expect.poll(async () => (await emulator.counters()).botRequests, { timeout: 30_000 }).toBe(1);
  // The feeds were parsed outside the worker: ical.js is not in it (the offscreen document's Worker).
  expect(await background.parsersInWorker()).toEqual([]);

  // The Zoom bot leaves; stopped again, the Telemost meeting's alarm brings the next bot.
  await emulator.control('POST', '/meetings/end', {});
  await monitor.stop();
  await expect.poll(async () => (await emulator.counters()).botRequests, { timeout: 60_000 }).toBe(2);

  // Woken by a message and a sync: nothing is sent again.
  await monitor.stop();
  const synced = await background.send('calendars.sync', {});
  expect(synced.ok).toBe(true);
  const upcoming = (await background.send('upcoming.list', {})) as Extract<Answer, { ok: true }>;
  const states = Object.fromEntries(
    (upcoming.data.items as Array<{ title: string; state: string }>).map((item) => [item.title, item.state]),
  );
  expect(states).toMatchObject({ Планёрка: 'sent' });
  expect((await emulator.counters()).botRequests).toBe(2);
});
