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

test('after pushState a meeting tab acts for the meeting in its address bar, and only for it', async ({
  context,
  background,
  emulator,
}) => {
  await background.signIn(emulator.url);
  const meet = await openContentScriptWorld(context, MEET);
  await meet.page.evaluate(() => history.pushState({}, '', '/xyz-wxyz-xyz'));
  // The meeting it was loaded at is no longer its own.
  const old = await meet.send('page.sendBot', { link: MEET });
  expect(old).toMatchObject({ ok: false, error: { kind: 'not-a-meeting-link' } });
  expect((await emulator.counters()).botRequests).toBe(0);
  const own = await meet.send('page.sendBot', { link: 'https://meet.google.com/xyz-wxyz-xyz' });
  expect(own).toMatchObject({ ok: true });
  expect((await emulator.counters()).botRequests).toBe(1);
  // Meet's home page is no meeting: it may not ask at all.
  await meet.page.evaluate(() => history.pushState({}, '', '/landing'));
  const home = await meet.send('page.sendBot', { link: 'https://meet.google.com/xyz-wxyz-xyz' });
  expect(home).toMatchObject({ ok: false, error: { kind: 'forbidden-sender' } });
  expect((await emulator.counters()).botRequests).toBe(1);
});
