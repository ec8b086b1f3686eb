/**
 * Time intervals `[start, end]` in seconds: sorted, merged, measured and overlapped. Every list
 * these functions return is sorted by start, with no two intervals touching or overlapping.
 */
export type Interval = [start: number, end: number];

/** The intervals sorted and merged; a gap shorter than `gap` seconds joins its neighbours. */
export function mergeIntervals(intervals: readonly Interval[], gap = 0): Interval[] {
  const valid = intervals.filter(
    ([start, end]) => Number.isFinite(start) && Number.isFinite(end) && end > start,
  );
  valid.sort((a, b) => a[0] - b[0]);
  const merged: Interval[] = [];
  for (const [start, end] of valid) {
    const last = merged[merged.length - 1];
    if (last && start - last[1] <= gap) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** Total length of merged intervals. */
export function totalLength(intervals: readonly Interval[]): number {
  let total = 0;
  for (const [start, end] of intervals) total += end - start;
  return total;
}

/**
 * Calls `visit` with each stretch where two merged lists overlap, in order, the second shifted by
 * `shift` seconds (its times read as `time + shift`). One pass over both lists.
 */
function eachOverlap(
  a: readonly Interval[],
  b: readonly Interval[],
  shift: number,
  visit: (start: number, end: number) => void,
): void {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const [aStart, aEnd] = a[i]!;
    const bStart = b[j]![0] + shift;
    const bEnd = b[j]![1] + shift;
    const start = Math.max(aStart, bStart);
    const end = Math.min(aEnd, bEnd);
    if (end > start) visit(start, end);
    if (aEnd < bEnd) i += 1;
    else j += 1;
  }
}

/**
 * Seconds where two merged lists overlap, the second shifted by `shift` seconds (its times read
 * as `time + shift`). One pass over both lists.
 */
export function overlapLength(a: readonly Interval[], b: readonly Interval[], shift = 0): number {
  let total = 0;
  eachOverlap(a, b, shift, (start, end) => {
    total += end - start;
  });
  return total;
}

/** The parts of merged list `a` that lie outside merged list `b`. One pass over both lists. */
export function subtract(a: readonly Interval[], b: readonly Interval[]): Interval[] {
  const out: Interval[] = [];
  let j = 0;
  for (const [start, end] of a) {
    let from = start;
    while (j < b.length && b[j]![1] <= from) j += 1;
    let k = j;
    while (k < b.length && b[k]![0] < end) {
      if (b[k]![0] > from) out.push([from, b[k]![0]]);
      from = Math.max(from, b[k]![1]);
      if (b[k]![1] >= end) break;
      k += 1;
    }
    if (from < end) out.push([from, end]);
  }
  return out;
}

/** The parts of a merged list that lie inside another merged list (shifted by `shift`). */
export function intersect(a: readonly Interval[], b: readonly Interval[], shift = 0): Interval[] {
  const out: Interval[] = [];
  eachOverlap(a, b, shift, (start, end) => {
    out.push([start, end]);
  });
  return out;
}
