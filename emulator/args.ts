/** Command-line flags of the emulator (see cli.ts and README.md). */
import type { EmulatorOptions } from './index';

export class UsageError extends Error {}

const DEFAULT_CLI_PORT = 8787;

export const USAGE = `Usage: npm run emulator -- [flags]

  --port N                API port (default ${DEFAULT_CLI_PORT}; 0 = a free port)
  --host HOST             interface to listen on (default 127.0.0.1)
  --storage-port N        storage port (default: API port + 1)
  --processing-delay D    classify -> result ready (default 20s)
  --meeting-duration D    bot request -> meeting ends (default 60s)
  --download-delay D      minimum time of by_url / video downloads (default 2s)
  --assemble-delay D      complete_upload -> is_uploaded (default 500ms)
  --faults RATE           fault rate 0..1 on /api/ and storage requests (default 0)
  --fault-seed N          seed of the fault sequence (default 1)
  --slow D                delay of a 'slow' fault (default 1500ms)
  --time-unit s|ms        unit of dialog times and the speakers timeline (default s)
  --access-ttl D          access token lifetime (default 30d)
  --refresh-ttl D         refresh token lifetime (default 1d)
  --jwt-secret TEXT       token signing secret (default: random per start)
  --quiet                 no request log
  --help                  this text

Durations: 500ms, 20s, 2m, 1h, 1d; a bare number means milliseconds.`;

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Milliseconds of `500ms`, `20s`, `2m`, `1h`, `1d` or a bare number of milliseconds; null if invalid. */
export function parseDuration(text: string): number | null {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)?$/.exec(text.trim());
  if (!match) return null;
  return Math.round(Number(match[1]) * (UNITS[match[2] ?? 'ms'] ?? 1));
}

export type CliArgs =
  | { help: true }
  | { help: false; options: EmulatorOptions & { port: number; storagePort: number } };

export function parseCliArgs(argv: string[]): CliArgs {
  const options: EmulatorOptions = {};
  let port = DEFAULT_CLI_PORT;
  let storagePort: number | undefined;

  const args = [...argv];
  while (args.length > 0) {
    const arg = args.shift() ?? '';
    if (arg === '--help' || arg === '-h') return { help: true };
    if (!arg.startsWith('--')) throw new UsageError(`unexpected argument "${arg}"`);
    const eq = arg.indexOf('=');
    const name = eq >= 0 ? arg.slice(0, eq) : arg;
    if (name === '--quiet') {
      if (eq >= 0) throw new UsageError('--quiet takes no value');
      options.quiet = true;
      continue;
    }
    const value = eq >= 0 ? arg.slice(eq + 1) : args.shift();
    if (value === undefined || (eq < 0 && value.startsWith('--')))
      throw new UsageError(`${name} needs a value`);

    const integer = (min: number, max: number) => {
      if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
        throw new UsageError(`${name} must be an integer from ${min} to ${max}, got "${value}"`);
      }
      return Number(value);
    };
    const duration = () => {
      const ms = parseDuration(value);
      if (ms === null)
        throw new UsageError(`${name} must be a duration such as 500ms, 20s, 2m, 1h or 1d, got "${value}"`);
      return ms;
    };
    const seconds = () => {
      const s = Math.round(duration() / 1000);
      if (s < 1) throw new UsageError(`${name} must be at least 1s, got "${value}"`);
      return s;
    };

    switch (name) {
      case '--port':
        port = integer(0, 65535);
        break;
      case '--host':
        if (!value.trim()) throw new UsageError('--host must not be empty');
        options.host = value;
        break;
      case '--storage-port':
        storagePort = integer(0, 65535);
        break;
      case '--processing-delay':
        options.processingDelayMs = duration();
        break;
      case '--meeting-duration':
        options.meetingDurationMs = duration();
        break;
      case '--download-delay':
        options.downloadDelayMs = duration();
        break;
      case '--assemble-delay':
        options.assembleDelayMs = duration();
        break;
      case '--faults': {
        const rate = Number(value);
        if (!/^\d*\.?\d+$/.test(value) || rate < 0 || rate > 1) {
          throw new UsageError(`--faults must be a rate from 0 to 1, got "${value}"`);
        }
        options.faults = rate;
        break;
      }
      case '--fault-seed':
        options.faultSeed = integer(0, 2 ** 32 - 1);
        break;
      case '--slow':
        options.slowMs = duration();
        break;
      case '--time-unit':
        if (value !== 's' && value !== 'ms')
          throw new UsageError(`--time-unit must be "s" or "ms", got "${value}"`);
        options.timeUnit = value;
        break;
      case '--access-ttl':
        options.accessTtlSec = seconds();
        break;
      case '--refresh-ttl':
        options.refreshTtlSec = seconds();
        break;
      case '--jwt-secret':
        if (!value) throw new UsageError('--jwt-secret must not be empty');
        options.jwtSecret = value;
        break;
      default:
        throw new UsageError(`unknown flag ${name}`);
    }
  }
  const resolvedStorage = storagePort ?? (port === 0 ? 0 : port + 1);
  if (resolvedStorage !== 0 && resolvedStorage === port) {
    throw new UsageError('--storage-port must differ from --port');
  }
  if (resolvedStorage > 65535)
    throw new UsageError('--storage-port defaults to --port + 1, which is above 65535');
  return { help: false, options: { ...options, port, storagePort: resolvedStorage } };
}
