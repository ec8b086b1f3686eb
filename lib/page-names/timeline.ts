/**
 * The page's speaking timeline: who was in the meeting (names from the page's tiles and
 * participant list, the user's own tile marked) and when each of them spoke (the page's
 * active-speaker marks), kept as intervals, not samples.
 *
 * Samples (`{t, present, speaking}`, a few a second) go into a `TimelineBuilder`, which keeps, per
 * participant, one open interval: a speaking sample within `mergeGap` seconds of the last one
 * extends it (a mark that flickers off for a moment is one turn); a longer quiet closes it at the
 * first sample that did not show the participant speaking. A gap between samples longer than
 * `maxSampleGap` (the tab hidden, tiles covered by a shared screen, the script stopped) closes
 * every interval: the page was not watched then, and `observed` says when it was. A sample that
 * names who is present but could not see who speaks (`speakingSeen: false`: Meet's people panel
 * while a shared screen hides the tiles) adds its participants and counts as no sample otherwise:
 * its time is not observed silence.
 *
 * Bounds: names are trimmed, control characters dropped, whitespace collapsed and cut to
 * `MAX_NAME_LENGTH` characters; markup in a name is kept as text (it is only ever rendered as
 * text). At most `MAX_PARTICIPANTS` participants (later ones are counted, not kept) and
 * `MAX_INTERVALS` intervals in all; a timeline that reaches the interval bound stops there
 * (`truncated`), so a million samples cost one pass and a bounded list. Work per sample is the
 * length of its `present` and `speaking` lists (each cut to `MAX_PARTICIPANTS`) plus the
 * participants currently speaking.
 *
 * The timeline is plain JSON (`PageTimeline`), stored beside the recording or the bot job and read
 * back through `parseTimeline` (stored-timeline.ts), which applies the same bounds to whatever it
 * is given. This module takes no schema library: the meeting pages' sampling script builds
 * timelines with it, and only the background reads them back.
 */
import type { Interval } from './intervals';

export const MAX_PARTICIPANTS = 500;
export const MAX_INTERVALS = 20_000;
export const MAX_NAME_LENGTH = 80;
export const MAX_ID_LENGTH = 128;

export interface Participant {
  /** The page's own id of the participant (a tile's id, else the name it showed first). */
  id: string;
  /** The name the page showed, cleaned; '' when it showed none. */
  name: string;
  /** The user's own tile. */
  self: boolean;
}

export interface PageTimeline {
  v: 1;
  /** The page's clock (ms since the epoch) at time 0 of the intervals: the first sample. */
  origin: number;
  participants: Participant[];
  /** Parallel to `participants`: seconds after `origin`, sorted, merged. */
  speaking: Interval[][];
  /** When the page was watched (samples no further apart than `maxSampleGap`). */
  observed: Interval[];
  /** True when a bound stopped the timeline early or left participants out. */
  truncated: boolean;
}

export interface SampleParticipant {
  id: string;
  name?: string;
  self?: boolean;
}

export interface PageSample {
  /** The page's clock, ms since the epoch. */
  t: number;
  present: readonly SampleParticipant[];
  /** Ids of the participants the page marks as speaking. */
  speaking: readonly string[];
  /**
   * False when the page showed who is present but nowhere it marks speaking (Meet's people panel
   * alone, its tiles hidden by a shared screen): the participants are kept, and the sample's time
   * stays unobserved, as if no sample had come. Its `speaking` is not read.
   */
  speakingSeen?: boolean;
}

export interface BuilderOptions {
  /** A quiet shorter than this (seconds) does not end a turn. */
  mergeGap?: number;
  /** Samples further apart than this (seconds) leave the time between them unobserved. */
  maxSampleGap?: number;
}

// Control and format characters (bidirectional overrides, zero-width joiners) are dropped.
const INVISIBLE = /[\p{Cc}\p{Cf}]/gu;

/** A name as the timeline keeps it: trimmed, one space between words, at most 80 characters (or `max`). */
export function cleanName(value: unknown, max = MAX_NAME_LENGTH): string {
  if (typeof value !== 'string') return '';
  const text = value
    .slice(0, max * 8)
    .replace(INVISIBLE, '')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(text);
  return chars.length > max ? chars.slice(0, max).join('').trimEnd() : text;
}

/** An id as the timeline keeps it: invisible characters dropped, trimmed, at most 128 characters. */
export function cleanId(value: unknown): string {
  if (typeof value !== 'string') return '';
  return value.replace(INVISIBLE, '').trim().slice(0, MAX_ID_LENGTH);
}

interface Open {
  start: number;
  /** The last sample that showed the participant speaking. */
  end: number;
  /** The first sample after `end` that did not; null while none has come. */
  quietAt: number | null;
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

export class TimelineBuilder {
  private readonly mergeGap: number;
  private readonly maxSampleGap: number;
  private origin: number | null = null;
  /** The last sample, and the last one that observed who was speaking (null before the first). */
  private last = 0;
  private seen: number | null = null;
  private readonly index = new Map<string, number>();
  private readonly participants: Participant[] = [];
  private readonly speaking: Interval[][] = [];
  private readonly open = new Map<number, Open>();
  private readonly observed: Interval[] = [];
  private intervals = 0;
  private truncated = false;
  private stopped = false;

  constructor(options: BuilderOptions = {}) {
    this.mergeGap = options.mergeGap ?? 1;
    this.maxSampleGap = options.maxSampleGap ?? 2;
  }

