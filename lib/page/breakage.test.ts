import { describe, expect, it } from 'vitest';
import { BREAKAGES_MAX, breakageReport, recordBreakage } from './breakage';

const seen = { app: 'yandex', host: 'calendar.yandex.ru', part: 'event title' } as const;

describe('calendar page breakages', () => {
  it('keep one entry per adapter, host and part, with its count and first and last sighting', () => {
    const once = recordBreakage([], seen, 1000);
    const twice = recordBreakage(once, seen, 5000);
    expect(twice).toEqual([{ ...seen, firstAt: 1000, lastAt: 5000, count: 2 }]);
    const other = recordBreakage(twice, { ...seen, host: 'calendar.360.yandex.ru' }, 6000);
    expect(other.map((entry) => entry.host)).toEqual(['calendar.yandex.ru', 'calendar.360.yandex.ru']);
  });

  it('are bounded: the one seen longest ago goes first', () => {
    let list = recordBreakage([], { ...seen, host: 'h0' }, 0);
    for (let i = 1; i <= BREAKAGES_MAX + 5; i++) list = recordBreakage(list, { ...seen, host: `h${i}` }, i);
    expect(list).toHaveLength(BREAKAGES_MAX);
    expect(list[0]?.host).toBe('h6');
    // Seen again, an old one is kept as the newest.
    list = recordBreakage(list, { ...seen, host: 'h6' }, 100);
    expect(list.at(-1)).toMatchObject({ host: 'h6', count: 2 });
    expect(list).toHaveLength(BREAKAGES_MAX);
  });

  it('make a plain-text report: adapter, host, part, count and times in UTC', () => {
    const report = breakageReport(recordBreakage([], seen, Date.UTC(2026, 10, 26, 22, 0)), '1.2.3');
    expect(report).toBe(
      'Meeting Capture 1.2.3: calendar and meeting pages that changed\n' +
        'yandex adapter on calendar.yandex.ru: missing event title; seen 1× (2026-11-26T22:00:00.000Z – 2026-11-26T22:00:00.000Z)',
    );
  });
});
