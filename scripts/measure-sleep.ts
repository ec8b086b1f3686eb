/**
 * Whether a recording holds the time the computer was stopped (a measurement, not a test). The
 * built test extension records a page that plays a tone, as tests/e2e/record-here.spec.ts does;
 * mid-recording every process of that Chromium is stopped (SIGSTOP) for `--stop` seconds, then
 * continued, as a laptop's sleep stops it, with the one difference that the system clock goes on
 * (as Windows' performance counter, which Chrome's capture timestamps follow, goes on through
 * sleep; Linux's and macOS's monotonic clocks stand still in a real suspend). Then Stop: the
 * pieces written, the time they cover, the file's duration (what the service would charge), and
 * the wall time are compared.
 *
 * Usage: npm run build:test && npx tsx scripts/measure-sleep.ts [--before 12] [--stop 20] [--after 12]
 */
import { execFileSync } from 'node:child_process';
import { SEED, startEmulator } from '../emulator/index';
import { launchChromium, unpackedExtensionId } from '../tests/e2e/launch';
import { openTonePage } from '../tests/e2e/record-support';

function option(name: string, fallback: string): number {
  const index = process.argv.indexOf(`--${name}`);
  return Number(index >= 0 && process.argv[index + 1] ? process.argv[index + 1] : fallback);
}

const BEFORE = option('before', '12');
const STOPPED = option('stop', '20');
const AFTER = option('after', '12');

const pause = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

/** Every process of the Chromium using `profileDir` (its command line names the profile). */
function browserProcesses(profileDir: string): number[] {
  const out = execFileSync('pgrep', ['-f', profileDir], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((pid) => Number.isInteger(pid) && pid > 0 && pid !== process.pid);
}

const emulator = await startEmulator({ quiet: true });
const chromium = await launchChromium({
  args: ['--autoplay-policy=no-user-gesture-required', `--allowlisted-extension-id=${unpackedExtensionId()}`],
  ignoreDefaultArgs: ['--mute-audio'],
});
try {
  const { context } = chromium;
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const id = new URL(worker.url()).host;
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${id}/popup.html`);
  await popup.getByLabel('Service URL').fill(emulator.url);
  await popup.getByLabel('Email').fill(SEED.users.demo.email);
  await popup.getByLabel('Password', { exact: true }).fill(SEED.users.demo.password);
  await popup.getByRole('button', { name: 'Sign in' }).click();
  await popup.getByTestId('balance-value').waitFor();
  await openTonePage(context, emulator.url);
  const recorder = popup.getByTestId('recorder');
  await recorder.getByRole('checkbox', { name: 'Also record my microphone' }).uncheck();
  const startedAt = Date.now();
  await recorder.getByRole('button', { name: 'Record this tab' }).click();
  await pause(BEFORE);
  const pids = browserProcesses(chromium.profileDir);
  for (const pid of pids) process.kill(pid, 'SIGSTOP');
  await pause(STOPPED);
  for (const pid of pids) process.kill(pid, 'SIGCONT');
  await pause(AFTER);
  await recorder.getByRole('button', { name: 'Stop and upload' }).click();
  const wallMs = Date.now() - startedAt;
  const status = async () =>
    (
      (await popup.evaluate(() =>
        chrome.runtime.sendMessage({ channel: 'meeting-capture', type: 'recording.status', payload: {} }),
      )) as { data: { state: { phase: string; pieces: number; recordedMs: number; durationMs?: number } } }
    ).data.state;
  let state = await status();
  for (let i = 0; i < 60 && state.durationMs === undefined; i++) {
    await pause(1);
    state = await status();
  }
  console.log(
    JSON.stringify(
      {
        processesStopped: pids.length,
        stoppedSeconds: STOPPED,
        wallSeconds: wallMs / 1000,
        pieces: state.pieces,
        piecesCoverSeconds: state.recordedMs / 1000,
        fileSeconds: (state.durationMs ?? Number.NaN) / 1000,
      },
      null,
      2,
    ),
  );
} finally {
  await chromium.close();
  await emulator.close();
}
