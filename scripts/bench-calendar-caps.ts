// Benchmark (not a test): the largest feed the caps allow (lib/calendar/caps.ts: 20 MB, 50,000
// events) parsed by the calendar engine over the sync window. Reports parse time and peak memory
// (the process's peak resident size while parsing, above what it held with the feed read). Each run
// is a fresh process so one run's garbage does not count in the next.
// Run: `npx tsx scripts/bench-calendar-caps.ts` (node ≥ 20).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { FEED_CAPS } from '../lib/calendar/caps';
import { parseFeed } from '../lib/calendar/ical-engine';

const EVENTS = FEED_CAPS.events;
const BYTES = FEED_CAPS.bytes;
/** One event in ten is a weekly or daily series; one in five of those has a moved occurrence. */
const SERIES_EVERY = 10;
const RUNS = 3;
const NOW = Date.UTC(2026, 10, 23, 9, 0);
const DAY = 86_400_000;

function utc(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}
const wall = (ms: number) => utc(ms).replace('Z', '');

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

/** 50,000 events over three years back and one ahead, descriptions padded so the feed is 20 MB. */
function buildFeed(): string {
  const head = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//bench//EN', 'X-WR-CALNAME:Caps', ...BERLIN];
  const events: string[][] = [];
  for (let i = 0; i < EVENTS; i++) {
    const start = NOW - 1095 * DAY + Math.floor((i * 1460 * DAY) / EVENTS) + (i % 9) * 3_600_000;
    const uid = `event-${i}@bench`;
    const link =
      i % 3 === 0
        ? `https://us02web.zoom.us/j/8${String(100_000_000 + i)}`
        : i % 3 === 1
          ? `https://meet.google.com/abc-defg-${String.fromCharCode(97 + (i % 26))}ij`
          : `https://telemost.yandex.ru/j/${String(10_000_000_000_000 + i)}`;
    const lines = [
      'BEGIN:VEVENT',
      `UID:${uid}`,
      `DTSTAMP:${utc(NOW)}`,
      `DTSTART;TZID=Europe/Berlin:${wall(start)}`,
      `DTEND;TZID=Europe/Berlin:${wall(start + 1_800_000)}`,
      `SUMMARY:Meeting ${i}`,
      `LOCATION:${link}`,
      'ORGANIZER:mailto:alice@example.com',
      'ATTENDEE;PARTSTAT=ACCEPTED:mailto:bob@example.com',
    ];
    const series = i % SERIES_EVERY === 0;
    if (series) lines.push(i % 20 === 0 ? 'RRULE:FREQ=WEEKLY' : 'RRULE:FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR');
    events.push(lines);
    if (series && i % (SERIES_EVERY * 5) === 0) {
      const moved = start + Math.ceil((NOW - start) / (7 * DAY) + 1) * 7 * DAY;
      events.push([
        'BEGIN:VEVENT',
        `UID:${uid}`,
        `DTSTAMP:${utc(NOW)}`,
        `RECURRENCE-ID;TZID=Europe/Berlin:${wall(moved)}`,
        `DTSTART;TZID=Europe/Berlin:${wall(moved + 3_600_000)}`,
        `DTEND;TZID=Europe/Berlin:${wall(moved + 5_400_000)}`,
        `SUMMARY:Meeting ${i} (moved)`,
        `LOCATION:${link}`,
      ]);
    }
    if (events.length >= EVENTS) break;
  }
  const plain = [...head, ...events.flatMap((lines) => [...lines, 'END:VEVENT']), 'END:VCALENDAR'].join(
    '\r\n',
  );
  // Pad each event's description (folded at 75 octets) so the whole feed reaches the byte cap.
  // Each description line costs its text, a fold (CRLF and a space) and its name once.
  const spare = BYTES - 1024 - plain.length - events.length * ('DESCRIPTION:'.length + 2);
  const per = Math.max(0, Math.floor(((spare / events.length) * 74) / 77) - 12);
  const filler = 'Agenda: notes of the meeting, decisions and follow-ups. '.repeat(Math.ceil(per / 56) + 1);
  const description = (i: number) => {
    const text = `DESCRIPTION:Event ${i}. ${filler}`.slice(0, per + 12);
    const folded: string[] = [];
    for (let at = 0; at < text.length; at += 74) folded.push((at === 0 ? '' : ' ') + text.slice(at, at + 74));
    return folded;
  };
  return `${[
    ...head,
    ...events.flatMap((lines, i) => [...lines, ...description(i), 'END:VEVENT']),
    'END:VCALENDAR',
  ].join('\r\n')}\r\n`;
}

