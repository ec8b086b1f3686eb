/**
 * The browser repeats a POST whose reused keep-alive connection closes without an answer (see
 * README "Charges and network faults"). The emulator is armed to apply the effect of one call and
 * then drop its connection without a byte; Chromium resends it on its own. Each test counts what
 * reached the service and checks that the extension told the truth about it: the extra charge
 * reported with its figures, the extra recording moved to the trash and reported, the bot not
 * called "not sent". The figures each test saw are printed (`replay:` lines) for the README.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type Answer,
  type EmulatorControl,
  expect,
  openMeetingPage,
  SEED,
  test,
} from './background-fixtures';

interface Incident {
  id: string;
  kind: string;
  extraCharges?: number;
  duplicateIds?: number[];
  trashed?: boolean;
  durationSeconds?: number;
}
interface JobView {
  id: string;
  phase: string;
  audioId?: number;
  incidents?: Incident[];
  failure?: { kind: string; error?: { kind: string; replayPossible?: boolean } };
}

const PERSONAL = SEED.spaces.personal;

async function arm(emulator: EmulatorControl, method: string, path: string): Promise<void> {
  await emulator.control('POST', '/drops', { method, path });
}

async function token(emulator: EmulatorControl): Promise<string> {
  const answer = await fetch(`${emulator.url}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: SEED.users.demo.email, password: SEED.users.demo.password }),
  });
  return ((await answer.json()) as { access: string }).access;
}

async function trashIds(emulator: EmulatorControl): Promise<number[]> {
  const answer = await fetch(`${emulator.url}/api/spaces/${PERSONAL}/audio/trash/?limit=100`, {
    headers: { authorization: `Bearer ${await token(emulator)}` },
  });
  return ((await answer.json()) as { results: Array<{ id: number }> }).results.map(
    (recording) => recording.id,
  );
}

function report(name: string, figures: Record<string, unknown>): void {
  console.log(`replay: ${name} ${JSON.stringify(figures)}`);
}

test.describe.configure({ timeout: 90_000 });

test('classify: the repeated call is counted twice by the service, and the second charge is reported with its figures', async ({
  background,
  emulator,
  serviceWorker,
}) => {
  await background.signIn(emulator.url);
  await arm(emulator, 'POST', '^/api/audio/classify/$');
  const audioId = SEED.recordings.uploadedNotProcessed;
  const answer = (await background.send('recording.process', { spaceId: PERSONAL, audioId })) as Extract<
    Answer,
    { ok: true }
  >;
  const counters = await emulator.counters();
  const calls = counters.classifyCalls[audioId] ?? 0;
  const charged = counters.charges.filter((charge) => charge.audio_id === audioId);
  const job = answer.data as JobView;
  report('classify', {
    classifyCalls: calls,
    charges: charged.length,
    phase: job.phase,
    incidents: job.incidents?.length ?? 0,
  });

  // What Chromium does: the POST reached the service twice, and both charged.
  expect(calls).toBe(2);
  expect(charged).toHaveLength(2);
  // What the extension makes of it: processing goes on, and the extra charge is reported.
  expect(job.phase).toBe('processing');
  expect(job.incidents).toEqual([
    expect.objectContaining({ kind: 'double-charge', extraCharges: 1, durationSeconds: 2710 }),
  ]);
  const incidentId = job.incidents![0]!.id;
  await expect
    .poll(async () => Object.keys(await background.notifications()))
    .toContain(`charge:${incidentId}`);
  const log = (await serviceWorker.evaluate(
    async () => (await chrome.storage.local.get('charges')).charges,
  )) as {
    incidents: Incident[];
  };
  expect(log.incidents).toEqual([
    expect.objectContaining({ id: incidentId, usageBefore: 18_000, usageAfter: 18_000 + 2 * 2710 }),
  ]);
});

test('create (upload): the repeated create makes a second recording, which is moved to the trash and reported', async ({
  background,
  emulator,
}) => {
  await background.signIn(emulator.url);
  const page = await background.page();
  const size = 200_000;
  await page.evaluate(async (bytes) => {
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open('meeting-capture-files');
      open.onupgradeneeded = () => open.result.createObjectStore('files');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const tx = open.result.transaction('files', 'readwrite');
        tx.objectStore('files').put(
          new Blob([new Uint8Array(bytes)], { type: 'audio/wav' }),
          'file:replay-1',
        );
        tx.oncomplete = () => {
          open.result.close();
          resolve();
        };
        tx.onerror = () => reject(tx.error);
      };
    });
  }, size);
  await arm(emulator, 'POST', `^/api/spaces/${PERSONAL}/audio/$`);
  const started = await background.send('upload.file', {
    spaceId: PERSONAL,
    fileKey: 'replay-1',
    title: 'Replay check.wav',
    contentType: 'audio/wav',
    size,
    process: false,
  });
  expect(started).toMatchObject({ ok: true });
  const jobId = (started as Extract<Answer, { ok: true }>).data.id as string;
  const job = async () =>
    ((await background.send('jobs.list', {})) as Extract<Answer, { ok: true }>).data.find(
      (candidate: JobView) => candidate.id === jobId,
    ) as JobView;
  await expect.poll(async () => (await job()).phase, { timeout: 30_000 }).toBe('uploaded');
  const done = await job();
  const counters = await emulator.counters();
  const trash = await trashIds(emulator);
  report('create', {
    recordingsCreated: counters.recordingsCreated.upload,
    incidents: done.incidents?.length ?? 0,
    trashed: done.incidents?.[0]?.duplicateIds,
  });

  expect(counters.recordingsCreated.upload).toBe(2);
  expect(done.incidents).toEqual([expect.objectContaining({ kind: 'duplicate-recording', trashed: true })]);
  const [duplicate] = done.incidents![0]!.duplicateIds!;
  expect(duplicate).not.toBe(done.audioId);
  expect(trash).toContain(duplicate);
  expect(trash).not.toContain(done.audioId);
  await expect
    .poll(async () => Object.keys(await background.notifications()))
    .toContain(`charge:${done.incidents![0]!.id}`);
});

async function serveWav(): Promise<{ url: string; close(): Promise<void> }> {
  const body = Buffer.alloc(64_000, 1);
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'audio/wav', 'content-length': body.length });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/talk.wav`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

for (const kind of ['by_url', 'by_videosite'] as const) {
  test(`${kind}: the repeated request makes a second recording, found once downloaded, moved to the trash and reported`, async ({
    background,
    emulator,
  }) => {
    const source = kind === 'by_url' ? await serveWav() : null;
    try {
      await background.signIn(emulator.url);
      await arm(emulator, 'POST', `^/api/spaces/${PERSONAL}/audio/${kind}/$`);
      const url = source?.url ?? 'https://www.youtube.com/watch?v=replay00001';
      const started = await background.send('upload.url', {
        spaceId: PERSONAL,
        url,
        ...(kind === 'by_url' ? { title: 'Replay talk.wav' } : {}),
        process: false,
      });
      expect(started).toMatchObject({ ok: true });
      const jobId = (started as Extract<Answer, { ok: true }>).data.id as string;
      const job = async () =>
        ((await background.send('jobs.list', {})) as Extract<Answer, { ok: true }>).data.find(
          (candidate: JobView) => candidate.id === jobId,
        ) as JobView;
      // Downloads finish on the emulator's clock; the job looks every few seconds.
      await expect
        .poll(
          async () => {
            await emulator.advance(5_000);
            return (await job()).phase;
          },
          { timeout: 45_000, intervals: [1_000] },
        )
        .toBe('uploaded');
      const done = await job();
      const counters = await emulator.counters();
      const trash = await trashIds(emulator);
      report(kind, {
        recordingsCreated: counters.recordingsCreated[kind],
        incidents: done.incidents?.length ?? 0,
      });

      expect(counters.recordingsCreated[kind]).toBe(2);
      expect(done.incidents).toEqual([
        expect.objectContaining({ kind: 'duplicate-recording', trashed: true }),
      ]);
      const [duplicate] = done.incidents![0]!.duplicateIds!;
      expect(trash).toContain(duplicate);
      expect(trash).not.toContain(done.audioId);
    } finally {
      await source?.close();
    }
  });
}

test('bot: the repeat answers code 5; the job does not say the bot was not sent, and says what is known', async ({
  context,
  background,
  emulator,
}) => {
  await background.signIn(emulator.url);
  await background.closePage();
  await arm(emulator, 'POST', `^/api/space/${PERSONAL}/meeting/$`);
  const meet = await openMeetingPage(context);
  const sent = await meet.inContentScript<Answer>(
    `chrome.runtime.sendMessage({ channel: 'meeting-capture', type: 'page.sendBot', payload: { link: location.href } })`,
  );
  const counters = (await emulator.counters()) as Awaited<ReturnType<EmulatorControl['counters']>> & {
    armedDrops: number;
  };
  const job = (sent as Extract<Answer, { ok: true }>).data as JobView;
  report('bot', {
    botRequests: counters.botRequests,
    armedDrops: counters.armedDrops,
    phase: job.phase,
    failure: job.failure,
  });

  // The first request started the bot; the browser's repeat was refused with code 5.
  expect(counters.botRequests).toBe(1);
  expect(counters.armedDrops).toBe(1);
  expect(job.failure).toMatchObject({ kind: 'api', error: { kind: 'bot-busy', replayPossible: true } });
  expect(job.incidents).toEqual([expect.objectContaining({ kind: 'bot-busy-unconfirmed' })]);
  // One notice, the job's own, and the popup's words: the bot may have been sent.
  await expect.poll(async () => Object.keys(await background.notifications())).toEqual([`job:${job.id}`]);
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${background.extensionId}/popup.html`);
  const row = popup.getByTestId('jobs');
  await expect(row).toContainText('this bot may have been sent');
  await expect(row).not.toContainText('A bot is already in an active meeting in this space. Wait');
});
