/**
 * The browser repeats a POST whose reused keep-alive connection closes without an answer (see
 * docs/charges-and-faults.md). The emulator is armed to apply the effect of one call and
 * then drop its connection without a byte. Two cases per call that charges or creates:
 * - `fresh`: the call is the first of its kind for a while. The extension sends such calls in a
 *   socket group of their own (credentials 'omit'), so the connection is new, Chromium does not
 *   repeat, and the usual outcome-unknown checks apply: one effect.
 * - `reused`: the call follows another such call within the server's keep-alive time, so it goes
 *   on that call's idle connection and Chromium repeats it: two effects, and the extension must
 *   tell the truth (extra charge reported with its figures, extra recording trashed and reported,
 *   the bot not called "not sent").
 * The figures each test saw are printed (`replay:` lines) for docs/charges-and-faults.md.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type Answer,
  type BackgroundDriver,
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

async function jobOf(background: BackgroundDriver, id: string): Promise<JobView> {
  const list = (await background.send('jobs.list', {})) as Extract<Answer, { ok: true }>;
  return list.data.find((candidate: JobView) => candidate.id === id) as JobView;
}

async function idOf(answer: Answer): Promise<string> {
  expect(answer).toMatchObject({ ok: true });
  return (answer as Extract<Answer, { ok: true }>).data.id as string;
}

for (const connection of ['fresh', 'reused'] as const) {
  test(`classify on a ${connection} connection`, async ({ context, background, emulator, serviceWorker }) => {
    await background.signIn(emulator.url);
    let usageBefore = 18_000;
    if (connection === 'reused') {
      // Another processing started a moment ago leaves its connection idle in the group.
      await background.send('recording.process', { spaceId: PERSONAL, audioId: SEED.recordings.readyShort });
      usageBefore += 42;
    }
    await arm(emulator, 'POST', '^/api/audio/classify/$');
    const audioId = SEED.recordings.uploadedNotProcessed;
    const jobId = await idOf(await background.send('recording.process', { spaceId: PERSONAL, audioId }));
    await expect
      .poll(async () => (await jobOf(background, jobId)).phase, { timeout: 30_000 })
      .toBe('processing');
    const job = await jobOf(background, jobId);
    const counters = await emulator.counters();
    const calls = counters.classifyCalls[audioId] ?? 0;
    const charged = counters.charges.filter((charge) => charge.audio_id === audioId);
    report(`classify/${connection}`, {
      classifyCalls: calls,
      charges: charged.length,
      phase: job.phase,
      incidents: job.incidents?.length ?? 0,
    });

    if (connection === 'fresh') {
      // Not repeated: one charge, found by the result check after the dropped answer.
      expect(calls).toBe(1);
      expect(charged).toHaveLength(1);
      expect(job.incidents).toBeUndefined();
      return;
    }
    // Repeated by Chromium: charged twice; processing goes on and the extra charge is reported.
    expect(calls).toBe(2);
    expect(charged).toHaveLength(2);
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
      incidents: Array<Incident & { usageBefore: number; usageAfter: number }>;
    };
    expect(log.incidents).toEqual([
      expect.objectContaining({ id: incidentId, usageBefore, usageAfter: usageBefore + 2 * 2710 }),
    ]);

    // The popup's job says it in plain words; the options keep it in the log, ready to copy.
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${background.extensionId}/popup.html`);
    await expect(popup.getByTestId('job-incident')).toContainText(
      '“Interview with a backend candidate.wav” 2 times instead of once (45 min 10 s each, 45 min 10 s extra)',
    );
    const options = await context.newPage();
    await options.goto(`chrome-extension://${background.extensionId}/options.html`);
    const section = options.getByRole('region', { name: 'Charges log' });
    await expect(section).toContainText('Charged more than once');
    // What goes to the clipboard is caught on its way there (headless Chromium has no clipboard).
    await options.evaluate(() => {
      navigator.clipboard.writeText = async (text: string) => {
        (window as unknown as { copied: string }).copied = text;
      };
    });
    await section.getByRole('button', { name: 'Copy the log' }).click();
    await expect(section.getByRole('status')).toHaveText('Copied.');
    const copied = await options.evaluate(() => (window as unknown as { copied: string }).copied);
    expect(copied).toContain(`recording ${audioId}`);
    expect(copied).toContain(`usage_count ${usageBefore} → ${usageBefore + 2 * 2710}`);
  });
}

async function storeFile(background: BackgroundDriver, key: string, size: number): Promise<void> {
  const page = await background.page();
  await page.evaluate(
    async ([fileKey, bytes]: readonly [string, number]) => {
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('meeting-capture-files');
        open.onupgradeneeded = () => open.result.createObjectStore('files');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('files', 'readwrite');
          tx.objectStore('files').put(
            new Blob([new Uint8Array(bytes)], { type: 'audio/wav' }),
            `file:${fileKey}`,
          );
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      });
    },
    [key, size] as const,
  );
}

for (const connection of ['fresh', 'reused'] as const) {
  test(`create (upload) on a ${connection} connection`, async ({ background, emulator }) => {
    await background.signIn(emulator.url);
    const size = 200_000;
    const upload = async (key: string, title: string) => {
      await storeFile(background, key, size);
      const id = await idOf(
        await background.send('upload.file', {
          spaceId: PERSONAL,
          fileKey: key,
          title,
          contentType: 'audio/wav',
          size,
          process: false,
        }),
      );
      await expect
        .poll(async () => (await jobOf(background, id)).phase, { timeout: 30_000 })
        .toBe('uploaded');
      return jobOf(background, id);
    };
    if (connection === 'reused') await upload('warm-1', 'Earlier upload.wav');
    const created = (await emulator.counters()).recordingsCreated.upload;
    await arm(emulator, 'POST', `^/api/spaces/${PERSONAL}/audio/$`);
    const done = await upload('replay-1', 'Replay check.wav');
    const counters = await emulator.counters();
    const trash = await trashIds(emulator);
    const made = counters.recordingsCreated.upload - created;
    report(`create/${connection}`, {
      recordingsCreated: made,
      incidents: done.incidents?.length ?? 0,
      inTrash: trash.filter((id) => id > 1000),
    });

    // Either way two recordings were made: the lost one is trashed, the upload goes to the other.
    expect(made).toBe(2);
    expect(trash.filter((id) => id > 1000)).toHaveLength(1);
    expect(trash).not.toContain(done.audioId);
    if (connection === 'fresh') {
      // Not repeated: the create failed, the extension found the recording it made (no upload
      // links) and trashed it before creating again: the existing check, no incident.
      expect(done.incidents).toBeUndefined();
      return;
    }
    // Repeated by Chromium behind the extension's back: recognised, trashed and reported.
    expect(done.incidents).toEqual([expect.objectContaining({ kind: 'duplicate-recording', trashed: true })]);
    expect(trash).toContain(done.incidents![0]!.duplicateIds![0]);
    await expect
      .poll(async () => Object.keys(await background.notifications()))
      .toContain(`charge:${done.incidents![0]!.id}`);
  });
}

async function serveWav(): Promise<{ url: string; close(): Promise<void> }> {
  const body = Buffer.alloc(64_000, 1);
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'audio/wav', 'content-length': body.length });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

for (const kind of ['by_url', 'by_videosite'] as const) {
  for (const connection of ['fresh', 'reused'] as const) {
    test(`${kind} on a ${connection} connection`, async ({ background, emulator }) => {
      const source = kind === 'by_url' ? await serveWav() : null;
      try {
        await background.signIn(emulator.url);
        const submit = async (name: string) =>
          idOf(
            await background.send('upload.url', {
              spaceId: PERSONAL,
              url: source ? `${source.url}/${name}.wav` : `https://www.youtube.com/watch?v=${name}`,
              // A video page's title as the page showed it (the emulator names it "Video <id>").
              title: source ? `${name}.wav` : `Video ${name}.m4a`,
              process: false,
            }),
          );
        const settle = async (id: string) => {
          // Downloads finish on the emulator's clock; the job looks every few seconds.
          await expect
            .poll(
              async () => {
                await emulator.advance(5_000);
                return (await jobOf(background, id)).phase;
              },
              { timeout: 45_000, intervals: [1_000] },
            )
            .toMatch(/^(uploaded|failed)$/);
          return jobOf(background, id);
        };
        if (connection === 'reused') await submit('warmup00001');
        await arm(emulator, 'POST', `^/api/spaces/${PERSONAL}/audio/${kind}/$`);
        const id = await submit('replay00001');
        const done = await settle(id);
        const counters = await emulator.counters();
        const made = counters.recordingsCreated[kind] - (connection === 'reused' ? 1 : 0);
        const trash = await trashIds(emulator);
        report(`${kind}/${connection}`, {
          recordingsCreated: made,
          phase: done.phase,
          failure: done.failure?.error?.kind,
          incidents: done.incidents?.length ?? 0,
        });

        if (connection === 'fresh') {
          // Not repeated: one recording. The answer was lost; the job submits nothing again, watches
          // the space for the recording this click made (new since the click, its title) and adopts it.
          expect(made).toBe(1);
          expect(done.phase).toBe('uploaded');
          expect(done.audioId).toBeDefined();
          expect(done.incidents ?? []).toEqual([]);
          return;
        }
        expect(made).toBe(2);
        expect(done.phase).toBe('uploaded');
        expect(done.incidents).toEqual([
          expect.objectContaining({ kind: 'duplicate-recording', trashed: true }),
        ]);
        expect(trash).toContain(done.incidents![0]!.duplicateIds![0]);
        expect(trash).not.toContain(done.audioId);
      } finally {
        await source?.close();
      }
    });
  }
}

for (const connection of ['fresh', 'reused'] as const) {
  test(`bot request on a ${connection} connection`, async ({ context, background, emulator }) => {
    await background.signIn(emulator.url);
    if (connection === 'reused') {
      // A bot sent a moment ago to another space leaves its connection idle in the group.
      await background.send('space.get', { spaceId: SEED.spaces.team });
      const meet = await openMeetingPage(context, 'https://meet.google.com/zzz-zzzz-zzz');
      await meet.inContentScript(
        `chrome.runtime.sendMessage({ channel: 'meeting-capture', type: 'page.sendBot', payload: { link: location.href, spaceId: ${SEED.spaces.team} } })`,
      );
      await meet.page.close();
    }
    await background.closePage();
    await arm(emulator, 'POST', `^/api/space/${PERSONAL}/meeting/$`);
    const meet = await openMeetingPage(context);
    const sent = await meet.inContentScript<Answer>(
      `chrome.runtime.sendMessage({ channel: 'meeting-capture', type: 'page.sendBot', payload: { link: location.href, spaceId: ${PERSONAL} } })`,
    );
    const counters = (await emulator.counters()) as Awaited<ReturnType<EmulatorControl['counters']>> & {
      armedDrops: number;
    };
    // The page's answer carries only what the control shows; the job itself is the background's.
    const job = await jobOf(background, await idOf(sent));
    const mine = counters.botRequests - (connection === 'reused' ? 1 : 0);
    report(`bot/${connection}`, { botRequests: mine, phase: job.phase, failure: job.failure?.error });

    // One bot either way: the service refuses a second one in the space (code 5).
    expect(mine).toBe(1);
    expect(counters.armedDrops).toBe(1);
    if (connection === 'fresh') {
      // Not repeated: the answer was lost; the re-send got code 5, which proves the first call.
      expect(job.phase).toBe('waiting-meeting');
      return;
    }
    // Repeated by Chromium: the repeat's code 5 is all the extension hears.
    expect(job.failure).toMatchObject({ kind: 'api', error: { kind: 'bot-busy', replayPossible: true } });
    expect(job.incidents).toEqual([expect.objectContaining({ kind: 'bot-busy-unconfirmed' })]);
    // One notice, the job's own, and the popup's words: the bot may have been sent.
    await expect.poll(async () => Object.keys(await background.notifications())).toContain(`job:${job.id}`);
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${background.extensionId}/popup.html`);
    const row = popup.getByTestId('jobs');
    await expect(row).toContainText('this bot may have been sent');
    await expect(row).not.toContainText('A bot is already in an active meeting in this space. Wait');
  });
}
