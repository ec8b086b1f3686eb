import { describe, expect, it } from 'vitest';
import { mergeTimelines } from './merge';
import { emptyTimeline } from './store';
import { people, samples, T0 } from './testing';
import { buildTimeline, MAX_INTERVALS, type PageSample, TimelineBuilder } from './timeline';

const anna = (from: number, to: number) => (t: number) => (t >= from && t < to ? ['a'] : []);

describe('two page timelines of one meeting', () => {
  it('are one: participants by id, speaking and observed joined on the earlier origin, in any order', () => {
    // One tab from 0 s to 20 s, Anna speaking 2-6 s; another from 10 s to 30 s, Tom speaking 22-26 s.
    const first = buildTimeline(samples(0, 20, anna(2, 6)));
    const second = buildTimeline(
      [...samples(10, 30, (t) => (t >= 22 && t < 26 ? ['b'] : []))].map((sample) => ({
        ...sample,
        present: [{ id: 'b', name: 'Tom Becker' }, { id: 'c', name: 'Ivan' }, { id: 'a' }],
      })),
    );
    const merged = mergeTimelines(first, second);
    expect(merged.origin).toBe(T0);
    expect(merged.participants).toEqual([
      { id: 'a', name: 'Anna Petrova', self: true },
      { id: 'b', name: 'Tom Becker', self: false },
      { id: 'c', name: 'Ivan', self: false },
    ]);
    expect(merged.speaking).toEqual([[[2, 6]], [[22, 26]], []]);
    expect(merged.observed).toEqual([[0, 30]]);
    expect(mergeTimelines(second, first)).toEqual({
      ...merged,
      participants: [merged.participants[1], merged.participants[2], merged.participants[0]],
      speaking: [[[22, 26]], [], [[2, 6]]],
    });
  });

  it('a report sent again, or a later report of the same page, adds nothing twice; an empty one adds nothing', () => {
    const builder = new TimelineBuilder();
    const all = [...samples(0, 30, anna(5, 25))];
    for (const sample of all.slice(0, 60)) builder.add(sample);
    const early = builder.snapshot();
    for (const sample of all.slice(60)) builder.add(sample);
    const late = builder.snapshot();
    expect(mergeTimelines(early, late)).toEqual(late);
    expect(mergeTimelines(late, early)).toEqual(late);
    expect(mergeTimelines(late, late)).toEqual(late);
    expect(mergeTimelines(emptyTimeline(0), late)).toEqual(late);
    expect(mergeTimelines(late, emptyTimeline(0))).toEqual(late);
  });

  it('keep within the bounds: at most 20,000 intervals, the earliest, marked truncated', () => {
    const flicker = (offset: number): PageSample[] =>
      Array.from({ length: MAX_INTERVALS / 3 }, (_, i) => [
        { t: T0 + offset + i * 4000, present: people, speaking: ['a'] },
        { t: T0 + offset + i * 4000 + 1500, present: people, speaking: [] },
      ]).flat();
    const a = buildTimeline(flicker(0));
    const b = buildTimeline(flicker(2000));
    expect([a.truncated, b.truncated]).toEqual([false, false]);
    const merged = mergeTimelines(a, b);
    const count = merged.observed.length + merged.speaking.reduce((sum, list) => sum + list.length, 0);
    expect(count).toBeLessThanOrEqual(MAX_INTERVALS);
    expect(merged.truncated).toBe(true);
  });
});
