/**
 * "Send the bot when I open a meeting tab": the decisions, as pure functions of what the
 * background has stored (lib/calendar/auto-join-service.ts wires them). A meeting tab asks; the
 * background starts a short countdown that it keeps itself (a stored deadline and an alarm), the
 * page only shows it and may cancel it, and at the deadline the background sends the bot once.
 *
 * One entry per meeting link: a reload, or a second tab of the same meeting, joins the entry
 * already there (the same countdown, or what came of it) instead of starting another. A meeting
 * of a calendar is that calendar's business (its rule, "skip this one", a bot it already sent):
 * the tab rule serves meetings that are in no calendar, and calendar meetings no rule sends.
 */
import { occurrenceKey } from './plan';
import type { MeetingOccurrence } from './types';

/** The cancel window on the page. */
export const AUTO_JOIN_DELAY_MS = 10_000;
/** A meeting of no calendar counts as one occurrence for this long after its tab first opened. */
export const AUTO_JOIN_TAB_OCCURRENCE_MS = 4 * 60 * 60_000;
/** A calendar meeting counts as current from this long before its start to its end. */
export const AUTO_JOIN_EARLY_MS = 15 * 60_000;

/**
 * `paused`: no tab of the meeting is being looked at (hidden, in the background, a pop-under): the
 * countdown stopped and nothing is sent; a tab looked at starts it again from the full delay.
 */
export type AutoJoinState = 'counting' | 'paused' | 'cancelled' | 'sending' | 'sent' | 'failed' | 'closed';

export interface AutoJoinEntry {
  /** The meeting link, canonical (lib/links). */
  link: string;
  /** The occurrence: the calendar's (link + start) or this tab's (link + when it first opened). */
  key: string;
  state: AutoJoinState;
  /** When the countdown started; a bot job made for this link since then is this entry's. */
  startedAt: number;
  /** When the background sends, unless cancelled. */
  deadline: number;
  /** After this, the link is a new occurrence (a personal room used again another day). */
  until: number;
  /** The tabs that showed the countdown: with all of them closed, nothing is sent. */
  tabIds: number[];
  /** When the state last changed. */
  at: number;
  jobId?: string;
  error?: string;
  /** The space chosen in a counting tab's control; none: the default space. */
  spaceId?: number;
}

/** How the calendars see the meeting right now (lib/calendar/calendars.ts `coverage`). */
export interface CalendarCoverage {
  key: string;
  endsAt: number;
  /**
   * `planned`: a rule will send it; `off`: no rule sends it; otherwise its dispatch record's state
   * (`sent`, `sending`, `skipped`, `missed`, `failed`).
   */
  state: 'planned' | 'off' | 'sending' | 'sent' | 'skipped' | 'missed' | 'failed';
}

/** The calendar occurrence of this link that is on now (or starts within `AUTO_JOIN_EARLY_MS`). */
export function currentOccurrence(
  occurrences: readonly MeetingOccurrence[],
  link: string,
  now: number,
): MeetingOccurrence | null {
  let best: MeetingOccurrence | null = null;
  for (const occurrence of occurrences) {
    if (occurrence.link.url !== link) continue;
    if (occurrence.startsAt - AUTO_JOIN_EARLY_MS > now || occurrence.endsAt <= now) continue;
    // Two on at once (back-to-back in one room): the one that started last.
    if (!best || occurrence.startsAt > best.startsAt) best = occurrence;
  }
  return best;
}

/** A calendar state that leaves the meeting to the calendar: the tab rule stays out of it. */
export function calendarHandles(coverage: CalendarCoverage | null): boolean {
  if (!coverage) return false;
  return coverage.state !== 'off' && coverage.state !== 'failed' && coverage.state !== 'missed';
}

export type AutoJoinDecision =
  /** Nothing to do on this tab (the reason is for tests and logs). */
  | { action: 'none'; reason: 'disabled' | 'calendar' | 'already-sent' | 'not-looking' }
  /** A tab no longer looked at leaves the countdown; with no tab left it pauses. */
  | { action: 'leave'; entry: AutoJoinEntry }
  /** The entry already there decides (a reload, a second tab): its countdown or its outcome. */
  | { action: 'join'; entry: AutoJoinEntry }
  | { action: 'start'; entry: AutoJoinEntry };

