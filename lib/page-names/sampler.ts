/**
 * The sampling of a recorded meeting page: idle until the background says the tab is recorded,
 * then a sample at each tick (the page script ticks when the call changed, at most every
 * `SAMPLE_MS`, and at least twice a second: components/page/speaking-timeline.ts), into a
 * `TimelineBuilder`, and the timeline so far to the background every `SEND_MS` and once more when
 * the recording ends (the background keeps the latest; a worker restart loses nothing it was sent).
 *
 * What the reader never found is said once per recording, for the diagnostics: no participant
 * tiles in the first `NO_TILES_MS` of the recording (the page changed, or the call was not joined),
 * or tiles but never a speaking mark in a recording of at least `NO_MARKS_MS`. The recording goes on
 * either way.
 */
import type { PageSample } from './timeline';
import { type PageTimeline, TimelineBuilder } from './timeline';

/** A change of the call is read this soon after it. */
export const SAMPLE_MS = 250;
export const SEND_MS = 5_000;
export const NO_TILES_MS = 30_000;
export const NO_MARKS_MS = 120_000;

export type Missing = 'participant tiles' | 'speaking marks';

export interface SamplerDeps {
  now: () => number;
  /** One sample of the call, or null when its participants are not found. */
  read: (now: number) => PageSample | null;
  /** Sends a report; answers whether the tab is (still) being recorded. */
  send: (report: { timeline?: PageTimeline; missing?: Missing }) => Promise<boolean>;
}

export class PageSampler {
  private builder: TimelineBuilder | null = null;
  private since = 0;
  private lastSent = 0;
  private sawTiles = false;
  private sawMarks = false;
  private told = new Set<Missing>();
  private busy = false;
  /** A question asked while one was on its way: asked again once that one is answered. */
  private again = false;

  constructor(private readonly deps: SamplerDeps) {}

  /** Whether samples are being taken (the tab is recorded). */
  get active(): boolean {
    return this.builder !== null;
  }

  /** Asks the background whether the tab is recorded (at the start, and when it says something changed). */
  async check(): Promise<void> {
    if (this.busy) {
      // The answer on its way may predate what the page was just told (a bot sent meanwhile).
      this.again = true;
      return;
    }
    this.busy = true;
    try {
      do {
        this.again = false;
        const final = this.builder ? this.report(true) : {};
        const recording = await this.deps.send(final);
        if (recording && !this.builder) this.begin();
        else if (!recording) this.builder = null;
      } while (this.again);
    } finally {
      this.busy = false;
      this.again = false;
    }
  }

  /** One tick of the sampling timer. */
  tick(): void {
    if (!this.builder) return;
    const now = this.deps.now();
    const sample = this.deps.read(now);
    if (sample) {
      this.sawTiles = true;
      if (sample.speaking.length > 0) this.sawMarks = true;
      this.builder.add(sample);
    }
    if (now - this.lastSent >= SEND_MS && !this.busy) {
      this.lastSent = now;
      const report = this.report(false);
      void this.deps.send(report).then(
        (recording) => {
          if (!recording) this.builder = null;
        },
        () => undefined,
      );
    }
  }

  private begin(): void {
    this.builder = new TimelineBuilder();
    this.since = this.deps.now();
    this.lastSent = this.since;
    this.sawTiles = false;
    this.sawMarks = false;
    this.told = new Set();
  }

  private report(final: boolean): { timeline?: PageTimeline; missing?: Missing } {
    const builder = this.builder;
    if (!builder) return {};
    const elapsed = this.deps.now() - this.since;
    let missing: Missing | undefined;
    if (!this.sawTiles && elapsed >= NO_TILES_MS) missing = 'participant tiles';
    else if (final && this.sawTiles && !this.sawMarks && elapsed >= NO_MARKS_MS) missing = 'speaking marks';
    if (missing && this.told.has(missing)) missing = undefined;
    if (missing) this.told.add(missing);
    const timeline = this.sawTiles ? builder.snapshot() : undefined;
    return { ...(timeline && { timeline }), ...(missing && { missing }) };
  }
}
