// Benchmark (not a test): one calendar sync's parse of a 5,000-event feed with 300 recurring
// series, as the background does it (parseFeed over the sync window). Reports parse time and the
// heap the parse holds. Run: `node --expose-gc --import tsx scripts/bench-calendar.ts`.
import { performance } from 'node:perf_hooks';
import { parseFeed } from '../lib/calendar/ical-engine';

const EVENTS = 5_000;
const SERIES = 300;
const RUNS = 5;
const NOW = Date.UTC(2026, 10, 23, 9, 0);
const DAY = 86_400_000;

function utc(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

const BERLIN = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Berlin',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

function wall(ms: number): string {
  return utc(ms).replace('Z', '');
}

/** A feed like a busy work calendar exported with its history: two years back, half a year ahead. */
function buildFeed(): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//bench//EN', 'X-WR-CALNAME:Bench', ...BERLIN];
  let events = 0;
  for (let s = 0; s < SERIES; s++) {
    // Series started up to two years ago: daily stand-ups, weekly and biweekly meetings.
    const start = NOW - (30 + ((s * 7) % 700)) * DAY + (s % 9) * 3_600_000;
    const rule =
      s % 3 === 0
        ? 'FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR'
        : s % 3 === 1
          ? 'FREQ=WEEKLY'
          : 'FREQ=WEEKLY;INTERVAL=2';
    const uid = `series-${s}@bench`;
    lines.push(
      'BEGIN:VEVENT',
      `UID:${uid}`,
      `DTSTAMP:${utc(NOW)}`,
      `DTSTART;TZID=Europe/Berlin:${wall(start)}`,
      `DTEND;TZID=Europe/Berlin:${wall(start + 1_800_000)}`,
      `RRULE:${rule}`,
      `EXDATE;TZID=Europe/Berlin:${wall(start + 14 * DAY)}`,
      `SUMMARY:Series ${s}`,
      `X-GOOGLE-CONFERENCE:https://meet.google.com/${String.fromCharCode(97 + (s % 26))}bc-defg-hij`,
      `DESCRIPTION:Join with Google Meet: https://meet.google.com/abc-defg-hij\\nAgenda for series ${s}`,
      'ORGANIZER:mailto:alice@example.com',
      'ATTENDEE;PARTSTAT=ACCEPTED:mailto:bob@example.com',
      'END:VEVENT',
    );
    events++;
    // One moved occurrence per series, next week.
    const moved = start + Math.ceil((NOW - start) / (7 * DAY) + 1) * 7 * DAY;
    lines.push(
      'BEGIN:VEVENT',
      `UID:${uid}`,
      `DTSTAMP:${utc(NOW)}`,
      `RECURRENCE-ID;TZID=Europe/Berlin:${wall(moved)}`,
      `DTSTART;TZID=Europe/Berlin:${wall(moved + 3_600_000)}`,
      `DTEND;TZID=Europe/Berlin:${wall(moved + 5_400_000)}`,
      `SUMMARY:Series ${s} (moved)`,
      'END:VEVENT',
    );
    events++;
  }
  for (let i = 0; events < EVENTS; i++, events++) {
    const start = NOW - 730 * DAY + Math.floor((i * 911 * DAY) / (EVENTS - 2 * SERIES));
    lines.push(
      'BEGIN:VEVENT',
      `UID:single-${i}@bench`,
      `DTSTAMP:${utc(NOW)}`,
      `DTSTART:${utc(start)}`,
      `DTEND:${utc(start + 3_600_000)}`,
      `SUMMARY:Meeting ${i}`,
      i % 2 === 0
        ? `LOCATION:https://us02web.zoom.us/j/8${String(100_000_000 + i)}`
        : `DESCRIPTION:<p>Notes</p><a href="https://telemost.yandex.ru/j/${String(10_000_000_000_000 + i)}">Join</a>`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.join('\r\n')}\r\n`;
}

const gc = (globalThis as { gc?: () => void }).gc;
const feed = buildFeed();
console.log(
  `feed: ${EVENTS} events (${SERIES} recurring series with one override each), ${(feed.length / 1024 / 1024).toFixed(2)} MB`,
);

const times: number[] = [];
let heapHeld = 0;
let occurrences = 0;
for (let run = 0; run < RUNS; run++) {
  gc?.();
  const before = process.memoryUsage().heapUsed;
  const started = performance.now();
  const parsed = parseFeed(feed, {
    from: NOW - 12 * 3_600_000,
    to: NOW + 8 * DAY,
    email: 'alice@example.com',
  });
  times.push(performance.now() - started);
  occurrences = parsed.occurrences.length;
  const peak = process.memoryUsage().heapUsed;
  gc?.();
  // What the sync keeps afterwards is the occurrences (the parsed tree is garbage).
  heapHeld = Math.max(heapHeld, peak - before);
}
times.sort((a, b) => a - b);
console.log(`occurrences in the sync window (12 h back, 8 days ahead): ${occurrences}`);
console.log(
  `parse: median ${times[Math.floor(RUNS / 2)]!.toFixed(0)} ms, min ${times[0]!.toFixed(0)} ms, max ${times[RUNS - 1]!.toFixed(0)} ms over ${RUNS} runs`,
);
console.log(
  `heap grown during one parse: ${(heapHeld / 1024 / 1024).toFixed(1)} MB${gc ? '' : ' (run with --expose-gc for a clean figure)'}`,
);
console.log(`process RSS: ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`);
