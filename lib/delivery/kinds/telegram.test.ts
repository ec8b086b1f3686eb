/**
 * Telegram delivery: the messages within the Bot API's limits (split at block ends, a block longer
 * than a message sent as plain pieces, at most five messages with a note), the escaping of its
 * HTML, the transcript as a file, the token and chat checked, the answers read (429 waits
 * retry_after; 401/404, 400 "chat not found" and 403 are refusals in words), and a delivery that
 * sends its messages and document once, resuming after the last one taken.
 */
import { describe, expect, it } from 'vitest';
import { memoryKeyValue } from '@/lib/kv';
import { sampleContent } from '../bodies';
import { Deliveries, type DeliveryDeps } from '../deliveries';
import { convertMarkdown } from '../markdown';
import { verdictOf } from '../retry';
import {
  escapeTelegram,
  splitTelegram,
  TELEGRAM_MESSAGES_MAX,
  TELEGRAM_TEXT_MAX,
  visibleLength,
} from '../telegram-text';
import { readyJob, readyResult } from '../testing';
import {
  parseTelegram,
  TELEGRAM_API,
  telegramAnswer,
  telegramKind,
  telegramMessages,
  telegramTranscript,
  transcriptFileName,
} from './telegram';

const TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
const MIN = 60_000;

describe('Telegram text', () => {
  it('escapes &, < and > in text; the protocol becomes Telegram HTML', () => {
    expect(escapeTelegram('a < b & c > d')).toBe('a &lt; b &amp; c &gt; d');
    expect(
      convertMarkdown('## Итоги\n**Решили** `x<y` [план](https://e.x/?a=1&b="2") <b>raw</b>', 'telegram'),
    ).toBe(
      '<b>Итоги</b>\n\n<b>Решили</b> <code>x&lt;y</code> <a href="https://e.x/?a=1&amp;b=&quot;2&quot;">план</a> &lt;b&gt;raw&lt;/b&gt;',
    );
    expect(convertMarkdown('> quoted\n\n```\na < b\n\nc\n```\n\n- one\n  - two', 'telegram')).toBe(
      '<blockquote>quoted</blockquote>\n\n<pre>a &lt; b\n\nc</pre>\n\n• one\n    • two',
    );
    expect(convertMarkdown('[x](javascript:alert(1))', 'telegram')).toBe('x');
  });

  it('counts what Telegram counts: tags dropped, entities as one character', () => {
    expect(visibleLength('<b>a&amp;b</b> <a href="https://x">c</a>')).toBe(5);
  });

  it('a short text is one message, as it is', () => {
    expect(splitTelegram('<b>A</b>\n\nB', 'cut')).toEqual(['<b>A</b>\n\nB']);
  });

  it('a long text is split at block ends, never inside a tag, each message within 4096', () => {
    const block = `<b>${'x'.repeat(1500)}</b>`;
    const pre = `<pre>${'y'.repeat(100)}\n\n${'z'.repeat(100)}</pre>`;
    const messages = splitTelegram([block, block, pre, block, block].join('\n\n'), 'cut');
    expect(messages.length).toBe(2);
    for (const message of messages) {
      expect(visibleLength(message)).toBeLessThanOrEqual(TELEGRAM_TEXT_MAX);
      expect(message.match(/<b>/g)?.length).toBe(message.match(/<\/b>/g)?.length);
      expect(message.match(/<pre>/g)?.length ?? 0).toBe(message.match(/<\/pre>/g)?.length ?? 0);
    }
    expect(messages.join('\n\n')).toBe([block, block, pre, block, block].join('\n\n'));
  });

  it('a block longer than a message goes as plain pieces, escaped', () => {
    const messages = splitTelegram(`<i>${escapeTelegram('a<'.repeat(3000))}</i>`, 'cut');
    expect(messages.length).toBe(2);
    for (const message of messages) {
      expect(message).not.toContain('<i>');
      expect(visibleLength(message)).toBeLessThanOrEqual(TELEGRAM_TEXT_MAX);
    }
    expect(messages.join('')).toBe(escapeTelegram('a<'.repeat(3000)));
  });

  it('more than five messages: five, the last ending with the note within the limit', () => {
    const text = Array.from({ length: 30 }, (_, i) => `${i} ${'w'.repeat(1000)}`).join('\n\n');
    const messages = splitTelegram(text, 'shortened & cut');
    expect(messages).toHaveLength(TELEGRAM_MESSAGES_MAX);
    expect(messages.at(-1)).toMatch(/<i>shortened &amp; cut<\/i>$/);
    for (const message of messages) expect(visibleLength(message)).toBeLessThanOrEqual(TELEGRAM_TEXT_MAX);
  });
});

