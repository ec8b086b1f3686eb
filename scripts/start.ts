// `npm start`: the service emulator with its seed, the extension built against it, and
// Chromium with the extension loaded when there is a display to show it on.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SEED, startEmulator } from '../emulator/index';

const port = Number(process.env.PORT ?? 8787);
const root = path.resolve(import.meta.dirname, '..');
const extensionDir = path.join(root, '.output', 'chrome-mv3');

const emulator = await startEmulator({ host: '127.0.0.1', port, storagePort: port + 1 });
console.log(`emulator listening on ${emulator.url}`);

console.log('building the extension against the emulator…');
const build = spawnSync('npx', ['wxt', 'build'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, WXT_SERVICE_URL: emulator.url, WXT_TEST_BUILD: '1' },
});
if (build.status !== 0) {
  await emulator.close();
  process.exit(build.status ?? 1);
}

const demo = SEED.users.demo;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasDisplay = Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);

if (hasDisplay && existsSync(chromiumPath)) {
  const profile = mkdtempSync(path.join(tmpdir(), 'meeting-capture-profile-'));
  const browser = spawn(
    chromiumPath,
    [
      `--user-data-dir=${profile}`,
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      '--no-first-run',
      'chrome://extensions/',
    ],
    { stdio: 'ignore' },
  );
  browser.on('exit', () => console.log('Chromium closed; the emulator keeps running (Ctrl+C to stop).'));
  console.log('Chromium started with Meeting Capture loaded.');
} else {
  console.log(
    [
      '',
      `The built extension is in ${extensionDir}`,
      'Load it: open chrome://extensions, turn on Developer mode, choose "Load unpacked" and pick that folder.',
    ].join('\n'),
  );
}
console.log(
  [
    '',
    `Service URL: ${emulator.url}`,
    `Sign in with ${demo.email} / ${demo.password}`,
    'Press Ctrl+C to stop the emulator.',
  ].join('\n'),
);

const stop = async () => {
  await emulator.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
