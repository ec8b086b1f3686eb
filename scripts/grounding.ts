/**
 * Sources of protocol lines and answers to questions, run on a folder of meetings, and their
 * benchmark. Every figure comes from the product's own modules (lib/grounding, the search index of
 * lib/archive/fts.ts): nothing here links or ranks.
 *
 *   npm run grounding -- link DIR > OUT.json
 *     DIR/meetings/*.json (processing results) → { "<id>": { "bullets": [[u, u, u] | null, ...] } },
 *     the protocol's list items in document order, u an utterance's index in the dialog flattened
 *     in block order, null for "no source found".
 *   npm run grounding -- ask DIR > OUT.json
 *     DIR/meetings/*.json and DIR/questions.json ({ "<id>": ["question", ...] }) →
 *     { "<id>": { "queries": [[["<id>", u], ... up to 5], ...] } }, every question asked across all
 *     meetings of DIR (indexed as the extension indexes them).
 *   npm run grounding -- bench [--data DIR] [--splits val,train] [--hours 500]
 *     The figures of docs/grounding.md: on the data set's val split (and its negatives) and on the
 *     Russian set written for the tests (lib/grounding/fixtures/ru, its held-out part), and the time
 *     to link a 2-hour meeting and to answer a question across `--hours` hours of meetings. The data
 *     set is read from --data, else $GROUNDING_DATA, else ../shared/data/grounding or
 *     /work/shared/data/grounding when there; without it only the Russian set and the timings run.
 *
 * A meeting file that cannot be read or is not a processing result is named on stderr and left out
 * (the exit code is then 1); the others are still answered.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type ProcessingResult, ProcessingResultSchema } from '../lib/api/schemas';
import { normalizeDialog } from '../lib/api/units';
import { FtsIndex } from '../lib/archive/fts';
import { prepare, type RecordSource } from '../lib/archive/search';
import { type ArchiveRecord, effectiveSpeakerMap } from '../lib/archive/store';
import { AskCache, askArchive, groundResult, itemSources } from '../lib/grounding';
import { benchResult } from './bench-archive';
import { memoryDatabase } from './sqlite-node';

interface Meeting {
  id: string;
  result: ProcessingResult;
}

let failed = false;
let report: (message: string) => void = (message) => {
  process.stderr.write(`${message}\n`);
};

function fail(message: string): void {
  failed = true;
  report(message);
}

/** Where the names of the files left out go (stderr unless a test listens). */
export function onFailure(listener: (message: string) => void): void {
  report = listener;
}

/** The processing results of DIR/meetings, by id (the file's name), in name order. */
export function readMeetings(dir: string): Meeting[] {
  const folder = path.join(dir, 'meetings');
  if (!existsSync(folder)) throw new Error(`${folder}: no such folder (expected DIR/meetings/*.json)`);
  const out: Meeting[] = [];
  for (const file of readdirSync(folder).sort()) {
    if (!file.endsWith('.json')) continue;
    const id = file.slice(0, -'.json'.length);
    try {
      const parsed = ProcessingResultSchema.safeParse(
        JSON.parse(readFileSync(path.join(folder, file), 'utf8')),
      );
      if (!parsed.success) {
        fail(`${file}: not a processing result (${parsed.error.issues[0]?.message ?? 'invalid'}); left out`);
        continue;
      }
      out.push({ id, result: parsed.data });
    } catch (error) {
      fail(`${file}: ${error instanceof Error ? error.message : String(error)}; left out`);
    }
  }
  return out;
}

export function link(meetings: Meeting[]): Record<string, { bullets: Array<number[] | null> }> {
  const out: Record<string, { bullets: Array<number[] | null> }> = {};
  for (const { id, result } of meetings) out[id] = { bullets: itemSources(groundResult(result)) };
  return out;
}

/** The meetings in an in-memory search index, as the extension indexes them, and their source. */
async function indexed(meetings: Meeting[]): Promise<{ index: FtsIndex; source: RecordSource }> {
  const db = await memoryDatabase();
  const index = FtsIndex.open(db, 'grounding');
  const records = new Map<string, ArchiveRecord>();
  const day = 24 * 60 * 60_000;
  meetings.forEach(({ id, result }, i) => {
    const createdAt = Date.UTC(2025, 0, 1) + i * day;
    const record: ArchiveRecord = {
      spaceId: 1,
      audioId: result.audio_id,
      title: result.title,
      createdAt,
      result,
    };
    records.set(id, record);
    index.addRecord(
      id,
      {
        spaceId: 1,
        audioId: result.audio_id,
        title: result.title,
        createdAt,
        savedAt: createdAt,
        rev: 1,
        bytes: 0,
        language: result.result?.language ?? null,
        utterances: 0,
        speakers: [],
      },
      prepare(record, {}),
    );
  });
  // The same names object each time, as the search worker's record cache gives it: what was made
  // of a record is kept for as long as the record and its names are the same.
  const names = {};
  const source: RecordSource = async (key) => {
    const record = records.get(key);
    return record ? { record, names } : null;
  };
  return { index, source };
}