describe('Telegram bodies', () => {
  const content = {
    recording: { spaceId: 7, spaceName: 'Team <core>', audioId: 42, title: 'Weekly  sync & plan' },
    result: readyResult,
    readyAt: 0,
    source: 'process',
    speakerNames: { '1': 'Anna' },
  };

  it('the message: the title in bold, the facts, then the protocol', () => {
    const [message] = telegramMessages(content, { lang: 'en', test: false }, '<b>Summary</b>\n\n<b>Done</b>');
    expect(message).toBe(
      '<b>Weekly sync &amp; plan</b>\nTeam &lt;core&gt; · 1 min\n\n<b>Summary</b>\n\n<b>Done</b>',
    );
    const [empty] = telegramMessages(content, { lang: 'ru', test: true }, '');
    expect(empty).toContain('Проверка доставки из Meeting Capture');
    expect(empty).toContain('(Протокол пуст.)');
  });

  it('the transcript: a text file, names given in this browser win', () => {
    expect(telegramTranscript(content, 'en')).toBe('Weekly sync & plan\n\n## A\n\n[0:00] Anna: Hello\n');
    expect(transcriptFileName('Weekly: sync/plan?', 'en')).toBe('Weekly sync plan.txt');
    expect(transcriptFileName('???', 'ru')).toBe('Расшифровка.txt');
  });

  it('the requests: sendMessage as JSON with parse_mode HTML, then sendDocument as a form when the transcript goes', () => {
    const destination = {
      id: 'd',
      kind: 'telegram' as const,
      url: `${TELEGRAM_API}/bot${TOKEN}`,
      chatId: '-100123',
      spaceIds: null,
      includeTranscript: true,
      addedAt: 0,
    };
    const input = { content, destination, idempotencyKey: 'k', protocol: '<b>Done</b>', sources: null };
    const requests = telegramKind.body({
      ...input,
      options: { includeTranscript: true, lang: 'en', test: false },
    });
    expect(requests.map((request) => request.path)).toEqual(['/sendMessage', '/sendDocument']);
    expect(JSON.parse(requests[0]!.body as string)).toMatchObject({ chat_id: '-100123', parse_mode: 'HTML' });
    expect(requests[1]!.body).toEqual([
      { name: 'chat_id', value: '-100123' },
      { name: 'caption', value: 'Weekly sync & plan' },
      {
        name: 'document',
        file: { name: 'Weekly sync plan.txt', type: 'text/plain', text: telegramTranscript(content, 'en') },
      },
    ]);
    const without = telegramKind.body({
      ...input,
      options: { includeTranscript: false, lang: 'en', test: false },
    });
    expect(without.map((request) => request.path)).toEqual(['/sendMessage']);
  });

  it('a token and a chat are checked; the token is kept in the address, never the reverse', () => {
    expect(parseTelegram({ token: ` ${TOKEN} `, chatId: ' -1001234567890 ' })).toEqual({
      ok: true,
      url: `https://api.telegram.org/bot${TOKEN}`,
      chatId: '-1001234567890',
    });
    expect(
      parseTelegram({ token: `bot${TOKEN}`, chatId: '@my_channel' }, 'http://127.0.0.1:9/'),
    ).toMatchObject({
      ok: true,
      url: `http://127.0.0.1:9/bot${TOKEN}`,
    });
    for (const token of [
      '',
      '123:short',
      'abc:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw',
      `${TOKEN}/x`,
      `${TOKEN}?a`,
    ])
      expect(parseTelegram({ token, chatId: '1' }), token).toEqual({ ok: false, problem: 'token' });
    for (const chatId of ['', 'chat', '@ab', '1 2', '@bad-name', '-'])
      expect(parseTelegram({ token: TOKEN, chatId }), chatId).toEqual({ ok: false, problem: 'chat' });
  });
});

