import { expect, SEED, test } from './background-fixtures';
import { openContentScriptWorld } from './trust-support';

const MEET = 'https://meet.google.com/abc-defg-hij';

test('a meeting tab acts only for its own meeting, and learns nothing its control does not show', async ({
  context,
  background,
  emulator,
}) => {
  await background.signIn(emulator.url);
  const meet = await openContentScriptWorld(context, MEET);
  const before = await emulator.counters();

  // Another page's video, into another space, with processing (a charge): refused.
  const transcribe = await meet.send('page.transcribe', { url: 'https://vimeo.com/76979871', spaceId: 2 });
  expect(transcribe.ok).toBe(false);
  // A bot for another meeting: refused.
  const otherBot = await meet.send('page.sendBot', { link: 'https://zoom.us/j/1234567890' });
  expect(otherBot).toMatchObject({ ok: false, error: { kind: 'not-a-meeting-link' } });
  const otherSchedule = await meet.send('page.scheduleBot', {
    link: 'https://zoom.us/j/1234567890',
    startsAt: Date.now() + 3_600_000,
  });
  expect(otherSchedule.ok).toBe(false);
  const after = await emulator.counters();
  expect(after.recordingsCreated.total).toBe(before.recordingsCreated.total);
  expect(after.botRequests).toBe(before.botRequests);

  // Its own meeting works, and the answer carries only what the control shows.
  const own = await meet.send('page.sendBot', { link: MEET });
  expect(own).toMatchObject({ ok: true, data: { phase: expect.any(String) } });
  const text = JSON.stringify(own);
  expect(text).not.toContain(SEED.users.demo.email);
  expect(text).not.toContain(emulator.url);
  expect(Object.keys(own.ok ? own.data : {})).not.toEqual(expect.arrayContaining(['serviceUrl']));
  expect(own.ok && own.data.account).toBeUndefined();
  expect(own.ok && own.data.preexistingAudioIds).toBeUndefined();
  const pageContext = await meet.send('page.context', {});
  expect(JSON.stringify(pageContext)).not.toContain(SEED.users.demo.email);
  expect(JSON.stringify(pageContext)).not.toContain(emulator.url);
});
