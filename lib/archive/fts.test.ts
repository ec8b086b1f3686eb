/**
 * The SQLite FTS5 search index (lib/archive/fts.ts) against an in-memory database: the same
 * behaviour the search had on MiniSearch (stems, prefixes, typos, all words in one passage,
 * filters, grouping, marks), plus what a database on disk adds: kept as it is when reopened for
 * the same archive, emptied for another format or archive generation.
 */
import { describe, expect, it } from 'vitest';
import {
  editDistance,
  FTS_VERSION,
  FtsIndex,
  filterSql,
  matchExpression,
  openDecision,
  queryWords,
  stemmed,
} from '@/lib/archive/fts';
import { prepare, type RecordSource } from '@/lib/archive/search';
import { Archive } from '@/lib/archive/store';
import { memoryKeyValue } from '@/lib/kv';
import { memoryDatabase } from '../../scripts/sqlite-node';
import { OWNER, readyResult } from './testing/fixtures';
import { DAY, MAR, phraseFixture, searchFixture } from './testing/search';

async function fixture() {
  const db = await memoryDatabase();
  return { db, ...(await searchFixture((generation) => FtsIndex.open(db, generation))) };
}

describe('the query', () => {
  it('is stemmed, common words left out, each word a prefix from three letters', () => {
    expect(stemmed('После встречи с клиентом')).toBe('посл встреч клиент');
    expect(queryWords('the deciding Встреча')).toEqual([
      { stem: 'decid', prefix: true, typos: [] },
      { stem: 'встреч', prefix: true, typos: [] },
    ]);
    expect(
      matchExpression([
        { stem: 'ab', prefix: false, typos: [] },
        { stem: 'budget', prefix: true, typos: ['budgt'] },
      ]),
    ).toBe('"ab" AND ("budget"* OR "budgt")');
    expect(matchExpression(queryWords('a "quoted" word'), true)).toBe('"quot"* OR "word"*');
  });

  it('bounds a query: at most twelve words, quotes and operators only as text', () => {
    const many = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    expect(queryWords(many)).toHaveLength(12);
    expect(matchExpression(queryWords('NEAR(a b) OR "x" AND *'))).toBe('"near"* AND "b" AND "x"');
  });

  it('counts an edit, a swap of neighbours included, and stops beyond the allowed', () => {
    expect(editDistance('budget', 'budgte', 1)).toBe(1);
    expect(editDistance('budget', 'budge', 1)).toBe(1);
    expect(editDistance('budget', 'bxdget', 1)).toBe(1);
    expect(editDistance('budget', 'bxdgxt', 1)).toBe(2);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });

  it('turns filters into SQL values, never into SQL text', () => {
    expect(filterSql({})).toEqual({ where: '', values: [] });
    const sql = filterSql({ spaceIds: [1, 2], speaker: " Anna'); DROP TABLE x; --", from: 5, to: 9 });
    expect(sql.where).toBe(
      ' AND p.space IN (?,?) AND instr(p.speakers, ?) > 0 AND p.date >= ? AND p.date <= ?',
    );
    expect(sql.values).toEqual([1, 2, "\nanna'); drop table x; --\n", 5, 9]);
    // One meeting (a question asked in the viewer): its key as a value, bounded.
    const one = filterSql({ meeting: `1:2'; DROP TABLE x; --${'x'.repeat(500)}` });
    expect(one.where).toBe(' AND p.key = ?');
    expect(one.values).toEqual([`1:2'; DROP TABLE x; --${'x'.repeat(78)}`]);
  });
});

