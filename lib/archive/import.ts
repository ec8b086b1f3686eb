/**
 * "Add all past meetings to search": every ready recording of the chosen spaces is read once
 * (the result endpoint; it never starts processing) and kept in the archive. Recordings already
 * archived are not read again. Progress is kept (`ImportState`) so the pages can show it, a
 * stop is honoured between two recordings, and a run cut by the worker stopping resumes.
 */
import type { ProcessingResult, Recording } from '@/lib/api/schemas';
import type { Archive } from './store';
import { IDLE_IMPORT, type ImportState } from './types';

export { IDLE_IMPORT, type ImportState } from './types';

export interface ImportDeps {
  archive: Archive;
  owner: () => Promise<string | null>;
  recordings: (spaceId: number) => AsyncIterable<Recording>;
  result: (spaceId: number, audioId: number) => Promise<ProcessingResult>;
  load: () => Promise<ImportState>;
  save: (state: ImportState) => Promise<void>;
  now: () => number;
  describeError: (error: unknown) => Promise<string>;
}

export class ArchiveImport {
  #run: Promise<void> | null = null;
  #stop = false;

  constructor(private readonly deps: ImportDeps) {}

  status(): Promise<ImportState> {
    return this.deps.load();
  }

  /** Starts a run over these spaces (a run under way goes on). */
  async start(spaceIds: number[]): Promise<ImportState> {
    if (this.#run) return this.deps.load();
    const state: ImportState = {
      ...IDLE_IMPORT,
      running: true,
      spaceIds: [...new Set(spaceIds)],
      startedAt: this.deps.now(),
    };
    await this.deps.save(state);
    this.#launch(state);
    return state;
  }

  /** Asks the run to stop after the recording it is reading. */
  async stop(): Promise<ImportState> {
    this.#stop = true;
    const state = await this.deps.load();
    if (state.running && !this.#run) {
      // A run cut short by the worker stopping: nothing is under way, mark it stopped.
      const stopped = { ...state, running: false, stopped: true, finishedAt: this.deps.now() };
      await this.deps.save(stopped);
      return stopped;
    }
    return state;
  }

  /** Resumes a run the worker's stop cut short (at every worker start). */
  async resume(): Promise<void> {
    const state = await this.deps.load();
    if (state.running && !this.#run) this.#launch({ ...state, total: 0, done: 0 });
  }

  /** Waits for the run under way (tests). */
  async settled(): Promise<void> {
    await this.#run;
  }

  #launch(state: ImportState): void {
    this.#stop = false;
    this.#run = this.#work(state).finally(() => {
      this.#run = null;
    });
  }

  async #work(initial: ImportState): Promise<void> {
    let state = initial;
    const save = async (patch: Partial<ImportState>) => {
      state = { ...state, ...patch };
      await this.deps.save(state);
    };
    try {
      const owner = await this.deps.owner();
      if (!owner) throw new Error('Not signed in.');
      // First the list of ready recordings (cheap pages), so the bar knows its end.
      const ready: Recording[] = [];
      for (const spaceId of state.spaceIds) {
        for await (const recording of this.deps.recordings(spaceId)) {
          if (this.#stop) break;
          if (recording.result_is_ready && recording.is_active) ready.push(recording);
        }
      }
      await save({ total: ready.length, done: 0 });
      for (const recording of ready) {
        if (this.#stop) break;
        if (!(await this.deps.archive.has(owner, recording.space_id, recording.id))) {
          try {
            const result = await this.deps.result(recording.space_id, recording.id);
            const kept = await this.deps.archive.keep(owner, {
              spaceId: recording.space_id,
              audioId: recording.id,
              title: recording.title,
              createdAt: Date.parse(recording.created_at) || null,
              result,
            });
            if (kept) state.added += 1;
            else state.failed += 1;
          } catch (error) {
            if (isSessionGone(error)) throw error;
            state.failed += 1;
          }
        }
        await save({ done: state.done + 1 });
      }
      await save({ running: false, stopped: this.#stop, finishedAt: this.deps.now() });
    } catch (error) {
      await save({
        running: false,
        stopped: this.#stop,
        error: await this.deps.describeError(error),
        finishedAt: this.deps.now(),
      });
    }
  }
}

function isSessionGone(error: unknown): boolean {
  const info = (error as { info?: { kind?: string } } | null)?.info;
  return info?.kind === 'auth' || info?.kind === 'network';
}
