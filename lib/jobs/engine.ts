/**
 * The job state machine's core: creating jobs, cancel, ticks, the per-job lock and the conditional
 * writes (`patch`, `finish`). What each intent does at each phase lives in ./steps (bot, download,
 * processing, upload), which reach the core only through a `StepContext`. Every user intent is a persisted job; `tick()` moves every due job one
 * step, and nothing lives only in memory: a service worker stopped at any point resumes from
 * storage on its next wake.
 *
 * Rules that keep charges and creations safe across restarts:
 * - A call that creates something or charges is marked on the job (`requestedAt`,
 *   `classifyAttemptedAt`) BEFORE it is made. A later wake that finds the mark and no outcome knows
 *   the call may have happened and checks before anything is repeated: classify only after the
 *   result endpoint answered 404, a recording is looked up (and its orphan trashed) before it is
 *   created again, a bot is re-sent only where the resend itself proves the first (code 5).
 * - One step per job at a time (a per-job lock), and every write is conditional on the phase the
 *   step read, so a cancel or a concurrent tick cannot be overwritten by a late step.
 * - One list request per space per tick answers for the bot jobs waiting there (their new
 *   recording) and for the processing jobs (`was_classified`, `result_is_ready`); the result
 *   itself is fetched once, when the flags say the run has ended.
 */
import { isTransportFailure, type Recording, toApiErrorInfo } from '@/lib/api';
import type { VideoPage } from '@/lib/links';
import type { MeetingLink } from '@/lib/meetings';
import { LIST_PAGE_SIZE, POLL_INTERVAL_MS } from './limits';
import { claimBotRecordings, stepRequesting } from './steps/bot';
import { isAuth, type JobEngineDeps, SignInNeeded, type StepContext } from './steps/context';
import { stepArrival, stepSubmitting } from './steps/download';
import { checkProcessing, stepStarting } from './steps/processing';
import { runUpload } from './steps/upload';
import { isTerminal, type Job, type JobFailure, type JobPhase } from './types';

/** Jobs due within this much of a tick are stepped with it, so one tick serves them together. */
const DUE_SLACK_MS = 2_000;

/** Phases in which a cancel cannot charge or create anything behind the user's back. */
const CANCELLABLE: readonly JobPhase[] = ['waiting-meeting', 'downloading', 'uploading', 'assembling'];

export type { JobEngineDeps } from './steps/context';

export type CancelOutcome =
  | { ok: true; job: Job | null }
  | { ok: false; reason: 'not-cancellable'; job: Job };

export class JobEngine {
  readonly #deps: JobEngineDeps;
  readonly #locks = new Map<string, Promise<unknown>>();
  /** Looking for a duplicate and inserting a job happen as one, so a double click makes one job. */
  #creating: Promise<unknown> = Promise.resolve();
  readonly #uploads = new Map<string, { controller: AbortController; done: Promise<void> }>();
  #ticking: Promise<void> | null = null;
  #again = false;

  /** What the step modules (./steps) may use of the core. */
  readonly #ctx: StepContext;