describe('search across meetings (SQLite FTS5)', () => {
  it('"встреча" finds "встречи" and "deciding" finds "decided"', async () => {
    const { texts } = await fixture();
    expect(await texts('встреча')).toEqual(['22:0.0 После встречи с клиентом мы обсудили сроки.']);
    const deciding = await texts('deciding');
    expect(deciding).toContain('11:0.0 We decided to move the release to Friday.');
    expect(deciding).toContain('22:0.1 Deciding on the vendor takes another week.');
  });

  it('tolerates typos and matches prefixes', async () => {
    const { texts } = await fixture();
    expect(await texts('budgte')).toEqual(['11:0.1 The budget for infrastructure is approved.']);
    expect(await texts('infrastrcture')).toEqual(['11:0.1 The budget for infrastructure is approved.']);
    expect(await texts('инфраструктуры')).toEqual(['22:0.2 Бюджет на инфраструктуру согласован.']);
    expect(await texts('engin')).toEqual(['11:0.2 Hiring two engineers next quarter.']);
    expect(await texts('zebra')).toEqual([]);
  });

  it('a multi-word query wants every word in the same passage', async () => {
    const { texts } = await fixture();
    expect(await texts('move release friday')).toEqual(['11:0.0 We decided to move the release to Friday.']);
  });

  it('highlights the matched words by their offsets', async () => {
    const { index, source } = await fixture();
    const outcome = await index.search('встреча клиент', {}, source);
    const hit = outcome.meetings[0]!.hits[0]!;
    expect(hit.ranges.map(([offset, length]) => hit.text.slice(offset, offset + length))).toEqual([
      'встречи',
      'клиентом',
    ]);
    expect(hit.header).toBe('Итоги недели');
    expect(hit.speaker).toBe('Игорь Смирнов');
    expect(outcome.meetings[0]).toMatchObject({
      spaceId: 2,
      audioId: 22,
      title: 'Планёрка.mp3',
      createdAt: MAR,
    });
  });

  it('filters by space, speaker and date range', async () => {
    const { texts } = await fixture();
    expect((await texts('week')).length).toBe(2);
    expect(await texts('week', { spaceIds: [2] })).toEqual([
      '22:0.1 Deciding on the vendor takes another week.',
    ]);
    expect(await texts('week', { spaceIds: [1] })).toEqual(['11:1.0 Thanks everyone, see you next week.']);
    expect((await texts('deciding', { speaker: 'anna petrova' })).sort()).toEqual([
      '11:0.0 We decided to move the release to Friday.',
      '22:0.1 Deciding on the vendor takes another week.',
    ]);
    expect(await texts('week', { speaker: 'Игорь Смирнов' })).toEqual([]);
    expect(await texts('week', { from: MAR - DAY })).toEqual([
      '22:0.1 Deciding on the vendor takes another week.',
    ]);
    expect(await texts('week', { to: MAR - DAY })).toEqual(['11:1.0 Thanks everyone, see you next week.']);
  });

  it('a speaker renamed locally is searched by the new name', async () => {
    const { archive, build, texts } = await fixture();
    expect(await texts('budget', { speaker: 'Boris' })).toEqual([]);
    await archive.renameVoice(OWNER, 1, 11, '1', 'Boris');
    expect((await build()).add).toEqual(['1:11']);
    expect(await texts('budget', { speaker: 'boris' })).toEqual([
      '11:0.1 The budget for infrastructure is approved.',
    ]);
  });

  it('grows and shrinks incrementally', async () => {
    const { archive, index, build, texts } = await fixture();
    expect(index.size).toBe(2);
    expect(index.plan((await archive.catalog())!)).toEqual({ add: [], remove: [] });
    await archive.clearSpace(2);
    expect((await build()).remove).toEqual(['2:22']);
    expect(await texts('встреча')).toEqual([]);
    expect((await texts('budget')).length).toBe(1);
    expect(index.size).toBe(1);
  });

  it('counts the meetings it does not show', async () => {
    const kv = memoryKeyValue();
    const archive = new Archive(kv);
    for (let i = 1; i <= 5; i += 1)
      await archive.keep(OWNER, {
        spaceId: 1,
        audioId: i,
        result: readyResult(i, `M${i}.mp3`, [{ header: 'h', lines: [{ speaker: 0, text: `budget ${i}` }] }]),
      });
    const catalog = (await archive.catalog())!;
    const index = FtsIndex.open(await memoryDatabase(), catalog.generation);
    for (const key of index.plan(catalog).add)
      index.addRecord(key, catalog.entries[key]!, prepare((await archive.getByKey(key))!, {}));
    const source: RecordSource = async (key) => ({ record: (await archive.getByKey(key))!, names: {} });
    const outcome = await index.search('budget', {}, source, { meetings: 2 });
    expect(outcome.meetings).toHaveLength(2);
    expect(outcome.moreMeetings).toBe(3);
  });
});

describe('a phrase as written', () => {
  it('comes first, before passages holding the same words in another order', async () => {
    const { index, source } = await phraseFixture(async (generation) =>
      FtsIndex.open(await memoryDatabase(), generation),
    );
    const outcome = await index.search('release plan is approved', {}, source);
    const hits = outcome.meetings[0]!.hits;
    expect(hits).toHaveLength(5);
    expect(hits.map((hit) => hit.utterance)).toContain(47);
    expect(outcome.meetings[0]!.more).toBe(55);
  });
});

describe('the database kept between visits', () => {
  it('is reused as it is for the same archive: no rebuild, nothing indexed again', async () => {
    const { db, catalog, texts } = await fixture();
    const reopened = FtsIndex.open(db, catalog.generation);
    expect(reopened.counters).toEqual({ rebuilds: 0, indexed: 0 });
    expect(reopened.size).toBe(2);
    expect(reopened.plan(catalog)).toEqual({ add: [], remove: [] });
    expect((await texts('budget')).length).toBe(1);
  });

  it('is emptied for another archive generation (a clear, another account) or format', async () => {
    const { db, catalog } = await fixture();
    const other = FtsIndex.open(db, 'another generation');
    expect(other.counters.rebuilds).toBe(1);
    expect(other.size).toBe(0);
    expect(other.plan(catalog).add.sort()).toEqual(['1:11', '2:22']);
    expect(openDecision({ version: String(FTS_VERSION), generation: 'g' }, 'g')).toBe('keep');
    expect(openDecision({ version: String(FTS_VERSION + 1), generation: 'g' }, 'g')).toBe('rebuild');
    expect(openDecision({ version: null, generation: null }, 'g')).toBe('rebuild');
  });
});