export interface AutoJoinInput {
  now: number;
  enabled: boolean;
  link: string;
  tabId: number;
  /** The stored entry for this link, if any. */
  entry: AutoJoinEntry | undefined;
  coverage: CalendarCoverage | null;
  /** A bot for this link was asked for recently (by hand, a schedule, a calendar), and not failed. */
  recentBot: boolean;
  /**
   * The user is looking at this tab: the page is visible and focused (its content script) and the
   * tab is its window's active one (the browser). A background tab or a pop-under is not.
   */
  looking: boolean;
}

/** What a meeting tab's question "auto-join this tab?" comes to. */
export function decideAutoJoin(input: AutoJoinInput): AutoJoinDecision {
  const { now, link, tabId, entry, coverage, looking } = input;
  if (entry && now < entry.until) {
    if (entry.state === 'counting' && !looking) {
      if (!entry.tabIds.includes(tabId)) return { action: 'none', reason: 'not-looking' };
      const tabIds = entry.tabIds.filter((id) => id !== tabId);
      return {
        action: 'leave',
        entry: tabIds.length > 0 ? { ...entry, tabIds } : { ...entry, tabIds, state: 'paused', at: now },
      };
    }
    if (entry.state === 'paused') {
      if (!looking) return { action: 'none', reason: 'not-looking' };
      // Looked at again: the full cancel window, from now.
      return {
        action: 'start',
        entry: { ...entry, state: 'counting', deadline: now + AUTO_JOIN_DELAY_MS, tabIds: [tabId], at: now },
      };
    }
    if (entry.state === 'counting' && !entry.tabIds.includes(tabId)) {
      return { action: 'join', entry: { ...entry, tabIds: [...entry.tabIds, tabId].slice(-20) } };
    }
    return { action: 'join', entry };
  }
  if (!input.enabled) return { action: 'none', reason: 'disabled' };
  if (calendarHandles(coverage)) return { action: 'none', reason: 'calendar' };
  if (input.recentBot) return { action: 'none', reason: 'already-sent' };
  if (!looking) return { action: 'none', reason: 'not-looking' };
  return {
    action: 'start',
    entry: {
      link,
      key: coverage?.key ?? occurrenceKey(link, now),
      state: 'counting',
      startedAt: now,
      deadline: now + AUTO_JOIN_DELAY_MS,
      until: Math.max(coverage?.endsAt ?? 0, now + AUTO_JOIN_TAB_OCCURRENCE_MS),
      tabIds: [tabId],
      at: now,
    },
  };
}

/** "Cancel" on the page: only a countdown still running (or paused) can be cancelled. */
export function cancelAutoJoin(entry: AutoJoinEntry | undefined, now: number): AutoJoinEntry | undefined {
  if (entry?.state !== 'counting' && entry?.state !== 'paused') return entry;
  return { ...entry, state: 'cancelled', at: now };
}

/** Countdowns whose deadline has come, soonest first. */
export function dueEntries(entries: readonly AutoJoinEntry[], now: number): AutoJoinEntry[] {
  return entries
    .filter((entry) => entry.state === 'counting' && entry.deadline <= now)
    .sort((a, b) => a.deadline - b.deadline);
}

/** The next deadline to wake up for, or null. */
export function nextDeadline(entries: readonly AutoJoinEntry[]): number | null {
  let next: number | null = null;
  for (const entry of entries) {
    if (entry.state === 'counting' && (next === null || entry.deadline < next)) next = entry.deadline;
  }
  return next;
}

/** Entries still meaningful: the others are dropped when the store is written. */
export function liveEntries(entries: readonly AutoJoinEntry[], now: number): AutoJoinEntry[] {
  return entries.filter(
    (entry) => entry.until > now || entry.state === 'counting' || entry.state === 'sending',
  );
}
