import { beforeEach, describe, expect, it } from 'vitest';
import { type KeyValueStore, memoryKeyValue } from '@/lib/kv';
import { Deliveries, type DeliveryDeps } from './deliveries';
import { DestinationError } from './destinations';
import { slackBody } from './format';
import { convertMarkdown } from './markdown';
import { GIVE_UP_AFTER_MS } from './retry';
import { HOOK, readyJob as job, readyResult as result } from './testing';

const MIN = 60_000;

interface Sent {
  url: string;
  init: RequestInit;
  key: string;
  body: unknown;
}

/** A harness: memory store, a clock moved by hand, a receiver answering from a script. */
function harness(answers: Array<number | 'network' | 'redirect'> = []) {
  let now = 1_000_000;
  const sent: Sent[] = [];
  const alarms: Array<number | null> = [];
  const script = [...answers];
  let ids = 0;
  const kv: KeyValueStore = memoryKeyValue();
  /** Protocols converted to Slack mrkdwn (the background has it done outside the worker). */
  const converted: string[] = [];
  const deps: DeliveryDeps = {
    kv,
    now: () => now,
    lang: async () => 'en',
    convertMarkdown: async (markdown, dialect) => {
      converted.push(markdown);
      return convertMarkdown(markdown, dialect);
    },
    hasOriginAccess: async () => true,
    newId: () => `id${++ids}`,
    schedule: async (at) => {
      alarms.push(at);
    },
    fetch: (async (input: string, init: RequestInit) => {
      const headers = init.headers as Record<string, string>;
      sent.push({
        url: String(input),
        init,
        key: headers['idempotency-key']!,
        body: JSON.parse(String(init.body)),
      });
      const next = script.shift() ?? 200;
      if (next === 'network') throw new TypeError('Failed to fetch');
      if (next === 'redirect')
        return new Response(null, { status: 302, headers: { location: 'https://elsewhere' } });
      return new Response('ok', { status: next });
    }) as typeof fetch,
  };
  return {
    deps,
    kv,
    converted,
    sent,
    alarms,
    advance: (ms: number) => {
      now += ms;
    },
    now: () => now,
    /** A new worker: nothing in memory survives but the store. */
    restart: () => new Deliveries(deps),
    deliveries: new Deliveries(deps),
  };
}

describe('destinations', () => {
  it('are added with their address checked again and access required, and shown masked', async () => {
    const h = harness();
    await expect(h.deliveries.add({ url: 'http://example.com/x', kind: 'webhook' })).rejects.toMatchObject({
      info: { reason: 'invalid-address', problem: 'insecure' },
    });
    h.deps.hasOriginAccess = async () => false;
    await expect(
      h.deliveries.add({ url: 'https://hooks.slack.com/services/T/B/secret', kind: 'slack' }),
    ).rejects.toBeInstanceOf(DestinationError);
    h.deps.hasOriginAccess = async () => true;
    const view = await h.deliveries.add({
      url: 'https://hooks.slack.com/services/T/B/secret',
      kind: 'slack',
    });
    expect(view).toMatchObject({
      address: 'https://hooks.slack.com/services/…',
      spaceIds: null,
      includeTranscript: false,
    });
    expect(JSON.stringify(await h.deliveries.list())).not.toContain('secret');
  });
});

