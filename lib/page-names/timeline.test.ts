import { describe, expect, it } from 'vitest';
import { people, samples, T0 } from './testing';
import {
  buildTimeline,
  cleanName,
  MAX_INTERVALS,
  MAX_NAME_LENGTH,
  MAX_PARTICIPANTS,
  TimelineBuilder,
} from './timeline';

describe('page timeline', () => {
  it('turns samples into intervals: a turn ends at the first quiet sample, short quiets merge', () => {
    const timeline = buildTimeline(
      samples(0, 20, (t) => {
        if (t >= 1 && t < 4) return ['a'];
        if (t >= 4.5 && t < 6) return ['a']; // quiet 0.5 s: one turn
        if (t >= 10 && t < 12) return ['b'];
        if (t >= 14 && t < 15) return ['b']; // quiet 2 s: a new turn
        return [];
      }),
    );
    expect(timeline.origin).toBe(T0);
    expect(timeline.participants).toEqual([
      { id: 'a', name: 'Anna Petrova', self: true },
      { id: 'b', name: 'Tom Becker', self: false },
    ]);
    expect(timeline.speaking).toEqual([
      [[1, 6]],
      [
        [10, 12],
        [14, 15],
      ],
    ]);
    expect(timeline.observed).toEqual([[0, 20]]);
    expect(timeline.truncated).toBe(false);
  });

  it('leaves a gap in the samples (screen sharing hid the tiles) unobserved and ends turns at it', () => {
    const list = [...samples(0, 10, () => ['a']), ...samples(40, 50, () => ['a'])];
    const timeline = buildTimeline(list);
    expect(timeline.observed).toEqual([
      [0, 10],
      [40, 50],
    ]);
    expect(timeline.speaking[0]).toEqual([
      [0, 10],
      [40, 50],
    ]);
  });

  it('keeps who a names-only sample shows and leaves its time unobserved, as a gap', () => {
    const carol = { id: 'c', name: 'Carol Diaz' };
    const namesOnly = (from: number, to: number) =>
      [...samples(from, to, () => ['a'])].map((sample) => ({
        ...sample,
        present: [...people, carol],
        speakingSeen: false,
      }));
    const list = [
      ...samples(0, 10, () => ['a']),
      ...namesOnly(10.25, 39.75),
      ...samples(40, 50, () => ['b']),
    ];
    const timeline = buildTimeline(list);
    expect(timeline.participants.map((p) => p.id)).toEqual(['a', 'b', 'c']);
    expect(timeline.observed).toEqual([
      [0, 10],
      [40, 50],
    ]);
    // Anna's turn ends at her last mark; the names-only stretch claims nobody's silence.
    expect(timeline.speaking).toEqual([[[0, 10]], [[40, 50]], []]);
    // A names-only moment shorter than the gap bound leaves the watch and the turn unbroken, as a
    // short gap does.
    const brief = buildTimeline([
      ...samples(0, 10, () => ['a']),
      ...namesOnly(10.25, 10.75),
      ...samples(11, 20, () => ['a']),
    ]);
    expect(brief.observed).toEqual([[0, 20]]);
    expect(brief.speaking[0]).toEqual([[0, 20]]);
  });

  it('ignores samples out of time order and ids that are not strings', () => {
    const builder = new TimelineBuilder();
    builder.add({ t: T0, present: people, speaking: ['a'] });
    builder.add({ t: T0 + 1000, present: people, speaking: ['a'] });
    builder.add({ t: T0 + 500, present: people, speaking: ['b'] });
    builder.add({
      t: T0 + 1250,
      present: [{ id: 42 as unknown as string }],
      speaking: [null as unknown as string],
    });
    const timeline = builder.finish();
    expect(timeline.participants.map((p) => p.id)).toEqual(['a', 'b']);
    expect(timeline.speaking[1]).toEqual([]);
  });

  it('keeps a name that is markup as text, trimmed and cut to 80 characters', () => {
    expect(cleanName('  <img src=x onerror=alert(1)>  ')).toBe('<img src=x onerror=alert(1)>');
    expect(cleanName('Anna\u202E\u200B  \n Petrova')).toBe('Anna Petrova');
    expect(Array.from(cleanName('Я'.repeat(500)))).toHaveLength(MAX_NAME_LENGTH);
    expect(cleanName(undefined)).toBe('');
    const timeline = buildTimeline([
      { t: T0, present: [{ id: 'x', name: '<b onclick="x()">Boss</b>' }], speaking: ['x'] },
      { t: T0 + 250, present: [], speaking: [] },
    ]);
    expect(timeline.participants[0]!.name).toBe('<b onclick="x()">Boss</b>');
  });

  it('a page with no names keeps its participants nameless and their turns', () => {
    const timeline = buildTimeline(
      [...samples(0, 5, () => ['a'])].map((s) => ({
        ...s,
        present: [{ id: 'a', name: '   ' }, { id: 'b' }],
      })),
    );
    expect(timeline.participants).toEqual([
      { id: 'a', name: '', self: false },
      { id: 'b', name: '', self: false },
    ]);
    expect(timeline.speaking[0]).toEqual([[0, 5]]);
  });

  it('keeps at most 500 participants and says it left the others out', () => {
    const present = Array.from({ length: 700 }, (_, i) => ({ id: `p${i}`, name: `Person ${i}` }));
    const timeline = buildTimeline([
      { t: T0, present, speaking: ['p0', 'p699'] },
      { t: T0 + 250, present, speaking: [] },
    ]);
    expect(timeline.participants).toHaveLength(MAX_PARTICIPANTS);
    expect(timeline.speaking).toHaveLength(MAX_PARTICIPANTS);
    expect(timeline.truncated).toBe(true);
    expect(timeline.speaking[0]).toEqual([[0, 0.25]]);
  });

  it('a timeline of a million samples is built in one pass into a bounded list', () => {
    // A million samples (69 hours at 4 a second): one participant flickers every sample (merged into
    // one turn), another speaks 1 s in every 3 s (a new turn each time, so the bound is reached).
    const builder = new TimelineBuilder();
    for (let i = 0; i < 1_000_000; i += 1) {
      const speaking = i % 2 === 0 ? ['a'] : [];
      if (i % 12 < 4) speaking.push('b');
      builder.add({ t: T0 + i * 250, present: people, speaking });
    }
    const timeline = builder.finish();
    const count = timeline.speaking.reduce((n, list) => n + list.length, 0) + timeline.observed.length;
    expect(count).toBeLessThanOrEqual(MAX_INTERVALS);
    expect(timeline.truncated).toBe(true);
    expect(timeline.speaking[0]).toHaveLength(1);
    expect(JSON.stringify(timeline).length).toBeLessThan(600_000);
  });
});

describe('a timeline sent while it goes on (snapshot)', () => {
  it('shows the open turns ended at their last sample and keeps them open for the samples to come', () => {
    const builder = new TimelineBuilder();
    const all = [...samples(0, 12, (t) => (t >= 1 && t < 11 ? ['a'] : []))];
    for (const sample of all.slice(0, 21)) builder.add(sample); // up to 5 s: Anna speaking
    expect(builder.snapshot().speaking).toEqual([[[1, 5]], []]);
    for (const sample of all.slice(21)) builder.add(sample);
    // One turn, not two split at the snapshot.
    expect(builder.finish().speaking).toEqual([[[1, 11]], []]);
  });
});
