import { describe, expect, it } from 'vitest';
import { formatDayAndTime } from '@/lib/format/day-and-time';
import { megabytesPerSecond } from '@/lib/format/megabytes';
import { formatTimeOfDay } from '@/lib/format/time-of-day';
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

  it('an incident time: day, short month and time, no year', () => {
    expect(formatDayAndTime(at, 'en')).toBe('4 Mar, 09:05');
    expect(formatDayAndTime(at, 'ru')).toMatch(/^4 мар\.?,? 09:05$/);
  });
});