describe('the outbox', () => {
  let h: ReturnType<typeof harness>;
  beforeEach(() => {
    h = harness();
  });

  it('a ready result goes once to each destination that wants its space, with one idempotency key per run', async () => {
    const all = await h.deliveries.add({ url: HOOK, kind: 'webhook' });
    await h.deliveries.add({ url: 'http://127.0.0.1:9000/other', kind: 'webhook', spaceIds: [99] });
    const slack = await h.deliveries.add({
      url: 'http://127.0.0.1:9000/slack',
      kind: 'slack',
      spaceIds: [7],
    });
    expect(await h.deliveries.enqueueResult(job, result)).toBe(2);
    await h.deliveries.idle();
    expect(h.sent.map((s) => s.url).sort()).toEqual([HOOK, 'http://127.0.0.1:9000/slack']);
    expect(new Set(h.sent.map((s) => s.key))).toEqual(new Set(['mc-7-42-job-1']));
    const webhook = h.sent.find((s) => s.url === HOOK)!;
    expect(webhook.body).toMatchObject({
      schema: 'meeting-capture.delivery/v1',
      idempotency_key: 'mc-7-42-job-1',
    });
    expect((h.sent.find((s) => s.url !== HOOK)!.body as { text: string }).text).toContain('*Summary*');
    const [listed] = await h.deliveries.list();
    expect(listed!.log[0]).toMatchObject({ outcome: 'delivered', status: 200, destinationId: all.id });
    expect((await h.deliveries.list()).find((d) => d.id === slack.id)!.pending).toBe(0);
    // Empty outbox: the alarm is cleared.
    expect(h.alarms.at(-1)).toBeNull();
  });

  it('the result handed on again (worker stopped before the job was marked ready) is not enqueued again', async () => {
    await h.deliveries.add({ url: HOOK, kind: 'webhook' });
    expect(await h.deliveries.enqueueResult(job, result)).toBe(1);
    await h.deliveries.idle();
    expect(await h.restart().enqueueResult(job, result)).toBe(0);
    await h.deliveries.idle();
    expect(h.sent).toHaveLength(1);
  });

  it('enqueueing arms the alarm before the first attempt, so a stop right after still delivers', async () => {
    await h.deliveries.add({ url: HOOK, kind: 'webhook' });
    const gate = h.deps.fetch;
    let attempting: () => void = () => undefined;
    const attempted = new Promise<void>((resolve) => {
      attempting = resolve;
    });
    // The worker dies mid-attempt: the answer never comes.
    h.deps.fetch = () => {
      attempting();
      return new Promise(() => undefined);
    };
    await h.deliveries.enqueueResult(job, result);
    expect(h.alarms.find((at) => at !== null)).toBe(h.now());
    await attempted;
    h.deps.fetch = gate;
    const next = h.restart();
    await next.sendDue();
    expect(h.sent).toHaveLength(0); // still leased
    h.advance(40_000);
    await next.sendDue();
    expect(h.sent).toHaveLength(1);
    expect(h.sent[0]!.key).toBe('mc-7-42-job-1');
  });

  it('transient failures are retried with backoff and the same key; a success ends it', async () => {
    h = harness([503, 'network', 429, 200]);
    await h.deliveries.add({ url: HOOK, kind: 'webhook' });
    await h.deliveries.enqueueResult(job, result);
    await h.deliveries.idle();
    expect(h.sent).toHaveLength(1);
    expect(h.alarms.at(-1)).toBe(h.now() + MIN);
    h.advance(MIN - 1);
    await h.restart().sendDue();
    expect(h.sent).toHaveLength(1);
    h.advance(1);
    await h.restart().sendDue();
    expect(h.sent).toHaveLength(2);
    expect(h.alarms.at(-1)).toBe(h.now() + 2 * MIN);
    h.advance(2 * MIN);
    await h.restart().sendDue();
    expect(h.alarms.at(-1)).toBe(h.now() + 4 * MIN);
    h.advance(4 * MIN);
    await h.restart().sendDue();
    expect(h.sent.map((s) => s.key)).toEqual(Array(4).fill('mc-7-42-job-1'));
    expect(h.sent.every((s) => JSON.stringify(s.body) === JSON.stringify(h.sent[0]!.body))).toBe(true);
    const log = (await h.deliveries.list())[0]!.log;
    expect(log.map((e) => [e.outcome, e.status, e.problem])).toEqual([
      ['delivered', 200, null],
      ['retrying', 429, 'http'],
      ['retrying', null, 'network'],
      ['retrying', 503, 'http'],
    ]);
    expect(h.alarms.at(-1)).toBeNull();
  });

  it('a worker stopped between an attempt and its record keeps that attempt in the log, and the next is counted after it', async () => {
    h = harness([503]);
    await h.deliveries.add({ url: HOOK, kind: 'webhook' });
    const store = h.deps.kv;
    const send = h.deps.fetch;
    let stopped = false;
    // The answer arrives, then the worker stops: nothing it writes after that is kept.
    h.deps.fetch = (async (input: string, init: RequestInit) => {
      const answer = await send(input, init);
      stopped = true;
      return answer;
    }) as typeof fetch;
    h.deps.kv = new Proxy(store, {
      get: (target, name: keyof typeof store) =>
        name === 'get'
          ? target.get
          : async (...args: unknown[]) => {
              if (stopped) throw new Error('worker stopped');
              return (target[name] as (...all: unknown[]) => Promise<unknown>)(...args);
            },
    });
    await h.deliveries.enqueueResult(job, result);
    await h.deliveries.idle();
    expect(h.sent).toHaveLength(1);

    // A new worker, once the lease has run out: the second attempt is delivered.
    h.deps.kv = store;
    h.deps.fetch = send;
    h.advance(40_000);
    await h.restart().sendDue();
    expect(h.sent).toHaveLength(2);
    const log = (await h.deliveries.list())[0]!.log;
    expect(log.map((e) => [e.attempt, e.outcome, e.status, e.problem])).toEqual([
      [2, 'delivered', 200, null],
      [1, 'retrying', null, 'interrupted'],
    ]);
    expect(log.every((e) => e.idempotencyKey === 'mc-7-42-job-1')).toBe(true);
    expect((await h.deliveries.list())[0]!.pending).toBe(0);
  });

  it('an attempt under way is in the log as sending, then as its outcome', async () => {
    h = harness([503]);
    await h.deliveries.add({ url: HOOK, kind: 'webhook' });
    const send = h.deps.fetch;
    let seen: string[] = [];
    h.deps.fetch = (async (input: string, init: RequestInit) => {
      seen = (await h.deliveries.list())[0]!.log.map((e) => e.outcome);
      return send(input, init);
    }) as typeof fetch;
    await h.deliveries.enqueueResult(job, result);
    await h.deliveries.idle();
    expect(seen).toEqual(['sending']);
    const log = (await h.deliveries.list())[0]!.log;
    expect(log.map((e) => [e.attempt, e.outcome, e.status])).toEqual([[1, 'retrying', 503]]);
  });

  it('a 4xx other than 408/429 is permanent; so is a redirect, which is never followed', async () => {
    h = harness([404, 'redirect']);
    await h.deliveries.add({ url: HOOK, kind: 'webhook' });
    await h.deliveries.add({ url: 'http://127.0.0.1:9000/b', kind: 'webhook' });
    await h.deliveries.enqueueResult(job, result);
    await h.deliveries.idle();
    expect(h.sent).toHaveLength(2);
    expect(h.sent.every((s) => s.init.redirect === 'manual' && s.init.credentials === 'omit')).toBe(true);
    expect(h.sent.every((s) => !('authorization' in (s.init.headers as object)))).toBe(true);
    const logs = (await h.deliveries.list()).map((d) => d.log[0]);
    expect(logs.map((e) => [e!.outcome, e!.status, e!.problem])).toEqual([
      ['failed', 404, 'http'],
      ['failed', null, 'redirect'],
    ]);
    h.advance(60 * MIN);
    await h.deliveries.sendDue();
    expect(h.sent).toHaveLength(2);
    expect(h.alarms.at(-1)).toBeNull();
  });

  it('gives up 24 hours after the protocol was ready', async () => {
    h = harness(Array(100).fill(500));
    await h.deliveries.add({ url: HOOK, kind: 'webhook' });
    await h.deliveries.enqueueResult(job, result);
    await h.deliveries.idle();
    const start = h.now();
    while (h.alarms.at(-1) !== null) {
      h.advance(h.alarms.at(-1)! - h.now());
      await h.deliveries.sendDue();
    }
    expect(h.now() - start).toBeLessThanOrEqual(GIVE_UP_AFTER_MS);
    expect(h.sent.length).toBe(29);
    expect((await h.deliveries.list())[0]!.log[0]).toMatchObject({
      outcome: 'failed',
      problem: 'expired',
      status: 500,
    });
  });

  it('"Send again" is a new run with a new key; "Test" sends a marked sample once', async () => {
    const destination = await h.deliveries.add({ url: HOOK, kind: 'webhook' });
    await h.deliveries.enqueueResult(job, result);
    await h.deliveries.idle();
    await h.deliveries.sendAgain(destination.id, {
      recording: { spaceId: 7, spaceName: 'Team', audioId: 42, title: 'Weekly sync' },
      result,
      readyAt: h.now(),
      source: null,
    });
    expect(h.sent).toHaveLength(2);
    expect(h.sent[1]!.key).toMatch(/^mc-7-42-/);
    expect(h.sent[1]!.key).not.toBe(h.sent[0]!.key);
    const view = await h.deliveries.test(destination.id);
    expect(h.sent[2]!.body).toMatchObject({ event: 'test' });
    expect(view.log[0]).toMatchObject({ test: true, outcome: 'delivered' });
  });

  it('removing a destination drops what waits for it and clears the alarm', async () => {
    h = harness([503]);
    const destination = await h.deliveries.add({ url: HOOK, kind: 'webhook' });
    await h.deliveries.enqueueResult(job, result);
    await h.deliveries.idle();
    expect((await h.deliveries.list())[0]!.pending).toBe(1);
    await h.deliveries.remove(destination.id);
    expect(await h.deliveries.list()).toEqual([]);
    expect(h.alarms.at(-1)).toBeNull();
    expect((await h.kv.keys()).filter((key) => key.startsWith('body:'))).toEqual([]);
  });
});

