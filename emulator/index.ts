/**
 * Local emulator of the Meeting Recording Processing Service (see
 * ../../shared/spec/service-api.md and README.md here). `startEmulator` runs one self-contained
 * instance on an API port and a storage port.
 */
import { randomBytes } from 'node:crypto';
import { createApiApp } from './app';
import { Emulator, type ResolvedOptions } from './emulator';
import { listen } from './server';
import { createStorageApp } from './storage';

export { VIDEO_SITE_PATH } from './downloads';
export { SEED } from './seed';

export interface EmulatorOptions {
  host?: string;
  port?: number;
  storagePort?: number;
  /**
   * The host named in upload and download links (the storage still listens on `host`): `localhost`
   * beside the API's `127.0.0.1` puts the storage on another site than the service, as the
   * contract's S3-style links do.
   */
  storageHost?: string;
  processingDelayMs?: number;
  meetingDurationMs?: number;
  downloadDelayMs?: number;
  assembleDelayMs?: number;
  faults?: number;
  faultSeed?: number;
  slowMs?: number;
  timeUnit?: 's' | 'ms';
  accessTtlSec?: number;
  refreshTtlSec?: number;
  jwtSecret?: string;
  quiet?: boolean;
}

export interface RunningEmulator {
  /** API base without a trailing slash; paths are url + '/api/...'. */
  url: string;
  /** Storage origin (upload and download links). */
  storageUrl: string;
  close(): Promise<void>;
}

function resolveOptions(options: EmulatorOptions = {}): ResolvedOptions {
  return {
    host: options.host ?? '127.0.0.1',
    port: options.port ?? 0,
    storagePort: options.storagePort ?? 0,
    processingDelayMs: options.processingDelayMs ?? 20_000,
    meetingDurationMs: options.meetingDurationMs ?? 60_000,
    downloadDelayMs: options.downloadDelayMs ?? 2_000,
    assembleDelayMs: options.assembleDelayMs ?? 500,
    faults: Math.min(1, Math.max(0, options.faults ?? 0)),
    faultSeed: options.faultSeed ?? 1,
    slowMs: options.slowMs ?? 1_500,
    timeUnit: options.timeUnit ?? 's',
    accessTtlSec: options.accessTtlSec ?? 30 * 86_400,
    refreshTtlSec: options.refreshTtlSec ?? 86_400,
    jwtSecret: options.jwtSecret ?? randomBytes(32).toString('hex'),
    quiet: options.quiet ?? false,
  };
}

const origin = (host: string, port: number) => `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

export async function startEmulator(options?: EmulatorOptions): Promise<RunningEmulator> {
  const resolved = resolveOptions(options);
  const emu = new Emulator(resolved);
  const storage = await listen(createStorageApp(emu), emu, 'storage', resolved.host, resolved.storagePort);
  let api: Awaited<ReturnType<typeof listen>>;
  try {
    api = await listen(createApiApp(emu), emu, 'api', resolved.host, resolved.port);
  } catch (error) {
    await storage.close();
    emu.close();
    throw error;
  }
  emu.storageUrl = origin(options?.storageHost ?? resolved.host, storage.port);
  emu.apiUrl = origin(resolved.host, api.port);
  let closing: Promise<void> | null = null;
  return {
    url: emu.apiUrl,
    storageUrl: emu.storageUrl,
    close: () => {
      closing ??= (async () => {
        emu.close();
        await Promise.all([api.close(), storage.close()]);
      })();
      return closing;
    },
  };
}
