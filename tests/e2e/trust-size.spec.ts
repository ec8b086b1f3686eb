import { expect, SEED, test } from './background-fixtures';
import { forward, startRecordingServer } from './trust-support';

// 52 MB over loopback, then rendered: 33 s in a loaded CI run; a slower machine needs more than the default minute.
test.describe.configure({ timeout: 120_000 });

const PROTOCOL_BYTES = 52 * 1024 * 1024;

test('a 52 MB protocol: the viewer stays responsive and says the protocol is shown truncated', async ({
  context,
  extensionId,
  background,
  emulator,
}) => {
  const { personal } = SEED.spaces;
  const { ready } = SEED.recordings;
  const resultPath = `/api/spaces/${personal}/audio/${ready}/result/`;
  // A service whose answer for one result carries a huge protocol.
  const proxy = await startRecordingServer(async (request, incoming, outgoing) => {
    const answer = await forward(emulator.url, request, incoming);
    const text = await answer.text();
    if (request.method !== 'GET' || request.path !== resultPath || !answer.ok) {
      outgoing.writeHead(answer.status, {
        'content-type': answer.headers.get('content-type') ?? 'text/plain',
      });
      outgoing.end(text);
      return;
    }
    const body = JSON.parse(text) as { result: { protocol: string } };
    const line = '- A decision was taken and written down in the protocol of this meeting.\n';
    body.result.protocol = `# Very long protocol\n\n${line.repeat(Math.ceil(PROTOCOL_BYTES / line.length))}`;
    outgoing.writeHead(200, { 'content-type': 'application/json' });
    outgoing.end(JSON.stringify(body));
  });
  try {
    await background.signIn(proxy.url);
    const viewer = await context.newPage();
    await viewer.goto(`chrome-extension://${extensionId}/viewer.html?space=${personal}&audio=${ready}`);
    await expect(viewer.getByTestId('protocol-truncated')).toBeVisible({ timeout: 30_000 });
    await expect(viewer.getByTestId('protocol-truncated')).toContainText('shortened');
    await expect(viewer.getByTestId('protocol')).toContainText('Very long protocol');
    // Still answering: the other tabs open at once.
    await viewer.getByRole('tab', { name: /^Transcript/ }).click();
    await expect(viewer.getByTestId('utterance').first()).toBeVisible();
  } finally {
    await proxy.close();
  }
});
