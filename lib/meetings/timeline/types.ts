/**
 * Who is in the call and who is speaking, as one service's page shows it: one reader per service,
 * in one file each (lib/meetings/timeline/<service>.ts), for the page languages the interface has
 * (the page's own labels differ between English and Russian).
 *
 * A reader is given where to read (the document the call is drawn in, lib/meetings/call-document.ts,
 * or an element of it that holds the call's participants) and the time, and returns one sample
 * of the speaking timeline (lib/page-names/timeline.ts), or null when the call's participants are
 * not found at all: before joining, after leaving, or when the page changed, which the breakage
 * diagnostics then report. It reads names and marks only, never other page text, and never
 * throws.
 *
 * `places` names the elements the participants are drawn in (the tiles' container, the
 * participants list while open): the sampling on a recorded page watches those for changes and
 * reads only within them (lib/meetings/timeline/watch.ts), instead of the whole document.
 */
import type { PageSample } from '@/lib/page-names/timeline';

export interface TimelineReader {
  read(root: Document | Element, now: number): PageSample | null;
  /** The elements the call's participants are drawn in now; none while no participant shows. Never throws. */
  places(doc: Document): Element[];
}