describe('Bot API answers', () => {
  it('ok is delivered; a 2xx that is not the Bot API is not', () => {
    expect(verdictOf(telegramAnswer(200, { ok: true, result: {} }, null))).toBe('delivered');
    expect(verdictOf(telegramAnswer(200, 'ok', null))).toBe('transient');
  });

  it('429 waits retry_after (seconds), or Retry-After without it', () => {
    const answer = telegramAnswer(
      429,
      {
        ok: false,
        error_code: 429,
        description: 'Too Many Requests: retry after 35',
        parameters: { retry_after: 35 },
      },
      null,
    );
    expect(answer).toEqual({ status: 429, retryAfterMs: 35_000 });
    expect(verdictOf(answer)).toBe('transient');
    expect(telegramAnswer(429, undefined, 7_000)).toEqual({ status: 429, retryAfterMs: 7_000 });
  });

  it('a group become a supergroup is a refusal, never retried to the old chat', () => {
    const body = {
      ok: false,
      error_code: 400,
      description: 'Bad Request: group chat was upgraded to a supergroup chat',
      parameters: { migrate_to_chat_id: -1001234567890 },
    };
    const answer = telegramAnswer(400, body, null);
    expect(answer).toEqual({ status: 400, refusal: 'chat-migrated' });
    expect(verdictOf(answer)).toBe('permanent');
    // The description alone (an answer without parameters) says the same.
    expect(telegramAnswer(400, { ...body, parameters: undefined }, null)).toEqual({
      status: 400,
      refusal: 'chat-migrated',
    });
    // Any other 400 stays a plain, permanent HTTP failure.
    expect(
      telegramAnswer(
        400,
        { ok: false, error_code: 400, description: 'Bad Request: message is too long' },
        null,
      ),
    ).toEqual({ status: 400, retryAfterMs: null });
  });

  it('a wrong token, an unknown chat and a blocked bot are refusals, not retried', () => {
    const cases = [
      [401, { ok: false, error_code: 401, description: 'Unauthorized' }, 'bad-token'],
      [404, { ok: false, error_code: 404, description: 'Not Found' }, 'bad-token'],
      [400, { ok: false, error_code: 400, description: 'Bad Request: chat not found' }, 'chat-not-found'],
      [
        403,
        { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' },
        'bot-blocked',
      ],
      [
        403,
        { ok: false, error_code: 403, description: 'Forbidden: bot is not a member of the channel chat' },
        'bot-blocked',
      ],
    ] as const;
    for (const [status, body, refusal] of cases) {
      const answer = telegramAnswer(status, body, null);
      expect(answer, body.description).toEqual({ status, refusal });
      expect(verdictOf(answer)).toBe('permanent');
    }
  });

  it('any other 400 is permanent with its status; a 5xx is retried', () => {
    expect(
      verdictOf(
        telegramAnswer(
          400,
          { ok: false, error_code: 400, description: "Bad Request: can't parse entities" },
          null,
        ),
      ),
    ).toBe('permanent');
    expect(verdictOf(telegramAnswer(502, undefined, null))).toBe('transient');
  });
});

/** A Bot API on a script: each call answers the next scripted answer (then ok), and is kept. */
function botApi(script: Array<{ status: number; body: unknown }> = []) {
  const calls: Array<{ method: string; body: unknown }> = [];
  const send = (async (input: string, init: RequestInit) => {
    const method = String(input).split('/').at(-1)!;
    const body =
      init.body instanceof FormData
        ? Object.fromEntries(
            [...init.body.entries()].map(([name, value]) => [
              name,
              typeof value === 'string' ? value : (value as File).name,
            ]),
          )
        : JSON.parse(String(init.body));
    calls.push({ method, body });
    const next = script.shift() ?? { status: 200, body: { ok: true, result: { message_id: calls.length } } };
    return new Response(JSON.stringify(next.body), {
      status: next.status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return { calls, fetch: send };
}

function harness(script: Parameters<typeof botApi>[0] = []) {
  let now = 1_000_000;
  let ids = 0;
  const api = botApi(script);
  const deps: DeliveryDeps = {
    kv: memoryKeyValue(),
    now: () => now,
    fetch: api.fetch,
    hasOriginAccess: async () => true,
    lang: async () => 'en',
    convertMarkdown: async (markdown, dialect) => convertMarkdown(markdown, dialect),
    botApi: async () => 'http://127.0.0.1:9',
    schedule: async () => undefined,
    newId: () => `id${++ids}`,
    backoffBaseMs: MIN,
  };
  return { api, deps, deliveries: new Deliveries(deps), advance: (ms: number) => (now += ms) };
}

describe('a Telegram delivery', () => {
  it('is added from a token and a chat, shown without its token, and refused with the field at fault', async () => {
    const h = harness();
    await expect(h.deliveries.add({ kind: 'telegram', token: 'nope', chatId: '1' })).rejects.toMatchObject({
      info: { reason: 'invalid-address', problem: 'token' },
    });
    await expect(h.deliveries.add({ kind: 'telegram', token: TOKEN, chatId: 'x' })).rejects.toMatchObject({
      info: { reason: 'invalid-address', problem: 'chat' },
    });
    const view = await h.deliveries.add({
      kind: 'telegram',
      token: TOKEN,
      chatId: '-100123',
      includeTranscript: true,
    });
    expect(view.address).toBe('bot 123456789:… → -100123');
    expect(JSON.stringify(await h.deliveries.list())).not.toContain('AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw');
    // Not switched to a kind entered by address.
    await expect(h.deliveries.update(view.id, { kind: 'webhook' })).rejects.toMatchObject({
      info: { reason: 'invalid-address' },
    });
  });

  it('sends the message, then the transcript, once; a 429 on the document waits retry_after and sends only the document again', async () => {
    const h = harness([
      { status: 200, body: { ok: true, result: {} } },
      {
        status: 429,
        body: {
          ok: false,
          error_code: 429,
          description: 'Too Many Requests: retry after 300',
          parameters: { retry_after: 300 },
        },
      },
    ]);
    await h.deliveries.add({ kind: 'telegram', token: TOKEN, chatId: '-100123', includeTranscript: true });
    await h.deliveries.enqueueResult(readyJob, readyResult);
    await h.deliveries.idle();
    expect(h.api.calls.map((call) => call.method)).toEqual(['sendMessage', 'sendDocument']);
    expect(h.api.calls[0]!.body).toMatchObject({ chat_id: '-100123', parse_mode: 'HTML' });
    expect((h.api.calls[0]!.body as { text: string }).text).toContain('<b>Summary</b>\n\n<b>Done</b>');
    const [view] = await h.deliveries.list();
    expect(view!.log[0]).toMatchObject({
      outcome: 'retrying',
      status: 429,
      nextAttemptAt: 1_000_000 + 5 * MIN,
    });
    // Before retry_after (the backoff alone would be 1 minute): nothing.
    h.advance(2 * MIN);
    await new Deliveries(h.deps).sendDue();
    expect(h.api.calls).toHaveLength(2);
    h.advance(3 * MIN);
    await new Deliveries(h.deps).sendDue();
    expect(h.api.calls.map((call) => call.method)).toEqual(['sendMessage', 'sendDocument', 'sendDocument']);
    expect(h.api.calls[2]!.body).toEqual({
      chat_id: '-100123',
      caption: 'Weekly sync',
      document: 'Weekly sync.txt',
    });
    const [after] = await h.deliveries.list();
    expect(after).toMatchObject({
      pending: 0,
      log: [{ outcome: 'delivered', status: 200 }, { outcome: 'retrying' }],
    });
  });

  it('a blocked bot fails at once, in words the page can say', async () => {
    const h = harness([
      {
        status: 403,
        body: { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' },
      },
    ]);
    const { id } = await h.deliveries.add({ kind: 'telegram', token: TOKEN, chatId: '42' });
    const view = await h.deliveries.test(id);
    expect(h.api.calls.map((call) => call.method)).toEqual(['sendMessage']);
    expect(view.log[0]).toMatchObject({ test: true, outcome: 'failed', status: 403, problem: 'bot-blocked' });
  });

  it('an answer longer than 64 kB is not read: a 200 so long is not taken as delivered', async () => {
    const h = harness([{ status: 200, body: { ok: true, result: { text: 'x'.repeat(100_000) } } }]);
    const { id } = await h.deliveries.add({ kind: 'telegram', token: TOKEN, chatId: '42' });
    const view = await h.deliveries.test(id);
    expect(view.log[0]).toMatchObject({ test: true, outcome: 'failed', status: 502 });
  });

  it('"Test" sends the sample as a message', async () => {
    const h = harness();
    const { id } = await h.deliveries.add({ kind: 'telegram', token: TOKEN, chatId: '42' });
    await h.deliveries.test(id);
    const text = (h.api.calls[0]!.body as { text: string }).text;
    expect(text).toMatch(/^Test delivery from Meeting Capture/);
    expect(text).toContain('This is a <b>test</b> of the destination.');
    expect(sampleContent(0).recording.title).toBe('Test delivery');
  });
});
