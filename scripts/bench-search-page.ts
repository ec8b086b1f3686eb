/**
 * What the browser search benchmarks (scripts/bench-search-browser.ts in Chromium,
 * scripts/bench-search-firefox.ts in Firefox) do in an extension page: write the archive into its
 * IndexedDB, start the search worker (the file the side panel starts), ask it searches and
 * questions, wait for its index; and the CPU time its worker threads used (Linux /proc).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type KeyValueStore, memoryKeyValue } from '../lib/kv';
import { generateArchive, QUERIES } from './bench-archive';

/** What these need of a page, Playwright's or puppeteer's: a function run in it with one argument. */
export interface InPage {
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
}

export function flag(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at === -1 ? Number.NaN : Number(process.argv[at + 1]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Writes key-value pairs into the archive's IndexedDB store from an extension page. */
export async function put(page: InPage, entries: Array<[string, unknown]>): Promise<void> {
  await page.evaluate(async (entries) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('meeting-capture-archive');
      open.onupgradeneeded = () => open.result.createObjectStore('archive');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => resolve(open.result);
    });
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('archive', 'readwrite');
      for (const [key, value] of entries) tx.objectStore('archive').put(value, key);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  }, entries);
}

/**
 * Asks the worker and waits for its answer: the time, meetings shown, whether the index was whole,
 * and when the first meetings came (`firstAt`: the meetings sent before their passages are read,
 * when the worker sent them, else the answer).
 */