  constructor(deps: JobEngineDeps) {
    this.#deps = deps;
    this.#ctx = {
      deps,
      now: () => deps.now(),
      patch: (job, patch) => this.#patch(job, patch),
      finish: (job, phase, fields) => this.#finish(job, phase, fields),
      finishById: (id, phase, fields) => this.#finishById(id, phase, fields),
      withLock: (id, work) => this.#withLock(id, work),
      stepFailed: (id, error) => this.#stepFailed(id, error),
    };
  }

  get #now(): number {
    return this.#deps.now();
  }

  // -------------------------------------------------------------------------------------------
  // Creating jobs (each runs its first step before returning)

  async createBot(spaceId: number, meeting: MeetingLink, spaceName?: string): Promise<Job> {
    // The same meeting twice (a double click, a schedule firing again) joins the active job.
    const { job, created } = await this.#insertUnless(
      (other) => other.intent === 'bot' && other.spaceId === spaceId && other.sourceUrl === meeting.url,
      {
        intent: 'bot',
        phase: 'requesting',
        spaceId,
        spaceName,
        autoProcess: false,
        sourceUrl: meeting.url,
        meetingService: meeting.service,
      },
    );
    return created ? this.#firstStep(job.id) : job;
  }

  async createLink(
    spaceId: number,
    link: { url: string; title: string; contentType: string },
    autoProcess: boolean,
    spaceName?: string,
  ): Promise<Job> {
    const { job } = await this.#insertUnless(null, {
      intent: 'link',
      phase: 'submitting',
      spaceId,
      spaceName,
      autoProcess,
      sourceUrl: link.url,
      title: link.title,
      contentType: link.contentType,
    });
    return this.#firstStep(job.id);
  }

  async createVideo(
    spaceId: number,
    page: VideoPage & { title?: string },
    autoProcess: boolean,
    spaceName?: string,
  ): Promise<Job> {
    const { job } = await this.#insertUnless(null, {
      intent: 'video',
      phase: 'submitting',
      spaceId,
      spaceName,
      autoProcess,
      sourceUrl: page.url,
      videoTitle: page.title,
    });
    return this.#firstStep(job.id);
  }

  async createUpload(
    spaceId: number,
    file: { fileKey: string; title: string; contentType: string; size: number },
    autoProcess: boolean,
    spaceName?: string,
  ): Promise<Job> {
    const { job, created } = await this.#insertUnless(
      (other) => other.intent === 'upload' && other.fileKey === file.fileKey,
      {
        intent: 'upload',
        phase: 'uploading',
        spaceId,
        spaceName,
        autoProcess,
        title: file.title,
        fileKey: file.fileKey,
        contentType: file.contentType,
        size: file.size,
        upload: { sentBytes: 0, totalBytes: file.size },
      },
    );
    if (created) this.#ensureUpload(job.id);
    return job;
  }

  async createProcess(spaceId: number, audioId: number, spaceName?: string): Promise<Job> {
    // A second press while a start is under way joins it: never two classify calls for one intent.
    const { job, created } = await this.#insertUnless(
      (other) =>
        other.spaceId === spaceId &&
        other.audioId === audioId &&
        (other.phase === 'starting' || other.phase === 'processing'),
      { intent: 'process', phase: 'starting', spaceId, spaceName, audioId, autoProcess: true },
    );
    return created ? this.#firstStep(job.id) : job;
  }

  async #insert(fields: Omit<Job, 'id' | 'createdAt' | 'updatedAt'>): Promise<Job> {
    const now = this.#now;
    const identity = await this.#deps.identity();
    const job: Job = {
      ...fields,
      id: this.#deps.newId?.() ?? crypto.randomUUID(),
      createdAt: now,
      updatedAt: now,
      phaseSince: now,
      nextCheckAt: now,
      serviceUrl: identity.serviceUrl,
      ...(identity.account ? { account: identity.account } : {}),
    };
    await this.#deps.store.update(job.id, () => job);
    await this.#deps.onChange?.(job, undefined);
    return job;
  }

  async #findActive(match: (job: Job) => boolean): Promise<Job | undefined> {
    return (await this.#deps.store.list()).find((job) => !isTerminal(job.phase) && match(job));
  }

  /** The active job matching `duplicate`, or a new one; `created` tells which. */
  #insertUnless(
    duplicate: ((job: Job) => boolean) | null,
    fields: Omit<Job, 'id' | 'createdAt' | 'updatedAt'>,
  ): Promise<{ job: Job; created: boolean }> {
    const work = async () => {
      const existing = duplicate ? await this.#findActive(duplicate) : undefined;
      if (existing) return { job: existing, created: false };
      return { job: await this.#insert(fields), created: true };
    };
    const next = this.#creating.then(work, work);
    this.#creating = next.catch(() => undefined);
    return next;
  }

  /** The first step runs for the message that created the job; a sign-in problem there fails the job. */
  async #firstStep(id: string): Promise<Job> {
    try {
      await this.#withLock(id, () => this.#step(id));
    } catch (error) {
      if (!(error instanceof SignInNeeded)) throw error;
      const job = await this.#deps.store.get(id);
      if (job && !isTerminal(job.phase)) {
        await this.#finish(job, 'failed', {
          failure: { kind: 'api', error: { kind: 'auth', reason: 'session-expired' } },
        });
      }
    }
    return (await this.#deps.store.get(id))!;
  }

  // -------------------------------------------------------------------------------------------
  // Cancel and dismiss

  async cancel(id: string): Promise<CancelOutcome> {
    const upload = this.#uploads.get(id);
    return this.#withLock(id, async () => {
      const job = await this.#deps.store.get(id);
      if (!job) return { ok: true, job: null };
      if (isTerminal(job.phase)) return { ok: true, job };
      if (!CANCELLABLE.includes(job.phase)) return { ok: false, reason: 'not-cancellable', job };
      if (upload) {
        upload.controller.abort();
        await upload.done;
      }
      const current = (await this.#deps.store.get(id)) ?? job;
      if (isTerminal(current.phase)) return { ok: true, job: current };
      if (current.intent === 'upload' && current.phase === 'uploading' && current.audioId !== undefined) {
        // The half-uploaded recording goes to the trash (recoverable), not left dangling in the list.
        await this.#deps.client.deleteRecordings(current.spaceId, [current.audioId]).catch(() => undefined);
      }
      return { ok: true, job: (await this.#finish(current, 'cancelled', {})) ?? current };
    });
  }

  /** Removes a finished job from the list (an active one is not dismissed). */
  async dismiss(id: string): Promise<void> {
    const job = await this.#deps.store.get(id);
    if (!job || !isTerminal(job.phase)) return;
    await this.#deps.store.remove(id);
  }

  // -------------------------------------------------------------------------------------------
  // Ticks

  /** Steps every due job once. Concurrent calls share the running tick (and ask for one more). */
  tick(): Promise<void> {
    if (this.#ticking) {
      this.#again = true;
      return this.#ticking;
    }
    this.#ticking = (async () => {
      try {
        do {
          this.#again = false;
          await this.#tickOnce();
        } while (this.#again);
      } finally {
        this.#ticking = null;
      }
    })();
    return this.#ticking;
  }

  /** The earliest time an active job wants a look; null when nothing is active or all wait for the user. */
  async nextDueAt(): Promise<number | null> {
    let next: number | null = null;
    for (const job of await this.#deps.store.list()) {
      if (isTerminal(job.phase) || job.blocked) continue;
      const due = job.nextCheckAt ?? this.#now;
      next = next === null ? due : Math.min(next, due);
    }
    return next;
  }

  /** Resolves when every upload started by this engine has stopped (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.#uploads.size > 0 || this.#ticking) {
      await Promise.all([...[...this.#uploads.values()].map((upload) => upload.done), this.#ticking]);
    }
  }

  /** Stops in-flight uploads without changing their jobs (they resume on the next tick). */
  async suspendUploads(): Promise<void> {
    const uploads = [...this.#uploads.values()];
    for (const upload of uploads) upload.controller.abort();
    await Promise.all(uploads.map((upload) => upload.done));
  }

  async #tickOnce(): Promise<void> {
    const active = (await this.#deps.store.list()).filter((job) => !isTerminal(job.phase));
    if (active.length === 0) return;
    const identity = await this.#deps.identity();
    const current: Job[] = [];
    for (const job of active) {
      const otherService = job.serviceUrl !== undefined && job.serviceUrl !== identity.serviceUrl;
      const otherAccount =
        identity.account !== null && job.account !== undefined && job.account !== identity.account;
      if (otherService || otherAccount) {
        await this.#withLock(job.id, async () => {
          const fresh = await this.#deps.store.get(job.id);
          if (fresh && !isTerminal(fresh.phase)) {
            await this.#finish(fresh, 'failed', { failure: { kind: 'account-changed' } });
          }
        });
      } else current.push(job);
    }
    if (current.length === 0) return;
    if (identity.account === null) {
      await this.#blockAll(current, 'sign-in');
      return;
    }
    if (!(await this.#deps.hasOriginAccess(identity.serviceUrl))) {
      await this.#blockAll(current, 'permission');
      return;
    }
    const now = this.#now;
    for (const job of current) {
      if (!job.blocked) continue;
      // Waiting for the site its upload goes to: until the person granted it (the popup asks).
      if (job.blocked === 'site' && !(await this.#deps.hasOriginAccess(job.blockedOrigin ?? ''))) continue;
      await this.#patch(job, { blocked: undefined, blockedOrigin: undefined, nextCheckAt: now });
    }
    const due = (await this.#deps.store.list()).filter(
      (job) => !isTerminal(job.phase) && !job.blocked && (job.nextCheckAt ?? 0) <= now + DUE_SLACK_MS,
    );
    try {
      for (const job of due) {
        if (job.phase === 'uploading') this.#ensureUpload(job.id);
        else if (job.phase !== 'waiting-meeting' && job.phase !== 'processing') {
          await this.#withLock(job.id, () => this.#step(job.id));
        }
      }
      const bySpace = new Map<number, string[]>();
      for (const job of await this.#deps.store.list()) {
        const listed = job.phase === 'waiting-meeting' || job.phase === 'processing';
        if (!listed || !due.some((d) => d.id === job.id) || job.blocked) continue;
        bySpace.set(job.spaceId, [...(bySpace.get(job.spaceId) ?? []), job.id]);
      }
      for (const [spaceId, ids] of bySpace) await this.#spacePass(spaceId, ids);
    } catch (error) {
      if (!(error instanceof SignInNeeded)) throw error;
      const left = (await this.#deps.store.list()).filter((job) => !isTerminal(job.phase));
      await this.#blockAll(left, 'sign-in');
    }
  }

  async #blockAll(jobs: Job[], reason: 'sign-in' | 'permission'): Promise<void> {
    if (reason === 'sign-in') await this.suspendUploads();
    for (const job of jobs) {
      const fresh = await this.#deps.store.get(job.id);
      if (fresh && !isTerminal(fresh.phase) && fresh.blocked !== reason) {
        await this.#patch(fresh, { blocked: reason });
      }
    }
  }

  // -------------------------------------------------------------------------------------------
  // Steps

  async #withLock<T>(id: string, work: () => Promise<T>): Promise<T> {
    const previous = this.#locks.get(id) ?? Promise.resolve();
    const run = previous.then(work, work);
    const settled = run.catch(() => undefined);
    this.#locks.set(id, settled);
    try {
      return await run;
    } finally {
      if (this.#locks.get(id) === settled) this.#locks.delete(id);
    }
  }

  /** One step of a job, under its lock. */
  async #step(id: string): Promise<void> {
    const job = await this.#deps.store.get(id);
    if (!job || isTerminal(job.phase)) return;
    try {
      switch (job.phase) {
        case 'requesting':
          return await stepRequesting(this.#ctx, job);
        case 'submitting':
          return await stepSubmitting(this.#ctx, job);
        case 'downloading':
        case 'assembling':
          return await stepArrival(this.#ctx, job);
        case 'starting':
          return await stepStarting(this.#ctx, job);
        case 'uploading':
          this.#ensureUpload(job.id);
          return;
        case 'waiting-meeting':
        case 'processing':
          return await this.#spacePass(job.spaceId, [job.id], true);
      }
    } catch (error) {
      await this.#stepFailed(id, error);
    }
  }

  /** What a thrown error means for the job: wait for sign-in, try again next tick, or fail. */
  async #stepFailed(id: string, error: unknown): Promise<void> {
    if (error instanceof SignInNeeded) throw error;
    const info = toApiErrorInfo(error);
    if (isAuth(info)) throw new SignInNeeded();
    const job = await this.#deps.store.get(id);
    if (!job || isTerminal(job.phase)) return;
    if (isTransportFailure(info)) {
      await this.#patch(job, { nextCheckAt: this.#now + POLL_INTERVAL_MS });
      return;
    }
    await this.#finish(job, 'failed', { failure: { kind: 'api', error: info } });
  }

  /**
   * One list request for a space: claims new recordings for the bot jobs waiting there and reads
   * the processing jobs' flags; results are fetched only where the flags say the run has ended.
   */
  async #spacePass(spaceId: number, ids: string[], locked = false): Promise<void> {
    const { client } = this.#deps;
    let page: Recording[];
    try {
      page = (
        await client.listRecordings(
          spaceId,
          { ordering: '-created_at', limit: LIST_PAGE_SIZE, offset: 0 },
          { retry: false },
        )
      ).results;
    } catch (error) {
      const info = toApiErrorInfo(error);
      if (isAuth(info)) throw new SignInNeeded();
      for (const id of ids) {
        const job = await this.#deps.store.get(id);
        if (!job || isTerminal(job.phase)) continue;
        if (isTransportFailure(info)) await this.#patch(job, { nextCheckAt: this.#now + POLL_INTERVAL_MS });
        else await this.#finish(job, 'failed', { failure: { kind: 'api', error: info } });
      }
      return;
    }
    const run = <T>(id: string, work: () => Promise<T>) => (locked ? work() : this.#withLock(id, work));
    await claimBotRecordings(this.#ctx, ids, page, run);
    const byId = new Map(page.map((recording) => [recording.id, recording]));
    for (const id of ids) {
      await run(id, async () => {
        const job = await this.#deps.store.get(id);
        if (job?.phase !== 'processing') return;
        try {
          await checkProcessing(this.#ctx, job, byId.get(job.audioId!));
        } catch (error) {
          await this.#stepFailed(id, error);
        }
      });
    }
  }

  // -------------------------------------------------------------------------------------------
  // Uploads: one runner per job, in the background of the ticks

  #ensureUpload(id: string): void {
    if (this.#uploads.has(id)) return;
    const controller = new AbortController();
    const done = runUpload(this.#ctx, id, controller.signal).finally(() => {
      this.#uploads.delete(id);
    });
    this.#uploads.set(id, { controller, done });
  }

  // -------------------------------------------------------------------------------------------
  // Persistence

  /**
   * Writes a change only if the job is still in the phase the caller read; returns the new job, or
   * undefined when the job moved on meanwhile (cancelled, finished by another step).
   */
  async #patch(job: Job, patch: Partial<Job>): Promise<Job | undefined> {
    let previous: Job | undefined;
    const now = this.#now;
    const next = await this.#deps.store.update(job.id, (current) => {
      if (!current || current.phase !== job.phase) return undefined;
      previous = current;
      const phaseChanged = patch.phase !== undefined && patch.phase !== current.phase;
      const merged: Job = {
        ...current,
        ...patch,
        updatedAt: now,
        ...(phaseChanged ? { phaseSince: now } : {}),
      };
      for (const key of Object.keys(merged) as Array<keyof Job>) {
        if (merged[key] === undefined) delete merged[key];
      }
      return merged;
    });
    if (!previous || !next) return undefined;
    await this.#deps.onChange?.(next, previous);
    return next;
  }

  async #finish(
    job: Job,
    phase: 'ready' | 'failed' | 'uploaded' | 'cancelled',
    fields: Partial<Job> & { failure?: JobFailure },
  ): Promise<Job | undefined> {
    const finished = await this.#patch(job, {
      ...fields,
      phase,
      finishedAt: this.#now,
      nextCheckAt: undefined,
      blocked: undefined,
      blockedOrigin: undefined,
    });
    if (finished?.intent === 'upload') {
      // The stored file and its upload links are not needed once the job has ended, whatever the end.
      if (finished.fileKey) await this.#deps.files.deleteFile(finished.fileKey).catch(() => undefined);
      await this.#deps.files.deleteUploadState(finished.id).catch(() => undefined);
    }
    return finished;
  }

  async #finishById(id: string, phase: 'failed', fields: Partial<Job>): Promise<void> {
    const job = await this.#deps.store.get(id);
    if (job && !isTerminal(job.phase)) await this.#finish(job, phase, fields);
  }
}
