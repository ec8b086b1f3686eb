/**
 * The ranked set of the search index (lib/archive/fts.ts): a passage's rowid follows its meeting's
 * date, only the newest matching passages (a bound, small here) are ranked, the meetings that
 * match are all counted, and the filters stay exact within the bound.
 */
import type { Database } from '@sqlite.org/sqlite-wasm';
import { describe, expect, it } from 'vitest';
import {
  FtsIndex,
  MEETING_PASSAGES,
  PASSAGES_PER_MEETING,
  rowidBase,
  SPELT_RIGHT_PASSAGES,
} from '@/lib/archive/fts';
import { CHUNK_UTTERANCES, prepare, type RecordSource } from '@/lib/archive/search';
import { Archive, type Catalog } from '@/lib/archive/store';
import { memoryKeyValue } from '@/lib/kv';
import { memoryDatabase } from '../../scripts/sqlite-node';
import { type Line, OWNER, readyResult } from './testing/fixtures';

const DAY = 24 * 60 * 60_000;
const START = Date.UTC(2026, 0, 1);
const SAVED = Date.UTC(2026, 5, 1);

interface Meeting {
  audioId: number;
  spaceId?: number;
  createdAt: number | null;
  lines: Line[];
  /** Blocks of one utterance each, after the first (a passage each). */
  more?: string[];
}

const line = (text: string, speaker = 0): Line => ({ speaker, text });

async function build(meetings: Meeting[], options: { rankedPassages?: number } = {}) {
  const archive = new Archive(memoryKeyValue(), { now: () => SAVED });
  for (const meeting of meetings)
    await archive.keep(OWNER, {
      spaceId: meeting.spaceId ?? 1,
      audioId: meeting.audioId,
      createdAt: meeting.createdAt,
      result: readyResult(meeting.audioId, `M${meeting.audioId}.mp3`, [
        { header: 'Notes', lines: meeting.lines },
        ...(meeting.more ?? []).map((text) => ({ header: '', lines: [line(text)] })),
      ]),
    });
  const db: Database = await memoryDatabase();
  const generation = ((await archive.catalog()) as Catalog).generation;
  const index = FtsIndex.open(db, generation, options);
  const source: RecordSource = async (key) => {
    const record = await archive.getByKey(key);
    return record ? { record, names: await archive.speakerMap(record.spaceId, record.audioId) } : null;
  };
  const sync = async () => {
    const catalog = (await archive.catalog()) as Catalog;
    const plan = index.plan(catalog);
    for (const key of plan.remove) index.removeRecord(key);
    for (const key of plan.add) {
      const loaded = (await source(key))!;
      index.addRecord(key, catalog.entries[key]!, prepare(loaded.record, loaded.names));
    }
  };
  await sync();
  /** The audio ids shown, in order, and the meetings counted beyond them. */
  const shown = async (query: string, filters = {}) => {
    const outcome = await index.search(query, filters, source);
    return { ids: outcome.meetings.map((m) => m.audioId), more: outcome.moreMeetings };
  };
  /** Each meeting's passage rowids. */
  const rowids = () => {
    const out: Record<string, number[]> = {};
    for (const [key, id] of db.selectArrays('SELECT key, id FROM passages ORDER BY id'))
      out[String(key)] = [...(out[String(key)] ?? []), Number(id)];
    return out;
  };
  return { archive, db, index, source, sync, shown, rowids };
}

/** Six one-passage meetings a day apart, each saying "budget"; the oldest says it most (ranks best). */
const sixDays = (): Meeting[] =>
  Array.from({ length: 6 }, (_, i) => ({
    audioId: i + 1,
    spaceId: i < 3 ? 1 : 2,
    createdAt: START + i * DAY,
    lines: [
      line(
        i === 0 ? 'budget budget budget, the budget again' : `the budget of day ${i + 1}, and other words`,
      ),
      line('nothing else here', i % 2),
    ],
  }));