export function ask(page: InPage, id: number, query: string) {
  return page.evaluate(
    async ({ id, query }) => {
      const state = (
        window as unknown as { __bench: { messages: Array<Record<string, unknown>>; worker: Worker } }
      ).__bench;
      const started = performance.now();
      state.worker.postMessage({ type: 'search', id, query, filters: {} });
      for (;;) {
        const answer = state.messages.find((m) => m.type === 'results' && m.id === id);
        if (answer) {
          const outcome = answer.outcome as { meetings: unknown[]; moreMeetings: number };
          const early = state.messages.find((m) => m.type === 'found' && m.id === id);
          const listed = (early?.outcome as { meetings: unknown[] } | undefined)?.meetings.length ?? 0;
          return {
            ms: (answer.at as number) - started,
            at: answer.at as number,
            firstAt: listed > 0 ? (early?.at as number) : (answer.at as number),
            meetings: outcome.meetings.length + outcome.moreMeetings,
            complete: answer.complete as boolean,
          };
        }
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    },
    { id, query },
  );
}

/** The questions asked across the archive (as `npm run grounding -- bench` asks them in Node). */
export const QUESTIONS = [
  'what did we decide about the vendor and the budget?',
  'кто отвечает за смету подрядчика?',
  // Answered (the generated English meetings never say "budget": the first finds nothing).
  'what did we decide about the vendor by friday?',
];

/** Asks the worker a question and waits for its answer: the time and the meetings cited. */
export function askQuestion(page: InPage, id: number, question: string) {
  return page.evaluate(
    async ({ id, question }) => {
      const state = (
        window as unknown as { __bench: { messages: Array<Record<string, unknown>>; worker: Worker } }
      ).__bench;
      const started = performance.now();
      state.worker.postMessage({ type: 'ask', id, question, filters: {} });
      for (;;) {
        const answer = state.messages.find((m) => (m.type === 'answer' || m.type === 'error') && m.id === id);
        if (answer?.type === 'error') throw new Error(String(answer.message));
        if (answer) {
          const outcome = answer.outcome as { meetings: Array<{ hits: unknown[] }> };
          return {
            ms: (answer.at as number) - started,
            meetings: outcome.meetings.length,
            moments: outcome.meetings.reduce((n, m) => n + m.hits.length, 0),
          };
        }
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    },
    { id, question },
  );
}

/** Waits until the worker reports its index complete with `indexed` records; returns when (page clock). */
export function waitComplete(page: InPage, indexed: number, timeoutMs: number) {
  return page.evaluate(
    async ({ indexed, timeoutMs }) => {
      const state = (window as unknown as { __bench: { messages: Array<Record<string, unknown>> } }).__bench;
      const until = performance.now() + timeoutMs;
      while (performance.now() < until) {
        const done = state.messages.find((m) => m.type === 'progress' && m.complete && m.indexed === indexed);
        if (done) {
          const tenth = state.messages.find((m) => m.type === 'progress' && (m.indexed as number) >= 10);
          return { at: done.at as number, tenth: (tenth?.at as number) ?? Number.NaN };
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error('the index did not complete in time');
    },
    { indexed, timeoutMs },
  );
}

/** Starts the search worker in the page; its messages are collected in `window.__bench`. */
export async function startWorkerIn(page: InPage, file: string): Promise<void> {
  await page.evaluate((file) => {
    const state = { messages: [] as unknown[], worker: new Worker(`/${file}`, { type: 'module' }) };
    state.worker.addEventListener('message', (event) =>
      state.messages.push({ at: performance.now(), ...event.data }),
    );
    (window as unknown as { __bench: typeof state }).__bench = state;
  }, file);
}

/** The processes under `root` (its descendants and itself), with their resident memory (kB) and command. */
export function processTree(root: (row: { pid: string; args: string }) => boolean) {
  try {
    const out = execFileSync('ps', ['-eo', 'pid=,ppid=,rss=,args='], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const rows = out
      .trim()
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .map(([pid = '', ppid = '', rss = '0', ...args]) => ({
        pid,
        ppid,
        rss: Number(rss),
        args: args.join(' '),
      }));
    const top = rows.find(root);
    if (!top) return [];
    const mine = new Set([top.pid]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const row of rows)
        if (!mine.has(row.pid) && mine.has(row.ppid)) {
          mine.add(row.pid);
          grew = true;
        }
    }
    return rows.filter((row) => mine.has(row.pid));
  } catch {
    return [];
  }
}

/**
 * CPU time (user and system, ms) the threads named `thread` (`DedicatedWorker` in Chromium,
 * `DOM Worker` in Firefox) of these processes have used so far (Linux:
 * /proc/<pid>/task/<tid>/stat, in ticks of 10 ms): on a machine shared with other work it says
 * more of a step's cost than its wall time.
 */
export function threadsCpuMs(pids: readonly string[], thread: string): number {
  let ticks = 0;
  for (const pid of pids) {
    let tasks: string[] = [];
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tasks) {
      try {
        if (!readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').startsWith(thread)) continue;
        // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // The thread ended meanwhile.
      }
    }
  }
  return ticks * 10;
}

/**
 * Asks each of `QUESTIONS` `runs` + 1 times and prints, for each, the first answer (the answering
 * code loaded, the candidates' records read and made ready) and the warm ones' median, with the
 * worker's CPU time (`cpu`, ms used so far) beside them. Returns the last message id used.
 */
export async function benchQuestions(page: InPage, lastId: number, runs: number, cpu: () => number) {
  let id = lastId;
  for (const question of QUESTIONS) {
    const times: number[] = [];
    let first = { ms: 0, meetings: 0, moments: 0 };
    let warmCpu = 0;
    let firstCpu = 0;
    for (let run = 0; run <= runs; run += 1) {
      const before = cpu();
      const answer = await askQuestion(page, ++id, question);
      const used = cpu() - before;
      if (run === 0) {
        first = answer;
        firstCpu = used;
      } else {
        times.push(answer.ms);
        warmCpu += used;
      }
    }
    console.log(
      `question "${question}": warm ${ms(median(times))} median of ${runs} (runs ${times.map((t) => t.toFixed(0)).join(', ')} ms), the worker's CPU ${ms(warmCpu / runs)} each; the first ${ms(first.ms)}, CPU ${ms(firstCpu)} (the candidates not seen before read and made ready; with the first question, the answering code loaded too); ${first.meetings} meetings, ${first.moments} moments cited`,
    );
  }
  return id;
}

/** The search worker's file in a build (`assets/search.worker-<hash>.js`). */
export function searchWorkerFile(extensionDir: string, build: string): string {
  const worker = readdirSync(path.join(extensionDir, 'assets')).find((name) =>
    name.startsWith('search.worker-'),
  );
  if (!worker) throw new Error(`No search worker in the build: run \`npm run ${build}\` first.`);
  return `assets/${worker}`;
}

/** The archive of `hours` generated meetings, in memory, with a line saying what it holds. */
export async function benchArchive(browser: string, hours: number) {
  const kv = memoryKeyValue();
  const archive = await generateArchive(hours, kv);
  console.log(
    `${browser}, ${archive.meetings} meetings, ${hours} h, ${archive.utterances.toLocaleString('en')} utterances, ${mb(archive.characters)} of text`,
  );
  return { kv, ...archive };
}

/** Writes the archive into the page's IndexedDB: 10 records a transaction, the catalog last. */
export async function writeArchive(page: InPage, kv: KeyValueStore): Promise<void> {
  const keys = (await kv.keys()).filter((key) => key !== 'catalog');
  for (let i = 0; i < keys.length; i += 10)
    await put(
      page,
      await Promise.all(
        keys.slice(i, i + 10).map(async (key) => [key, await kv.get(key)] as [string, unknown]),
      ),
    );
  await put(page, [['catalog', await kv.get('catalog')]]);
}

/**
 * Asks each of the benchmark's keyword searches (`QUERIES`) `runs` + 1 times and prints the warm
 * ones' median with the worker's CPU time (`cpu`, ms used so far). Returns the last message id used.
 */
export async function benchQueries(page: InPage, lastId: number, runs: number, cpu: () => number) {
  let id = lastId;
  for (const [label, query] of Object.entries(QUERIES)) {
    const times: number[] = [];
    let found = 0;
    let used = 0;
    for (let run = 0; run <= runs; run += 1) {
      const before = cpu();
      const answer = await ask(page, ++id, query);
      if (run > 0) {
        times.push(answer.ms);
        used += cpu() - before;
      }
      found = answer.meetings;
    }
    console.log(
      `"${query}" (${label}): warm ${ms(median(times))} median of ${runs}, the worker's CPU ${ms(used / runs)} each (${found} meetings match)`,
    );
  }
  return id;
}
