import { describe, expect, it } from 'vitest';
import { gapCloser, MAX_CUTS, MAX_GAP_S } from './assemble';

/** Places packets of 20 ms at `timestamps` (s) through one closer. */
function place(timestamps: number[], maxGap = MAX_GAP_S) {
  const closer = gapCloser(maxGap);
  return { placed: timestamps.map((t) => Number(closer.next(t, 0.02).toFixed(3))), removed: closer.removed };
}

describe('the time the computer stood still is taken out of the file', () => {
  it('a 20-minute jump mid-recording (a laptop slept) is closed: what follows starts where the sound before ended', () => {
    const { placed, removed } = place([0, 0.02, 0.04, 1_200.06, 1_200.08]);
    expect(placed).toEqual([0, 0.02, 0.04, 0.06, 0.08]);
    expect(removed).toBeCloseTo(1_200, 6);
  });

  it('contiguous packets and small jitter are kept as they are; a jump of the bound itself is sound, not sleep', () => {
    expect(place([0, 0.02, 0.05, 0.07]).placed).toEqual([0, 0.02, 0.05, 0.07]);
    expect(place([0, 0.02, 0.04 + MAX_GAP_S]).removed).toBe(0);
  });

  it('several sleeps are each closed, and the total is what was removed', () => {
    const { placed, removed } = place([0, 10, 10.02, 40, 40.02]);
    expect(placed).toEqual([0, 0.02, 0.04, 0.06, 0.08]);
    expect(removed).toBeCloseTo(39.94, 6);
  });

  it('says where each sleep was closed in the file and how long it was (ms), for the page timeline to follow', () => {
    const closer = gapCloser();
    for (const t of [0, 10, 10.02, 40, 40.02]) closer.next(t, 0.02);
    expect(closer.cuts).toEqual([
      [20, 9_980],
      [60, 29_960],
    ]);
    const many = gapCloser();
    for (let i = 0; i <= MAX_CUTS + 5; i += 1) many.next(i * 10, 0.02);
    expect(many.cuts).toHaveLength(MAX_CUTS);
  });

  it('a packet that goes back in time or holds no number moves nothing', () => {
    const closer = gapCloser();
    closer.next(5, 0.02);
    expect(closer.next(4, 0.02)).toBe(4);
    expect(closer.next(Number.NaN, Number.NaN)).toBeNaN();
    expect(closer.removed).toBe(0);
    // The packets after it are still followed.
    expect(closer.next(65, 0.02)).toBeCloseTo(5.02, 6);
  });
});
