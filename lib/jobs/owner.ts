/**
 * Whose a job is: the background records the service and the account a job was made for
 * (`serviceUrl`, `account`); the pages show only the signed-in account's jobs, so the next account
 * signed in on this browser never sees the previous one's meetings and uploads in the list.
 */
import type { Job } from './types';

/** The jobs of the account signed in at `serviceUrl` as `email`; a job that names no account is kept. */
export function ownJobs(jobs: readonly Job[], serviceUrl: string, email: string | undefined): Job[] {
  return jobs.filter((job) => !job.account || (job.account === email && job.serviceUrl === serviceUrl));
}
