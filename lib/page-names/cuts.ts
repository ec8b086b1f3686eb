/**
 * A "Record here" recording whose sleep was taken out of its file (lib/recording/assemble.ts: a
 * jump of the capture's clock closed), placed against the meeting page's timeline. The page's
 * clock ran on through the sleep, the file does not hold it: after each cut, the page's times lie
 * that much later than the file's. `placeOnFile` moves them back, so the one exact offset holds
 * after every cut as before the first, and drops what the page showed while the file holds no
 * sound (the page was asleep too, so that is little or nothing).
 *
 * Bounds: at most `MAX_CUTS` cuts are read (a stored list is read back by `readCuts`); the file
 * says only its first `MAX_CUTS`, so with that many the page's times after the last are left out
 * rather than placed wrongly.
 */
import { MAX_CUTS, type SleepCut } from '@/lib/recording/sleep-cuts';
import type { Interval } from './intervals';
import type { PageTimeline } from './timeline';

export { MAX_CUTS, type SleepCut };

/** A stored list of cuts read back: pairs of whole non-negative ms, in file order, at most `MAX_CUTS`. */
export function readCuts(value: unknown): SleepCut[] {
  if (!Array.isArray(value)) return [];
  const out: SleepCut[] = [];
  for (const item of value.slice(0, MAX_CUTS)) {
    if (!Array.isArray(item) || item.length !== 2) return [];
    const [at, length] = item as unknown[];
    if (!Number.isSafeInteger(at) || !Number.isSafeInteger(length)) return [];
    if ((at as number) < 0 || (length as number) <= 0) return [];
    if (out.length > 0 && (at as number) < out[out.length - 1]![0]) return [];
    out.push([at as number, length as number]);
  }
  return out;
}

/**
 * The page's timeline with its times after each cut moved back by the sleep before them: a page
 * time `p` that is the recording time `p + offset` on the browser's clock becomes the page time
 * whose `+ offset` is the file's time.
 */
export function placeOnFile(timeline: PageTimeline, offset: number, cuts: readonly SleepCut[]): PageTimeline {
  if (cuts.length === 0) return timeline;
  // Each cut on the browser's clock: the sleep from `from` to `to` seconds of the recording, and
  // the sleep before it.
  let before = 0;
  const gaps = cuts.map(([atMs, lengthMs]) => {
    const from = atMs / 1000 + before;
    const gap = { from, to: from + lengthMs / 1000, before };
    before += lengthMs / 1000;
    return gap;
  });
  const last = gaps[gaps.length - 1]!;
  const through = cuts.length >= MAX_CUTS ? last.to : Number.POSITIVE_INFINITY;
  const place = (list: readonly Interval[]): Interval[] => {
    const out: Interval[] = [];
    for (const [start, end] of list) {
      let from = start + offset;
      const to = Math.min(end + offset, through);
      let shift = 0;
      for (const gap of gaps) {
        if (from >= to || to <= gap.from) break;
        if (from < gap.from) out.push([from - shift - offset, gap.from - shift - offset]);
        from = Math.max(from, gap.to);
        shift = gap.before + (gap.to - gap.from);
      }
      if (from < to) out.push([from - shift - offset, to - shift - offset]);
    }
    return out.filter(([s, e]) => e > s);
  };
  return {
    ...timeline,
    speaking: timeline.speaking.map(place),
    observed: place(timeline.observed),
  };
}
