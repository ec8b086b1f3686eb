/**
 * Questions asked of meetings written for the tests: through the search index (SQLite FTS5 in
 * memory, as the search worker keeps it) and ranked again here. Scopes: every meeting, one meeting,
 * a person; "nothing found" when nothing scores well.
 */
import { describe, expect, it } from 'vitest';
import type { ProcessingResult } from '@/lib/api/schemas';
import { FtsIndex } from '@/lib/archive/fts';
import { prepare, type RecordSource } from '@/lib/archive/search';
import type { ArchiveRecord } from '@/lib/archive/store';
import { memoryDatabase } from '../../scripts/sqlite-node';
import { AskCache, askArchive, indexQuery, questionTerms } from '.';

function result(
  id: number,
  protocol: string,
  turns: Array<[string, string]>,
  names: Record<string, string>,
): ProcessingResult {
  return {
    audio_id: id,
    title: `Meeting ${id}.mp3`,
    duration: turns.length * 10,
    classified: true,
    success: true,
    is_shared: false,
    is_uploaded: true,
    result: {
      language: 'ru',
      protocol,
      dialog: [
        {
          header: 'Part 1',
          starts: turns.map((_, i) => i * 10),
          ends: turns.map((_, i) => i * 10 + 9),
          speakers: turns.map(([speaker]) => `{${speaker}}`),
          texts: turns.map(([, text]) => text),
        },
      ],
      speakers_map: names,
      speakers_timeline: {},
    },
  } as ProcessingResult;
}

const SMALL_TALK: Array<[string, string]> = [
  ['0', 'Всем привет, начинаем.'],
  ['1', 'Да, слышно хорошо.'],
  ['0', 'Кофе на кухне опять закончился.'],
];

const MEETINGS: Record<string, ProcessingResult> = {
  budget: result(
    11,
    '# Бюджет\n\n- Смету ремонта готовит Борис к среде',
    [
      ...SMALL_TALK,
      ['0', 'Кто у нас отвечает за смету ремонта?'],
      ['1', 'Смету ремонта делаю я, пришлю к среде.'],
      ['0', 'Хорошо, спасибо.'],
    ],
    { '0': 'Анна', '1': 'Борис' },
  ),
  pricing: result(
    12,
    '# Pricing\n\n- Marketing wants the price at 25 euros',
    [
      ['0', 'Good morning everyone.'],
      ['1', 'Marketing thinks the price should stay at twenty five euros.'],
      ['0', 'And the launch is in spring.'],
      ['2', 'The price is fine for me as well, twenty five it is.'],
    ],
    { '0': 'Dana', '1': 'Marketing', '2': 'Eli' },
  ),
  hiring: result(
    13,
    '# Найм\n\n- Ищем двух тестировщиков',
    [
      ...SMALL_TALK,
      ['0', 'Нам нужны два тестировщика до лета.'],
      ['1', 'Разместим вакансию на этой неделе.'],
    ],
    { '0': 'Анна', '1': 'Ольга' },
  ),
};

async function archive() {
  const db = await memoryDatabase();
  const index = FtsIndex.open(db, 'test');
  const records = new Map<string, ArchiveRecord>();
  Object.entries(MEETINGS).forEach(([key, res], i) => {
    const createdAt = Date.UTC(2026, 0, 1 + i);
    const record: ArchiveRecord = {
      spaceId: 1 + (i % 2),
      audioId: res.audio_id,
      title: res.title,
      createdAt,
      result: res,
    };
    records.set(key, record);
    index.addRecord(
      key,
      {
        spaceId: record.spaceId,
        audioId: res.audio_id,
        title: res.title,
        createdAt,
        savedAt: createdAt,
        rev: 1,
        bytes: 0,
        language: 'ru',
        utterances: 0,
        speakers: [],
      },
      prepare(record, {}),
    );
  });
  const names = {};
  let reads = 0;
  const source: RecordSource = async (key) => {
    reads += 1;
    const record = records.get(key);
    return record ? { record, names } : null;
  };
  return { index, source, reads: () => reads };
}

