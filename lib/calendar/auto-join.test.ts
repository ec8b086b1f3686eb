import { describe, expect, it } from 'vitest';
import {
  AUTO_JOIN_DELAY_MS,
  AUTO_JOIN_EARLY_MS,
  AUTO_JOIN_TAB_OCCURRENCE_MS,
  type AutoJoinEntry,
  type AutoJoinInput,
  type CalendarCoverage,
  calendarHandles,
  cancelAutoJoin,
  currentOccurrence,
  decideAutoJoin,
  dueEntries,
  liveEntries,
  nextDeadline,
} from './auto-join';
import { occurrenceKey } from './plan';
import type { MeetingOccurrence } from './types';

const NOW = Date.UTC(2030, 0, 7, 9, 0);
const LINK = 'https://meet.google.com/abc-defg-hij';
const HOUR = 60 * 60_000;

function occurrence(startsAt: number, endsAt = startsAt + HOUR, link = LINK): MeetingOccurrence {
  return {
    uid: `uid-${startsAt}`,
    title: 'Sync',
    startsAt,
    endsAt,
    link: { service: 'google_meet', id: link.slice(-12), url: link },
    organizer: null,
    attendees: [],
  };
}

function input(changes: Partial<AutoJoinInput> = {}): AutoJoinInput {
  return {
    now: NOW,
    enabled: true,
    link: LINK,
    tabId: 7,
    entry: undefined,
    coverage: null,
    recentBot: false,
    looking: true,
    ...changes,
  };
}

function started(): AutoJoinEntry {
  const decision = decideAutoJoin(input());
  if (decision.action !== 'start') throw new Error('expected a start');
  return decision.entry;
}

describe('currentOccurrence', () => {
  it('finds the occurrence of the link that is on, or starts within the early window', () => {
    const running = occurrence(NOW - 10 * 60_000);
    const soon = occurrence(NOW + AUTO_JOIN_EARLY_MS - 1);
    expect(currentOccurrence([running], LINK, NOW)).toBe(running);
    expect(currentOccurrence([soon], LINK, NOW)).toBe(soon);
  });

  it('ignores other links, ended meetings and meetings later than the early window', () => {
    expect(currentOccurrence([occurrence(NOW - HOUR, NOW - 1)], LINK, NOW)).toBeNull();
    expect(currentOccurrence([occurrence(NOW + AUTO_JOIN_EARLY_MS + 1)], LINK, NOW)).toBeNull();
    expect(
      currentOccurrence([occurrence(NOW, NOW + HOUR, 'https://meet.google.com/xyz-abcd-efg')], LINK, NOW),
    ).toBeNull();
  });

  it('of two meetings on at once in the same room, takes the later one', () => {
    const earlier = occurrence(NOW - 50 * 60_000);
    const later = occurrence(NOW - 5 * 60_000);
    expect(currentOccurrence([later, earlier], LINK, NOW)).toBe(later);
  });
});

describe('decideAutoJoin', () => {
  it('starts a 10-second countdown for a meeting in no calendar, keyed by link and the time the tab opened', () => {
    const entry = started();
    expect(entry).toMatchObject({
      link: LINK,
      key: occurrenceKey(LINK, NOW),
      state: 'counting',
      deadline: NOW + AUTO_JOIN_DELAY_MS,
      until: NOW + AUTO_JOIN_TAB_OCCURRENCE_MS,
      tabIds: [7],
    });
  });

  it('does nothing when the switch is off', () => {
    expect(decideAutoJoin(input({ enabled: false }))).toEqual({ action: 'none', reason: 'disabled' });
  });

  it('a reload or a second tab joins the countdown under way instead of starting another', () => {
    const entry = started();
    const reload = decideAutoJoin(input({ now: NOW + 4000, entry }));
    expect(reload).toEqual({ action: 'join', entry });
    const second = decideAutoJoin(input({ now: NOW + 4000, entry, tabId: 9 }));
    expect(second.action).toBe('join');
    if (second.action === 'join') {
      expect(second.entry.tabIds).toEqual([7, 9]);
      expect(second.entry.deadline).toBe(entry.deadline);
    }
  });

  it('a meeting already sent or cancelled stays so for the occurrence, and starts again after it', () => {
    for (const state of ['sent', 'cancelled', 'failed', 'sending'] as const) {
      const entry: AutoJoinEntry = { ...started(), state };
      expect(decideAutoJoin(input({ now: NOW + HOUR, entry }))).toEqual({ action: 'join', entry });
    }
    const old: AutoJoinEntry = { ...started(), state: 'sent' };
    const later = decideAutoJoin(input({ now: NOW + AUTO_JOIN_TAB_OCCURRENCE_MS, entry: old }));
    expect(later.action).toBe('start');
  });

  it('leaves a meeting a calendar sends, sent or skipped to the calendar', () => {
    for (const state of ['planned', 'sending', 'sent', 'skipped'] as const) {
      const coverage: CalendarCoverage = {
        key: occurrenceKey(LINK, NOW - 60_000),
        endsAt: NOW + HOUR,
        state,
      };
      expect(decideAutoJoin(input({ coverage }))).toEqual({ action: 'none', reason: 'calendar' });
    }
  });

  it('serves a calendar meeting no rule sends, as that occurrence (link + its start), until it ends', () => {
    const key = occurrenceKey(LINK, NOW - 60_000);
    const coverage: CalendarCoverage = { key, endsAt: NOW + 6 * HOUR, state: 'off' };
    const decision = decideAutoJoin(input({ coverage }));
    expect(decision.action).toBe('start');
    if (decision.action === 'start') {
      expect(decision.entry.key).toBe(key);
      expect(decision.entry.until).toBe(NOW + 6 * HOUR);
    }
  });

  it('does not start when a bot was already asked for this meeting', () => {
    expect(decideAutoJoin(input({ recentBot: true }))).toEqual({ action: 'none', reason: 'already-sent' });
  });
});

describe('countdown entries', () => {
  it('Cancel stops only a running countdown', () => {
    const entry = started();
    expect(cancelAutoJoin(entry, NOW + 1000)).toMatchObject({ state: 'cancelled', at: NOW + 1000 });
    const sent: AutoJoinEntry = { ...entry, state: 'sent' };
    expect(cancelAutoJoin(sent, NOW + 1000)).toBe(sent);
    expect(cancelAutoJoin(undefined, NOW)).toBeUndefined();
  });

  it('due entries, the next deadline, and what is kept', () => {
    const a = started();
    const b: AutoJoinEntry = { ...a, link: `${LINK}x`, deadline: a.deadline + 5000 };
    const cancelled: AutoJoinEntry = { ...a, link: `${LINK}y`, state: 'cancelled', deadline: a.deadline - 1 };
    expect(dueEntries([b, a, cancelled], a.deadline)).toEqual([a]);
    expect(dueEntries([b, a], b.deadline)).toEqual([a, b]);
    expect(nextDeadline([b, a, cancelled])).toBe(a.deadline);
    expect(nextDeadline([cancelled])).toBeNull();
    const expired: AutoJoinEntry = { ...cancelled, until: NOW };
    expect(liveEntries([a, expired], NOW + 1)).toEqual([a]);
  });

  it('a calendar occurrence whose bot failed or was missed leaves the tab rule free', () => {
    expect(calendarHandles(null)).toBe(false);
    expect(calendarHandles({ key: 'k', endsAt: NOW, state: 'failed' })).toBe(false);
    expect(calendarHandles({ key: 'k', endsAt: NOW, state: 'missed' })).toBe(false);
    expect(calendarHandles({ key: 'k', endsAt: NOW, state: 'sent' })).toBe(true);
  });
});
