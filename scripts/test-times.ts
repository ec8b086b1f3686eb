/**
 * Where the end-to-end suite's time goes: a Playwright reporter (playwright.config.ts adds it to
 * every run) that writes, for each test, its wall time and the CPU time of its worker's whole
 * process tree (the worker, the emulator it runs, Chromium and every process Chromium starts),
 * read from Linux's /proc when the test begins and ends; and the report of the slowest spec files
 * made from it (`npx tsx scripts/test-times.ts [test-results/e2e-times.json] [--top 20]`), also
 * printed at the end of every run.
 *
 * A worker runs one test at a time, so the difference of its tree's CPU between a test's begin and
 * end is that test's CPU, however many workers run beside it. What is left of the wall time is
 * waiting: for the browser, the emulator's answers, alarms, timers. Time spent waiting overlaps
 * across workers; CPU does not (two cores are two seconds of CPU a second).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export interface TestTime {
  file: string;
  title: string;
  /** Wall time of the test, fixtures included (s). */
  wall: number;
  /** CPU time of the worker's process tree during the test (s); null where /proc cannot tell. */
  cpu: number | null;
  status: string;
  retry: number;
}

export interface SpecTime {
  file: string;
  tests: number;
  wall: number;
  cpu: number | null;
  /** wall - cpu: time the spec spends waiting. */
  waiting: number | null;
}

const CLOCK_TICKS = 100;

/** Fields of /proc/<pid>/stat after the command's closing parenthesis (the name may hold spaces). */
function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** Every live process as pid → parent pid, and its CPU so far with its reaped children's (ticks). */
function processTable(): Map<number, { parent: number; ticks: number }> {
  const table = new Map<number, { parent: number; ticks: number }>();
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return table;
  }
  for (const entry of entries) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const fields = statFields(pid);
    if (!fields) continue;
    // After ")": state(0) ppid(1) ... utime(11) stime(12) cutime(13) cstime(14).
    const ticks = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index] ?? 0), 0);
    table.set(pid, { parent: Number(fields[1]), ticks });
  }
  return table;
}

/**
 * CPU seconds of `root` and all its live descendants, with what their reaped children used: a
 * process that ends is added to its parent's count when reaped, so the sum only grows.
 */
export function treeCpuSeconds(root: number): number | null {
  const table = processTable();
  if (!table.has(root)) return null;
  const children = new Map<number, number[]>();
  for (const [pid, { parent }] of table) children.set(parent, [...(children.get(parent) ?? []), pid]);
  let ticks = 0;
  const stack = [root];
  while (stack.length > 0) {
    const pid = stack.pop() as number;
    ticks += table.get(pid)?.ticks ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return ticks / CLOCK_TICKS;
}

/** Where the workers write their pids (set by the reporter in the runner, inherited by workers). */
const WORKERS_DIR_VARIABLE = 'MC_TEST_TIMES_WORKERS';

/**
 * Called by playwright.config.ts, which every worker loads: a worker writes its pid under its
 * worker index, which the reporter is told with each test.
 */
export function registerTestWorker(): void {
  const dir = process.env[WORKERS_DIR_VARIABLE];
  const index = process.env.TEST_WORKER_INDEX;
  if (dir && index !== undefined) writeFileSync(path.join(dir, index), String(process.pid));
}

function workerPid(dir: string, workerIndex: number): number | null {
  try {
    const pid = Number(readFileSync(path.join(dir, String(workerIndex)), 'utf8'));
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Per spec file, slowest first. */
export function bySpec(times: readonly TestTime[]): SpecTime[] {
  const specs = new Map<string, SpecTime>();
  for (const time of times) {
    const spec = specs.get(time.file) ?? { file: time.file, tests: 0, wall: 0, cpu: 0, waiting: 0 };
    spec.tests += 1;
    spec.wall += time.wall;
    spec.cpu = spec.cpu === null || time.cpu === null ? null : spec.cpu + time.cpu;
    spec.waiting = spec.cpu === null ? null : spec.wall - spec.cpu;
    specs.set(time.file, spec);
  }
  return [...specs.values()].sort((a, b) => b.wall - a.wall);
}

const seconds = (value: number | null) => (value === null ? '-' : value.toFixed(0));

/** The table of the slowest spec files, and the totals. */
export function formatReport(times: readonly TestTime[], top = 15): string {
  const specs = bySpec(times);
  const wall = specs.reduce((sum, spec) => sum + spec.wall, 0);
  const cpuKnown = specs.every((spec) => spec.cpu !== null);
  const cpu = cpuKnown ? specs.reduce((sum, spec) => sum + (spec.cpu ?? 0), 0) : null;
  const lines = [
    `${times.length} tests in ${specs.length} spec files: ${seconds(wall)} s of test time, ` +
      `${cpu === null ? 'CPU unknown' : `${seconds(cpu)} s of CPU, ${seconds(wall - cpu)} s waiting`}`,
    '  wall    cpu  waiting  tests  spec',
    ...specs
      .slice(0, top)
      .map(
        (spec) =>
          `${seconds(spec.wall).padStart(6)} ${seconds(spec.cpu).padStart(6)} ${seconds(spec.waiting).padStart(8)} ` +
          `${String(spec.tests).padStart(6)}  ${spec.file}`,
      ),
  ];
  return lines.join('\n');
}

export const TIMES_FILE = path.resolve(import.meta.dirname, '../test-results/e2e-times.json');

/** The reporter: playwright.config.ts names this file. */
export default class TestTimesReporter implements Reporter {
  private readonly started = new Map<string, number | null>();
  private readonly times: TestTime[] = [];
  private readonly workers = mkdtempSync(path.join(tmpdir(), 'mc-test-workers-'));

  constructor() {
    // Workers are forked with the runner's environment.
    process.env[WORKERS_DIR_VARIABLE] = this.workers;
  }

  onTestBegin(test: TestCase, result: TestResult): void {
    const pid = workerPid(this.workers, result.workerIndex);
    this.started.set(`${test.id}#${result.retry}`, pid === null ? null : treeCpuSeconds(pid));
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const before = this.started.get(`${test.id}#${result.retry}`) ?? null;
    const pid = workerPid(this.workers, result.workerIndex);
    const after = pid === null ? null : treeCpuSeconds(pid);
    this.times.push({
      file: path.relative(path.resolve(import.meta.dirname, '../tests/e2e'), test.location.file),
      title: test.title,
      wall: result.duration / 1000,
      cpu: before === null || after === null ? null : Math.max(0, after - before),
      status: result.status,
      retry: result.retry,
    });
  }

  onEnd(_result: FullResult): void {
    rmSync(this.workers, { recursive: true, force: true });
    if (this.times.length === 0) return;
    mkdirSync(path.dirname(TIMES_FILE), { recursive: true });
    writeFileSync(TIMES_FILE, `${JSON.stringify(this.times, null, 1)}\n`);
    console.log(
      `\nWhere the time went (${path.relative(process.cwd(), TIMES_FILE)}):\n${formatReport(this.times, 10)}`,
    );
  }

  printsToStdio(): boolean {
    return false;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const topAt = args.indexOf('--top');
  const top = topAt >= 0 ? Number(args[topAt + 1]) : 25;
  const file = args.find((arg, index) => !arg.startsWith('--') && args[index - 1] !== '--top') ?? TIMES_FILE;
  const times = JSON.parse(readFileSync(file, 'utf8')) as TestTime[];
  console.log(formatReport(times, top));
}
