/**
 * Dropping the search database's files after a wipe (sign-out), with the file system given, so
 * the logic is tested in Node (lib/archive/drop.test.ts); lib/archive/index.ts gives it
 * the origin-private file system.
 *
 * While a page's search worker holds the files (the "SAH pool" VFS keeps an access handle on each),
 * the folder cannot be removed: that worker empties them itself on the clear it is told of. Its
 * page may close first (its worker ends before it has emptied them): the files are let go then, so
 * the removal is tried again, a bounded number of times, until it succeeds or the files hold no
 * data. An archive kept again meanwhile (someone signed in while the removal waited) ends the
 * tries: the files are then the new archive's index, which the pages build in them, and removing
 * them would take it away under the next page.
 */

/**
 * Bytes the SAH pool keeps at the start of each of its files (the file's name in the pool); the
 * file's data follows. A pool file of no more than this holds no page of any database.
 */
export const POOL_HEADER_BYTES = 4096;

/** Waits between tries while a worker holds the files: 7 tries over about 16 s. */
export const DROP_RETRY_MS: readonly number[] = [250, 500, 1_000, 2_000, 4_000, 8_000];

export interface DropTarget {
  /** Removes the folder and all in it; throws `NotFoundError` when there is none. */
  remove(): Promise<void>;
  /** The size of the largest file under the folder, in bytes (0 when none). */
  largestFile(): Promise<number>;
}

/**
 * `removed`: the folder is gone; `absent`: there was none; `emptied`: a worker holds the files and
 * has emptied them; `held`: still held and not emptied after the last try (a worker started later
 * over no archive empties them); `kept`: an archive is kept again, whose index the files now are.
 */
export type DropOutcome = 'removed' | 'absent' | 'emptied' | 'held' | 'kept';

const named = (error: unknown, name: string): boolean =>
  typeof error === 'object' && error !== null && (error as { name?: unknown }).name === name;

export async function dropSearchFiles(
  target: DropTarget,
  sleep: (ms: number) => Promise<void>,
  delays: readonly number[] = DROP_RETRY_MS,
  /** Whether an archive is kept again (looked at before each try after the first). */
  archived: () => Promise<boolean> = async () => false,
): Promise<DropOutcome> {
  for (let attempt = 0; ; attempt += 1) {
    if (attempt > 0 && (await archived().catch(() => false))) return 'kept';
    try {
      await target.remove();
      return 'removed';
    } catch (error) {
      if (named(error, 'NotFoundError')) return 'absent';
    }
    try {
      if ((await target.largestFile()) <= POOL_HEADER_BYTES) return 'emptied';
    } catch {
      // Not readable now: tried again.
    }
    const delay = delays[attempt];
    if (delay === undefined) return 'held';
    await sleep(delay);
  }
}