function child(file: string): void {
  const text = readFileSync(file, 'latin1');
  (globalThis as { gc?: () => void }).gc?.();
  const rssBefore = process.memoryUsage().rss;
  const peakBefore = process.resourceUsage().maxRSS * 1024;
  const started = performance.now();
  const cpu = process.cpuUsage();
  let result: Record<string, unknown>;
  try {
    const parsed = parseFeed(text, {
      from: NOW - 12 * 3_600_000,
      to: NOW + 8 * DAY,
      email: 'alice@example.com',
    });
    result = { occurrences: parsed.occurrences.length, events: parsed.events, capped: parsed.capped };
  } catch (error) {
    result = { error: String(error) };
  }
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  const peak = process.resourceUsage().maxRSS * 1024;
  // The peak before the parse (reading the file) is below the parse's own in every run seen.
  console.log(
    JSON.stringify({
      ms,
      cpuMs,
      peakRssMb: peak / 2 ** 20,
      baseRssMb: Math.max(rssBefore, 0) / 2 ** 20,
      peakBeforeMb: peakBefore / 2 ** 20,
      ...result,
    }),
  );
}

function main(): void {
  const feed = buildFeed();
  const file = join(tmpdir(), `bench-calendar-caps-${process.pid}.ics`);
  writeFileSync(file, feed, 'latin1');
  console.log(
    `feed: ${EVENTS} events, ${(feed.length / 2 ** 20).toFixed(2)} MB (caps: ${FEED_CAPS.events} events, ${(BYTES / 2 ** 20).toFixed(0)} MB)`,
  );
  const runs: {
    ms: number;
    cpuMs: number;
    peakRssMb: number;
    baseRssMb: number;
    occurrences?: number;
    error?: string;
  }[] = [];
  for (let run = 0; run < RUNS; run++) {
    const out = execFileSync(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), '--child', file],
      { encoding: 'utf8', maxBuffer: 1 << 20 },
    );
    runs.push(JSON.parse(out.trim().split('\n').pop()!));
  }
  runs.sort((a, b) => a.ms - b.ms);
  const median = runs[Math.floor(RUNS / 2)]!;
  console.log(`result: ${median.error ?? `${median.occurrences} occurrences in the sync window`}`);
  console.log(
    `parse: median ${median.ms.toFixed(0)} ms (min ${runs[0]!.ms.toFixed(0)}, max ${runs[RUNS - 1]!.ms.toFixed(0)}) over ${RUNS} runs`,
  );
  const cpus = runs.map((r) => r.cpuMs).sort((a, b) => a - b);
  console.log(
    `parse CPU time (less inflated by a loaded machine): median ${cpus[Math.floor(RUNS / 2)]!.toFixed(0)} ms`,
  );
  const grown = runs.map((r) => r.peakRssMb - r.baseRssMb).sort((a, b) => a - b);
  console.log(
    `peak memory: ${median.peakRssMb.toFixed(0)} MB resident at most, ${grown[Math.floor(RUNS / 2)]!.toFixed(0)} MB above the process with the feed read`,
  );
}

const at = process.argv.indexOf('--child');
if (at >= 0) child(process.argv[at + 1]!);
else main();
