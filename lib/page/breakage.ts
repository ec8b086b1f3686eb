/**
 * Pages that changed: what an adapter (a calendar's, lib/page/calendars/; a meeting service's
 * call-state reader, lib/meetings/call-state/, or its speaker reader, lib/meetings/timeline/) expected on
 * its page and did not find, kept by the background and listed in the options page's diagnostics.
 * An entry names
 * the adapter, the host, the missing part (a fixed name from the adapter, never page content) and
 * when it was first and last seen; the list is bounded.
 */
import type { CalendarApp } from '@/lib/links';
import type { MeetingServiceId } from '@/lib/meetings';

/** A calendar app or a meeting service: whose adapter missed a part. */
export type BreakageApp = CalendarApp | MeetingServiceId;

export interface PageBreakage {
  app: BreakageApp;
  host: string;
  part: string;
  firstAt: number;
  lastAt: number;
  count: number;
}

/** At most this many kinds of breakage are kept; the oldest seen goes first. */
export const BREAKAGES_MAX = 20;

/** The list with this breakage recorded: one entry per app, host and part, newest last. */
export function recordBreakage(
  list: readonly PageBreakage[],
  seen: { app: BreakageApp; host: string; part: string },
  at: number,
): PageBreakage[] {
  const same = (entry: PageBreakage) =>
    entry.app === seen.app && entry.host === seen.host && entry.part === seen.part;
  const known = list.find(same);
  const entry: PageBreakage = known
    ? { ...known, lastAt: at, count: Math.min(known.count + 1, 1_000_000) }
    : { ...seen, firstAt: at, lastAt: at, count: 1 };
  return [...list.filter((item) => !same(item)), entry].slice(-BREAKAGES_MAX);
}

/** The plain-text report of "Copy report": one line per breakage, times in UTC. */
export function breakageReport(list: readonly PageBreakage[], version: string): string {
  const lines = list.map(
    (entry) =>
      `${entry.app} adapter on ${entry.host}: missing ${entry.part}; seen ${entry.count}× ` +
      `(${new Date(entry.firstAt).toISOString()} – ${new Date(entry.lastAt).toISOString()})`,
  );
  return [`Meeting Capture ${version}: calendar and meeting pages that changed`, ...lines].join('\n');
}