const blockStarts = new WeakMap<ProcessingResult, number[]>();

/** The flat index of a block's utterance in a result (blocks in order). */
function flatOf(result: ProcessingResult, block: number, utterance: number): number {
  let starts = blockStarts.get(result);
  if (!starts) {
    starts = [];
    let flat = 0;
    for (const { utterances } of normalizeDialog(result).blocks) {
      starts.push(flat);
      flat += utterances.length;
    }
    blockStarts.set(result, starts);
  }
  return (starts[block] ?? 0) + utterance;
}

type Citations = Array<Array<[string, number]>>;

export async function ask(
  meetings: Meeting[],
  questions: Record<string, string[]>,
): Promise<Record<string, { queries: Citations }>> {
  const { index, source } = await indexed(meetings);
  const byId = new Map(meetings.map((meeting) => [meeting.id, meeting]));
  const cache = new AskCache(64);
  const out: Record<string, { queries: Citations }> = {};
  for (const [id, asked] of Object.entries(questions)) {
    if (!Array.isArray(asked)) {
      fail(`questions.json: the questions of ${id} are not a list; left out`);
      continue;
    }
    const queries: Citations = [];
    for (const question of asked) {
      const citations: Array<[string, number]> = [];
      if (typeof question === 'string') {
        const outcome = await askArchive(question, index, source, {}, cache);
        for (const meeting of outcome.meetings) {
          const result = byId.get(meeting.key)?.result;
          if (!result) continue;
          for (const hit of meeting.hits)
            citations.push([meeting.key, flatOf(result, hit.block, hit.utterance)]);
        }
      }
      queries.push(citations.slice(0, 5));
    }
    out[id] = { queries };
  }
  return out;
}

export function readQuestions(dir: string): Record<string, string[]> {
  const file = path.join(dir, 'questions.json');
  if (!existsSync(file)) throw new Error(`${file}: no such file`);
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error(`${file}: expected { "<meeting id>": ["question", ...] }`);
  return parsed as Record<string, string[]>;
}

// ---- The benchmark ----

interface GoldBullet {
  evidence: number[];
}
interface GoldQuery {
  evidence: number[];
}
interface Gold {
  domain?: string;
  bullets: GoldBullet[];
  queries?: GoldQuery[];
}

