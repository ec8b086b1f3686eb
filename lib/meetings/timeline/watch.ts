/**
 * A timeline reader kept to what changed, for the sampling on a recorded page
 * (components/page/speaking-timeline.ts): the reader's places (the tiles' container, the
 * participants list) are watched with one observer, and a sample is read only within them and
 * only when something there changed; otherwise the last sample is given again, at the new time.
 *
 * - A change tells `onChange` at once, before anything is read: the sample given then is the one
 *   that held until that moment (the sampling adds it, then reads the new one shortly after).
 * - The places are looked for again in the whole document when one of them left it (a new layout,
 *   a shared screen), when none was found (no participant shown: looked for at each sample), and
 *   every `RECHECK_MS` (a participants list opened elsewhere in the page).
 * - Only what a reader reads counts as a change: children, text, and the attributes that carry
 *   names and marks (classes, titles, labels, ids), never styles or media.
 */
import type { PageSample } from '@/lib/page-names/timeline';
import { commonContainer } from './dom';
import type { TimelineReader } from './types';

/** The places are looked for again in the whole document at least this often. */
export const RECHECK_MS = 10_000;

const WATCHED: MutationObserverInit = {
  subtree: true,
  childList: true,
  characterData: true,
  attributeFilter: ['class', 'title', 'aria-label', 'data-participant-id', 'data-self-name'],
};

export class TimelineWatch {
  private places: Element[] = [];
  private root: Element | null = null;
  private last: PageSample | null = null;
  private changed = true;
  private foundAt = 0;
  private readonly observer: MutationObserver;

  constructor(
    private readonly reader: TimelineReader,
    /** The document the call is drawn in, or null while there is none. */
    private readonly doc: () => Document | null,
    /** The first change since the last reading. */
    onChange: () => void,
  ) {
    this.observer = new MutationObserver(() => {
      if (this.changed) return;
      onChange();
      this.changed = true;
    });
  }

  /** A sample at `now`: read in the places when they changed, else the last one again. */
  read(now: number): PageSample | null {
    if (
      !this.changed &&
      this.last &&
      now - this.foundAt < RECHECK_MS &&
      this.places.every((place) => place.isConnected)
    )
      return { ...this.last, t: now };
    if (!this.root?.isConnected || this.places.length === 0 || now - this.foundAt >= RECHECK_MS)
      this.find(now);
    this.changed = false;
    this.last = this.root ? this.reader.read(this.root, now) : null;
    return this.last;
  }

  /** Stops watching (the recording ended): the next reading looks for the places again. */
  stop(): void {
    this.observer.disconnect();
    this.places = [];
    this.root = null;
    this.last = null;
    this.changed = true;
  }

  private find(now: number): void {
    this.observer.disconnect();
    this.foundAt = now;
    const doc = this.doc();
    this.places = doc ? this.reader.places(doc) : [];
    this.root = this.places.length === 1 ? this.places[0]! : commonContainer(this.places);
    for (const place of this.places) this.observer.observe(place, WATCHED);
  }
}
