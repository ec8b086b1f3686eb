import { describe, expect, it } from 'vitest';
import { MAX_CUTS, placeOnFile } from './cuts';
import { emptyTimeline } from './store';

const timeline = (speaking: Array<[number, number]>) => ({
  ...emptyTimeline(0),
  participants: [{ id: 'a', name: 'Anna', self: false }],
  speaking: [speaking],
  observed: [[0, 200] as [number, number]],
});

describe('a page timeline placed on a file whose sleeps were taken out', () => {
  it('moves each time back by the sleeps before it, and drops what lies in a sleep', () => {
    // Offset 2 s: page time p is recording time p + 2. Sleeps of 30 s at 10 s and 20 s at 40 s of the file.
    const placed = placeOnFile(
      timeline([
        [1, 5],
        [6, 45],
        [80, 90],
        [100, 120],
      ]),
      2,
      [
        [10_000, 30_000],
        [40_000, 20_000],
      ],
    );
    expect(placed.speaking[0]).toEqual([
      [1, 5],
      [6, 8],
      [8, 15],
      [38, 40],
      [50, 70],
    ]);
    expect(placed.observed).toEqual([
      [0, 8],
      [8, 38],
      [38, 150],
    ]);
  });

  it('with as many cuts as the file says, leaves out what comes after the last', () => {
    const cuts = Array.from({ length: MAX_CUTS }, (_, i) => [i * 2_000 + 1_000, 1_000] as [number, number]);
    const placed = placeOnFile(timeline([[0, 100_000]]), 0, cuts);
    const end = placed.speaking[0]!.at(-1)![1];
    expect(end).toBeCloseTo(MAX_CUTS * 2 - 1, 6);
  });
});
