/**
 * RFC 5545's recurrence examples (3.8.5.3) and the further cases libical keeps beside them, each
 * with its listed instances: libical's src/test/icalrecur_test.txt, vendored unchanged in
 * fixtures/feeds/libical-icalrecur_test.txt (SOURCES.md there). Each rule is expanded by the engine
 * with its DTSTART in UTC (libical lists them as wall times, UNTIL in UTC) and compared instance by
 * instance.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFeed } from './ical-engine';

const text = readFileSync(
  path.join(import.meta.dirname, 'fixtures/feeds/libical-icalrecur_test.txt'),
  'utf8',
);
const wall = (value: string) =>
  Date.UTC(
    +value.slice(0, 4),
    +value.slice(4, 6) - 1,
    +value.slice(6, 8),
    +value.slice(9, 11),
    +value.slice(11, 13),
    +value.slice(13, 15),
  );
const stamp = (epoch: number) => new Date(epoch).toISOString().replace(/[-:]/g, '').replace('.000Z', '');

interface Example {
  title: string;
  rule: string;
  start: string;
  want: string[];
}

/** Timed examples; those read from a later point (START-AT) or not implemented by libical are left out. */
function examples(): Example[] {
  const out: Example[] = [];
  for (const block of text.split(/\n\s*\n/)) {
    const rule = /^RRULE:(.*)$/m.exec(block)?.[1];
    const start = /^DTSTART:(.*)$/m.exec(block)?.[1]?.replace(/Z$/, '');
    const instances = /^INSTANCES:(.*)$/m.exec(block)?.[1];
    if (!rule || !start || !instances || /^START-AT:/m.test(block) || instances.includes('UNIMPLEMENTED'))
      continue;
    if (start.length === 8) continue; // All-day: the engine keeps no all-day meeting.
    const title = [...block.matchAll(/^# (.*)$/gm)].map((line) => line[1]).join(' ');
    let want = instances.split(',').map((one) => one.replace(/Z$/, ''));
    // A DTSTART off its own rule is kept as the first instance and counts toward COUNT (docs/feeds.md);
    // libical leaves it out.
    if (want[0] !== start) want = [start, ...(/COUNT=/.test(rule) ? want.slice(0, -1) : want)];
    out.push({ title, rule, start, want });
  }
  return out;
}

/**
 * Where the engine still differs from libical's listed instances, and why: rules the rrule package
 * (which the engine uses for these shapes) expands otherwise. None is a rule real calendars write.
 */
const KNOWN: Record<string, string> = {
  'Weekly on Tuesday and Thursday': 'WEEKLY with BYSETPOS: rrule counts the week from DTSTART',
  'The first, third, and fourth instances as well as the fifth, eighth and 21st from the last instance Since there are 24 instances each month, the 21st from the last is equal to the fourth':
    'BYSETPOS over times of several days: rrule repeats the fourth instance for the 21st from the last',
  'The first, third, and fourth instances as well as the fifth, eighth and 21st from the last instance Since there are 24 instances each month, the 21st from the last is equal to the fourth Starts after the third instance in January':
    'as above, from a DTSTART off the rule',
  'The first date belongs to 2009, so after 6 years it will be 2015, which has a week 53.':
    'week 53 every 6 years from a DTSTART in the last ISO week of 2009: rrule counts the years from 2010',
};

describe('RFC 5545’s rule examples and libical’s cases, against their listed instances', () => {
  const all = examples();
  const results = all.map((example) => {
    const last = wall(example.want[example.want.length - 1]!);
    const feed = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      'UID:example',
      'DTSTAMP:20000101T000000Z',
      'LOCATION:https://meet.google.com/abc-defg-hij',
      `DTSTART:${example.start}Z`,
      'DURATION:PT1S',
      `RRULE:${example.rule}`,
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const got = parseFeed(feed, {
      from: wall(example.start) - 86_400_000,
      to: last + 86_400_000,
    }).occurrences.map((o) => stamp(o.startsAt));
    return { ...example, got, agree: got.join(',') === example.want.join(',') };
  });

  it('reads over a hundred of them', () => {
    expect(all.length).toBeGreaterThan(100);
  });

  it('every example agrees, but for the few named with their reason', () => {
    const disagreeing = [...new Set(results.filter((r) => !r.agree).map((r) => r.title))];
    expect(disagreeing.sort()).toEqual(Object.keys(KNOWN).sort());
  });

  it('RFC 5545’s own examples (the first of the file, before libical’s additions) all agree', () => {
    const rfc = results.slice(
      0,
      results.findIndex((r) => r.title.startsWith('Every week on Thursday and Sundays')),
    );
    expect(rfc.length).toBeGreaterThan(40);
    expect(rfc.filter((r) => !r.agree).map((r) => `${r.title}: ${r.got.join(',')}`)).toEqual([]);
  });
});
