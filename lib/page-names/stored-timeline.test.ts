import { describe, expect, it } from 'vitest';
import { parseTimeline } from './stored-timeline';
import { samples } from './testing';
import { buildTimeline, MAX_PARTICIPANTS } from './timeline';

describe('a stored page timeline', () => {
  it('is stored as JSON and read back with the same bounds; anything else reads as none', () => {
    const timeline = buildTimeline(samples(0, 5, (t) => (t < 2 ? ['a'] : ['b'])));
    expect(parseTimeline(JSON.parse(JSON.stringify(timeline)))).toEqual(timeline);
    expect(parseTimeline(null)).toBeNull();
    expect(parseTimeline({ ...timeline, v: 2 })).toBeNull();
    const hostile = {
      ...timeline,
      participants: Array.from({ length: 600 }, (_, i) => ({
        id: `p${i}`,
        name: ` <i>${i}</i> `,
        self: false,
      })),
      speaking: [
        [
          [3, 1],
          [Number.NaN, 2],
          [1, 2],
        ],
      ],
    };
    const read = parseTimeline(hostile)!;
    expect(read.participants).toHaveLength(MAX_PARTICIPANTS);
    expect(read.participants[0]!.name).toBe('<i>0</i>');
    expect(read.speaking[0]).toEqual([[1, 2]]);
    expect(read.truncated).toBe(true);
  });
});
