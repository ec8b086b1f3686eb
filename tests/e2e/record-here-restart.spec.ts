/**
 * "Record here" through a browser crash: the browser process is killed (SIGKILL) mid-recording,
 * started again with the same profile, and the recording found unfinished is offered ("Upload what
 * was recorded") and uploaded: its file lasts what was recorded before the kill, within one piece.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, test as base, expect, type Worker } from '@playwright/test';
import { startEmulator } from '../../emulator/index';
import { type Answer, BackgroundDriver, SEED } from './background-fixtures';
import { launchChromium, unpackedExtensionId } from './launch';
import { openTonePage, TONE_PATH } from './record-support';
import { api } from './ui-fixtures';

base.describe.configure({ timeout: 180_000 });

const PIECE_MS = 5_000;

function launch(profileDir: string) {
  return launchChromium({
    profileDir,
    args: [
      '--autoplay-policy=no-user-gesture-required',
      `--allowlisted-extension-id=${unpackedExtensionId()}`,
    ],
    ignoreDefaultArgs: ['--mute-audio'],
  });
}

async function extensionWorker(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
}

/** The browser's own process of this profile (not its renderers or helpers), as `ps` lists it. */
function browserPid(profileDir: string): number {
  const lines = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' }).split('\n');
  const own = lines.filter(
    (line) => line.includes(`--user-data-dir=${profileDir}`) && !line.includes('--type='),
  );
  expect(own, 'one browser process for the profile').toHaveLength(1);
  return Number.parseInt(own[0]!.trim(), 10);
}

interface Status {
  state: { phase: string; recordedMs: number; pieces: number } | null;
  offer: { recordedMs: number; title: string } | null;
}

base(
  'the browser killed mid-recording: after a restart, "Upload what was recorded" uploads what its pieces held',
  async () => {
    const running = await startEmulator({ port: 0, storagePort: 0, quiet: true });
    const profileDir = mkdtempSync(path.join(tmpdir(), 'mc-record-crash-'));
    try {
      const first = await launch(profileDir);
      const worker = await extensionWorker(first.context);
      const extensionId = new URL(worker.url()).host;
      const driver = new BackgroundDriver(first.context, extensionId, worker);
      await driver.signIn(running.url);
      const tone = await openTonePage(first.context, running.url);
      await expect
        .poll(() => tone.evaluate(() => (window as unknown as { toneState(): string }).toneState()))
        .toBe('running');
      const page = await driver.page();
      const tabId = await page.evaluate(
        async (url) => (await chrome.tabs.query({ url }))[0]?.id,
        `${running.url}${TONE_PATH}`,
      );
      expect(tabId).toBeDefined();
      expect(await driver.send('recording.start', { tabId, microphone: false })).toMatchObject({ ok: true });
      const status = async () =>
        ((await driver.send('recording.status', {})) as Extract<Answer, { ok: true }>).data as Status;
      // Three pieces kept (15 s), then the browser dies at once: no stop, no upload, no goodbye.
      await expect
        .poll(async () => (await status()).state?.pieces ?? 0, { timeout: 45_000 })
        .toBeGreaterThanOrEqual(3);
      const before = (await status()).state!;
      expect(before.phase).toBe('recording');
      process.kill(browserPid(profileDir), 'SIGKILL');
      await first.context.close().catch(() => undefined);

      // The same profile again: the recording is offered with what its pieces cover.
      const second = await launch(profileDir);
      const workerAgain = await extensionWorker(second.context);
      expect(new URL(workerAgain.url()).host).toBe(extensionId);
      const driverAgain = new BackgroundDriver(second.context, extensionId, workerAgain);
      const statusAgain = async () =>
        ((await driverAgain.send('recording.status', {})) as Extract<Answer, { ok: true }>).data as Status;
      const offered = (await statusAgain()).offer;
      expect(offered?.title).toMatch(/^Tone room/);
      // What was recorded before the kill, within one piece (pieces count whole 5 s; one more may
      // have been written between the last look and the kill).
      expect(Math.abs(offered!.recordedMs - before.recordedMs)).toBeLessThanOrEqual(PIECE_MS);
      expect(offered!.recordedMs).toBeGreaterThanOrEqual(10_000);

      expect(await driverAgain.send('recording.recover', { action: 'upload' })).toMatchObject({ ok: true });
      const search = `/api/spaces/${SEED.spaces.personal}/audio/?search=Tone%20room&limit=5&offset=0`;
      const listed = async () =>
        (await api<{ results: Array<{ is_uploaded: boolean; duration: number | null }> }>(running, search))
          .results;
      await expect
        .poll(async () => (await listed())[0]?.is_uploaded ?? false, { timeout: 60_000 })
        .toBe(true);
      const [recording] = await listed();
      expect(await listed()).toHaveLength(1);
      // The file lasts what its pieces held, within one piece.
      expect(Math.abs(recording!.duration! * 1000 - offered!.recordedMs)).toBeLessThanOrEqual(PIECE_MS);
      await expect.poll(async () => (await statusAgain()).state?.phase, { timeout: 30_000 }).toBe('done');
      await second.close();
    } finally {
      await running.close();
      rmSync(profileDir, { recursive: true, force: true });
    }
  },
);
