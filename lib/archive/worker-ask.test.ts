/**
 * Questions asked of the search worker (lib/archive/worker.ts, "Ask your meetings"): answered from
 * its index and the records it keeps (whose protocol it keeps for them), stamped with the index as
 * it was when asked, in every meeting or one, for a person; asked by another page's worker too.
 * Every message a page sends is checked: a malformed one with an id is refused with an answer.
 */
import { describe, expect, it } from 'vitest';
import { startSearchWorker, type WorkerScope } from '@/lib/archive/worker';
import type { FromSearchWorker, ToSearchPeers, ToSearchWorker } from '@/lib/archive/worker-protocol';
import { toSearchWorker } from '@/lib/archive/worker-protocol';
import { QUESTION_MAX_CHARS } from '@/lib/search/question';
import { memoryDatabase } from '../../scripts/sqlite-node';
import { Archive } from './store';
import { fakePeers, OWNER, readyResult } from './testing/fixtures';

/** Three meetings written for the tests: a budget (Russian), a price (English), hiring (Russian). */
async function archive() {
  const { memoryKeyValue } = await import('@/lib/kv');
  const kv = memoryKeyValue();
  const store = new Archive(kv);
  const keep = (
    audioId: number,
    title: string,
    protocol: string,
    lines: Array<[number, string]>,
    names: Record<string, string>,
  ) => {
    const result = readyResult(
      audioId,
      title,
      [{ header: 'Part 1', lines: lines.map(([speaker, text]) => ({ speaker, text })) }],
      { names, language: 'ru' },
    );
    if (result.result) result.result.protocol = protocol;
    return store.keep(OWNER, { spaceId: 1, audioId, createdAt: Date.UTC(2026, 0, audioId), result });
  };
  await keep(
    11,
    'Бюджет',
    '# Бюджет\n\n- Смету ремонта готовит Борис к среде',
    [
      [0, 'Всем привет, начинаем.'],
      [0, 'Кто у нас отвечает за смету ремонта?'],
      [1, 'Смету ремонта делаю я, пришлю к среде.'],
      [0, 'Хорошо, спасибо.'],
    ],
    { '0': 'Анна', '1': 'Борис' },
  );
  await keep(
    12,
    'Pricing',
    '# Pricing\n\n- Marketing wants the price at 25 euros',
    [
      [0, 'Good morning everyone.'],
      [1, 'Marketing thinks the price should stay at twenty five euros.'],
      [0, 'And the launch is in spring.'],
      [1, 'Ο προϋπολογισμός εγκρίθηκε χθες.'],
    ],
    { '0': 'Dana', '1': 'Marketing' },
  );
  await keep(
    13,
    'Найм',
    '# Найм\n\n- Ищем двух тестировщиков',
    [
      [0, 'Нам нужны два тестировщика до лета.'],
      [1, 'Разместим вакансию на этой неделе.'],
    ],
    { '0': 'Анна', '1': 'Ольга' },
  );
  return kv;
}

