import { expect, SEED, test } from './background-fixtures';
import { startRecordingServer } from './trust-support';

test('sign-in never follows a redirect to another host: the password stays here', async ({
  background,
  emulator,
}) => {
  const port = new URL(emulator.url).port;
  // A service address that answers every request with 307 to another host (same contract, so a
  // followed redirect would sign in there).
  const redirector = await startRecordingServer((request, _incoming, outgoing) => {
    outgoing.writeHead(307, { location: `http://localhost:${port}${request.path}` });
    outgoing.end();
  });
  try {
    const answer = await background.send('session.signIn', {
      serviceUrl: redirector.url,
      email: SEED.users.demo.email,
      password: SEED.users.demo.password,
    });
    expect(answer.ok).toBe(false);
    expect(redirector.seen.length).toBeGreaterThan(0);
    const counters = (await emulator.counters()) as unknown as { signIns: number };
    expect(counters.signIns).toBe(0);
    expect(await background.send('session.get', {})).toMatchObject({ ok: true, data: { signedIn: false } });
  } finally {
    await redirector.close();
  }
});
