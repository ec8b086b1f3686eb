/**
 * A sleep taken out of a recording's file (lib/recording/assemble.ts), as the recording keeps it
 * and the meeting page's timeline reads it (lib/page-names/cuts.ts). A leaf: the pages that place
 * a timeline take no part of the assembly.
 */

/** A jump closed: where in the file (ms) the sound after it starts, and how long it was (ms). */
export type SleepCut = [atMs: number, lengthMs: number];

/** Closed jumps said one by one: a longer list says the first ones. */
export const MAX_CUTS = 1_000;
