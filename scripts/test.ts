/**
 * `npm test`: every check CI runs, in the order that costs least time. The quick checks first
 * (typecheck, lint, the import rules), both test builds and the size budgets; then the rest at
 * once: the end-to-end suite in Chromium, the unit and contract tests, the Firefox suite and the
 * 2-minute soak. The browser suites are mostly waiting (for alarms, the emulator's answers, the
 * recorder, a fixed two minutes of soak) and the unit tests mostly CPU, so side by side they take
 * about as long as the longest of them. A step that fails fails the run, after the steps beside it
 * have finished, so one run tells every failure. At the end, each step's wall and CPU time.
 *
 * `npx tsx scripts/test.ts --only unit,e2e` runs some steps (names below); `--list` names them.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

interface Step {
  name: string;
  command: string;
}

/** Runs in order; the steps of one stage run side by side. */
const STAGES: Step[][] = [
  [{ name: 'typecheck', command: 'npm run -s typecheck' }],
  [{ name: 'lint', command: 'npm run -s lint' }],
  [{ name: 'imports', command: 'npm run -s check:imports' }],
  [{ name: 'build', command: 'npm run -s build:test' }],
  [{ name: 'size', command: 'npm run -s size' }],
  [{ name: 'build-firefox', command: 'npm run -s build:test:firefox' }],
  [
    { name: 'e2e', command: 'npx playwright test' },
    { name: 'unit', command: 'npx vitest run' },
    { name: 'firefox', command: 'npx vitest run -c vitest.firefox.config.ts' },
    { name: 'soak', command: 'npm run -s soak:ci' },
  ],
];

interface Outcome {
  name: string;
  code: number;
  wall: number;
  cpu: number | null;
}

const TIME = '/usr/bin/time';
const started = Date.now();
const elapsed = () => `${Math.round((Date.now() - started) / 1000)} s`;

/** Runs one step, its lines prefixed with its name when it shares the screen with others. */
function run(step: Step, prefixed: boolean): Promise<Outcome> {
  const timesDir = mkdtempSync(path.join(tmpdir(), 'mc-test-step-'));
  const timesFile = path.join(timesDir, 'cpu');
  // GNU time gives the CPU of the step's whole tree (every child it waited for).
  const timed = existsSync(TIME);
  const [file, args] = timed
    ? [TIME, ['-f', '%U %S', '-o', timesFile, 'sh', '-c', step.command]]
    : ['sh', ['-c', step.command]];
  const begin = Date.now();
  return new Promise((resolve) => {
    const child = spawn(file, args, { stdio: prefixed ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    if (prefixed) {
      for (const stream of [child.stdout, child.stderr]) {
        let rest = '';
        stream?.setEncoding('utf8');
        stream?.on('data', (chunk: string) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop() ?? '';
          for (const line of lines) process.stdout.write(`[${step.name}] ${line}\n`);
        });
        stream?.on('end', () => {
          if (rest) process.stdout.write(`[${step.name}] ${rest}\n`);
        });
      }
    }
    child.on('close', (code, signal) => {
      let cpu: number | null = null;
      try {
        const [user, system] = readFileSync(timesFile, 'utf8').trim().split(/\s+/).slice(-2).map(Number);
        if (Number.isFinite(user) && Number.isFinite(system)) cpu = (user as number) + (system as number);
      } catch {
        // No GNU time here: wall time only.
      }
      rmSync(timesDir, { recursive: true, force: true });
      resolve({ name: step.name, code: code ?? (signal ? 1 : 0), wall: (Date.now() - begin) / 1000, cpu });
    });
  });
}

function summary(outcomes: readonly Outcome[]): string {
  const rows = outcomes.map(
    (outcome) =>
      `${outcome.name.padEnd(14)} ${outcome.wall.toFixed(0).padStart(6)} s ${
        outcome.cpu === null ? '     -' : outcome.cpu.toFixed(0).padStart(6)
      } s   ${outcome.code === 0 ? 'passed' : `FAILED (exit ${outcome.code})`}`,
  );
  return ['step             wall      cpu', ...rows, `all            ${elapsed().padStart(8)}`].join('\n');
}

async function main() {
  const args = process.argv.slice(2);
  const every = STAGES.flat().map((step) => step.name);
  if (args.includes('--list')) {
    console.log(every.join('\n'));
    return;
  }
  const onlyAt = args.indexOf('--only');
  const only = onlyAt >= 0 ? new Set((args[onlyAt + 1] ?? '').split(',')) : null;
  const unknown = only ? [...only].filter((name) => !every.includes(name)) : [];
  if (unknown.length > 0) {
    console.error(`No such step: ${unknown.join(', ')}. The steps: ${every.join(', ')}.`);
    process.exit(2);
  }

  const outcomes: Outcome[] = [];
  for (const stage of STAGES) {
    const steps = stage.filter((step) => !only || only.has(step.name));
    if (steps.length === 0) continue;
    console.log(`\n== ${steps.map((step) => step.name).join(' + ')} (at ${elapsed()})`);
    const results = await Promise.all(steps.map((step) => run(step, steps.length > 1)));
    outcomes.push(...results);
    for (const result of results)
      if (result.code !== 0) console.log(`\n== ${result.name} failed (exit ${result.code})`);
    if (results.some((result) => result.code !== 0)) break;
  }
  console.log(`\n== How long each step took\n${summary(outcomes)}`);
  process.exit(outcomes.some((outcome) => outcome.code !== 0) ? 1 : 0);
}

await main();
