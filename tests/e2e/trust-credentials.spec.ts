import { expect, SEED, test } from './background-fixtures';

test('a service address with a user name or password is refused by the background and never echoed', async ({
  background,
  emulator,
}) => {
  const port = new URL(emulator.url).port;
  const withCredentials = `http://demo:hunter2-secret@127.0.0.1:${port}`;
  const before = await background.send('settings.get', {});
  expect(before.ok).toBe(true);

  const signIn = await background.send('session.signIn', {
    serviceUrl: withCredentials,
    email: SEED.users.demo.email,
    password: SEED.users.demo.password,
  });
  expect(signIn).toMatchObject({ ok: false, error: { kind: 'invalid-message' } });
  expect(JSON.stringify(signIn)).not.toContain('hunter2-secret');

  const set = await background.send('settings.set', { serviceUrl: withCredentials });
  expect(set).toMatchObject({ ok: false, error: { kind: 'invalid-message' } });
  expect(JSON.stringify(set)).not.toContain('hunter2-secret');

  // Plain http to another machine is refused as well.
  const insecure = await background.send('settings.set', { serviceUrl: 'http://service.example.org' });
  expect(insecure).toMatchObject({ ok: false, error: { kind: 'invalid-message' } });

  const after = await background.send('settings.get', {});
  expect(JSON.stringify(after)).not.toContain('hunter2-secret');
  expect(after.ok && after.data.serviceUrl).toBe(before.ok && before.data.serviceUrl);
  expect((await emulator.counters()).requests).toBe(0);
});
