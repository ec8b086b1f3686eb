/**
 * What a step module receives from the engine's core: its dependencies, the clock, and the core's
 * conditional writes (`patch`, `finish`) and per-job lock. Steps never write a job any other way.
 */
import type { ApiClient, ApiErrorInfo, ProcessingResult } from '@/lib/api';
import type { ChargeIncident, ChargeWatch } from '@/lib/charges';
import type { FileStore } from '@/lib/file-store';
import type { JobStore } from '../store';
import type { Job, JobFailure } from '../types';

export interface Identity {
  serviceUrl: string;
  /** The signed-in account's email, null when nobody is signed in. */
  account: string | null;
}

export interface JobEngineDeps {
  client: ApiClient;
  store: JobStore;
  files: FileStore;
  now: () => number;
  identity: () => Promise<Identity>;
  hasOriginAccess: (url: string) => Promise<boolean>;
  /** After every persisted change of a job: badge, notifications, schedule. */
  onChange?: (job: Job, previous: Job | undefined) => void | Promise<void>;
  newId?: () => string;
  /** Finds charges and creations the service made more than once (lib/charges), and reports them. */
  charges?: ChargeWatch;
  /**
   * A job's result as read when it became ready, before the job is marked ready: the one place
   * where the body is kept (archive) and handed on (deliveries). A failure here never fails the job.
   */
  onResult?: (job: Job, result: ProcessingResult) => void | Promise<void>;
}

export interface StepContext {
  readonly deps: JobEngineDeps;
  now(): number;
  /**
   * Writes a change only if the job is still in the phase the caller read; returns the new job, or
   * undefined when the job moved on meanwhile (cancelled, finished by another step).
   */
  patch(job: Job, patch: Partial<Job>): Promise<Job | undefined>;
  finish(
    job: Job,
    phase: 'ready' | 'failed' | 'uploaded' | 'cancelled',
    fields: Partial<Job> & { failure?: JobFailure },
  ): Promise<Job | undefined>;
  finishById(id: string, phase: 'failed', fields: Partial<Job>): Promise<void>;
  withLock<T>(id: string, work: () => Promise<T>): Promise<T>;
  /** What a thrown error means for the job: wait for sign-in, try again next tick, or fail. */
  stepFailed(id: string, error: unknown): Promise<void>;
}

/** Thrown inside a tick when the session is gone: every job waits for a new sign-in. */
export class SignInNeeded extends Error {}

export const isAuth = (info: ApiErrorInfo) => info.kind === 'auth';

/** Recordings other jobs own: never taken for duplicates. */
export async function claimedAudioIds(ctx: StepContext, exceptId: string): Promise<Set<number>> {
  const jobs = await ctx.deps.store.list();
  return new Set(
    jobs
      .filter((other) => other.id !== exceptId && other.audioId !== undefined)
      .map((other) => other.audioId!),
  );
}

/** Another bot sent from here is active in the job's space (code 5 is then about that one). */
export async function ownBotActive(ctx: StepContext, job: Job): Promise<boolean> {
  const jobs = await ctx.deps.store.list();
  return jobs.some(
    (other) =>
      other.id !== job.id &&
      other.intent === 'bot' &&
      other.spaceId === job.spaceId &&
      (other.phase === 'waiting-meeting' || other.phase === 'requesting'),
  );
}

/** The job's incidents with this one added (or replacing its earlier version). */
export function withIncident(job: Job, incident: ChargeIncident | null | undefined): Partial<Job> {
  if (!incident) return {};
  return { incidents: [...(job.incidents ?? []).filter((other) => other.id !== incident.id), incident] };
}
