/**
 * The archive's shapes that other homes hold: the progress of "Add all past meetings to search"
 * (lib/archive/import.ts runs it) as lib/storage.ts keeps it, with its idle value as the item's
 * fallback. A module without imports, so that storage takes it without the archive's code.
 */

export interface ImportState {
  running: boolean;
  spaceIds: number[];
  /** Ready recordings found so far in the chosen spaces. */
  total: number;
  /** Of those, handled (kept now, already kept, or failed). */
  done: number;
  /** Newly kept in this run. */
  added: number;
  failed: number;
  stopped: boolean;
  /** Why the run ended early (a plain sentence of the error), if it did. */
  error: string | null;
  startedAt: number;
  finishedAt: number | null;
}

export const IDLE_IMPORT: ImportState = {
  running: false,
  spaceIds: [],
  total: 0,
  done: 0,
  added: 0,
  failed: 0,
  stopped: false,
  error: null,
  startedAt: 0,
  finishedAt: null,
};
