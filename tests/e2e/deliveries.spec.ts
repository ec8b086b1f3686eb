/**
 * Options → Deliveries against a local receiver (node:http on 127.0.0.1, started by the test):
 * a protocol processed through the extension reaches the receiver exactly once, through failed
 * first attempts and worker stops, with the same Idempotency-Key on every retry; "Send again"
 * is a new run with a new key; "Test" sends a sample; the Slack format and the errors in words;
 * a delivery waiting for its retry survives a browser restart; a Telegram bot (a local Bot API,
 * tests/e2e/telegram-receiver.ts) gets the protocol as a message and the transcript as a document.
 * Test builds wait 5 s, 10 s, ... between attempts (minutes in a release build).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { type Answer, expect, SEED, test } from './background-fixtures';
import { pointBotApi } from './delivery-support';
import { chromiumPath, extensionPath } from './launch';
import { checkLayout, formatProblems } from './layout';
import { startTelegramReceiver } from './telegram-receiver';
import { seriousViolations } from './ui-fixtures';

const PROCESSING_DONE = 60 * 60_000 + 1_000;

test.describe.configure({ timeout: 210_000 });

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
}

/** A webhook receiver: answers each path from its script (then 200) and keeps every request. */
async function startReceiver(script: Record<string, number[]> = {}) {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const status = script[path]?.shift() ?? 200;
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), status });
      // A redirect to another host: the extension must not follow it.
      const moved = status >= 300 && status < 400 ? { location: 'http://localhost:9/elsewhere' } : {};
      response.writeHead(status, { 'content-type': 'text/plain', ...moved });
      response.end(status === 200 ? 'ok' : 'nope');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    at: (path: string) => received.filter((item) => item.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function openOptions(context: BrowserContext, extensionId: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/options.html`);
  await expect(page.getByRole('heading', { name: 'Deliveries', exact: true })).toBeVisible();
  return page;
}

async function addDestination(page: Page, url: string, format?: string) {
  await page.getByLabel('Webhook URL').fill(url);
  if (format) await page.locator('#opt-webhook-kind').selectOption({ label: format });
  await page.getByRole('button', { name: 'Add destination' }).click();
  await expect(page.getByTestId('destination-item').filter({ hasText: url })).toBeVisible();
}

test('a ready protocol reaches the receiver once through two 503s and worker stops, with one Idempotency-Key; then Send again and Test', async ({
  context,
  extensionId,
  background,
  emulator,
  monitor,
}) => {
  const receiver = await startReceiver({ '/hook': [503, 503] });
  try {
    await background.signIn(emulator.url);
    const options = await openOptions(context, extensionId);
    await addDestination(options, `${receiver.url}/hook`);
    const item = options.getByTestId('destination-item');
    await item.getByLabel('Include the transcript').check();
    await expect(item.getByLabel('Include the transcript')).toBeChecked();
    await options.close();

    const jobId = await background.startProcessing();
    await background.closePage();
    await emulator.advance(PROCESSING_DONE);

    // First attempt: 503. The worker is stopped; the retry alarm wakes it.
    await expect.poll(() => receiver.at('/hook').length, { timeout: 60_000 }).toBe(1);
    // (Each retry waits for its alarm to start the stopped worker again: up to a minute on a
    // loaded machine, where 30 s were once not enough.)
    const starts = monitor.starts;
    await monitor.stop();
    await expect.poll(() => receiver.at('/hook').length, { timeout: 60_000 }).toBe(2);
    await monitor.stop();
    await expect.poll(() => receiver.at('/hook').length, { timeout: 60_000 }).toBe(3);
    // Started again by the retry alarm (no page of ours was open).
    expect(monitor.starts).toBeGreaterThan(starts);

    const attempts = receiver.at('/hook');
    expect(attempts.map((attempt) => attempt.status)).toEqual([503, 503, 200]);
    const key = `mc-${SEED.spaces.personal}-${SEED.recordings.uploadedNotProcessed}-${jobId}`;
    expect(attempts.map((attempt) => attempt.headers['idempotency-key'])).toEqual([key, key, key]);
    // The same bytes every time, never with our token or a cookie.
    expect(new Set(attempts.map((attempt) => attempt.body)).size).toBe(1);
    for (const attempt of attempts) {
      expect(attempt.headers.authorization).toBeUndefined();
      expect(attempt.headers.cookie).toBeUndefined();
      expect(attempt.headers['content-type']).toBe('application/json');
    }
    const body = JSON.parse(attempts[0]!.body);
    expect(body).toMatchObject({
      schema: 'meeting-capture.delivery/v1',
      event: 'protocol.ready',
      idempotency_key: key,
      recording: { space_id: SEED.spaces.personal, audio_id: SEED.recordings.uploadedNotProcessed },
    });
    expect(typeof body.protocol_markdown).toBe('string');
    expect(body.protocol_markdown.length).toBeGreaterThan(0);
    expect(Array.isArray(body.transcript)).toBe(true);
    // The protocol's action items (the emulator's table of tasks), read outside the worker.
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.items[0]).toMatchObject({
      key: expect.stringMatching(/^\d+:\d+:/),
      text: expect.any(String),
    });

    // Nothing more arrives: the outbox is empty and its alarm gone.
    const jobs = (await background.send('jobs.list', {})) as Extract<Answer, { ok: true }>;
    expect(jobs.data.find((job: { id: string }) => job.id === jobId)).toMatchObject({ phase: 'ready' });
    await expect
      .poll(async () => (await background.alarms()).map((alarm) => alarm.name))
      .not.toContain('delivery-retry');
    await new Promise((resolve) => setTimeout(resolve, 8_000));
    expect(receiver.at('/hook')).toHaveLength(3);

    // The log says what happened, in plain words.
    const page = await openOptions(context, extensionId);
    const log = page.getByTestId('delivery-log-item');
    await expect(log).toHaveCount(3);
    await expect(log.nth(0)).toContainText('Delivered (HTTP 200).');
    await expect(log.nth(1)).toContainText(
      'The destination could not take it now (HTTP 503). Trying again at',
    );
    await expect(log.nth(1)).toContainText('HTTP 503');

    // Send again: a new run, so a new key, delivered once.
    await log
      .nth(0)
      .getByRole('button', { name: /^Send “.+” again$/ })
      .click();
    await expect.poll(() => receiver.at('/hook').length).toBe(4);
    const again = receiver.at('/hook')[3]!;
    expect(again.headers['idempotency-key']).toMatch(
      new RegExp(`^mc-${SEED.spaces.personal}-${SEED.recordings.uploadedNotProcessed}-`),
    );
    expect(again.headers['idempotency-key']).not.toBe(key);
    await expect(log).toHaveCount(4);

    // Test: a sample marked as a test.
    await page.getByRole('button', { name: `Send a test to ${receiver.url}/hook` }).click();
    await expect.poll(() => receiver.at('/hook').length).toBe(5);
    expect(JSON.parse(receiver.at('/hook')[4]!.body)).toMatchObject({ event: 'test' });
    await expect(log.nth(0)).toContainText('Test message');
    await expect(log.nth(0)).toContainText('Delivered (HTTP 200).');
  } finally {
    await receiver.close();
  }
});

test('Slack format, refused addresses and a 404 in plain words, remove', async ({ context, extensionId }) => {
  const receiver = await startReceiver({ '/gone': [404], '/moved': [302] });
  try {
    const page = await openOptions(context, extensionId);
    const field = page.getByLabel('Webhook URL');
    await field.fill('http://hooks.example.com/x');
    await page.getByRole('button', { name: 'Add destination' }).click();
    await expect(page.getByRole('alert')).toContainText('Only https addresses are accepted');
    await expect(field).toHaveValue('http://hooks.example.com/x');

    await addDestination(page, `${receiver.url}/slack`, 'Slack-compatible (text)');
    const slack = page.getByTestId('destination-item').filter({ hasText: '/slack' });
    await expect(slack).toContainText('Slack-compatible (text)');
    await slack.getByRole('button', { name: /^Send a test to / }).click();
    await expect.poll(() => receiver.at('/slack').length).toBe(1);
    const { text } = JSON.parse(receiver.at('/slack')[0]!.body) as { text: string };
    expect(text).toMatch(/^Test delivery from Meeting Capture/);
    expect(text).toContain('*Summary*');
    expect(text).toContain('This is a *test* of the destination.');
    expect(text).toContain('• Deliveries work');
    await expect(slack.getByTestId('delivery-log-item')).toContainText('Delivered (HTTP 200).');

    await addDestination(page, `${receiver.url}/gone`);
    const gone = page.getByTestId('destination-item').filter({ hasText: '/gone' });
    await gone.getByRole('button', { name: /^Send a test to / }).click();
    await expect(gone.getByTestId('delivery-log-item')).toContainText(
      'There is no webhook at this address (HTTP 404).',
    );

    await addDestination(page, `${receiver.url}/moved`);
    const moved = page.getByTestId('destination-item').filter({ hasText: '/moved' });
    await moved.getByRole('button', { name: /^Send a test to / }).click();
    await expect(moved.getByTestId('delivery-log-item')).toContainText(
      'The destination answered with a redirect, which is not followed',
    );
    expect(receiver.received.filter((item) => item.path === '/elsewhere')).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    // The section with its destinations and logs fits, in both languages and both themes.
    await page.setViewportSize({ width: 680, height: 900 });
    for (const language of ['en', 'ru'] as const) {
      if (language === 'ru') {
        await page.locator('#opt-lang').selectOption('ru');
        await expect(page.getByRole('heading', { name: 'Доставка' })).toBeVisible();
        await expect(gone.getByTestId('delivery-log-item')).toContainText(
          'По этому адресу нет вебхука (HTTP 404).',
        );
      }
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
        const report = await checkLayout(page);
        expect(report.problems, `${language}, ${colorScheme}:\n${formatProblems(report.problems)}`).toEqual(
          [],
        );
      }
    }
    await page.locator('#opt-lang').selectOption('en');
    await expect(page.getByRole('heading', { name: 'Deliveries', exact: true })).toBeVisible();

    await gone.getByRole('button', { name: /^Remove / }).click();
    await expect(page.getByTestId('destination-item')).toHaveCount(2);
    await page.reload();
    await expect(page.getByTestId('destination-item')).toHaveCount(2);
    await expect(page.getByTestId('destination-item').filter({ hasText: '/gone' })).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});

test('destinations belong to the account that set them up: another account sees none and is told they are kept', async ({
  context,
  extensionId,
  background,
  emulator,
}) => {
  await background.signIn(emulator.url);
  const options = await openOptions(context, extensionId);
  await addDestination(options, 'http://127.0.0.1:9/demo-hook');
  await expect(options.getByTestId('destinations-kept-for-others')).toHaveCount(0);

  expect(await background.send('session.signOut', {})).toMatchObject({ ok: true });
  const other = await background.send('session.signIn', {
    serviceUrl: emulator.url,
    email: SEED.users.other.email,
    password: SEED.users.other.password,
  });
  expect(other).toMatchObject({ ok: true, data: { signedIn: true } });
  await options.reload();
  await expect(options.getByText('No destination yet.')).toBeVisible();
  await expect(options.getByTestId('destination-item')).toHaveCount(0);
  await expect(options.getByTestId('destinations-kept-for-others')).toContainText(
    'A destination set up by another account is kept for that account',
  );

  expect(await background.send('session.signOut', {})).toMatchObject({ ok: true });
  await background.signIn(emulator.url);
  await options.reload();
  await expect(options.getByTestId('destination-item').filter({ hasText: '/demo-hook' })).toBeVisible();
  await expect(options.getByTestId('destinations-kept-for-others')).toHaveCount(0);
  await options.close();
});

test('a delivery waiting for its retry survives a browser restart', async ({ emulator }) => {
  const receiver = await startReceiver({ '/restart': [503] });
  const profileDir = mkdtempSync(path.join(tmpdir(), 'mc-deliveries-'));
  const launch = () =>
    chromium.launchPersistentContext(profileDir, {
      executablePath: chromiumPath,
      headless: true,
      args: [
        `--disable-extensions-except=${extensionPath}`,
        `--load-extension=${extensionPath}`,
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  const message = async (context: BrowserContext, type: string, payload: unknown): Promise<Answer> => {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const page = await context.newPage();
    await page.goto(`chrome-extension://${new URL(worker.url()).host}/manifest.json`);
    const answer = (await page.evaluate(
      ([t, p]) => chrome.runtime.sendMessage({ channel: 'meeting-capture', type: t, payload: p }),
      [type, payload] as const,
    )) as Answer;
    await page.close();
    return answer;
  };
  try {
    let context = await launch();
    const signedIn = await message(context, 'session.signIn', {
      serviceUrl: emulator.url,
      email: SEED.users.demo.email,
      password: SEED.users.demo.password,
    });
    expect(signedIn).toMatchObject({ ok: true });
    const added = (await message(context, 'deliveries.add', {
      url: `${receiver.url}/restart`,
      kind: 'webhook',
    })) as Extract<Answer, { ok: true }>;
    const sent = await message(context, 'deliveries.sendAgain', {
      id: added.data.id,
      spaceId: SEED.spaces.personal,
      audioId: SEED.recordings.ready,
    });
    expect(sent).toMatchObject({
      ok: true,
      data: { pending: 1, log: [{ outcome: 'retrying', status: 503 }] },
    });
    expect(receiver.at('/restart')).toHaveLength(1);
    await context.close();

    context = await launch();
    try {
      await expect.poll(() => receiver.at('/restart').length, { timeout: 30_000 }).toBe(2);
      const [first, second] = receiver.at('/restart');
      expect(second!.status).toBe(200);
      expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
      expect(second!.body).toBe(first!.body);
      await expect
        .poll(async () => {
          const list = (await message(context, 'deliveries.list', {})) as Extract<Answer, { ok: true }>;
          return list.data[0].pending;
        })
        .toBe(0);
    } finally {
      await context.close();
    }
  } finally {
    rmSync(profileDir, { recursive: true, force: true });
    await receiver.close();
  }
});

