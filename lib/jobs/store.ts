/**
 * The persisted jobs: one `storage.local` item holding every job by id. Only the background writes
 * it; pages read jobs through `jobs.list` (or watch the item). Jobs hold no secret: upload links
 * live with the file in IndexedDB (lib/file-store.ts), tokens in lib/session-store.ts.
 *
 * Writes are read-modify-write of one item, so they are queued: two steps finishing at once cannot
 * lose each other's change.
 */

import { serialQueue } from '@/lib/serial';
import { jobsItem } from '@/lib/storage';
import { FINISHED_JOB_TTL_MS, MAX_FINISHED_JOBS } from './limits';
import { isTerminal, type Job } from './types';

export { jobsItem };

export interface JobStore {
  list(): Promise<Job[]>;
  get(id: string): Promise<Job | undefined>;
  /** Applies `change` to the stored job (or creates it when `change` gets undefined and returns a job). */
  update(id: string, change: (job: Job | undefined) => Job | undefined): Promise<Job | undefined>;
  remove(id: string): Promise<void>;
}

/** Keeps the newest finished jobs only, so the item does not grow without bound. */
export function pruneFinished(jobs: Record<string, Job>, now: number): Record<string, Job> {
  const finished = Object.values(jobs)
    .filter((job) => isTerminal(job.phase))
    .sort((a, b) => (b.finishedAt ?? b.updatedAt) - (a.finishedAt ?? a.updatedAt));
  const drop = new Set(
    finished
      .filter(
        (job, index) =>
          index >= MAX_FINISHED_JOBS || now - (job.finishedAt ?? job.updatedAt) > FINISHED_JOB_TTL_MS,
      )
      .map((job) => job.id),
  );
  if (drop.size === 0) return jobs;
  return Object.fromEntries(Object.entries(jobs).filter(([id]) => !drop.has(id)));
}

export function createJobStore(now: () => number = Date.now): JobStore {
  const serial = serialQueue();
  return {
    list: async () => Object.values(await jobsItem.getValue()).sort((a, b) => b.createdAt - a.createdAt),
    get: async (id) => (await jobsItem.getValue())[id],
    update: (id, change) =>
      serial(async () => {
        const jobs = { ...(await jobsItem.getValue()) };
        const next = change(jobs[id]);
        if (next === undefined) return jobs[id];
        jobs[id] = next;
        await jobsItem.setValue(pruneFinished(jobs, now()));
        return next;
      }),
    remove: (id) =>
      serial(async () => {
        const jobs = { ...(await jobsItem.getValue()) };
        if (!(id in jobs)) return;
        delete jobs[id];
        await jobsItem.setValue(jobs);
      }),
  };
}