function readGold(dir: string, id: string): Gold | null {
  const file = path.join(dir, 'gold', `${id}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Gold) : null;
}

const percent = (part: number, whole: number) =>
  whole === 0 ? '   -  ' : `${((100 * part) / whole).toFixed(1).padStart(5)} %`;

interface LineFigures {
  lines: number;
  top1: number;
  top3: number;
  none: number;
  borrowed: number;
  borrowedNone: number;
}

const noLines = (): LineFigures => ({ lines: 0, top1: 0, top3: 0, none: 0, borrowed: 0, borrowedNone: 0 });

/** A figure for the whole folder ('') and for each domain its gold names (AMI "Product", "Committee"). */
function groupsOf<T>(make: () => T) {
  const groups = new Map<string, T>([['', make()]]);
  return {
    groups,
    of: (domain: string | undefined): T[] => {
      const out = [groups.get('') as T];
      if (domain) {
        if (!groups.has(domain)) groups.set(domain, make());
        out.push(groups.get(domain) as T);
      }
      return out;
    },
  };
}

/** Lines top-1, top-3 and "none" on real lines; "none" on the negatives' lines. */
function scoreLines(dir: string, negatives: string | null): Map<string, LineFigures> {
  const meetings = readMeetings(dir);
  const predicted = link(meetings);
  const { groups, of } = groupsOf(noLines);
  const domains = new Map<string, string | undefined>();
  for (const { id } of meetings) {
    const gold = readGold(dir, id);
    if (!gold) continue;
    domains.set(id, gold.domain);
    const bullets = predicted[id]?.bullets ?? [];
    gold.bullets.forEach((bullet, k) => {
      if (bullet.evidence.length === 0) return;
      const links = bullets[k] ?? null;
      const evidence = new Set(bullet.evidence);
      for (const figures of of(gold.domain)) {
        figures.lines += 1;
        if (links === null) figures.none += 1;
        if (links?.slice(0, 1).some((u) => evidence.has(u))) figures.top1 += 1;
        if (links?.slice(0, 3).some((u) => evidence.has(u))) figures.top3 += 1;
      }
    });
  }
  if (negatives && existsSync(path.join(negatives, 'meetings'))) {
    const negative = link(readMeetings(negatives));
    for (const [id, { bullets }] of Object.entries(negative))
      for (const links of bullets)
        for (const figures of of(domains.get(id))) {
          figures.borrowed += 1;
          if (links === null) figures.borrowedNone += 1;
        }
  }
  return groups;
}

interface QuestionFigures {
  asked: number;
  top3: number;
  top5: number;
  first: number;
}

async function scoreQuestions(dir: string): Promise<Map<string, QuestionFigures>> {
  const meetings = readMeetings(dir);
  const questions = readQuestions(dir);
  const answers = await ask(meetings, questions);
  const { groups, of } = groupsOf((): QuestionFigures => ({ asked: 0, top3: 0, top5: 0, first: 0 }));
  for (const [id, list] of Object.entries(questions)) {
    const gold = readGold(dir, id) ?? readGold(path.dirname(dir), id);
    if (!gold?.queries) continue;
    list.forEach((_, i) => {
      const evidence = new Set(gold.queries?.[i]?.evidence ?? []);
      const cited = answers[id]?.queries[i] ?? [];
      const hit = (k: number) => cited.slice(0, k).some(([meeting, u]) => meeting === id && evidence.has(u));
      for (const figures of of(gold.domain)) {
        figures.asked += 1;
        if (hit(3)) figures.top3 += 1;
        if (hit(5)) figures.top5 += 1;
        if (cited[0]?.[0] === id) figures.first += 1;
      }
    });
  }
  return groups;
}

export function dataFolder(): string | null {
  const at = process.argv.indexOf('--data');
  const given = at === -1 ? process.env.GROUNDING_DATA : process.argv[at + 1];
  if (given) return existsSync(given) ? given : null;
  for (const candidate of [path.resolve('../shared/data/grounding'), '/work/shared/data/grounding'])
    if (existsSync(candidate)) return candidate;
  return null;
}

/** The splits measured: `--splits val,train` (val by default; the test split is not in the folder). */
function splits(): string[] {
  const at = process.argv.indexOf('--splits');
  const given = at === -1 ? 'val' : (process.argv[at + 1] ?? 'val');
  return given.split(',').filter((split) => /^[a-z]+$/.test(split));
}

function flag(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at === -1 ? Number.NaN : Number(process.argv[at + 1]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function printLines(name: string, groups: Map<string, LineFigures>): void {
  for (const [domain, figures] of groups)
    console.log(
      `${(domain ? `${name}, ${domain}` : name).padEnd(24)} lines ${String(figures.lines).padStart(4)}  top-1 ${percent(figures.top1, figures.lines)}  top-3 ${percent(figures.top3, figures.lines)}  real lines "none" ${percent(figures.none, figures.lines)}  borrowed lines "none" ${percent(figures.borrowedNone, figures.borrowed)} (of ${figures.borrowed})`,
    );
}

function printQuestions(name: string, groups: Map<string, QuestionFigures>): void {
  for (const [domain, figures] of groups)
    console.log(
      `${(domain ? `${name}, ${domain}` : name).padEnd(24)} questions ${String(figures.asked).padStart(4)}  top-3 ${percent(figures.top3, figures.asked)}  top-5 ${percent(figures.top5, figures.asked)}  own meeting first ${percent(figures.first, figures.asked)}`,
    );
}

/** A 2-hour meeting of about 1,500 utterances and a 40-line protocol, from the data set or made up. */
export function twoHourMeeting(data: string | null): { result: ProcessingResult; origin: string } {
  const val = data ? path.join(data, 'val') : null;
  if (val && existsSync(path.join(val, 'meetings'))) {
    const parts = readMeetings(val);
    const dialog: NonNullable<ProcessingResult['result']>['dialog'] = [];
    const bullets: string[] = [];
    let utterances = 0;
    let clock = 0;
    const names: Record<string, string> = {};
    for (const { id, result } of parts) {
      if (utterances >= 1_500) break;
      const normalized = normalizeDialog(result);
      const speakers = effectiveSpeakerMap(result);
      for (const block of normalized.blocks) {
        const take = block.utterances.slice(0, 1_500 - utterances);
        if (take.length === 0) break;
        for (const u of take) names[`${id}:${u.speakerId}`] = speakers[u.speakerId] ?? u.speaker;
        dialog.push({
          header: block.header,
          starts: take.map((u) => clock + u.start),
          ends: take.map((u) => clock + u.end),
          speakers: take.map((u) => `{${id}:${u.speakerId}}`),
          texts: take.map((u) => u.text),
        });
        utterances += take.length;
      }
      clock += result.duration ?? 0;
      for (const line of normalized.protocol.split('\n'))
        if (line.startsWith('- ') && bullets.length < 40) bullets.push(line);
    }
    const result: ProcessingResult = {
      audio_id: 1,
      title: 'two hours.mp3',
      duration: 7200,
      classified: true,
      success: true,
      is_shared: false,
      is_uploaded: true,
      result: {
        language: 'en',
        protocol: `# Two hours\n\n${bullets.join('\n')}\n`,
        dialog,
        speakers_map: names,
        speakers_timeline: {},
      },
    } as ProcessingResult;
    return { result, origin: `${utterances} utterances of the val meetings, ${bullets.length} lines` };
  }
  const result = benchResult(7_000, 'two hours.mp3', 3_750, 'en');
  const texts = (result.result?.dialog ?? []).flatMap((block) => block.texts);
  const bullets = Array.from({ length: 40 }, (_, i) => `- ${texts[(i * 37) % texts.length] ?? ''}`);
  if (result.result) result.result.protocol = `# Two hours\n\n${bullets.join('\n')}\n`;
  return { result, origin: `${texts.length} generated utterances, 40 lines` };
}