test('Telegram: a bot added by token and chat gets the protocol as a message and the transcript as a document, once', async ({
  context,
  extensionId,
  background,
  emulator,
}) => {
  const token = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
  const receiver = await startTelegramReceiver(token);
  try {
    await background.signIn(emulator.url);
    let page = await openOptions(context, extensionId);
    await pointBotApi(page, 'telegram', receiver.url);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Deliveries', exact: true })).toBeVisible();

    // A token pasted where an address goes: the bot's form takes it.
    await page.getByLabel('Webhook URL').fill(token);
    await expect(page.locator('#opt-webhook-kind')).toHaveValue('telegram');
    await expect(page.getByLabel('Bot token')).toHaveValue(token);
    await expect(page.getByLabel('Bot token')).toHaveAttribute('type', 'password');
    await page.getByLabel('Chat ID').fill('chat');
    await page.getByRole('button', { name: 'Add destination' }).click();
    await expect(page.getByRole('alert')).toContainText('The chat is a number');
    await page.getByLabel('Chat ID').fill('-1001234567890');
    await page.getByRole('button', { name: 'Add destination' }).click();
    const item = page.getByTestId('destination-item');
    await expect(item).toContainText('Telegram bot');
    await expect(item).toContainText('bot 123456789:… → -1001234567890');
    // The token is never shown back.
    expect(await page.content()).not.toContain('AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw');
    await item.getByLabel('Include the transcript').check();
    await expect(item.getByLabel('Include the transcript')).toBeChecked();

    // Test: the sample as a message, and (the transcript is on) a document.
    await item.getByRole('button', { name: /^Send a test to / }).click();
    await expect(item.getByTestId('delivery-log-item')).toContainText('Delivered (HTTP 200).');
    expect(receiver.calls.map((call) => call.method)).toEqual(['sendMessage', 'sendDocument']);
    expect(receiver.of('sendMessage')[0]!.body).toMatchObject({
      chat_id: '-1001234567890',
      parse_mode: 'HTML',
    });
    expect(String(receiver.of('sendMessage')[0]!.body.text)).toMatch(/^Test delivery from Meeting Capture/);

    // The bot's form fits and reads, in both languages and both themes.
    await page.locator('#opt-webhook-kind').selectOption('telegram');
    await expect(page.getByLabel('Bot token')).toHaveValue('');
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 680, height: 900 });
    for (const language of ['en', 'ru'] as const) {
      if (language === 'ru') {
        await page.locator('#opt-lang').selectOption('ru');
        await expect(page.getByLabel('Токен бота')).toBeVisible();
        await expect(item).toContainText('Бот Telegram');
      }
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
        const report = await checkLayout(page);
        expect(report.problems, `${language}, ${colorScheme}:\n${formatProblems(report.problems)}`).toEqual(
          [],
        );
      }
    }
    await page.locator('#opt-lang').selectOption('en');
    await page.close();

    const jobId = await background.startProcessing();
    await background.closePage();
    await emulator.advance(PROCESSING_DONE);
    await expect.poll(() => receiver.calls.length, { timeout: 60_000 }).toBe(4);
    const [message, document] = receiver.calls.slice(2);
    expect(message).toMatchObject({
      method: 'sendMessage',
      token,
      body: { chat_id: '-1001234567890', parse_mode: 'HTML' },
    });
    const text = String(message!.body.text);
    expect(text.length).toBeLessThanOrEqual(4096);
    expect(text).toMatch(/^<b>.+<\/b>/);
    expect(document).toMatchObject({ method: 'sendDocument', token, body: { chat_id: '-1001234567890' } });
    const file = document!.body.document as { name: string; type: string; text: string };
    expect(file.name).toMatch(/\.txt$/);
    expect(file.type).toMatch(/^text\/plain/);
    expect(file.text).toMatch(/\[\d+:\d\d\] .+: /);

    // Once: the job is ready, nothing waits, nothing more arrives.
    const jobs = (await background.send('jobs.list', {})) as Extract<Answer, { ok: true }>;
    expect(jobs.data.find((job: { id: string }) => job.id === jobId)).toMatchObject({ phase: 'ready' });
    await expect
      .poll(async () => (await background.alarms()).map((alarm) => alarm.name))
      .not.toContain('delivery-retry');
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(receiver.calls).toHaveLength(4);
    page = await openOptions(context, extensionId);
    await expect(page.getByTestId('delivery-log-item').first()).toContainText('Delivered (HTTP 200).');
    await expect(page.getByTestId('delivery-log-item')).toHaveCount(2);
  } finally {
    await receiver.close();
  }
});
