/**
 * Action items of protocols (lib/items), from the command line.
 *
 *   npm run items -- extract DIR > OUT.json
 *     reads DIR/meetings/*.json (the service's Processing result, with the recording's `created_at`
 *     at the top level; optionally `page_names` and `attendees`, lists of names) and prints
 *     { "<meeting id>": [ { "text", "owner", "due", "bullet" } ] }, the meeting id being the file's
 *     name without `.json`; `owner` the names as in `speakers_map` (or null), `due` YYYY-MM-DD (or
 *     null), `bullet` the item's index among the protocol's list items (null for a table's row).
 *
 *   npm run items -- bench [--notes] [--hours 500]
 *     the labelled protocols of lib/items/fixtures (tuned on, and held out), per language: items
 *     found and false, owners right, due dates right; the same due dates read by chrono-node for
 *     comparison; and the time to extract the items of `--hours` of generated one-hour meetings.
 *     `--notes` prints every miss. Prints figures, asserts nothing.
 *
 * Both run the product's own modules (lib/items); nothing of the extraction lives here.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import * as chrono from 'chrono-node';
import { type ActionItem, extractItems, itemsOfMeetingFile } from '../lib/items';
import { addTally, emptyTally, type LabelledProtocol, scoreItems, type Tally } from '../lib/items/labelled';
import { generatedMeetings, labelledProtocols } from './items-meetings';

function extract(dir: string): void {
  const folder = join(dir, 'meetings');
  if (!existsSync(folder) || !statSync(folder).isDirectory()) {
    process.stderr.write(`${folder}: no such folder (the meetings are read from DIR/meetings/*.json)\n`);
    process.exitCode = 1;
    return;
  }
  const out: Record<
    string,
    { text: string; owner: string[] | null; due: string | null; bullet: number | null }[]
  > = {};
  for (const file of readdirSync(folder)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    let json: unknown = null;
    try {
      json = JSON.parse(readFileSync(join(folder, file), 'utf8'));
    } catch (error) {
      process.stderr.write(`${file}: not JSON (${(error as Error).message}); no items\n`);
    }
    out[basename(file, '.json')] = itemsOfMeetingFile(json).map((item) => ({
      text: item.text,
      owner: item.owner,
      due: item.due,
      bullet: item.bullet,
    }));
  }
  process.stdout.write(`${JSON.stringify(out, null, 1)}\n`);
}

const labelled = labelledProtocols;

const itemsOf = (p: LabelledProtocol) =>
  extractItems(p.protocol, { names: p.people, createdAt: p.createdAt, language: p.language });

const pct = (part: number, whole: number) =>
  whole === 0 ? '   -   ' : `${((100 * part) / whole).toFixed(1)} %`.padStart(7);

function row(name: string, t: Tally): string {
  return [
    name.padEnd(16),
    String(t.items).padStart(5),
    `${pct(t.found, t.items)} (${t.found})`.padEnd(14),
    `${pct(t.wrong, t.given)} (${t.wrong}/${t.given})`.padEnd(18),
    `${pct(t.ownerRight, t.ownerNamed)} (${t.ownerRight}/${t.ownerNamed})`.padEnd(18),
    `${t.ownerGiven}/${t.ownerNone}`.padEnd(8),
    `${pct(t.dueRight, t.dueStated)} (${t.dueRight}/${t.dueStated})`.padEnd(18),
    `${t.dueGiven}/${t.dueNone}`,
  ].join(' ');
}

/** chrono-node on the same lines: the first date it reads, relative to the meeting (forward). */
function chronoDue(p: LabelledProtocol, line: string): string | null {
  const day = p.createdAt.slice(0, 10);
  const [y, m, d] = day.split('-').map(Number);
  const reference = new Date(y as number, (m as number) - 1, d as number, 12);
  const text = line.replace(/^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/, '').replace(/\|/g, ' ');
  const parser = p.language === 'ru' ? chrono.ru : chrono.en;
  const found = parser.parse(text, reference, { forwardDate: true })[0];
  if (!found) return null;
  const date = found.start.date();
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

interface ChronoTally {
  stated: number;
  right: number;
  none: number;
  given: number;
}

function chronoTally(protocols: readonly LabelledProtocol[]): ChronoTally {
  const t: ChronoTally = { stated: 0, right: 0, none: 0, given: 0 };
  for (const p of protocols)
    for (const label of p.items) {
      const due = chronoDue(p, label.line);
      if (label.due) {
        t.stated += 1;
        if (due === label.due) t.right += 1;
      } else {
        t.none += 1;
        if (due) t.given += 1;
      }
    }
  return t;
}

function accuracy(notes: boolean): void {
  const parts = { tune: labelled('tune'), 'held-out': labelled('held-out') };
  console.log('Action items of the labelled protocols (lib/items/fixtures)\n');
  console.log(
    [
      'set'.padEnd(16),
      'items',
      'found'.padEnd(14),
      'false (of given)'.padEnd(18),
      'owner right'.padEnd(18),
      'owner/none'.padEnd(8),
      'due right'.padEnd(18),
      'date/none',
    ].join(' '),
  );
  const all = emptyTally();
  const misses: string[] = [];
  for (const [part, protocols] of Object.entries(parts)) {
    const whole = emptyTally();
    for (const language of ['en', 'ru']) {
      const t = emptyTally();
      for (const p of protocols.filter((x) => x.language === language))
        addTally(t, scoreItems(p, itemsOf(p)));
      console.log(row(`${part} ${language}`, t));
      addTally(whole, t);
    }
    console.log(row(part, whole));
    addTally(all, whole);
    misses.push(...whole.notes);
  }
  console.log(row('all', all));
  console.log(
    '\nowner/none: items given an owner where the line names no one of the meeting, of such items;' +
      '\ndate/none: items given a date where none is stated, of such items.',
  );
  console.log(
    '\nThe same labelled lines, due dates read by chrono-node 2 (forwardDate, the first date it finds):',
  );
  for (const [part, protocols] of Object.entries(parts))
    for (const language of ['en', 'ru']) {
      const t = chronoTally(protocols.filter((x) => x.language === language));
      console.log(
        `  ${`${part} ${language}`.padEnd(14)} due right ${pct(t.right, t.stated)} (${t.right}/${t.stated}), dates where none ${t.given}/${t.none}`,
      );
    }
  if (notes) console.log(`\n${misses.join('\n') || 'No misses.'}`);
  else console.log(`\n${misses.length} misses (--notes lists them).`);
}

function speed(hours: number): void {
  const meetings = generatedMeetings(hours, [...labelled('tune'), ...labelled('held-out')]);
  const characters = meetings.reduce((sum, m) => sum + m.protocol.length, 0);
  const times: number[] = [];
  let items = 0;
  let found: ActionItem[] = [];
  const began = performance.now();
  for (const meeting of meetings) {
    const t0 = performance.now();
    found = extractItems(meeting.protocol, meeting);
    times.push(performance.now() - t0);
    items += found.length;
  }
  const total = performance.now() - began;
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) =>
    (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(2);
  console.log(
    `\nExtraction over ${hours} hours of generated meetings (one hour each: the emulator's protocol of the hour` +
      ` and one labelled protocol of its language; ${(characters / 1e6).toFixed(1)} M characters):`,
  );
  console.log(
    `  ${items} items in ${total.toFixed(0)} ms: ${(total / hours).toFixed(2)} ms a meeting on average,`,
  );
  console.log(
    `  the first (cold) ${(times[0] ?? 0).toFixed(1)} ms, median ${at(0.5)} ms, 95th percentile ${at(0.95)} ms.`,
  );
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { notes: { type: 'boolean', default: false }, hours: { type: 'string', default: '500' } },
});
const [command, dir] = positionals;
if (command === 'extract' && dir) extract(dir);
else if (command === 'bench') {
  accuracy(values.notes ?? false);
  speed(Math.max(1, Number(values.hours) || 500));
} else {
  process.stderr.write(
    'Usage: npm run items -- extract DIR > OUT.json | npm run items -- bench [--notes] [--hours 500]\n',
  );
  process.exitCode = 2;
}