async function bench(): Promise<void> {
  const data = dataFolder();
  const russian = path.resolve('lib/grounding/fixtures/ru/measured');
  if (data) {
    console.log(`Data set: ${data}`);
    for (const split of splits()) {
      const folder = path.join(data, split);
      if (!existsSync(folder)) {
        console.log(`${split}: not in the data set`);
        continue;
      }
      printLines(split, scoreLines(folder, path.join(folder, 'negatives')));
      printQuestions(`${split} (ask/)`, await scoreQuestions(path.join(folder, 'ask')));
    }
  } else
    console.log(
      'Data set: not found (give --data DIR or GROUNDING_DATA; looked for ../shared/data/grounding and /work/shared/data/grounding): its figures are skipped',
    );
  if (existsSync(russian)) {
    printLines('Russian (held out)', scoreLines(russian, path.join(russian, 'negatives')));
    if (existsSync(path.join(russian, 'questions.json')))
      printQuestions('Russian (held out)', await scoreQuestions(russian));
  } else console.log(`Russian set: ${russian} not found`);

  // Linking a 2-hour meeting: median of 7 after one warm-up.
  const { result, origin } = twoHourMeeting(data);
  const linking = await timed(7, async () => {
    groundResult(result);
  });
  console.log(`Link a 2-hour meeting (${origin}): ${linking}`);

  // A question across `--hours` hours of meetings, warm (asked once before).
  const hours = flag('hours', 500);
  const meetings: Meeting[] = [];
  for (let i = 0; i < Math.ceil(hours); i += 1)
    meetings.push({
      id: `m${i}`,
      result: benchResult(10_000 + i, `Meeting ${i + 1}.mp3`, 3_600, i % 2 === 0 ? 'en' : 'ru'),
    });
  const building = performance.now();
  const { index, source } = await indexed(meetings);
  const built = performance.now() - building;
  const cache = new AskCache();
  for (const question of [
    'what did we decide about the vendor and the budget?',
    'кто отвечает за смету подрядчика?',
  ]) {
    const asking = await timed(5, async () => {
      await askArchive(question, index, source, {}, cache);
    });
    console.log(
      `Answer "${question}" across ${hours} hours (${meetings.length} meetings, index built in ${(built / 1000).toFixed(0)} s), warm: ${asking}`,
    );
  }
}

/**
 * Runs `work` once to warm up, then `runs` times: the median wall time and the median CPU time of
 * this process (on a machine shared with other work, the CPU time says more of the cost itself).
 */
async function timed(runs: number, work: () => Promise<void>): Promise<string> {
  await work();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    const used = process.cpuUsage();
    await work();
    const spent = process.cpuUsage(used);
    wall.push(performance.now() - started);
    cpu.push((spent.user + spent.system) / 1000);
  }
  return `median ${median(wall).toFixed(1)} ms wall, ${median(cpu).toFixed(1)} ms CPU (of ${runs})`;
}

async function main(): Promise<void> {
  const [command, dir] = process.argv.slice(2);
  if (command === 'link' && dir) {
    process.stdout.write(`${JSON.stringify(link(readMeetings(dir)))}\n`);
  } else if (command === 'ask' && dir) {
    process.stdout.write(`${JSON.stringify(await ask(readMeetings(dir), readQuestions(dir)))}\n`);
  } else if (command === 'bench') {
    await bench();
  } else {
    process.stderr.write(
      'Usage: npm run grounding -- link DIR | ask DIR | bench [--data DIR] [--splits val,train] [--hours 500]\n',
    );
    process.exitCode = 2;
    return;
  }
  if (failed) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
