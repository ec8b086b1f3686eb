import { describe, expect, it } from 'vitest';
import { parseMeetingLink } from '@/lib/meetings';
import { AROUND_START_MS, occurrenceAround } from './attendees';
import type { MeetingOccurrence } from './types';

const START = Date.parse('2026-11-27T10:00:00Z');
const HOUR = 3_600_000;
const MEET = 'https://meet.google.com/abc-defg-hij';

function occurrence(startsAt: number, endsAt: number, url = MEET, people = ['Anna']): MeetingOccurrence {
  return {
    uid: `u${startsAt}`,
    title: 'Sync',
    startsAt,
    endsAt,
    link: parseMeetingLink(url)!,
    organizer: null,
    attendees: [],
    people,
  };
}

describe('occurrenceAround: the calendar event of a meeting at a moment', () => {
  const meeting = parseMeetingLink(MEET)!;

  it('holds the meeting from 30 minutes before its start to its end', () => {
    const one = occurrence(START, START + HOUR);
    expect(occurrenceAround([one], meeting, START - AROUND_START_MS)).toBe(one);
    expect(occurrenceAround([one], meeting, START + HOUR)).toBe(one);
    expect(occurrenceAround([one], meeting, START - AROUND_START_MS - 1)).toBeNull();
    expect(occurrenceAround([one], meeting, START + HOUR + 1)).toBeNull();
  });

  it('is the same meeting by service and meeting id, whatever the link’s form', () => {
    const one = occurrence(START, START + HOUR);
    const same = parseMeetingLink('https://meet.google.com/abc-defg-hij?authuser=1&hs=122')!;
    expect(occurrenceAround([one], same, START)).toBe(one);
    const other = parseMeetingLink('https://meet.google.com/xyz-wxyz-xyz')!;
    expect(occurrenceAround([one], other, START)).toBeNull();
    const zoom = parseMeetingLink('https://us02web.zoom.us/j/85412345678')!;
    expect(
      occurrenceAround([occurrence(START, START + HOUR, 'https://zoom.us/j/85412345678?pwd=x')], zoom, START),
    ).not.toBeNull();
  });

  it('of two back-to-back occurrences in one room, takes the one that started last', () => {
    const first = occurrence(START - HOUR, START + 5 * 60_000);
    const second = occurrence(START, START + HOUR);
    expect(occurrenceAround([second, first], meeting, START + 60_000)).toBe(second);
    expect(occurrenceAround([first, second], meeting, START - 40 * 60_000)).toBe(first);
  });

  it('none in an empty list, or an old occurrence stored without names', () => {
    expect(occurrenceAround([], meeting, START)).toBeNull();
    const old = occurrence(START, START + HOUR);
    delete old.people;
    expect(occurrenceAround([old], meeting, START)?.people).toBeUndefined();
  });
});
