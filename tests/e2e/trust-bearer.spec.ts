/**
 * The bearer token goes to the service's origin and nowhere else: not to the upload storage, not
 * to a download link, a `next` page or a redirect target that a service answer names. Every
 * request of the browser (pages and the service worker) is observed with its headers, and the
 * other hosts record what reached them.
 */
import { expect, SEED, test } from './background-fixtures';
import { forward, startRecordingServer } from './trust-support';

const { personal } = SEED.spaces;
const { ready, readyShort } = SEED.recordings;

test('the Authorization header goes only to the service origin: never to storage uploads, links or redirects named by an answer', async ({
  context,
  extensionId,
  background,
  emulator,
}) => {
  test.setTimeout(120_000);
  const storage = emulator.emulator.storageUrl;
  expect(storage).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  // Another host on this machine, named by the service's answers.
  const other = await startRecordingServer((_request, _incoming, outgoing) => {
    outgoing.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
    outgoing.end('{"count":0,"next":null,"previous":null,"results":[]}');
  });
  const rewritten = { links: 0, redirects: 0 };
  // The service, as seen through a proxy that names the other host in its answers.
  const service = await startRecordingServer(async (request, incoming, outgoing) => {
    if (request.method === 'GET' && request.path === `/api/spaces/${personal}/audio/${readyShort}/info/`) {
      rewritten.redirects += 1;
      outgoing.writeHead(307, { location: `${other.url}${request.path}` });
      outgoing.end();
      return;
    }
    const answer = await forward(emulator.url, request, incoming);
    let text = await answer.text();
    if (request.method === 'GET' && /\/audio\/(\?|\d+\/info\/)/.test(request.path) && answer.ok) {
      const body = JSON.parse(text) as {
        url?: string;
        next?: string | null;
        results?: Array<{ url: string }>;
      };
      if (body.url !== undefined) body.url = `${other.url}/media/source.wav?X-Amz-Signature=1`;
      if (body.results) {
        for (const item of body.results) item.url = `${other.url}/media/${encodeURIComponent(item.url)}`;
        body.next = `${other.url}/api/spaces/${personal}/audio/?limit=20&offset=20`;
      }
      text = JSON.stringify(body);
      rewritten.links += 1;
    }
    const headers: Record<string, string> = {
      'content-type': answer.headers.get('content-type') ?? 'text/plain',
    };
    const location = answer.headers.get('location');
    if (location) headers.location = location;
    outgoing.writeHead(answer.status, headers);
    outgoing.end(text);
  });

  const seen: Array<{ url: string; authorization: boolean }> = [];
  const pending: Promise<void>[] = [];
  context.on('request', (request) => {
    pending.push(
      request
        .allHeaders()
        .then((headers) => {
          seen.push({ url: request.url(), authorization: headers.authorization !== undefined });
        })
        .catch(() => undefined),
    );
  });

  try {
    await background.signIn(service.url);
    // Lists and info whose answers name the other host (source links, the next page) ...
    const list = await background.send('recordings.list', { spaceId: personal, limit: 20, offset: 0 });
    expect(list.ok, JSON.stringify(list).slice(0, 300)).toBe(true);
    expect((await background.send('recording.info', { spaceId: personal, audioId: ready })).ok).toBe(true);
    // ... and an info answered with a redirect to it.
    const redirected = await background.send('recording.info', { spaceId: personal, audioId: readyShort });
    expect(redirected.ok).toBe(false);

    // An upload from the popup: its parts go to the emulator's storage origin.
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${extensionId}/popup.html`);
    await popup.getByRole('button', { name: 'Upload', exact: true }).click();
    await popup.getByLabel('Choose audio or video files').setInputFiles({
      name: 'Bearer check.wav',
      mimeType: 'audio/wav',
      buffer: Buffer.from(new Uint8Array(64 * 1024)),
    });
    await popup.getByRole('button', { name: 'Upload 1 file' }).click();
    await expect
      .poll(() => seen.filter((r) => r.url.startsWith(storage)).length, { timeout: 45_000 })
      .toBeGreaterThan(0);
    await expect
      .poll(() => service.seen.some((r) => r.path.includes('complete_upload')), { timeout: 45_000 })
      .toBe(true);
    await Promise.all(pending);

    expect(rewritten.links).toBeGreaterThan(0);
    expect(rewritten.redirects).toBeGreaterThan(0);
    const serviceOrigin = new URL(service.url).origin;
    // The token went out: to the service, on its calls.
    expect(seen.filter((r) => r.authorization && r.url.startsWith(serviceOrigin)).length).toBeGreaterThan(2);
    expect(service.seen.filter((r) => r.authorization?.startsWith('Bearer ')).length).toBeGreaterThan(2);
    // And nowhere else: no request of the browser to another origin carried it ...
    expect(seen.filter((r) => r.authorization && !r.url.startsWith(serviceOrigin))).toEqual([]);
    // ... the storage parts went without it ...
    expect(seen.filter((r) => r.url.startsWith(storage) && r.authorization)).toEqual([]);
    // ... and the other host never saw it (nor, here, any request at all: links are not fetched,
    // `next` is not followed, redirects are refused).
    expect(other.seen.filter((r) => r.authorization !== undefined)).toEqual([]);
    expect(other.seen).toEqual([]);
  } finally {
    await other.close();
    await service.close();
  }
});
