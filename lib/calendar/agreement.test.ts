import { describe, expect, it } from 'vitest';
import { compareCorpus } from './testing/agreement';

describe('the engine agrees with an independent implementation on real-world feeds', () => {
  const { windows, unreadable, feeds } = compareCorpus();

  it('every window of every series of the corpus agrees (docs/feeds.md)', () => {
    expect(feeds).toBeGreaterThanOrEqual(81);
    expect(windows.length).toBeGreaterThanOrEqual(272);
    const disagreeing = windows
      .filter((window) => !window.agree)
      .map((window) => `${window.feed} · ${window.uid} · ${window.window}`);
    expect(disagreeing).toEqual([]);
  });

  it('leaves out only the series the reference cannot read, each named in docs/feeds.md', () => {
    expect(unreadable).toEqual([
      'pyical-issue_722_missing_timezones.ics · (no UID)',
      ...[0, 1, 2, 3, 4, 5].map((n) => `pyical-rfc_5545_RDATE_example.ics · ${n}`),
      'rie-bad_rrule_missing_until_event.ics · blabla',
      // A zone only its VTIMEZONE defines: the reference reads zones by name only.
      'written-producer-cases.ics · custom-zone',
    ]);
  });
});