describe('rowids follow the meeting date', () => {
  it("are the meeting's date (or when it was kept, without one) times the passages a meeting may have, plus the passage", async () => {
    const lines = Array.from({ length: CHUNK_UTTERANCES * 2 + 1 }, (_, i) => line(`utterance ${i}`));
    const { rowids } = await build([
      { audioId: 1, createdAt: START, lines },
      { audioId: 2, createdAt: null, lines: [line('no date')] },
    ]);
    const base = rowidBase(START) * MEETING_PASSAGES;
    expect(rowids()).toEqual({
      '1:1': [base, base + 1, base + 2],
      '1:2': [rowidBase(SAVED) * MEETING_PASSAGES],
    });
    // A minute later, one lower: the newest first.
    expect(rowidBase(START + 60_000)).toBe(rowidBase(START) - 1);
    expect(rowidBase(START + 59_999)).toBe(rowidBase(START));
    // Within JavaScript's safe integers for any date: clamped at both ends.
    expect(rowidBase(Date.UTC(1970, 0, 1))).toBe(rowidBase(Date.UTC(2000, 0, 1)));
    expect(rowidBase(Number.NaN)).toBe(rowidBase(Date.UTC(2000, 0, 1)));
    expect(rowidBase(8.64e15)).toBe(0);
    expect((rowidBase(0) + 1_000_000) * MEETING_PASSAGES).toBeLessThan(Number.MAX_SAFE_INTEGER);
  });

  it('moves a meeting of the same minute to the next free one, and keeps a meeting in its place when indexed again', async () => {
    const { archive, rowids, sync, shown } = await build([
      { audioId: 1, createdAt: START, lines: [line('budget one')] },
      { audioId: 2, createdAt: START, lines: [line('budget two')] },
      { audioId: 3, createdAt: START + 1, lines: [line('budget three')] },
    ]);
    const bases = () =>
      Object.fromEntries(
        Object.entries(rowids()).map(([key, ids]) => [key, Math.floor(ids[0]! / MEETING_PASSAGES)]),
      );
    const before = bases();
    expect(Object.values(before).sort()).toEqual(
      [rowidBase(START), rowidBase(START) + 1, rowidBase(START) + 2].sort(),
    );
    expect((await shown('budget')).ids.sort()).toEqual([1, 2, 3]);
    // A rename re-indexes one meeting: it takes the same place (its own is free again).
    await archive.renameVoice(OWNER, 1, 2, '0', 'Boris');
    await sync();
    expect(bases()).toEqual(before);
  });

  it('indexes at most MEETING_PASSAGES passages of one meeting', async () => {
    // One passage a block: the first block, then as many more (the last one beyond the limit).
    const more = Array.from({ length: MEETING_PASSAGES }, (_, i) =>
      i === MEETING_PASSAGES - 1 ? 'the very last budget' : `word ${i}`,
    );
    const { rowids, shown } = await build([{ audioId: 1, createdAt: START, lines: [line('first')], more }]);
    expect(rowids()['1:1']).toHaveLength(MEETING_PASSAGES);
    expect((await shown('budget')).ids).toEqual([]);
  });
});

describe('a word found often enough as typed', () => {
  it('gets no typo candidates; one found in fewer passages gets them', async () => {
    // "budget" in n passages (one block each), and a near spelling in one more.
    const meeting = (n: number): Meeting => ({
      audioId: 1,
      createdAt: START,
      lines: [line('the budgat line')],
      more: Array.from({ length: n }, (_, i) => `budget item ${i}`),
    });
    const often = await build([meeting(SPELT_RIGHT_PASSAGES)]);
    expect(often.index.expand('budget')[0]?.typos).toEqual([]);
    const rare = await build([meeting(SPELT_RIGHT_PASSAGES - 1)]);
    expect(rare.index.expand('budget')[0]?.typos).toEqual(['budgat']);
  });
});