async function worker(peers?: Pick<BroadcastChannel, 'addEventListener' | 'postMessage'>) {
  const kv = await archive();
  const db = await memoryDatabase();
  const messages: FromSearchWorker[] = [];
  let onPage: ((event: MessageEvent<ToSearchWorker>) => void) | null = null;
  const scope: WorkerScope = {
    postMessage: (message) => messages.push(message),
    addEventListener: (_type, listener) => {
      onPage = listener;
    },
  };
  const started = startSearchWorker(scope, kv, null, {
    open: async () => ({ db, storage: 'memory', wipe: async () => db }),
    ...(peers ? { peers } : {}),
  });
  await started.build();
  const send = (data: unknown) => onPage?.({ data } as MessageEvent<ToSearchWorker>);
  const reply = async (id: number) => {
    for (;;) {
      const found = messages.find((m) => (m.type === 'answer' || m.type === 'error') && m.id === id);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  };
  let next = 0;
  const ask = async (question: string, more: Partial<Extract<ToSearchWorker, { type: 'ask' }>> = {}) => {
    next += 1;
    send({ type: 'ask', id: next, question, filters: {}, ...more });
    const answer = await reply(next);
    if (answer.type !== 'answer') throw new Error(`refused: ${JSON.stringify(answer)}`);
    return answer;
  };
  return { ask, send, reply, messages };
}

describe('a question asked of the search worker', () => {
  it('is answered from the index and the kept records, with the index it was asked from', async () => {
    const w = await worker();
    const answer = await w.ask('кто отвечает за смету ремонта?');
    expect(answer).toMatchObject({
      type: 'answer',
      question: 'кто отвечает за смету ремонта?',
      complete: true,
    });
    expect(answer.outcome.meetings[0]).toMatchObject({
      key: '1:11',
      spaceId: 1,
      audioId: 11,
      title: 'Бюджет',
    });
    const hit = answer.outcome.meetings[0]?.hits.find((h) => h.text.startsWith('Смету ремонта делаю я'));
    // The speaker's name in force, the moment's time and place.
    expect(hit).toMatchObject({ speaker: 'Борис', block: 0, utterance: 2, start: 20 });
    // Asked again: the kept record (its protocol kept for questions) answers the same.
    expect((await w.ask('кто отвечает за смету ремонта?')).outcome).toEqual(answer.outcome);
    expect((await w.ask('what did marketing say about the price?')).outcome.meetings[0]?.key).toBe('1:12');
  });

  it('in one meeting, for a person, and with nothing to look for', async () => {
    const w = await worker();
    const one = await w.ask('когда разместим вакансию?', { meeting: { spaceId: 1, audioId: 13 } });
    expect(one.outcome.meetings.map((m) => m.key)).toEqual(['1:13']);
    const elsewhere = await w.ask('когда разместим вакансию?', { meeting: { spaceId: 1, audioId: 11 } });
    expect(elsewhere.outcome.meetings).toEqual([]);
    const person = await w.ask('смета ремонта?', { filters: { speaker: 'Анна' } });
    expect(person.outcome.meetings[0]?.hits.every((h) => h.speaker === 'Анна')).toBe(true);
    expect((await w.ask('что?')).outcome).toEqual({ meetings: [], reason: 'no-words' });
  });

  it('in another script: its words looked for as written, nothing found when none is said', async () => {
    const w = await worker();
    const greek = await w.ask('Πότε εγκρίθηκε ο προϋπολογισμός;');
    expect(greek.outcome.meetings[0]?.key).toBe('1:12');
    expect(greek.outcome.meetings[0]?.hits[0]?.text).toBe('Ο προϋπολογισμός εγκρίθηκε χθες.');
    expect((await w.ask('预算是谁负责的？')).outcome).toEqual({ meetings: [] });
  });

  it('is refused with an answer when malformed or too long; a search with bad filters keeps the good ones', async () => {
    const w = await worker();
    w.send({ type: 'ask', id: 50, question: `${'почему '.repeat(200)}?` });
    expect(await w.reply(50)).toMatchObject({ type: 'error', id: 50 });
    w.send({ type: 'ask', id: 51, question: 42, filters: {} });
    expect(await w.reply(51)).toMatchObject({ type: 'error', id: 51 });
    w.send({ type: 'ask', id: 52, question: 'кто?', filters: {}, meeting: { spaceId: '1', audioId: 11 } });
    expect(await w.reply(52)).toMatchObject({ type: 'error', id: 52 });
    const before = w.messages.length;
    w.send({ type: 'ask', question: 'no id' });
    w.send(null);
    w.send({ type: 'ask', id: -1, question: 'кто?', filters: {} });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(w.messages.slice(before).filter((m) => m.type !== 'progress')).toEqual([]);
    expect(
      toSearchWorker({
        type: 'search',
        id: 3,
        query: 'смета',
        filters: { spaceIds: [1, 'x', -2, 2.5], speaker: 7, from: Number.NaN, to: 5, meeting: '1:11' },
      }),
    ).toEqual({ type: 'search', id: 3, query: 'смета', filters: { spaceIds: [1], to: 5 } });
    expect(
      toSearchWorker({ type: 'ask', id: 4, question: `${'x'.repeat(QUESTION_MAX_CHARS)}?`, filters: {} }),
    ).toBeNull();
    expect(toSearchWorker({ type: 'search', id: 5, query: 'x'.repeat(200_000), filters: {} })).toBeNull();
  });

  it("is answered for another page's worker on the peers' channel", async () => {
    const { sent, channel, peer } = fakePeers<ToSearchPeers>();
    const w = await worker(channel);
    peer({
      type: 'ask',
      from: 'other',
      message: { type: 'ask', id: 9, question: 'who set the price?', filters: {} },
    });
    for (;;) {
      const reply = sent.find((m) => m.type === 'reply' && m.message.type === 'answer');
      if (reply?.type === 'reply' && reply.message.type === 'answer') {
        expect(reply).toMatchObject({ to: 'other', message: { id: 9, complete: true } });
        expect(reply.message.outcome.meetings[0]?.key).toBe('1:12');
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(w.messages.some((m) => m.type === 'answer')).toBe(false);
  });
});