  /** Adds one sample; samples out of time order, or after a bound was reached, are ignored. */
  add(sample: PageSample): void {
    if (this.stopped || !Number.isFinite(sample.t)) return;
    if (this.origin === null) this.origin = sample.t;
    const now = (sample.t - this.origin) / 1000;
    if (now < this.last) return;
    this.last = now;
    if (sample.speakingSeen === false) {
      // Names without speaking marks: who is there is kept, the time is not watched.
      this.present(sample.present);
      return;
    }
    if (this.seen === null || now - this.seen > this.maxSampleGap) {
      this.closeAll();
      if (this.stopped) return;
      if (this.full()) {
        this.halt();
        return;
      }
      this.observed.push([now, now]);
      this.intervals += 1;
    } else {
      this.observed[this.observed.length - 1]![1] = now;
    }
    this.seen = now;

    this.present(sample.present);
    const speakingNow = new Set<number>();
    const ids = Array.isArray(sample.speaking) ? sample.speaking : [];
    for (let i = 0; i < ids.length && i < MAX_PARTICIPANTS; i += 1) {
      const index = this.participant(ids[i], undefined, false);
      if (index !== null) speakingNow.add(index);
    }
    for (const [index, turn] of this.open) {
      if (speakingNow.has(index)) continue;
      if (turn.quietAt === null) turn.quietAt = now;
      if (now - turn.end > this.mergeGap) this.close(index, turn.quietAt);
      if (this.stopped) return;
    }
    for (const index of speakingNow) {
      const turn = this.open.get(index);
      if (turn && now - turn.end <= this.mergeGap) {
        turn.end = now;
        turn.quietAt = null;
        continue;
      }
      if (turn) this.close(index, turn.quietAt ?? turn.end);
      if (this.stopped) return;
      this.open.set(index, { start: now, end: now, quietAt: null });
    }
  }

  /** The timeline so far, every turn still open closed at the last sample. */
  finish(): PageTimeline {
    this.closeAll();
    return {
      v: 1,
      origin: this.origin ?? 0,
      participants: this.participants.map((p) => ({ ...p })),
      speaking: this.speaking.map((list) => list.map(([s, e]) => [round(s), round(e)] as Interval)),
      observed: this.observed.filter(([s, e]) => e > s).map(([s, e]) => [round(s), round(e)] as Interval),
      truncated: this.truncated,
    };
  }

  /**
   * The timeline so far without ending anything: the turns still open are shown ended at their
   * last speaking sample, and stay open for the samples to come (a recording's timeline sent while
   * it goes on).
   */
  snapshot(): PageTimeline {
    const speaking = this.speaking.map((list) => [...list]);
    for (const [index, turn] of this.open) {
      const end = turn.quietAt ?? turn.end;
      speaking[index]!.push([turn.start, end > turn.start ? end : turn.start + 0.25]);
    }
    return {
      v: 1,
      origin: this.origin ?? 0,
      participants: this.participants.map((p) => ({ ...p })),
      speaking: speaking.map((list) => list.map(([s, e]) => [round(s), round(e)] as Interval)),
      observed: this.observed.filter(([s, e]) => e > s).map(([s, e]) => [round(s), round(e)] as Interval),
      truncated: this.truncated,
    };
  }

  private present(list: unknown): void {
    const present = Array.isArray(list) ? (list as unknown[]) : [];
    for (let i = 0; i < present.length && i < MAX_PARTICIPANTS; i += 1) {
      const entry = present[i] as SampleParticipant | null | undefined;
      if (entry && typeof entry === 'object') this.participant(entry.id, entry.name, entry.self === true);
    }
  }

  private participant(rawId: unknown, rawName: unknown, self: boolean): number | null {
    const id = cleanId(rawId);
    if (!id) return null;
    const known = this.index.get(id);
    const name = rawName === undefined ? '' : cleanName(rawName);
    if (known !== undefined) {
      const entry = this.participants[known]!;
      if (name) entry.name = name;
      if (self) entry.self = true;
      return known;
    }
    if (this.participants.length >= MAX_PARTICIPANTS) {
      this.truncated = true;
      return null;
    }
    this.index.set(id, this.participants.length);
    this.participants.push({ id, name, self });
    this.speaking.push([]);
    return this.participants.length - 1;
  }

  /** True once one more interval would leave no room to close every open turn. */
  private full(): boolean {
    return this.intervals >= MAX_INTERVALS - MAX_PARTICIPANTS - 1;
  }

  /** The interval bound is reached: the turns still open are closed and nothing more is taken. */
  private halt(): void {
    this.stopped = true;
    this.truncated = true;
    for (const [index, turn] of [...this.open]) this.close(index, turn.quietAt ?? turn.end, true);
  }

  private close(index: number, end: number, force = false): void {
    const turn = this.open.get(index);
    this.open.delete(index);
    if (!turn) return;
    // A turn seen in one sample only still lasted about one sample period.
    const until = end > turn.start ? end : turn.start + 0.25;
    if (!force && this.full()) this.halt();
    this.speaking[index]!.push([turn.start, until]);
    this.intervals += 1;
  }

  private closeAll(): void {
    for (const [index, turn] of [...this.open]) {
      // The page stopped being watched: the turn ends at its last speaking sample.
      this.close(index, turn.quietAt ?? turn.end);
    }
  }
}

/** Builds a timeline from samples in one pass. */
export function buildTimeline(samples: Iterable<PageSample>, options?: BuilderOptions): PageTimeline {
  const builder = new TimelineBuilder(options);
  for (const sample of samples) builder.add(sample);
  return builder.finish();
}