describe('Slack bodies, converted outside the worker', () => {
  const SLACK = 'http://127.0.0.1:9000/slack';

  it('are the same bytes as slackBody, made at the first attempt and sent again unchanged on retries', async () => {
    const h = harness([503, 200]);
    await h.deliveries.add({ url: SLACK, kind: 'slack', includeTranscript: true });
    expect(await h.deliveries.enqueueResult(job, result)).toBe(1);
    await h.deliveries.idle();
    const expected = slackBody(
      {
        recording: { spaceId: 7, spaceName: 'Team', audioId: 42, title: 'Weekly sync' },
        result,
        readyAt: 1_000_000,
        source: 'process',
      },
      { includeTranscript: true, lang: 'en' },
    );
    expect(h.sent[0]!.body).toEqual(expected);
    expect(String(h.sent[0]!.init.body)).toBe(JSON.stringify(expected));
    // The retry (a new worker) sends the stored bytes: no second conversion.
    h.advance(2 * MIN);
    await h.restart().sendDue();
    expect(h.sent.map((s) => s.init.body)).toEqual([JSON.stringify(expected), JSON.stringify(expected)]);
    expect(h.converted).toEqual(['## Summary\n**Done**']);
  });

  it('a conversion that fails sends nothing and is tried again after the lease; the entry is kept', async () => {
    const h = harness();
    await h.deliveries.add({ url: SLACK, kind: 'slack' });
    const working = h.deps.convertMarkdown;
    h.deps.convertMarkdown = async () => {
      throw new Error('the offscreen document did not answer');
    };
    expect(await h.deliveries.enqueueResult(job, result)).toBe(1);
    await h.deliveries.idle();
    expect(h.sent).toEqual([]);
    const [view] = await h.deliveries.list();
    expect(view!.pending).toBe(1);
    expect(view!.log).toEqual([]);
    // Due again once the lease ends, and armed for then.
    expect(h.alarms.at(-1)).toBeGreaterThan(h.now());
    h.deps.convertMarkdown = working;
    h.advance(MIN);
    await h.restart().sendDue();
    expect(h.sent).toHaveLength(1);
    expect((h.sent[0]!.body as { text: string }).text).toContain('*Summary*\n\n*Done*');
    expect((await h.deliveries.list())[0]!.pending).toBe(0);
  });

  it('a conversion still failing a day after the protocol was ready drops the entry', async () => {
    const h = harness();
    await h.deliveries.add({ url: SLACK, kind: 'slack' });
    h.deps.convertMarkdown = async () => {
      throw new Error('no document');
    };
    await h.deliveries.enqueueResult(job, result);
    await h.deliveries.idle();
    h.advance(GIVE_UP_AFTER_MS);
    await h.restart().sendDue();
    expect(h.sent).toEqual([]);
    expect((await h.deliveries.list())[0]!.pending).toBe(0);
    expect(h.alarms.at(-1)).toBeNull();
  });
});