describe('a question', () => {
  it('keeps the words worth looking for, question words left out', () => {
    expect(indexQuery('Кто отвечает за смету?')).toBe('отвечает смету');
    expect(indexQuery('What did marketing say about the price?')).toBe('marketing price');
    expect(questionTerms('что обсуждали?')).toEqual([]);
  });

  it('is answered with the utterances that answer it, grouped by meeting, best first', async () => {
    const { index, source } = await archive();
    const ru = await askArchive('кто отвечает за смету ремонта?', index, source);
    expect(ru.meetings[0]?.key).toBe('budget');
    expect(ru.meetings[0]?.hits.map((hit) => hit.text)).toContain('Смету ремонта делаю я, пришлю к среде.');
    expect(ru.meetings[0]?.hits[0]).toMatchObject({
      block: 0,
      speaker: expect.any(String),
      start: expect.any(Number),
    });
    const en = await askArchive('what did marketing say about the price?', index, source);
    expect(en.meetings[0]?.key).toBe('pricing');
    expect(en.meetings[0]?.hits[0]?.utterance).toBe(1);
    expect(en.meetings.length).toBeLessThanOrEqual(5);
  });

  it('finds nothing when nothing scores well, or when it holds no word worth looking for', async () => {
    const { index, source } = await archive();
    expect((await askArchive('когда запускаем ракету на Марс?', index, source)).meetings).toEqual([]);
    expect(await askArchive('что?', index, source)).toEqual({ meetings: [], reason: 'no-words' });
    expect(await askArchive('what did we say about it?', index, source)).toEqual({
      meetings: [],
      reason: 'no-words',
    });
    expect((await askArchive('когда запускаем ракету на Марс?', index, source)).reason).toBeUndefined();
    expect((await askArchive('', index, source)).meetings).toEqual([]);
  });

  it('is asked of one meeting, a space, or a person', async () => {
    const { index, source } = await archive();
    const one = await askArchive('два тестировщика', index, source, { meeting: 'hiring' });
    expect(one.meetings.map((m) => m.key)).toEqual(['hiring']);
    const elsewhere = await askArchive('два тестировщика', index, source, { meeting: 'budget' });
    expect(elsewhere.meetings).toEqual([]);
    // Words said in the meeting but not in its protocol: its passages are found in the index.
    const said = await askArchive('когда разместим вакансию?', index, source, { meeting: 'hiring' });
    expect(said.meetings.map((m) => m.key)).toEqual(['hiring']);
    expect(said.meetings[0]?.hits[0]?.text).toBe('Разместим вакансию на этой неделе.');
    const space = await askArchive('смета ремонта', index, source, { filters: { spaceIds: [2] } });
    expect(space.meetings).toEqual([]);
    const person = await askArchive('смета ремонта', index, source, { filters: { speaker: 'анна' } });
    expect(person.meetings[0]?.hits.every((hit) => hit.speaker === 'Анна')).toBe(true);
  });

  it('given a stamp (the catalog revision), reads no record of a meeting made ready until its stamp changes', async () => {
    const { index, source, reads } = await archive();
    const revs: Record<string, number> = { budget: 1, pricing: 1, hiring: 1 };
    const cache = new AskCache(32, (key) => revs[key]);
    const first = await askArchive('кто отвечает за смету ремонта?', index, source, {}, cache);
    const read = reads();
    expect(read).toBeGreaterThan(0);
    expect(await askArchive('кто отвечает за смету ремонта?', index, source, {}, cache)).toEqual(first);
    expect(reads()).toBe(read);
    revs.budget = 2;
    expect(await askArchive('кто отвечает за смету ремонта?', index, source, {}, cache)).toEqual(first);
    expect(reads()).toBe(read + 1);
  });

  it('reuses the meetings it made ready while their records and names stay the same, the last used kept', () => {
    const cache = new AskCache(2);
    let made = 0;
    const make = () => {
      made += 1;
      return {} as never;
    };
    const [a, b, c] = [{}, {}, {}];
    const names = {};
    cache.get('a', a, names, make);
    cache.get('a', a, names, make);
    expect(made).toBe(1);
    cache.get('a', a, {}, make);
    expect(made).toBe(2);
    cache.get('b', b, names, make);
    cache.get('c', c, names, make);
    cache.get('b', b, names, make);
    expect(made).toBe(4);
    cache.get('a', a, names, make);
    expect(made).toBe(5);
  });

  it('is bounded: a question of 10,000 words is read as its first words', async () => {
    const { index, source } = await archive();
    const outcome = await askArchive(`${'смета ремонта '.repeat(5_000)}?`, index, source);
    expect(outcome.meetings[0]?.key).toBe('budget');
  });
});
