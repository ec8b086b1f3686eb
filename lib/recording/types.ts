/**
 * The shapes of "Record here" that storage keeps (lib/storage.ts takes only types and the fallback
 * values of `types.ts` modules): the options' stop after silence (lib/recording/silence.ts).
 */

/** The stop after silence the options offer, in minutes; 0: never. */
export const SILENCE_STOP_CHOICES = [15, 30, 60, 0] as const;
export type SilenceStopMinutes = (typeof SILENCE_STOP_CHOICES)[number];
export const DEFAULT_SILENCE_STOP_MINUTES: SilenceStopMinutes = 15;