describe('outbox entries stored before the kinds', () => {
  /** An entry as the outbox kept it, with its body in the shape of that time. */
  async function storeOld(h: ReturnType<typeof harness>, destinationId: string, body: unknown) {
    const entry = {
      id: 'old-1',
      destinationId,
      idempotencyKey: 'mc-7-42-old',
      recording: { spaceId: 7, spaceName: 'Team', audioId: 42, title: 'Weekly sync' },
      test: false,
      readyAt: h.now(),
      attempts: 0,
      nextAttemptAt: h.now(),
    };
    await h.kv.set('outbox', { entries: [entry], runs: ['job:old'] });
    await h.kv.set('body:old-1', body);
  }

  it('a webhook body stored as its JSON text is sent as those bytes', async () => {
    const h = harness();
    const { id } = await h.deliveries.add({ url: HOOK, kind: 'webhook' });
    const old = JSON.stringify({ schema: 'meeting-capture.delivery/v1', event: 'protocol.ready' });
    await storeOld(h, id, old);
    await h.restart().sendDue();
    expect(h.sent.map((s) => s.init.body)).toEqual([old]);
    expect(h.sent[0]!.key).toBe('mc-7-42-old');
    expect((await h.deliveries.list())[0]!.log[0]).toMatchObject({ outcome: 'delivered', status: 200 });
    expect(await h.kv.get('body:old-1')).toBeUndefined();
  });

  it('a Slack draft stored as { slack: { content, options } } is converted and sent as a Slack body', async () => {
    const h = harness();
    const { id } = await h.deliveries.add({ url: 'http://127.0.0.1:9000/slack', kind: 'slack' });
    const content = {
      recording: { spaceId: 7, spaceName: 'Team', audioId: 42, title: 'Weekly sync' },
      result,
      readyAt: h.now(),
      source: 'process',
    };
    await storeOld(h, id, { slack: { content, options: { includeTranscript: false, lang: 'en' } } });
    await h.restart().sendDue();
    expect(h.sent).toHaveLength(1);
    expect(h.sent[0]!.body).toEqual(slackBody(content, { includeTranscript: false, lang: 'en' }));
    expect(h.converted).toEqual(['## Summary\n**Done**']);
  });

  it('a body of no known shape is dropped without an attempt', async () => {
    const h = harness();
    const { id } = await h.deliveries.add({ url: HOOK, kind: 'webhook' });
    await storeOld(h, id, { something: 'else' });
    await h.restart().sendDue();
    expect(h.sent).toEqual([]);
    expect((await h.deliveries.list())[0]!.pending).toBe(0);
  });
});

