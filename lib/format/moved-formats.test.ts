import { describe, expect, it } from 'vitest';
import { formatLocalStamp } from '@/lib/format/dates';
import { formatDayAndTime } from '@/lib/format/day-and-time';
import { megabytesPerSecond } from '@/lib/format/megabytes';
import { formatBadgeElapsed, formatClock, formatTimeOfDay } from '@/lib/format/time';
import { formatWait } from '@/lib/format/waits';

// Local times: the formats speak the browser's time zone.
const at = new Date(2026, 2, 4, 9, 5).getTime();

describe('waits', () => {
  it('says minutes, at least one, then whole hours from two hours on', () => {
    expect(formatWait(0, 'en')).toBe('1 min');
    expect(formatWait(45 * 60_000, 'en')).toBe('45 min');
    expect(formatWait(119 * 60_000, 'ru')).toBe('119 мин');
    expect(formatWait(120 * 60_000, 'en')).toBe('2 h');
    expect(formatWait(200 * 60_000, 'ru')).toBe('3 ч');
  });
});

describe('upload speed', () => {
  it('decimal megabytes with one decimal', () => {
    expect(megabytesPerSecond(1_500_000)).toBe('1.5');
    expect(megabytesPerSecond(49_999)).toBe('0.0');
    expect(megabytesPerSecond(12_345_678)).toBe('12.3');
  });
});

describe('times of day and incidents', () => {
  it('a time of day on the 24-hour clock in both languages', () => {
    expect(formatTimeOfDay(at, 'en')).toBe('09:05');
    expect(formatTimeOfDay(at + 12 * 3_600_000, 'ru')).toBe('21:05');
  });

  it('with seconds (the deliveries log): 24-hour in both languages', () => {
    expect(formatTimeOfDay(at + 7_000, 'en', true)).toBe('09:05:07');
    expect(formatTimeOfDay(at + 12 * 3_600_000 + 7_000, 'ru', true)).toBe('21:05:07');
  });

  it('an incident time: day, short month and time, no year', () => {
    expect(formatDayAndTime(at, 'en')).toBe('4 Mar, 09:05');
    expect(formatDayAndTime(at, 'ru')).toMatch(/^4 мар\.?,? 09:05$/);
  });
});

describe('a recording in the browser', () => {
  it('fits its elapsed time in the badge in four characters', () => {
    expect(formatBadgeElapsed(42_000)).toBe('0:42');
    expect(formatBadgeElapsed(599_000)).toBe('9:59');
    expect(formatBadgeElapsed(12 * 60_000)).toBe('12m');
    expect(formatBadgeElapsed(65 * 60_000)).toBe('1h05');
    expect(formatBadgeElapsed(11 * 3_600_000)).toBe('11h');
    expect(formatBadgeElapsed(-5)).toBe('0:00');
  });

  it('shows its elapsed time in the popup and on the page as the transcript clock', () => {
    expect(formatClock(42_000 / 1000)).toBe('0:42');
    expect(formatClock(3_729_000 / 1000)).toBe('1:02:09');
  });

  it('dates its title by the local day and minute, in no language', () => {
    expect(formatLocalStamp(new Date(at))).toBe('2026-03-04 09:05');
  });
});
