/**
 * A feed that hangs the parser, next to a good one: the hanging parse is stopped at the parse
 * time limit and that calendar alone is marked "could not be read: too complex"; the good
 * calendar's meeting still gets exactly one bot at its start.
 */
import { expect, test } from './background-fixtures';
import { addCalendar, startWithDemoCalendar } from './calendar-support';

const UNIT_MS = 20_000;
const FIRST_IN_MS = 75_000;

test.describe.configure({ timeout: 180_000 });

test('a feed that hangs the parser fails alone; the other calendar’s meeting gets one bot on time', async ({
  context,
  extensionId,
  background,
  emulator,
}) => {
  const { anchorMs, options } = await startWithDemoCalendar(
    { context, extensionId, background, emulator },
    { firstInMs: FIRST_IN_MS, unitMs: UNIT_MS },
  );
  await expect(options.getByTestId('calendar-caps')).toContainText('20 s');
  for (const path of ['calendar.ics', 'calendar-hostile.ics']) {
    await addCalendar(options, `${emulator.url}/__emulator/${path}`);
  }
  const items = options.getByTestId('calendar-item');
  await expect(items).toHaveCount(2);

  // The second feed turns hostile; the next sync reads both.
  await emulator.control('POST', '/calendar-hostile', { hostile: true });
  const page = await background.page();
  await page.evaluate(() => chrome.alarms.create('calendar-sync', { when: Date.now() }));

  // The list is read when the page opens: it is opened again until the sync has ended.
  // By the name it starts with: the options' own texts mention strangers too.
  const stranger = items.filter({ hasText: /^Stranger/ });
  await expect
    .poll(
      async () => {
        await options.reload();
        await expect(items).toHaveCount(2);
        return (await stranger.textContent()) ?? '';
      },
      { timeout: 60_000, intervals: [2_000] },
    )
    .toContain('could not be read: too complex');
  const demo = items.filter({ hasText: /^Demo calendar/ });
  await expect(demo.getByRole('status')).toHaveCount(0);
  expect(Date.now()).toBeLessThan(anchorMs);
  expect((await emulator.counters()).botRequests).toBe(0);

  // The good calendar's first meeting: one bot at its start, none for the stranger's.
  await expect.poll(() => Date.now() >= anchorMs, { timeout: FIRST_IN_MS }).toBe(true);
  await expect.poll(async () => (await emulator.counters()).botRequests, { timeout: UNIT_MS / 2 }).toBe(1);
  await options.close();
});