describe('destinations of accounts', () => {
  it('belong to the account that set them up: another starts with none, is told of the kept ones and gets none of their protocols', async () => {
    const h = harness();
    let owner: string | null = 'https://svc.example|anna@example.com';
    h.deps.owner = async () => owner;
    const deliveries = h.restart();
    const anna = await deliveries.add({ url: HOOK, kind: 'webhook' });
    expect(await deliveries.keptForOthers()).toBe(0);

    // Signed out, then Boris signs in (or the service changes): none of Anna's.
    owner = null;
    expect(await deliveries.list()).toEqual([]);
    owner = 'https://svc.example|boris@example.com';
    expect(await deliveries.list()).toEqual([]);
    expect(await deliveries.keptForOthers()).toBe(1);
    expect(await deliveries.enqueueResult({ ...job, id: 'job-boris' }, result)).toBe(0);
    await expect(deliveries.test(anna.id)).rejects.toMatchObject({ info: { reason: 'not-found' } });
    await expect(deliveries.update(anna.id, { includeTranscript: true })).rejects.toMatchObject({
      info: { reason: 'not-found' },
    });
    await deliveries.remove(anna.id);
    const boris = await deliveries.add({ url: 'http://127.0.0.1:9000/boris', kind: 'webhook' });
    expect(await deliveries.enqueueResult({ ...job, id: 'job-boris-2' }, result)).toBe(1);
    await deliveries.idle();
    expect(h.sent.map((sent) => sent.url)).toEqual(['http://127.0.0.1:9000/boris']);

    // Anna back: hers, kept, and not Boris's.
    owner = 'https://svc.example|anna@example.com';
    expect((await deliveries.list()).map((view) => view.id)).toEqual([anna.id]);
    expect(await deliveries.keptForOthers()).toBe(1);
    expect((await deliveries.list()).map((view) => view.id)).not.toContain(boris.id);

    // One added while nobody is signed in is taken by the next account that reads it.
    owner = null;
    const meanwhile = await deliveries.add({ url: 'http://127.0.0.1:9000/meanwhile', kind: 'webhook' });
    expect((await deliveries.list()).map((view) => view.id)).toEqual([meanwhile.id]);
    owner = 'https://svc.example|boris@example.com';
    expect((await deliveries.list()).map((view) => view.id)).toEqual([boris.id, meanwhile.id]);
    owner = 'https://svc.example|anna@example.com';
    expect((await deliveries.list()).map((view) => view.id)).toEqual([anna.id]);
  });

  it('one kept from before accounts were told apart is taken by the first account that reads it', async () => {
    const h = harness();
    const before = await h.deliveries.add({ url: HOOK, kind: 'webhook' });
    let owner = 'https://svc.example|anna@example.com';
    h.deps.owner = async () => owner;
    const deliveries = h.restart();
    expect((await deliveries.list()).map((view) => view.id)).toEqual([before.id]);
    owner = 'https://svc.example|boris@example.com';
    expect(await deliveries.list()).toEqual([]);
  });
});

