/**
 * Where the page's timeline sits on the recording's clock: `offset` seconds such that a time `p`
 * of the page's timeline is the time `p + offset` of the recording.
 *
 * - "Record here": the recording and the page share the browser's clock, so the offset is exact:
 *   the page timeline's origin minus the recording's start, less the page's lag in marking a
 *   speaker (`exactAlignment`).
 * - A bot's recording starts when the bot is let in, on the service's clock; the offset is searched
 *   (`searchAlignment`): both timelines become speaking-activity signals (per time bin, who
 *   speaks: one page participant, one diarized label), and each candidate offset is scored by the
 *   seconds in which each label meets its most frequent page participant (a mapping-aware overlap:
 *   plain voice activity barely changes with the offset in a busy meeting). Coarse to fine: 1 s bins
 *   over every offset within the meeting's length (fewer, wider bins for very long timelines, so
 *   the work stays under about 50 million steps), then 0.1 s bins around the best coarse offset.
 *   The result is trusted only if it matched enough speech (30 s) and clearly beats the best
 *   offset more than 5 s away from it (by a fifth).
 */
import type { Interval } from './intervals';
import type { PageTimeline } from './timeline';

export interface Alignment {
  /** Recording time = page time + offset (seconds). */
  offset: number;
  /** How it was found. */
  method: 'exact' | 'search';
  /** Seconds of speech in which labels met their best page participant at this offset. */
  matched: number;
  /** False when a searched offset is not clearly better than others; its names are not offered. */
  confident: boolean;
}

/**
 * The offset for a recording made in the page's own browser: `recordingStartedAt` and the
 * timeline's origin are both ms on the browser's clock. `lag` (seconds) is how late the page
 * marks a speaker after the voice is heard.
 */
export function exactAlignment(timeline: PageTimeline, recordingStartedAt: number, lag = 0): Alignment {
  return {
    offset: (timeline.origin - recordingStartedAt) / 1000 - lag,
    method: 'exact',
    matched: 0,
    confident: true,
  };
}

const MIN_MATCHED_SECONDS = 30;
const MIN_LEAD = 1.2;
const EXCLUDE_NEAR_SECONDS = 5;
const WORK_LIMIT = 50_000_000;

/** Per bin of `step` seconds from 0, the index of the list that covers the bin's middle, or -1. */
function raster(lists: readonly (readonly Interval[])[], step: number, bins: number): Int32Array {
  const out = new Int32Array(bins).fill(-1);
  lists.forEach((list, index) => {
    for (const [start, end] of list) {
      const from = Math.max(0, Math.ceil(start / step - 0.5));
      const to = Math.min(bins - 1, Math.floor(end / step - 0.5));
      for (let bin = from; bin <= to; bin += 1) if (out[bin] === -1) out[bin] = index;
    }
  });
  return out;
}

function spanOf(lists: readonly (readonly Interval[])[]): number {
  let end = 0;
  for (const list of lists) for (const interval of list) if (interval[1] > end) end = interval[1];
  return end;
}

interface Scored {
  shift: number;
  score: number;
}

/** Scores every shift (in bins, recording bin = page bin + shift) in `[from, to]`. */
function scoreShifts(
  page: Int32Array,
  labels: Int32Array,
  labelCount: number,
  participantCount: number,
  from: number,
  to: number,
): Scored[] {
  const counts = new Int32Array(labelCount * participantCount);
  const best = new Int32Array(labelCount);
  const touched: number[] = [];
  const out: Scored[] = [];
  for (let shift = from; shift <= to; shift += 1) {
    const first = Math.max(0, -shift);
    const last = Math.min(page.length, labels.length - shift);
    for (let bin = first; bin < last; bin += 1) {
      const participant = page[bin]!;
      if (participant < 0) continue;
      const label = labels[bin + shift]!;
      if (label < 0) continue;
      const cell = label * participantCount + participant;
      if (counts[cell] === 0) touched.push(cell);
      const value = counts[cell]! + 1;
      counts[cell] = value;
      if (value > best[label]!) best[label] = value;
    }
    let score = 0;
    for (let label = 0; label < labelCount; label += 1) score += best[label]!;
    out.push({ shift, score });
    for (const cell of touched) counts[cell] = 0;
    touched.length = 0;
    best.fill(0);
  }
  return out;
}

export interface SearchOptions {
  /** Largest offset tried either way, seconds; defaults to the longer of the two timelines. */
  maxOffset?: number;
}

/**
 * Searches the offset that best overlaps the page's speaking intervals with the diarized
 * `speakers` (label → intervals in seconds of the recording).
 */
export function searchAlignment(
  timeline: PageTimeline,
  speakers: Readonly<Record<string, readonly Interval[]>>,
  options: SearchOptions = {},
): Alignment {
  const labelLists = Object.values(speakers);
  const pageSpan = spanOf(timeline.speaking);
  const recordingSpan = spanOf(labelLists);
  const none: Alignment = { offset: 0, method: 'search', matched: 0, confident: false };
  if (pageSpan <= 0 || recordingSpan <= 0 || labelLists.length === 0) return none;
  const reach = Math.max(0, options.maxOffset ?? Math.max(pageSpan, recordingSpan));

  const search = (step: number, from: number, to: number) => {
    const page = raster(timeline.speaking, step, Math.ceil(pageSpan / step) + 1);
    const labels = raster(labelLists, step, Math.ceil(recordingSpan / step) + 1);
    return scoreShifts(page, labels, labelLists.length, timeline.participants.length, from, to);
  };

  // Coarse: 1 s bins, wider when the timelines are very long.
  const work = (pageSpan + 1) * (2 * reach + 1);
  const coarse = Math.max(1, Math.sqrt(work / WORK_LIMIT));
  const reachBins = Math.ceil(reach / coarse);
  const scored = search(coarse, -reachBins, reachBins);
  let top = scored[0]!;
  for (const entry of scored) if (entry.score > top.score) top = entry;
  const near = Math.ceil(EXCLUDE_NEAR_SECONDS / coarse);
  let rival = 0;
  for (const entry of scored)
    if (Math.abs(entry.shift - top.shift) > near && entry.score > rival) rival = entry.score;

  // Fine: 0.1 s bins (wider for very long timelines) within two coarse bins of the best.
  const fine = Math.min(coarse, Math.max(0.1, Math.sqrt((4 * coarse * (pageSpan + 1)) / WORK_LIMIT)));
  const centre = Math.round((top.shift * coarse) / fine);
  const around = Math.ceil((2 * coarse) / fine);
  const refined = search(fine, centre - around, centre + around);
  let best = refined[0]!;
  for (const entry of refined) if (entry.score > best.score) best = entry;

  const matched = best.score * fine;
  const confident = matched >= MIN_MATCHED_SECONDS && top.score >= rival * MIN_LEAD && top.score > 0;
  return { offset: best.shift * fine, method: 'search', matched, confident };
}
