// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  eventText,
  findEventStart,
  MAX_TEXT,
  parseStartFromText,
  parseTimestamp,
} from '@/lib/page/event-start';

const NOW = new Date(2026, 2, 1, 9, 0).getTime(); // Sunday, 1 March 2026, 09:00 local
const local = (y: number, m: number, d: number, h: number, min = 0) =>
  new Date(y, m - 1, d, h, min).getTime();

function container(html: string): HTMLElement {
  const element = document.createElement('div');
  element.setAttribute('role', 'dialog');
  element.innerHTML = html;
  return element;
}

describe('event start from text', () => {
  it.each([
    ['Wednesday, March 4 ⋅ 10:00 – 11:00am', local(2026, 3, 4, 10)],
    ['Wednesday, March 4⋅10 – 11am', local(2026, 3, 4, 10)],
    ['Thursday, March 5 ⋅ 11 – 1pm', local(2026, 3, 5, 11)],
    ['Thursday, March 5 ⋅ 12 – 1pm', local(2026, 3, 5, 12)],
    ['Thursday, March 5 ⋅ 1 – 2pm', local(2026, 3, 5, 13)],
    ['Thursday, March 5 · 3:30pm – 4:15pm', local(2026, 3, 5, 15, 30)],
    ['Mar 6, 2026, 9:15 AM', local(2026, 3, 6, 9, 15)],
    ['Friday 6 March 2026 14:00–15:00', local(2026, 3, 6, 14)],
    ['среда, 4 марта, 10:00 – 11:00', local(2026, 3, 4, 10)],
    ['4 марта 2027 г., 18:30', local(2027, 3, 4, 18, 30)],
    ['Wed 3/4/2026 10:00 AM - 10:30 AM', local(2026, 3, 4, 10)],
    ['04.03.2026 16:45', local(2026, 3, 4, 16, 45)],
    ['2026-03-04 08:05', local(2026, 3, 4, 8, 5)],
    ['Tomorrow, 15:30', local(2026, 3, 2, 15, 30)],
    ['Сегодня, 12:00–13:00', local(2026, 3, 1, 12)],
    ['Event\nWednesday, March 4\n10:00 – 11:00\nNotes about March 20 at 9:00', local(2026, 3, 4, 10)],
  ])('%s', (text, expected) => {
    expect(parseStartFromText(text, { now: NOW, slashOrder: 'mdy' })).toBe(expected);
  });

  it('reads slashed dates day first on pages that write them so', () => {
    expect(parseStartFromText('Wed 04/03/2026 10:00', { now: NOW, slashOrder: 'dmy' })).toBe(
      local(2026, 3, 4, 10),
    );
    expect(parseStartFromText('Wed 04/03/2026 10:00', { now: NOW, slashOrder: 'mdy' })).toBe(
      local(2026, 4, 3, 10),
    );
  });

  it('puts a date without a year in the year nearest to now', () => {
    const lateDecember = new Date(2026, 11, 20, 12).getTime();
    expect(parseStartFromText('January 5, 10:00', { now: lateDecember })).toBe(local(2027, 1, 5, 10));
    expect(parseStartFromText('December 1, 10:00', { now: lateDecember })).toBe(local(2026, 12, 1, 10));
  });

  it.each([
    'Wednesday, March 4', // all-day: no time
    'March 4 – 6', // several days
    'Market 12 at 10:30', // not a month
    'Meeting ID: 812 3456 7890',
    'February 30, 10:00', // no such day
    'March 4, 25:00',
    '',
  ])('finds no start in %j', (text) => {
    expect(parseStartFromText(text, { now: NOW })).toBeNull();
  });
});

/** The start as the calendar script and the background find it together: attributes, then the text. */
function startOf(element: Element) {
  const start = findEventStart(element);
  if (start) return start;
  const ms = parseStartFromText(eventText(element), { now: NOW });
  return ms === null ? null : { startsAt: ms, source: 'text' };
}

describe('event start from the DOM', () => {
  it('prefers a datetime attribute with a time', () => {
    const element = container(
      '<p>Wednesday, March 4 ⋅ 10:00 – 11:00am</p><time datetime="2026-03-04T12:30:00+03:00">later</time>',
    );
    expect(startOf(element)).toEqual({
      startsAt: Date.parse('2026-03-04T12:30:00+03:00'),
      source: 'datetime',
    });
  });

  it('skips date-only datetime values (all-day events) and reads the text', () => {
    const element = container('<time datetime="2026-03-04">Wed</time>\n<p>March 4, 10:00</p>');
    expect(startOf(element)).toEqual({
      startsAt: local(2026, 3, 4, 10),
      source: 'text',
    });
  });

  it('reads timestamps in data attributes, a start before any other time', () => {
    const ms = Date.UTC(2026, 2, 4, 7, 0);
    const element = container(
      `<div data-updated-time="${Date.UTC(2026, 1, 1)}"></div><div data-event-start="${ms / 1000}"></div>`,
    );
    expect(startOf(element)).toEqual({ startsAt: ms, source: 'data' });
    expect(startOf(container(`<span data-ts="${ms}"></span>`))).toEqual({
      startsAt: ms,
      source: 'data',
    });
  });

  it('ignores data attributes that are not timestamps', () => {
    const element = container(
      '<div data-start="soon" data-eventid="1234567890123456"></div><p>Mar 6, 9:15 AM</p>',
    );
    expect(startOf(element)?.source).toBe('text');
  });

  it('leaves the text to the text parser, and reads no more of it than a start is looked for in', () => {
    const element = container('<p>March 4, 10:00</p>');
    expect(findEventStart(element)).toBeNull();
    expect(eventText(element)).toBe('March 4, 10:00');
    expect(eventText(container(`<p>${'x'.repeat(MAX_TEXT + 10)}</p>`))).toHaveLength(MAX_TEXT);
  });

  it('returns null when nothing tells the start', () => {
    expect(startOf(container('<p>Quarterly review</p>'))).toBeNull();
  });

  it('parses timestamps of both precisions and rejects implausible ones', () => {
    expect(parseTimestamp('1772607600')).toBe(1772607600000);
    expect(parseTimestamp('1772607600000')).toBe(1772607600000);
    expect(parseTimestamp('0000000001')).toBeNull();
    expect(parseTimestamp('2026-03-04T10:00:00Z')).toBe(Date.UTC(2026, 2, 4, 10));
    expect(parseTimestamp('2026-03-04')).toBeNull();
  });
});
