/**
 * The space's balance while recording: a warning when the recording reaches 80 % and again at
 * 100 % of the processing time left. The recording goes on and the file is kept either way, so
 * the user can top up or choose another space.
 */
export const WARNING_STEPS = [80, 100] as const;

/** The warning due now (80 or 100), or null: none due, or given already (`warned`). */
export function balanceWarning(
  recordedMs: number,
  availableSeconds: number | null,
  warned: number,
): number | null {
  if (availableSeconds === null || !Number.isFinite(availableSeconds)) return null;
  const share =
    availableSeconds <= 0 ? Number.POSITIVE_INFINITY : (recordedMs / 1000 / availableSeconds) * 100;
  let due: number | null = null;
  for (const step of WARNING_STEPS) if (share >= step && step > warned) due = step;
  return due;
}

/**
 * Whether a finished recording outgrows the time left in its space, so that its upload waits for
 * the person (another space, or a top-up) instead of being processed against a balance that cannot
 * pay for it. Only when processing would start on upload (`autoProcess`); an unknown balance never
 * holds it back.
 */
export function outgrowsBalance(
  durationMs: number,
  availableSeconds: number | null,
  autoProcess: boolean,
): boolean {
  if (!autoProcess || availableSeconds === null || !Number.isFinite(availableSeconds)) return false;
  return Math.ceil(durationMs / 1000) > availableSeconds;
}
