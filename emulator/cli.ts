/**
 * `npm run emulator -- [flags]`: runs the emulator until SIGINT/SIGTERM. Prints exactly one line
 * `emulator listening on http://HOST:PORT` when ready, then the demo credentials. Invalid flags
 * exit with code 2.
 */
import { parseCliArgs, USAGE, UsageError } from './args';
import { SEED, startEmulator } from './index';

async function main(): Promise<void> {
  let parsed: ReturnType<typeof parseCliArgs>;
  try {
    parsed = parseCliArgs(process.argv.slice(2));
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`emulator: ${error.message}\nRun with --help for the list of flags.\n`);
      process.exit(2);
    }
    throw error;
  }
  if (parsed.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }

  const emulator = await startEmulator(parsed.options);
  const demo = SEED.users.demo;
  process.stdout.write(
    `emulator listening on ${emulator.url}\n` +
      `  storage:         ${emulator.storageUrl}\n` +
      `  demo account:    ${demo.email} / ${demo.password}\n` +
      `  control surface: ${emulator.url}/__emulator/\n`,
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (!parsed.help && !parsed.options.quiet) process.stdout.write(`emulator: ${signal}, closing\n`);
    emulator.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  const code = (error as { code?: string }).code;
  const message = code === 'EADDRINUSE' ? `port already in use (${(error as Error).message})` : String(error);
  process.stderr.write(`emulator: ${message}\n`);
  process.exit(1);
});
