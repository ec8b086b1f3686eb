/**
 * Deliveries through the real background against the emulator and a local receiver: the job
 * engine's onResult queues before the job is ready, the first attempt follows, the retry alarm
 * exists only while something waits, and the address stays out of storage.local and of answers.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { SEED } from '../../emulator';
import { convertMarkdown } from '../delivery/markdown';
import { deliveriesWaiting, deliveryWanted } from '../delivery/service';
import { memoryKeyValue } from '../kv';
import { type Background, createBackground } from './app';
import { DELIVERY_ALARM, trustedDeliveryKv } from './deliveries';
import type { Sender } from './senders';
import { backgroundOptions, extensionPage, sendAs, useEmulator } from './testing/harness';
import type { BackgroundOptions } from './types';

const options = extensionPage('options.html');

const emulator = useEmulator({ processingDelayMs: 60_000 });
let bg: Background;
let clock = Date.now();
const received: Array<{ path: string; headers: IncomingHttpHeaders; body: string }> = [];
const script: number[] = [];
const receiver = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    received.push({
      path: request.url ?? '/',
      headers: request.headers,
      body: Buffer.concat(chunks).toString(),
    });
    response.writeHead(script.shift() ?? 200).end();
  });
});
let hook = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook?token=secret`;
});
afterAll(() => {
  receiver.closeAllConnections();
  receiver.close();
});

beforeEach(() => {
  received.length = 0;
  script.length = 0;
  clock = Date.now();
  stores = {
    sessionKv: memoryKeyValue(),
    filesKv: memoryKeyValue(),
    calendarsKv: memoryKeyValue(),
    archiveKv: memoryKeyValue(),
  };
  bg = start();
});

let stores: Record<'sessionKv' | 'filesKv' | 'calendarsKv' | 'archiveKv', ReturnType<typeof memoryKeyValue>>;
/** The background of a worker start over the same stores (the trusted store is kept too). */
const startOptions = (): BackgroundOptions =>
  backgroundOptions({
    ...stores,
    now: () => clock,
    // Node has no offscreen document: the same conversion, in this thread.
    convertMarkdown: async (markdown, dialect) => convertMarkdown(markdown, dialect),
  });
const start = () => createBackground(startOptions());

/** The worker stops and starts again (Chrome may drop the alarms at a browser restart). */
const restart = async (options: { dropAlarms?: boolean } = {}) => {
  bg.jobs.scheduler.stop();
  await bg.jobs.engine.idle();
  if (options.dropAlarms) await fakeBrowser.alarms.clearAll();
  bg = start();
};
afterEach(async () => {
  bg.jobs.scheduler.stop();
  await bg.jobs.engine.idle();
});

const send = (type: string, payload: unknown, sender: Sender = options) => sendAs(bg, sender, type, payload);

