/**
 * Who is in the call and who is speaking, as one service's page shows it: one reader per service,
 * in one file each (lib/meetings/timeline/<service>.ts), for the page languages the interface has
 * (the page's own labels differ between English and Russian).
 *
 * A reader is given the document the call is drawn in (lib/meetings/call-document.ts) and the
 * time, and returns one sample of the speaking timeline (lib/page-names/timeline.ts), or null when
 * the call's participants are not found at all: before joining, after leaving, or when the page
 * changed, which the breakage diagnostics then report. It reads names and marks only, never other
 * page text, and never throws.
 */
import type { PageSample } from '@/lib/page-names/timeline';

export interface TimelineReader {
  read(doc: Document, now: number): PageSample | null;
}
