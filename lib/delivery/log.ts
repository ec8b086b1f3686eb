/**
 * The deliveries' log: one line per attempt (the test's included), the newest first, each
 * destination's last `LOG_PER_DESTINATION` kept. A line is written `sending` right before its
 * attempt and replaced by its answer; a line left `sending` by a worker that stopped is marked
 * `interrupted` by the entry's next attempt.
 */
import type { AttemptAnswer, Refusal } from './retry';
import type { LogEntry, OutboxEntry } from './types';

/** Log entries kept per destination. */
export const LOG_PER_DESTINATION = 20;

/** The log with `entry` first (in place of a line with its id), each destination's last lines kept. */
export function logWith(log: LogEntry[], entry: LogEntry): LogEntry[] {
  const counts = new Map<string, number>();
  return [entry, ...log.filter((item) => item.id !== entry.id)].filter((item) => {
    const count = (counts.get(item.destinationId) ?? 0) + 1;
    counts.set(item.destinationId, count);
    return count <= LOG_PER_DESTINATION;
  });
}

/**
 * An entry's `sending` lines left by a worker that stopped mid-attempt: their answer was lost. At
 * `now` the entry is tried again (`retry`) or dropped.
 */
export function interruptedLines(
  log: LogEntry[],
  entry: OutboxEntry,
  now: number,
  retry: boolean,
): LogEntry[] {
  return log.map((line) =>
    line.outcome === 'sending' &&
    !line.test &&
    line.destinationId === entry.destinationId &&
    line.idempotencyKey === entry.idempotencyKey
      ? {
          ...line,
          outcome: retry ? 'retrying' : 'failed',
          problem: 'interrupted',
          nextAttemptAt: retry ? now : null,
        }
      : line,
  );
}

/** A status answer's problem for the log: what its kind read in it, else the status. */
export function refusalOf(answer: { refusal?: Refusal }): Refusal | 'http' {
  return answer.refusal ?? 'http';
}

/** The HTTP status an answer carries for its log line, or null (no answer came). */
export function statusOf(answer: AttemptAnswer): number | null {
  return 'status' in answer ? answer.status : null;
}
