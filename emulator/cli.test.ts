/** Command-line parsing, and the command itself: ready line, clean stop, exit code 2 on bad flags. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseCliArgs, parseDuration, UsageError } from './args';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));

function runCli(args: string[]) {
  return spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
}

describe('flags', () => {
  it('parses durations', () => {
    expect(parseDuration('500ms')).toBe(500);
    expect(parseDuration('20s')).toBe(20_000);
    expect(parseDuration('2m')).toBe(120_000);
    expect(parseDuration('1h')).toBe(3_600_000);
    expect(parseDuration('1d')).toBe(86_400_000);
    expect(parseDuration('1.5s')).toBe(1500);
    expect(parseDuration('250')).toBe(250);
    for (const bad of ['', 's', '-1s', '1w', '1 s', 'abc']) expect(parseDuration(bad), bad).toBeNull();
  });

  it('maps flags to options, with the storage port next to the API port', () => {
    expect(parseCliArgs([])).toEqual({ help: false, options: { port: 8787, storagePort: 8788 } });
    expect(parseCliArgs(['--port', '9000'])).toMatchObject({ options: { port: 9000, storagePort: 9001 } });
    expect(parseCliArgs(['--port=0'])).toMatchObject({ options: { port: 0, storagePort: 0 } });
    const all = parseCliArgs([
      '--host',
      '0.0.0.0',
      '--storage-port',
      '9100',
      '--processing-delay',
      '5s',
      '--meeting-duration',
      '2m',
      '--download-delay',
      '100ms',
      '--faults',
      '0.2',
      '--fault-seed',
      '9',
      '--slow',
      '300',
      '--time-unit',
      'ms',
      '--access-ttl',
      '1h',
      '--refresh-ttl',
      '10m',
      '--quiet',
    ]);
    expect(all).toEqual({
      help: false,
      options: {
        host: '0.0.0.0',
        port: 8787,
        storagePort: 9100,
        processingDelayMs: 5000,
        meetingDurationMs: 120_000,
        downloadDelayMs: 100,
        faults: 0.2,
        faultSeed: 9,
        slowMs: 300,
        timeUnit: 'ms',
        accessTtlSec: 3600,
        refreshTtlSec: 600,
        quiet: true,
      },
    });
    expect(parseCliArgs(['--help'])).toEqual({ help: true });
  });

  it('rejects invalid flags', () => {
    for (const args of [
      ['--bogus'],
      ['--port'],
      ['--port', 'x'],
      ['--faults', '1.5'],
      ['--time-unit', 'min'],
      ['--slow', 'soon'],
      ['stray'],
      ['--port', '70000'],
    ]) {
      expect(() => parseCliArgs(args), args.join(' ')).toThrow(UsageError);
    }
  });
});

describe('command', () => {
  it('prints the ready line first, serves, and stops cleanly on SIGTERM', async () => {
    const child = runCli(['--port', '0', '--quiet']);
    const firstLine = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk) => {
        out += chunk;
        const end = out.indexOf('\n');
        if (end >= 0) resolve(out.slice(0, end));
      });
      child.once('exit', (code) => reject(new Error(`exited early with ${code}`)));
    });
    expect(firstLine).toMatch(/^emulator listening on http:\/\/127\.0\.0\.1:\d+$/);
    const url = firstLine.replace('emulator listening on ', '');
    const response = await fetch(`${url}/api/spaces/`);
    expect(response.status).toBe(401);
    const code = await new Promise<number | null>((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
    expect(code).toBe(0);
  });

  it('exits with code 2 and a message on an invalid flag', async () => {
    const child = runCli(['--faults', 'lots']);
    let err = '';
    child.stderr.on('data', (chunk) => {
      err += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(err).toContain('--faults must be a rate from 0 to 1');
  });
});