async function processToReady(): Promise<string> {
  await send('session.signIn', {
    serviceUrl: emulator().url,
    email: SEED.users.demo.email,
    password: SEED.users.demo.password,
  });
  const started = await send('recording.process', {
    spaceId: SEED.spaces.personal,
    audioId: SEED.recordings.uploadedNotProcessed,
  });
  expect(started.ok).toBe(true);
  await bg.jobs.engine.idle();
  await fetch(`${emulator().url}/__emulator/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ms: 120_000 }),
  });
  clock += 120_000;
  await bg.jobs.engine.tick();
  await bg.jobs.engine.idle();
  return started.data.id as string;
}

const until = async (check: () => boolean | Promise<boolean>) => {
  for (let i = 0; i < 200 && !(await check()); i += 1)
    await new Promise((resolve) => setTimeout(resolve, 10));
};

/** The first attempt was answered and its outcome recorded (a log line other than `sending`). */
const logged = async () =>
  ((await bg.deliveries.list())[0]?.log ?? []).some((entry) => entry.outcome !== 'sending');

describe('deliveries in the background', () => {
  it('a ready job is queued by onResult and delivered once; the address never leaves the background', async () => {
    const added = await send('deliveries.add', { url: hook, kind: 'webhook', includeTranscript: true });
    expect(added).toMatchObject({ ok: true, data: { address: expect.stringMatching(/\/hook\/…$/) } });
    const jobId = await processToReady();
    await until(logged);
    expect(received).toHaveLength(1);
    expect(received[0]!.path).toBe('/hook?token=secret');
    expect(received[0]!.headers['idempotency-key']).toBe(
      `mc-${SEED.spaces.personal}-${SEED.recordings.uploadedNotProcessed}-${jobId}`,
    );
    expect(JSON.parse(received[0]!.body)).toMatchObject({
      event: 'protocol.ready',
      transcript: expect.any(Array),
    });
    // Once: more ticks hand nothing on again.
    await bg.jobs.engine.tick();
    await bg.deliveries.sendDue();
    expect(received).toHaveLength(1);
    const listed = await send('deliveries.list', {});
    expect(JSON.stringify(listed)).not.toContain('secret');
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain('/hook');
    expect(await fakeBrowser.alarms.get(DELIVERY_ALARM)).toBeUndefined();
  });

  it('a Telegram bot is added by its token and chat through the message, once the Bot API’s site may be reached', async () => {
    const token = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
    // Like any destination: no access to its site, no destination (the page asks for it in the click).
    expect(await send('deliveries.add', { kind: 'telegram', token, chatId: '-100123' })).toMatchObject({
      ok: false,
      error: { kind: 'permission-denied', origin: 'https://api.telegram.org' },
    });
    const refused = await send('deliveries.add', { kind: 'telegram', token: 'not-a-token', chatId: '1' });
    expect(refused).toMatchObject({
      ok: false,
      error: { kind: 'delivery', reason: 'invalid-address', problem: 'token' },
    });
    expect((await send('deliveries.add', { kind: 'fax', url: hook })).ok).toBe(false);
    bg = createBackground({ ...startOptions(), hasOriginAccess: async () => true });
    const added = await send('deliveries.add', { kind: 'telegram', token, chatId: '-100123' });
    expect(added).toMatchObject({
      ok: true,
      data: { kind: 'telegram', address: 'bot 123456789:… → -100123' },
    });
    expect(JSON.stringify(await send('deliveries.list', {}))).not.toContain(
      'AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw',
    );
    // Kept with the trusted settings, never in storage.local.
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain('AAHdqTcv');
  });

  it('a 503 leaves the retry alarm armed until a later attempt delivers', async () => {
    script.push(503);
    await send('deliveries.add', { url: hook, kind: 'slack' });
    await processToReady();
    await until(logged);
    const alarm = await fakeBrowser.alarms.get(DELIVERY_ALARM);
    expect(alarm?.scheduledTime).toBeGreaterThan(clock);
    clock = alarm!.scheduledTime;
    await bg.deliveries.sendDue();
    expect(received).toHaveLength(2);
    expect(received[1]!.headers['idempotency-key']).toBe(received[0]!.headers['idempotency-key']);
    expect(JSON.parse(received[1]!.body)).toHaveProperty('text');
    expect(await fakeBrowser.alarms.get(DELIVERY_ALARM)).toBeUndefined();
  });

  it('the messages are refused to content scripts, and bad addresses are refused in the background too', async () => {
    const meetTab = {
      id: fakeBrowser.runtime.id,
      url: 'https://meet.google.com/abc-defg-hij',
      tab: { id: 1 },
    };
    for (const type of ['deliveries.list', 'deliveries.add', 'deliveries.test']) {
      const payload =
        type === 'deliveries.add'
          ? { url: hook, kind: 'webhook' }
          : type === 'deliveries.test'
            ? { id: 'x' }
            : {};
      expect(await send(type, payload, meetTab as never)).toEqual({
        ok: false,
        error: { kind: 'forbidden-sender', type },
      });
    }
    expect(await send('deliveries.add', { url: 'http://example.com/hook', kind: 'webhook' })).toEqual({
      ok: false,
      error: { kind: 'delivery', reason: 'invalid-address', problem: 'insecure' },
    });
    expect(await send('deliveries.add', { url: 'https://example.com/hook', kind: 'webhook' })).toEqual({
      ok: false,
      error: { kind: 'permission-denied', origin: 'https://example.com' },
    });
    expect(await send('deliveries.test', { id: 'missing' })).toEqual({
      ok: false,
      error: { kind: 'delivery', reason: 'not-found' },
    });
  });
});

/** Lets the wake's unawaited look at the outbox (and what it starts) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('deliveries at a start of the worker', () => {
  it('a start with an empty outbox and a ready protocol no destination wants send nothing', async () => {
    await send('deliveries.add', { url: hook, kind: 'webhook', spaceIds: [SEED.spaces.team] });
    await restart();
    await bg.wake();
    await settle();
    expect(await deliveryWanted(trustedDeliveryKv, SEED.spaces.team)).toBe(true);
    expect(await deliveryWanted(trustedDeliveryKv, SEED.spaces.personal)).toBe(false);
    // The protocol is of the personal space: nothing to queue, nothing sent.
    await processToReady();
    await settle();
    expect(received).toEqual([]);
    expect(await deliveriesWaiting(trustedDeliveryKv)).toBe(false);
  });

  it('a ready protocol a destination wants is delivered in a later start', async () => {
    await send('deliveries.add', { url: hook, kind: 'webhook', spaceIds: [SEED.spaces.personal] });
    await restart();
    await bg.wake();
    await settle();
    await processToReady();
    await until(logged);
    expect(received).toHaveLength(1);
  });

  it('a start with something in the outbox: the dropped alarm is armed again, then what is due is sent', async () => {
    script.push(503);
    await send('deliveries.add', { url: hook, kind: 'webhook' });
    await processToReady();
    await until(logged);
    expect(received).toHaveLength(1);
    expect(await deliveriesWaiting(trustedDeliveryKv)).toBe(true);
    const retryAt = (await fakeBrowser.alarms.get(DELIVERY_ALARM))!.scheduledTime;

    // The browser restarts before the retry and drops the alarm.
    await restart({ dropAlarms: true });
    await bg.wake();
    await until(async () => (await fakeBrowser.alarms.get(DELIVERY_ALARM)) !== undefined);
    expect((await fakeBrowser.alarms.get(DELIVERY_ALARM))?.scheduledTime).toBe(retryAt);
    expect(received).toHaveLength(1);

    // A later start, once the retry is due: its wake sends it, with the same key.
    await restart();
    clock = retryAt;
    await bg.wake();
    await until(() => received.length === 2);
    expect(received[1]!.headers['idempotency-key']).toBe(received[0]!.headers['idempotency-key']);
    await until(async () => !(await deliveriesWaiting(trustedDeliveryKv)));
    expect(await deliveriesWaiting(trustedDeliveryKv)).toBe(false);
    expect(await fakeBrowser.alarms.get(DELIVERY_ALARM)).toBeUndefined();

    // Nothing waits any more: the next start does not load it.
    await restart();
    await bg.wake();
    await settle();
    expect(received).toHaveLength(2);
  });
});
