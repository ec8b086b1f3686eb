import { describe, expect, it } from 'vitest';
import { compareCorpus } from './testing/agreement';

describe('the engine agrees with an independent implementation on real-world feeds', () => {
  const { windows, unreadable, feeds } = compareCorpus();

  it('every window of every series of the corpus agrees (docs/feeds.md)', () => {
    expect(feeds).toBeGreaterThanOrEqual(120);
    expect(windows.length).toBeGreaterThanOrEqual(304);
    const disagreeing = windows
      .filter((window) => !window.agree)
      .map((window) => `${window.feed} · ${window.uid} · ${window.window}`);
    expect(disagreeing).toEqual([]);
  });

  it('leaves out only the series the reference cannot read, each named in docs/feeds.md', () => {
    expect(unreadable).toEqual([
      // khal's zone names no table knows ("GMT-05.00/-04.00", "Europe_Berlin", "LOLOLOL", "foo"): read by
      // their VTIMEZONE or in the user's zone; the reference reads zones by name only.
      'khal-cal_lots_of_timezones.ics · abcde',
      'khal-event_dtr_no_tz_exdatez.ics · 5624b646-ba12-4dbd-ba9f-8d66319b0776',
      'khal-event_dtr_notz_untilz.ics · 273A4F5B7',
      'khal-event_rrule_recuid_invalid_tzid.ics · event_rrule_recurrence_id',
      'khal-part1.ics · abcde',
      'pyical-issue_722_missing_timezones.ics · (no UID)',
      ...[0, 1, 2, 3, 4, 5].map((n) => `pyical-rfc_5545_RDATE_example.ics · ${n}`),
      'rie-bad_rrule_missing_until_event.ics · blabla',
      // A zone only its VTIMEZONE defines: the reference reads zones by name only.
      'written-producer-cases.ics · custom-zone',
    ]);
  });
});
