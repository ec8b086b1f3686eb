import { expect, test } from './background-fixtures';
import { openContentScriptWorld } from './trust-support';

test('only pages the content scripts act on may send page messages: not mail, not redirect pages', async ({
  context,
  background,
  emulator,
}) => {
  await background.signIn(emulator.url);

  // Outlook mail: our calendar script is loaded on the host, but mail is not a calendar.
  const mail = await openContentScriptWorld(context, 'https://outlook.live.com/mail/0/inbox');
  expect(await mail.send('page.context', {})).toEqual({
    ok: false,
    error: { kind: 'forbidden-sender', type: 'page.context' },
  });

  // A redirect page of a video site is not the video it points to.
  const away = await openContentScriptWorld(
    context,
    'https://vk.com/away.php?to=https%3A%2F%2Fvimeo.com%2F76979871',
  );
  const before = await emulator.counters();
  expect(
    await away.send('page.transcribe', {
      url: 'https://vk.com/away.php?to=https%3A%2F%2Fvimeo.com%2F76979871',
    }),
  ).toMatchObject({ ok: false, error: { kind: 'forbidden-sender' } });
  expect((await emulator.counters()).recordingsCreated.total).toBe(before.recordingsCreated.total);

  // The calendar itself still is.
  const calendar = await openContentScriptWorld(context, 'https://calendar.google.com/calendar/u/0/r/week');
  expect(await calendar.send('page.context', {})).toMatchObject({ ok: true, data: { signedIn: true } });
});