describe('only the newest matching passages are ranked', () => {
  it('without a bound reached, the best meeting comes first', async () => {
    const { shown } = await build(sixDays());
    const found = await shown('budget');
    expect(found.ids[0]).toBe(1);
    expect(found.ids.sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(found.more).toBe(0);
  });

  it('with the bound reached, the newest are ranked and every matching meeting is counted', async () => {
    const { shown } = await build(sixDays(), { rankedPassages: 2 });
    const found = await shown('budget');
    expect(found.ids.sort()).toEqual([5, 6]);
    expect(found.more).toBe(4);
  });

  it('takes the whole meeting of the passage at the bound, so its passages are counted right', async () => {
    const lines = Array.from({ length: CHUNK_UTTERANCES * 3 }, (_, i) => line(`budget line ${i}`));
    const { index } = await build(
      [
        { audioId: 1, createdAt: START, lines: [line('budget old')] },
        { audioId: 2, createdAt: START + DAY, lines },
      ],
      { rankedPassages: 2 },
    );
    const found = index.rawSearch(index.expand('budget'), {}, 20);
    expect([...found.groups.keys()]).toEqual(['1:2']);
    expect(found.counts.get('1:2')).toBe(3);
    expect(found.groups.get('1:2')).toHaveLength(3);
    expect(found.total).toBe(2);
  });

  it("gives each shown meeting's best passages, best first, as a row per passage would", async () => {
    // Passages saying the word one to five times (ranks differ, ties among equals), more of them
    // than a meeting shows, in three meetings.
    const meetings = [1, 2, 3].map((audioId) => ({
      audioId,
      createdAt: START + audioId * DAY,
      lines: [line('budget')],
      more: Array.from(
        { length: PASSAGES_PER_MEETING + 15 },
        (_, i) => `${'budget '.repeat(((i * 7 + audioId) % 5) + 1)}and ${'filler '.repeat(i % 3)}words`,
      ),
    }));
    const { db, index } = await build(meetings);
    const found = index.rawSearch(index.expand('budget'), {}, 20);
    expect([...found.groups.keys()].sort()).toEqual(['1:1', '1:2', '1:3']);
    for (const [key, chunks] of found.groups) {
      const expected = db.selectArrays(
        `SELECT p.block, p.first, s.rank FROM stems s JOIN passages p ON p.id = s.rowid
         WHERE stems MATCH 'budget' AND p.key = ? ORDER BY s.rank, p.block, p.first LIMIT ?`,
        [key, PASSAGES_PER_MEETING],
      );
      expect(chunks.map(({ block, from }) => [block, from])).toEqual(
        expected.map(([block, first]) => [Number(block), Number(first)]),
      );
      for (const [i, chunk] of chunks.entries()) expect(chunk.score).toBeCloseTo(-Number(expected[i]![2]), 9);
      expect(found.counts.get(key)).toBe(PASSAGES_PER_MEETING + 16);
    }
  });

  it('applies the bound within the filters: a space, a date range, a speaker', async () => {
    const { shown } = await build(sixDays(), { rankedPassages: 2 });
    expect(await shown('budget', { spaceIds: [1] })).toEqual({ ids: expect.any(Array), more: 1 });
    expect((await shown('budget', { spaceIds: [1] })).ids.sort()).toEqual([2, 3]);
    expect((await shown('budget', { to: START + 2 * DAY })).ids.sort()).toEqual([2, 3]);
    expect(await shown('budget', { from: START + 3 * DAY, to: START + 3 * DAY })).toEqual({
      ids: [4],
      more: 0,
    });
    const bySpeaker = await build(
      Array.from({ length: 5 }, (_, i) => ({
        audioId: i + 1,
        createdAt: START + i * DAY,
        lines: [line(`budget ${i}`, i === 4 ? 0 : 1)],
      })),
      { rankedPassages: 2 },
    );
    // Speaker 1 ("SPEAKER_01") said it in the four oldest meetings: the two newest of those.
    const found = await bySpeaker.shown('budget', { speaker: 'SPEAKER_01' });
    expect(found.ids.sort()).toEqual([3, 4]);
    expect(found.more).toBe(2);
  });

  it('follows meetings added and removed', async () => {
    const { archive, sync, shown } = await build(sixDays(), { rankedPassages: 2 });
    await archive.keep(OWNER, {
      spaceId: 1,
      audioId: 7,
      createdAt: START + 10 * DAY,
      result: readyResult(7, 'M7.mp3', [{ header: 'Notes', lines: [line('a budget later')] }]),
    });
    await sync();
    expect((await shown('budget')).ids.sort()).toEqual([6, 7]);
    expect((await shown('budget')).more).toBe(5);
    await archive.clearSpace(2);
    await sync();
    expect(await shown('budget')).toEqual({ ids: expect.any(Array), more: 2 });
    expect((await shown('budget')).ids.sort()).toEqual([3, 7]);
  });
});

describe('a database of the previous format', () => {
  it('is rebuilt: emptied, then every meeting indexed again with rowids by date', async () => {
    const { db, archive, index, rowids } = await build(sixDays());
    db.exec("UPDATE meta SET value = '1' WHERE name = 'version'");
    const catalog = (await archive.catalog()) as Catalog;
    const reopened = FtsIndex.open(db, index.generation);
    expect(reopened.counters.rebuilds).toBe(1);
    expect(reopened.size).toBe(0);
    expect(rowids()).toEqual({});
    const plan = reopened.plan(catalog);
    expect(plan.add).toEqual(['2:6', '2:5', '2:4', '1:3', '1:2', '1:1']);
    for (const key of plan.add) {
      const record = (await archive.getByKey(key))!;
      reopened.addRecord(key, catalog.entries[key]!, prepare(record, {}));
    }
    expect(rowids()['1:1']![0]).toBe(rowidBase(START) * MEETING_PASSAGES);
  });
});
