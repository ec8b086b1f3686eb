/**
 * The MiniSearch index the extension shipped before SQLite, kept as the benchmark's baseline
 * (scripts/minisearch-index.ts): it must still answer as it did, or the comparison means nothing.
 * The shipping index's tests: lib/archive/fts.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { prepare } from '@/lib/archive/search';
import { Archive, type Catalog } from '@/lib/archive/store';
import { processTerm } from '@/lib/archive/text';
import { memoryKeyValue } from '@/lib/kv';
import { MeetingIndex, SHARD_RECORDS } from '../../scripts/minisearch-index';
import { OWNER, readyResult } from './testing/fixtures';
import { DAY, JAN, MAR, phraseFixture, searchFixture } from './testing/search';

const fixture = () => searchFixture((generation) => MeetingIndex.empty(generation));

describe('stemming', () => {
  it('reduces Russian and English word forms to one stem', () => {
    expect(processTerm('встреча')).toBe(processTerm('встречи'));
    expect(processTerm('встречу')).toBe(processTerm('встреча'));
    expect(processTerm('deciding')).toBe(processTerm('decided'));
    expect(processTerm('Ёлка')).toBe(processTerm('елка'));
    expect(processTerm('the')).toBeNull();
  });
});

describe('search across meetings', () => {
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
    expect(hit.start).toBe(0);
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
    expect(await texts('week', { from: JAN - DAY, to: JAN + DAY })).toEqual([
      '11:1.0 Thanks everyone, see you next week.',
    ]);
  });

  it('a speaker renamed locally is searched by the new name', async () => {
    const { archive, build, texts } = await fixture();
    expect(await texts('budget', { speaker: 'Boris' })).toEqual([]);
    await archive.renameVoice(OWNER, 1, 11, '1', 'Boris');
    const plan = await build();
    expect(plan.add).toEqual(['1:11']);
    expect(await texts('budget', { speaker: 'boris' })).toEqual([
      '11:0.1 The budget for infrastructure is approved.',
    ]);
  });

  it('grows and shrinks incrementally, and survives serialization', async () => {
    const { archive, index, build, source, texts } = await fixture();
    expect(index.size).toBe(2);
    expect(index.plan((await archive.catalog())!)).toEqual({ add: [], remove: [] });
    await archive.clearSpace(2);
    expect((await build()).remove).toEqual(['2:22']);
    expect(await texts('встреча')).toEqual([]);
    expect((await texts('budget')).length).toBe(1);

    const generation = (await archive.catalog())!.generation;
    const shards = new Map(index.takeDirtyShards());
    const manifest = index.serializeManifest();
    expect(index.takeDirtyShards()).toEqual([]);
    const read = async (shard: number) => shards.get(shard);
    const loaded = (await MeetingIndex.load(manifest, generation, read))!;
    expect(loaded.size).toBe(1);
    expect((await loaded.search('budgte', {}, source)).meetings.map((m) => m.audioId)).toEqual([11]);
    expect(loaded.plan((await archive.catalog())!)).toEqual({ add: [], remove: [] });
    // An index of another archive generation (after a clear) is never reused.
    expect(await MeetingIndex.load(manifest, 'another', read)).toBeNull();
    expect(await MeetingIndex.load('not json', generation, read)).toBeNull();
    // A shard that cannot be read loses its records: they are indexed again.
    const lost = (await MeetingIndex.load(manifest, generation, async () => undefined))!;
    expect(lost.size).toBe(0);
    expect(lost.plan((await archive.catalog())!).add).toEqual(['1:11']);
  });
});

describe('a phrase as written', () => {
  it('comes first, before passages holding the same words in another order', async () => {
    const { index, source } = await phraseFixture((generation) => MeetingIndex.empty(generation));
    const outcome = await index.search('release plan is approved', {}, source);
    const hits = outcome.meetings[0]!.hits;
    expect(hits).toHaveLength(5);
    expect(hits.map((hit) => hit.utterance)).toContain(47);
    expect(outcome.meetings[0]!.more).toBe(55);
  });
});

describe('the saved index in shards', () => {
  it('re-saves only the shard of a changed record', async () => {
    const kv = memoryKeyValue();
    const archive = new Archive(kv);
    for (let i = 1; i <= SHARD_RECORDS + 5; i += 1) {
      await archive.keep(OWNER, {
        spaceId: 1,
        audioId: i,
        createdAt: JAN + i,
        result: readyResult(i, `M${i}.mp3`, [
          { header: 'h', lines: [{ speaker: 0, text: `word${i} budget` }] },
        ]),
      });
    }
    const catalog = (await archive.catalog()) as Catalog;
    const index = MeetingIndex.empty(catalog.generation);
    for (const key of index.plan(catalog).add) {
      const record = (await archive.getByKey(key))!;
      index.addRecord(key, catalog.entries[key]!, prepare(record, {}));
    }
    expect(index.takeDirtyShards().map(([shard]) => shard)).toEqual([0, 1]);
    // The newest records are indexed first: the oldest five are in the second shard.
    index.removeRecord('1:2');
    expect(index.takeDirtyShards().map(([shard]) => shard)).toEqual([1]);
    expect(index.size).toBe(SHARD_RECORDS + 4);
  });
});
