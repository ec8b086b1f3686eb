import { describe, expect, it } from 'vitest';
import { formatDateAndTime } from '@/lib/format/dates';

// Local times: the formats speak the browser's time zone.
const at = new Date(2026, 2, 4, 9, 5).getTime();

describe('date and time with the year', () => {
  it('says the day, short month, year and time in both languages', () => {
    expect(formatDateAndTime(at, 'en')).toBe('4 Mar 2026, 09:05');
    expect(formatDateAndTime(at, 'ru')).toMatch(/^4 мар\.? 2026( г\.)?,? 09:05$/);
  });

  it('keeps the year apart from the next one', () => {
    const nextYear = new Date(2027, 0, 1, 0, 0).getTime();
    expect(formatDateAndTime(nextYear, 'en')).toBe('1 Jan 2027, 00:00');
  });
});
