import { describe, expect, it } from 'vitest';
import { queryWords, stemMatcher } from '@/lib/archive/fts';
import { everyWordMatched, matchedRangesBy, phraseTest } from '@/lib/archive/hits';

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