describe('the webhook body’s suggested sources of the protocol’s lines', () => {
  /** A result whose protocol has three lines: one said, one never said, one past the work budget. */
  const linked = {
    ...result,
    result: {
      ...result.result!,
      protocol: '- Anna sends the budget\n- Nobody said this\n- Too late to look',
      dialog: [
        {
          header: 'Budget',
          starts: [0, 10_000],
          ends: [9_000, 20_000],
          speakers: ['{1}', '{2}'],
          texts: ['Hello all.', 'I will send the budget.'],
        },
      ],
      speakers_map: { '1': 'SPEAKER_01', '2': 'SPEAKER_02' },
    },
  };
  const sources = {
    complete: false,
    lines: [
      {
        kind: 'item' as const,
        item: 0,
        paragraph: null,
        sentence: null,
        text: 'Anna sends the budget',
        checked: true,
        sources: [
          { block: 0, utterance: 1 },
          { block: 9, utterance: 0 },
        ],
      },
      {
        kind: 'item' as const,
        item: 1,
        paragraph: null,
        sentence: null,
        text: 'Nobody said this',
        checked: true,
        sources: null,
      },
      {
        kind: 'item' as const,
        item: 2,
        paragraph: null,
        sentence: null,
        text: 'Too late to look',
        checked: false,
        sources: null,
      },
    ],
  };

  it('are linked at the first attempt with the names given, each with its time and speaker but not its words', async () => {
    const h = harness();
    const asked: Array<Record<string, string>> = [];
    h.deps.linkSources = async (_result, names) => {
      asked.push(names);
      return sources;
    };
    await h.deliveries.add({ url: HOOK, kind: 'webhook' });
    await h.deliveries.enqueueResult(job, linked, { '2': 'Anna' });
    await h.deliveries.idle();
    expect(asked).toEqual([{ '2': 'Anna' }]);
    const body = h.sent[0]!.body as { protocol_lines: unknown; transcript: unknown };
    expect(body.transcript).toBeNull();
    expect(body.protocol_lines).toEqual([
      {
        kind: 'item',
        item: 0,
        paragraph: null,
        sentence: null,
        text: 'Anna sends the budget',
        // The place the transcript does not hold is left out; times in seconds.
        sources: [{ block: 0, utterance: 1, start: 10, end: 20, speaker_id: '2', speaker: 'Anna' }],
      },
      { kind: 'item', item: 1, paragraph: null, sentence: null, text: 'Nobody said this', sources: [] },
      { kind: 'item', item: 2, paragraph: null, sentence: null, text: 'Too late to look' },
    ]);
    expect(JSON.stringify(body.protocol_lines)).not.toContain('I will send');
  });

  it('linking that fails or is not at hand never holds a delivery back: it goes without them', async () => {
    const failing = harness();
    failing.deps.linkSources = async () => {
      throw new Error('the linker failed');
    };
    await failing.deliveries.add({ url: HOOK, kind: 'webhook' });
    await failing.deliveries.enqueueResult(job, linked);
    await failing.deliveries.idle();
    expect(failing.sent).toHaveLength(1);
    expect(failing.sent[0]!.body).not.toHaveProperty('protocol_lines');
    expect((await failing.deliveries.list())[0]!.log[0]).toMatchObject({ outcome: 'delivered' });

    const without = harness();
    await without.deliveries.add({ url: HOOK, kind: 'webhook' });
    await without.deliveries.enqueueResult(job, linked);
    await without.deliveries.idle();
    expect(without.sent[0]!.body).toMatchObject({ schema: 'meeting-capture.delivery/v1' });
    expect(without.sent[0]!.body).not.toHaveProperty('protocol_lines');
  });

  it('a retry sends the bytes the first attempt sent, linked once; a Slack body is never linked', async () => {
    const h = harness([503, 200]);
    let links = 0;
    h.deps.linkSources = async () => {
      links += 1;
      return sources;
    };
    await h.deliveries.add({ url: HOOK, kind: 'webhook' });
    await h.deliveries.add({ url: 'http://127.0.0.1:9000/slack', kind: 'slack' });
    await h.deliveries.enqueueResult(job, linked);
    await h.deliveries.idle();
    h.advance(2 * MIN);
    await h.restart().sendDue();
    const hooks = h.sent.filter((s) => s.url === HOOK);
    expect(hooks).toHaveLength(2);
    expect(hooks[1]!.init.body).toBe(hooks[0]!.init.body);
    expect(links).toBe(1);
  });

  it('one v1 body carries both protocol_lines and items when both are read; either failing leaves the other', async () => {
    const item = {
      key: '7:42:ab',
      text: 'Anna sends the budget',
      owner: ['Anna'],
      due: null,
      dueWords: null,
      bullet: 0,
      row: null,
      source: { block: 0, utterance: 1 },
    };
    const both = harness();
    both.deps.linkSources = async () => sources;
    both.deps.readItems = async () => [item];
    await both.deliveries.add({ url: HOOK, kind: 'webhook' });
    await both.deliveries.enqueueResult(job, linked, { '2': 'Anna' });
    await both.deliveries.idle();
    const body = both.sent[0]!.body as Record<string, unknown>;
    expect(body.schema).toBe('meeting-capture.delivery/v1');
    expect(body.protocol_lines).toHaveLength(3);
    expect(body.items).toEqual([
      {
        key: '7:42:ab',
        text: 'Anna sends the budget',
        owner: ['Anna'],
        due: null,
        due_words: null,
        bullet: 0,
        row: null,
        source: { block: 0, utterance: 1 },
      },
    ]);

    const noItems = harness();
    noItems.deps.linkSources = async () => sources;
    noItems.deps.readItems = async () => {
      throw new Error('the reader failed');
    };
    await noItems.deliveries.add({ url: HOOK, kind: 'webhook' });
    await noItems.deliveries.enqueueResult(job, linked);
    await noItems.deliveries.idle();
    expect(noItems.sent[0]!.body).not.toHaveProperty('items');
    expect(noItems.sent[0]!.body).toHaveProperty('protocol_lines');

    const noLines = harness();
    noLines.deps.linkSources = async () => {
      throw new Error('the linker failed');
    };
    noLines.deps.readItems = async () => [];
    await noLines.deliveries.add({ url: HOOK, kind: 'webhook' });
    await noLines.deliveries.enqueueResult(job, linked);
    await noLines.deliveries.idle();
    expect(noLines.sent[0]!.body).not.toHaveProperty('protocol_lines');
    expect(noLines.sent[0]!.body).toHaveProperty('items', []);
  });
});
