/**
 * The service worker is stopped (as Chrome does after 30 s idle) while jobs are under way. Nothing
 * but the 30 s alarm can start it again here: no page of ours is open and no message is sent, so
 * these tests wait up to about 30 s for it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Answer, expect, openMeetingPage, SEED, startHoldingProxy, test } from './background-fixtures';
import { recordNotices } from './worker-notices';

const PROCESSING_DONE = 60 * 60_000 + 1_000;
// The poll alarm comes every 30 s. Two periods and room for a loaded machine (seen: more than 45 s
// with another browser stopping workers beside this one; once, on a clean CI machine, no start
// within 55 s): a wake missed by one alarm is made by the next, which is what the product relies on.
const ALARM_WAIT = 65_000;

test.describe.configure({ timeout: 180_000 });

test('processing: the worker is stopped mid-polling; the alarm wakes it and the result arrives with its notification', async ({
  background,
  emulator,
  monitor,
  serviceWorker,
}) => {
  await background.signIn(emulator.url);
  const jobId = await background.startProcessing();
  expect(await background.alarms()).toContainEqual(
    expect.objectContaining({ name: 'poll', periodInMinutes: 0.5 }),
  );
  await expect.poll(() => serviceWorker.evaluate(() => chrome.action.getBadgeText({}))).toBe('1');

  await background.closePage();
  const starts = monitor.starts;
  await monitor.stop();
  // The run finishes while the worker is stopped.
  await emulator.advance(PROCESSING_DONE);
  await monitor.waitFor('running', ALARM_WAIT);
  expect(monitor.starts).toBe(starts + 1);

  await expect.poll(() => background.notifications(), { timeout: 30_000 }).toHaveProperty(`job:${jobId}`);
  const jobs = await serviceWorker.evaluate(
    async () => (await chrome.storage.local.get('jobs')).jobs as Record<string, { phase: string }>,
  );
  expect(jobs[jobId]).toMatchObject({ phase: 'ready' });
  expect((await emulator.counters()).classifyCalls).toEqual({ [SEED.recordings.uploadedNotProcessed]: 1 });
  // The calendar and Markdown parsers never run in the worker (the offscreen document has them).
  expect(await background.send('session.get', {})).toMatchObject({ ok: true, data: { signedIn: true } });
  expect(await background.send('upcoming.list', {})).toMatchObject({ ok: true, data: { calendars: false } });
  expect(await background.parsersInWorker()).toEqual([]);
  // Nothing active any more: no badge, no polling alarm.
  await expect.poll(() => serviceWorker.evaluate(() => chrome.action.getBadgeText({}))).toBe('');
  await expect.poll(async () => (await background.alarms()).map((alarm) => alarm.name)).not.toContain('poll');
});

test('Russian: the result after a worker stop is notified in Russian', async ({
  background,
  emulator,
  monitor,
  serviceWorker,
}) => {
  await background.signIn(emulator.url);
  expect(await background.send('settings.set', { language: 'ru' })).toMatchObject({ ok: true });
  const jobId = await background.startProcessing();

  await background.closePage();
  await monitor.stop();
  const requests = (await emulator.counters()).requests;
  await monitor.waitFor('running', ALARM_WAIT);
  const starts = monitor.starts;
  // The wake's tick asks the service for the result: still processing, nothing to say.
  await expect
    .poll(async () => (await emulator.counters()).requests, { timeout: 30_000 })
    .toBeGreaterThan(requests);

  const readNotices = await recordNotices(serviceWorker);
  await emulator.advance(PROCESSING_DONE);
  await expect.poll(() => background.notifications(), { timeout: 45_000 }).toHaveProperty(`job:${jobId}`);
  expect(monitor.starts).toBe(starts);
  const notices = await readNotices();
  expect(notices).toHaveLength(1);
  expect(notices[0]!.title).toBe('Протокол готов');
  expect(notices[0]!.message).toMatch(/»: протокол и расшифровка готовы\. Нажмите, чтобы открыть\.$/);
});

test('bot: the worker is stopped while the bot is in the meeting; the recording is found and its protocol arrives', async ({
  context,
  background,
  emulator,
  monitor,
}) => {
  await background.signIn(emulator.url);
  await background.closePage();
  // Sent the way the meeting page's button does: from our content script on the meeting tab.
  const meet = await openMeetingPage(context);
  const sent = await meet.inContentScript<Answer>(
    `chrome.runtime.sendMessage({ channel: 'meeting-capture', type: 'page.sendBot', payload: { link: location.href } })`,
  );
  expect(sent).toMatchObject({ ok: true, data: { intent: 'bot', phase: 'waiting-meeting' } });
  const jobId = (sent as Extract<Answer, { ok: true }>).data.id as string;
  await meet.page.close();

  await monitor.stop();
  // The meeting ends and its recording is processed while the worker is stopped.
  const ended = (await emulator.control('POST', '/meetings/end', {})) as { recordings: number[] };
  await emulator.advance(PROCESSING_DONE);
  await monitor.waitFor('running', ALARM_WAIT);

  await expect.poll(() => background.notifications(), { timeout: 45_000 }).toHaveProperty(`job:${jobId}`);
  const job = (await background.send('jobs.list', {})) as Extract<Answer, { ok: true }>;
  expect(job.data.find((candidate: { id: string }) => candidate.id === jobId)).toMatchObject({
    phase: 'ready',
    audioId: ended.recordings[0],
  });
  expect((await emulator.counters()).botRequests).toBe(1);
});

test('classify is called once when the worker is stopped while the call is in flight', async ({
  background,
  emulator,
  monitor,
  serviceWorker,
}) => {
  // The service charges, then its answer is held until the worker has been stopped.
  const proxy = await startHoldingProxy(
    emulator.url,
    (method, path) => method === 'POST' && path === '/api/audio/classify/',
  );
  try {
    await background.signIn(proxy.url);
    const page = await background.page();
    const pending = page
      .evaluate(
        (payload) =>
          chrome.runtime.sendMessage({ channel: 'meeting-capture', type: 'recording.process', payload }),
        { spaceId: SEED.spaces.personal, audioId: SEED.recordings.uploadedNotProcessed },
      )
      .catch((error: unknown) => String(error));
    await proxy.held;
    expect((await emulator.counters()).classifyCalls).toEqual({ [SEED.recordings.uploadedNotProcessed]: 1 });

    await background.closePage();
    await pending;
    await monitor.stop();
    proxy.drop();
    await emulator.advance(PROCESSING_DONE);
    await monitor.waitFor('running', ALARM_WAIT);

    await expect
      .poll(
        async () => {
          const jobs = await serviceWorker.evaluate(
            async () => (await chrome.storage.local.get('jobs')).jobs ?? {},
          );
          return Object.values(jobs as Record<string, { phase: string }>).map((job) => job.phase);
        },
        { timeout: 45_000 },
      )
      .toEqual(['ready']);
    // The notice follows the stored end (and is recorded on the job once shown).
    await expect
      .poll(async () => Object.keys(await background.notifications()), { timeout: 10_000 })
      .toHaveLength(1);
    const counters = await emulator.counters();
    expect(counters.classifyCalls).toEqual({ [SEED.recordings.uploadedNotProcessed]: 1 });
    expect(
      counters.charges.filter((charge) => charge.audio_id === SEED.recordings.uploadedNotProcessed),
    ).toHaveLength(1);
  } finally {
    await proxy.close();
  }
});

test('with nothing active: no polling alarm, and a stopped worker stays stopped with no request', async ({
  background,
  emulator,
  monitor,
}) => {
  await background.signIn(emulator.url);
  // A job that ends at once leaves nothing active.
  const failed = await background.send('recording.process', {
    spaceId: SEED.spaces.unpaid,
    audioId: SEED.recordings.unpaidUploaded,
  });
  expect(failed).toMatchObject({ ok: true, data: { phase: 'failed' } });
  const alarms = await background.alarms();
  expect(alarms.map((alarm) => alarm.name)).not.toContain('poll');
  // Only the one-shot session notices remain, weeks ahead.
  for (const alarm of alarms) expect(alarm.periodInMinutes).toBeUndefined();

  await background.closePage();
  await monitor.stop();
  const requests = (await emulator.counters()).requests;
  const starts = monitor.starts;
  // Longer than the alarm period: had any alarm or timer been left, the worker would have started.
  await new Promise((resolve) => setTimeout(resolve, 35_000));
  expect(monitor.starts).toBe(starts);
  expect((await emulator.counters()).requests).toBe(requests);
});

test('deliveries: a poll wake with an empty outbox sends nothing; the wake that finds the result ready sends it', async ({
  background,
  emulator,
  monitor,
}) => {
  const received: string[] = [];
  const receiver = createServer((request, response) => {
    received.push(request.headers['idempotency-key'] as string);
    request.resume();
    request.on('end', () => response.writeHead(200).end('ok'));
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    await background.signIn(emulator.url);
    const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    expect(
      await background.send('deliveries.add', {
        url: hook,
        kind: 'webhook',
        spaceIds: [SEED.spaces.personal],
      }),
    ).toMatchObject({ ok: true });
    const jobId = await background.startProcessing();
    await background.closePage();

    // A poll wake while the run goes on: a destination exists, but nothing waits in the outbox.
    await monitor.stop();
    const requests = (await emulator.counters()).requests;
    await monitor.waitFor('running', ALARM_WAIT);
    // The tick's request comes after the wake's look at the outbox.
    await expect.poll(async () => (await emulator.counters()).requests).toBeGreaterThan(requests);
    expect(received).toHaveLength(0);

    // The run finishes while the worker is stopped: the next poll wake hands the result on.
    await monitor.stop();
    await emulator.advance(PROCESSING_DONE);
    await monitor.waitFor('running', ALARM_WAIT);
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(1);
    expect(received[0]).toBe(`mc-${SEED.spaces.personal}-${SEED.recordings.uploadedNotProcessed}-${jobId}`);
    expect(await background.parsersInWorker()).toEqual([]);
  } finally {
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  }
});
