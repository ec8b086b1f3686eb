/**
 * The tasks delivery to Yandex Tracker: the token and "queue organization" checked, each item's
 * issue (summary cut at a word, the owner said to be a suggestion, the deadline only when stated,
 * `unique` from the item's key), the answers read (409 adopted, an HTML page an error in words,
 * 401/403/404 refusals), and deliveries through a Tracker on this computer (tests/e2e/
 * tracker-receiver.ts, after Tracker's published API) over real HTTP: each item created once,
 * a lost answer found and adopted, a repeated delivery creating nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { memoryKeyValue } from '@/lib/kv';
import { startTrackerReceiver } from '@/tests/e2e/tracker-receiver';
import { Deliveries, type DeliveryDeps } from '../deliveries';
import type { DeliveryItem } from '../items';
import { verdictOf } from '../retry';
import { readyJob, readyResult } from '../testing';
import { issueOf, parseTracker, SUMMARY_MAX, summaryOf, trackerAnswer } from '../tracker-text';
import { trackerKind } from './tracker';

const TOKEN = 'y0_AgAAAAB4x2kQAATuwQAAAAEXAMPLEtokenForTests';
const ORG = '1234567';
const MIN = 60_000;

const item = (text: string, extra: Partial<DeliveryItem> = {}): DeliveryItem => ({
  key: `7:42:${text.length.toString(16)}${text.charCodeAt(0)}`,
  text,
  owner: null,
  due: null,
  dueWords: null,
  bullet: 0,
  row: null,
  source: null,
  ...extra,
});

describe('Tracker destinations and issues', () => {
  it('takes a token and "queue organization", choosing the organization header by its id', () => {
    expect(parseTracker({ token: `OAuth ${TOKEN}`, chatId: 'team 1234567' })).toEqual({
      ok: true,
      url: 'https://api.tracker.yandex.net',
      chatId: 'TEAM',
      headers: { Authorization: `OAuth ${TOKEN}`, 'X-Org-ID': '1234567' },
    });
    const cloud = parseTracker({ token: TOKEN, chatId: 'OPS, bpf3crucp1v2' });
    expect(cloud).toMatchObject({ ok: true, headers: { 'X-Cloud-Org-ID': 'bpf3crucp1v2' } });
    expect(parseTracker({ token: 'nope', chatId: 'TEAM 1' })).toEqual({ ok: false, problem: 'token' });
    expect(parseTracker({ token: TOKEN, chatId: 'TEAM' })).toEqual({ ok: false, problem: 'chat' });
    expect(parseTracker({ token: TOKEN, chatId: 'ТИМ 123' })).toEqual({ ok: false, problem: 'chat' });
  });

  it('an issue per item: the owner a suggestion, the deadline only when stated, unique by the item', () => {
    const issue = issueOf(
      item('Anna will send the budget by Friday', {
        owner: ['Anna Smirnova'],
        due: '2026-03-13',
        dueWords: 'by Friday',
      }),
      { queue: 'TEAM', title: 'Weekly sync', date: '2026-03-10', lang: 'en' },
    );
    expect(issue).toMatchObject({
      queue: 'TEAM',
      summary: 'Anna will send the budget by Friday',
      deadline: '2026-03-13',
      unique: 'meeting-capture:TEAM:7:42:2365',
    });
    expect(issue.description).toContain('suggested');
    expect(issue.description).toContain('Anna Smirnova');
    const none = issueOf(item('Подготовить смету'), {
      queue: 'TEAM',
      title: 'Планёрка',
      date: '',
      lang: 'ru',
    });
    expect(none).not.toHaveProperty('deadline');
    expect(none.description).not.toContain('Ответственный');
    const long = summaryOf(`${'слово '.repeat(100)}конец`);
    expect(long.length).toBeLessThanOrEqual(SUMMARY_MAX);
    expect(long.endsWith('…')).toBe(true);
  });

  it('reads answers: an issue created, 409 adopted, HTML an error tried again, refusals permanent', () => {
    expect(trackerAnswer(201, { key: 'TEAM-3', id: 'x' }, null)).toEqual({ status: 201, created: 'TEAM-3' });
    const adopted = trackerAnswer(409, { errorMessages: ['exists'] }, null);
    expect(verdictOf(adopted)).toBe('delivered');
    const html = trackerAnswer(200, undefined, null);
    expect(html).toEqual({ problem: 'unexpected-answer' });
    expect(verdictOf(html)).toBe('transient');
    expect(trackerAnswer(200, [{ key: 'TEAM-1' }], null)).toEqual({ status: 200, found: 'TEAM-1' });
    expect(trackerAnswer(401, {}, null)).toMatchObject({ refusal: 'token-refused' });
    expect(trackerAnswer(403, {}, null)).toMatchObject({ refusal: 'no-rights' });
    expect(trackerAnswer(404, {}, null)).toMatchObject({ refusal: 'queue-not-found' });
    expect(verdictOf(trackerAnswer(429, {}, 2_000))).toBe('transient');
  });

  it('a test creates one marked issue; the kind finds an issue by the unique it was created with', () => {
    const destination = {
      id: 'd',
      kind: 'tracker' as const,
      url: 'x',
      chatId: 'TEAM',
      spaceIds: null,
      includeTranscript: false,
      addedAt: 0,
    };
    const [request] = trackerKind.body({
      content: {
        recording: { spaceId: 7, spaceName: null, audioId: 42, title: 't' },
        result: readyResult,
        readyAt: 0,
        source: null,
      },
      destination,
      options: { includeTranscript: false, lang: 'en', test: true },
      idempotencyKey: 'k1',
      protocol: '',
      sources: null,
      items: null,
    });
    expect(JSON.parse(String(request!.body))).toMatchObject({
      queue: 'TEAM',
      unique: 'meeting-capture:TEAM:k1',
    });
    expect(trackerKind.find?.(request!)).toEqual({
      path: '/v3/issues/_search',
      body: JSON.stringify({ filter: { unique: 'meeting-capture:TEAM:k1' } }),
    });
  });
});

describe('a tasks delivery through a Tracker on this computer', () => {
  let close: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await close?.();
    close = null;
  });

  async function setUp(items: DeliveryItem[] | (() => Promise<DeliveryItem[]>)) {
    const tracker = await startTrackerReceiver({ token: TOKEN, org: ORG, queues: ['TEAM'] });
    close = tracker.close;
    let now = 1_000_000;
    let ids = 0;
    const deps: DeliveryDeps = {
      kv: memoryKeyValue(),
      now: () => now,
      lang: async () => 'en',
      convertMarkdown: async (markdown) => markdown,
      readItems: async () => (typeof items === 'function' ? items() : items),
      hasOriginAccess: async () => true,
      newId: () => `id${++ids}`,
      schedule: async () => undefined,
      fetch: (input, init) => fetch(input, init),
      botApi: async () => tracker.url,
    };
    const deliveries = new Deliveries(deps);
    const view = await deliveries.add({ kind: 'tracker', token: TOKEN, chatId: `TEAM ${ORG}` });
    return {
      tracker,
      deps,
      deliveries,
      view,
      advance: (ms: number) => {
        now += ms;
      },
    };
  }

  const three = [
    item('Anna will send the budget by Friday', {
      key: '7:42:a',
      owner: ['Anna'],
      due: '2026-03-13',
      dueWords: 'by Friday',
    }),
    item('Tom to book the room', { key: '7:42:b', owner: ['Tom'] }),
    item('Сергей Петрович подготовит смету', { key: '7:42:c', owner: ['Сергей Петрович'] }),
  ];

  it('creates each item once, with the token and organization only in the headers, shown masked', async () => {
    const h = await setUp(three);
    expect(h.view.address).toBe(`Tracker TEAM · org ${ORG}`);
    expect(JSON.stringify(await h.deliveries.list())).not.toContain(TOKEN);
    await h.deliveries.enqueueResult(readyJob, readyResult);
    await h.deliveries.idle();
    expect(h.tracker.issues.map((issue) => issue.summary)).toEqual(three.map((one) => one.text));
    expect(h.tracker.issues[0]).toMatchObject({ key: 'TEAM-1', deadline: '2026-03-13' });
    expect(h.tracker.calls.every((call) => call.authorization === `OAuth ${TOKEN}` && call.org === ORG)).toBe(
      true,
    );
    const [view] = await h.deliveries.list();
    expect(view!.log[0]).toMatchObject({
      outcome: 'delivered',
      status: 201,
      tasks: { created: ['TEAM-1', 'TEAM-2', 'TEAM-3'], adopted: [] },
    });
    // "Send again" of the same protocol: every item exists already (409), none is created again.
    await h.deliveries.enqueueResult({ ...readyJob, id: 'job-2' }, readyResult);
    await h.deliveries.idle();
    expect(h.tracker.issues).toHaveLength(3);
    const [again] = await h.deliveries.list();
    expect(again!.log[0]).toMatchObject({
      outcome: 'delivered',
      tasks: { created: [], adopted: ['TEAM-1', 'TEAM-2', 'TEAM-3'] },
    });
  });

  it('a create whose answer was lost is found and adopted on the retry, never made twice', async () => {
    const h = await setUp(three);
    h.tracker.trick('lose');
    await h.deliveries.enqueueResult(readyJob, readyResult);
    await h.deliveries.idle();
    expect(h.tracker.issues).toHaveLength(1);
    const [first] = await h.deliveries.list();
    expect(first!.log[0]).toMatchObject({ outcome: 'retrying', problem: 'network' });
    h.advance(5 * MIN);
    await new Deliveries(h.deps).sendDue();
    expect(h.tracker.issues.map((issue) => issue.key)).toEqual(['TEAM-1', 'TEAM-2', 'TEAM-3']);
    const [after] = await h.deliveries.list();
    expect(after!.log[0]).toMatchObject({
      outcome: 'delivered',
      tasks: { created: ['TEAM-2', 'TEAM-3'], adopted: ['TEAM-1'] },
    });
  });

  it('an HTML page in answer is said as such and tried again; nothing is created twice', async () => {
    const h = await setUp(three.slice(0, 1));
    h.tracker.trick('html');
    await h.deliveries.enqueueResult(readyJob, readyResult);
    await h.deliveries.idle();
    const [first] = await h.deliveries.list();
    expect(first!.log[0]).toMatchObject({ outcome: 'retrying', problem: 'unexpected-answer' });
    h.advance(5 * MIN);
    await new Deliveries(h.deps).sendDue();
    expect(h.tracker.issues).toHaveLength(1);
  });

  it('a queue the organization lacks fails at once, in words; items not read yet wait', async () => {
    let ready = false;
    const h = await setUp(async () => {
      if (!ready) throw new Error('the action items reader did not answer');
      return three.slice(0, 1);
    });
    await h.deliveries.enqueueResult(readyJob, readyResult);
    await h.deliveries.idle();
    expect(h.tracker.calls).toHaveLength(0);
    ready = true;
    h.advance(10 * MIN);
    await new Deliveries(h.deps).sendDue();
    expect(h.tracker.issues).toHaveLength(1);

    const other = await h.deliveries.add({ kind: 'tracker', token: TOKEN, chatId: `NOPE ${ORG}` });
    const tested = await h.deliveries.test(other.id);
    expect(tested.log[0]).toMatchObject({ outcome: 'failed', status: 404, problem: 'queue-not-found' });
  });

  it('a Tracker destination belongs to the account that set it up: another gets none of its tasks', async () => {
    const h = await setUp(three);
    let owner: string | null = 'https://svc.example|anna@example.com';
    h.deps.owner = async () => owner;
    const deliveries = new Deliveries(h.deps);
    // The one set up before accounts were told apart is taken by the first that reads it.
    expect((await deliveries.list()).map((view) => view.id)).toEqual([h.view.id]);
    const mine = await deliveries.add({ kind: 'tracker', token: TOKEN, chatId: `TEAM ${ORG}` });
    expect((await deliveries.list()).map((view) => view.id)).toEqual([h.view.id, mine.id]);

    owner = 'https://svc.example|boris@example.com';
    expect(await deliveries.list()).toEqual([]);
    expect(await deliveries.keptForOthers()).toBe(2);
    expect(await deliveries.enqueueResult(readyJob, readyResult)).toBe(0);
    await deliveries.idle();
    expect(h.tracker.issues).toEqual([]);

    owner = 'https://svc.example|anna@example.com';
    expect(await deliveries.enqueueResult({ ...readyJob, id: 'job-anna' }, readyResult)).toBe(2);
    await deliveries.idle();
    expect(h.tracker.issues.map((issue) => issue.summary)).toEqual(three.map((one) => one.text));
  });
});
