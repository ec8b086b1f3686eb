/**
 * A build of the extension of the specs' own, into `outDir`, for a spec that loads another build
 * than the test build the others load (the release build, a test build with a flag more). `env`
 * sets (a string) or clears (undefined) build variables for this build only.
 */
import path from 'node:path';
import { build } from 'wxt';

export async function buildExtension(outDir: string, env: Record<string, string | undefined>): Promise<void> {
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  const set = (values: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  set(env);
  try {
    await build({ root: path.resolve(import.meta.dirname, '../..'), outDir, logger: quietLogger() });
  } finally {
    set(saved);
  }
}

/** WXT's logger, quiet but for errors. */
function quietLogger() {
  const quiet = () => {};
  return {
    debug: quiet,
    log: quiet,
    info: quiet,
    warn: quiet,
    error: console.error,
    fatal: console.error,
    success: quiet,
    level: 0,
  };
}
