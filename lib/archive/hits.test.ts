import { describe, expect, it } from 'vitest';
import { queryWords, stemMatcher } from '@/lib/archive/fts';
import { everyWordMatched, matchedRangesBy, phraseTest, resolveHits } from '@/lib/archive/hits';
import { forHits, prepare, type RecordSource } from '@/lib/archive/search';
import type { ArchiveRecord } from '@/lib/archive/store';
import { readyResult } from './testing/fixtures';

/** A small seeded generator: the same texts every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const PIECES = [
  'decision',
  'Decisions',
  'DECIDED',
  'vendor',
  "vendor's",
  'o’vendor',
  'friday',
  'Fridays',
  'подрядчика',
  'Подрядчик',
  'ёлка',
  'Ёлки',
  'елка',
  'встреча',
  'встречи',
  'de',
  'vendorship',
  'undecided',
  'x-friday',
  '42friday',
  'İstanbul',
  'ǅemal',
  '—',
  ',',
  '.',
  "'",
  '’',
  ' ',
  '  ',
  '\n',
];

describe('the words a search marks', () => {
  it('are the same when only the words starting with a matched head are looked at as when every word is', () => {
    const next = random(7);
    const queries = ['decision vendor friday', 'подрядчика', 'ёлка', 'de', 'встреча vendor', 'istanbul'];
    for (const query of queries) {
      const matcher = stemMatcher(queryWords(query));
      for (let run = 0; run < 400; run += 1) {
        const parts: string[] = [];
        const length = 1 + Math.floor(next() * 14);
        for (let i = 0; i < length; i += 1) parts.push(PIECES[Math.floor(next() * PIECES.length)] as string);
        const text = parts.join(next() < 0.5 ? ' ' : '');
        expect(matchedRangesBy(text, matcher), `${query} in ${JSON.stringify(text)}`).toEqual(
          everyWordMatched(text, matcher),
        );
      }
    }
  });

  it('marks the matched words of a sentence at their offsets', () => {
    const text = 'We decided on the vendor; the Vendor’s answer comes on Friday. Ёлка и елки.';
    const ranges = matchedRangesBy(text, stemMatcher(queryWords('deciding vendor friday ёлки')));
    expect(ranges.map(([offset, length]) => text.slice(offset, offset + length))).toEqual([
      'decided',
      'vendor',
      'Vendor’s',
      'Friday',
      'Ёлка',
      'елки',
    ]);
  });
});

describe('a query as written', () => {
  it('is found in any case and with any run of spaces, its signs taken literally', () => {
    const test = phraseTest('Vendor  on (Friday)?') as (text: string) => boolean;
    expect(test('the vendor on\n(friday)? yes')).toBe(true);
    expect(test('the vendor on friday')).toBe(false);
    expect(test('VENDOR ON (FRIDAY)?')).toBe(true);
    const russian = phraseTest('Встреча в пятницу') as (text: string) => boolean;
    expect(russian('ВСТРЕЧА   в пятницу')).toBe(true);
    expect(russian('встреча во пятницу')).toBe(false);
    expect(phraseTest('   ')).toBeNull();
  });
});

describe('a record kept between searches', () => {
  const record: ArchiveRecord = {
    spaceId: 3,
    audioId: 31,
    title: 'Weekly.m4a',
    createdAt: 1_700_000_000_000,
    result: readyResult(
      31,
      'Weekly.m4a',
      [
        {
          header: 'Vendors',
          lines: [
            { speaker: 0, text: 'We decided on the vendor on Friday.' },
            { speaker: 1, text: 'The vendor sends the contract.' },
          ],
        },
        { header: 'Встреча', lines: [{ speaker: 1, text: 'Подрядчик ответил после встречи.' }] },
      ],
      { names: { '0': 'Anna Petrova' } },
    ),
  };
  const names = { '1': 'Igor' };

  it('gives the same hits as the stored record, keeping its protocol (for questions) but not the stored result', async () => {
    const full: RecordSource = async () => ({ record, names });
    const kept = forHits({ record, names });
    expect(JSON.stringify(kept.record.result)).toBe('{}');
    expect(prepare(kept.record, kept.names).dialog.protocol).toBe(record.result.result?.protocol);
    expect(prepare(kept.record, kept.names).dialog.protocol).not.toBe('');
    expect(kept.record).toMatchObject({
      spaceId: 3,
      audioId: 31,
      title: 'Weekly.m4a',
      createdAt: 1_700_000_000_000,
    });
    const slim: RecordSource = async () => kept;
    for (const query of ['vendor', 'decided vendor friday', 'подрядчика', 'встреча']) {
      const words = queryWords(query);
      const found = {
        groups: new Map([
          [
            '3:31',
            [
              { block: 0, from: 0, score: 2 },
              { block: 1, from: 0, score: 1 },
            ],
          ],
        ]),
        counts: new Map([['3:31', 2]]),
        total: 1,
      };
      const expected = await resolveHits(query, found, {}, full, stemMatcher(words));
      expect(expected.meetings[0]?.hits.length, query).toBeGreaterThan(0);
      expect(await resolveHits(query, found, {}, slim, stemMatcher(words)), query).toEqual(expected);
    }
    const speakers = (
      await resolveHits(
        'vendor',
        { groups: new Map([['3:31', [{ block: 0, from: 0, score: 1 }]]]), counts: new Map(), total: 1 },
        {},
        slim,
        stemMatcher(queryWords('vendor')),
      )
    ).meetings[0]?.hits.map((hit) => hit.speaker);
    expect(speakers).toEqual(['Anna Petrova', 'Igor']);
  });

  it('a record that cannot be read leaves its meeting out, not the search', async () => {
    const source: RecordSource = async (key) => {
      if (key === 'bad') throw new Error('unreadable');
      return { record, names };
    };
    const found = {
      groups: new Map([
        ['bad', [{ block: 0, from: 0, score: 2 }]],
        ['3:31', [{ block: 0, from: 0, score: 1 }]],
      ]),
      counts: new Map(),
      total: 2,
    };
    const outcome = await resolveHits('vendor', found, {}, source, stemMatcher(queryWords('vendor')));
    expect(outcome.meetings.map((m) => m.key)).toEqual(['3:31']);
  });
});
