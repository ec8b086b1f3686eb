/**
 * The job state machine. Every user intent is a persisted job; `tick()` moves every due job one
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
import {
  type ApiClient,
  ApiError,
  type ApiErrorInfo,
  CLOCK_SKEW_TOLERANCE_MS,
  classifyResultResponse,
  isTransportFailure,
  normalizeTitle,
  type ProcessingResult,
  partRanges,
  type Recording,
  type ResultResponse,
  toApiErrorInfo,
  UPLOAD_LINK_LIFETIME_MS,
  type UploadedPart,
} from '@/lib/api';
import { type ChargeIncident, type ChargeWatch, type Reading, usageOf } from '@/lib/charges';
import type { FileStore, UploadState } from '@/lib/file-store';
import type { MeetingLink, VideoPage } from '@/lib/links';
import {
  ASSEMBLE_LIMIT_MS,
  BOT_RECORDING_LIMIT_MS,
  LINK_DOWNLOAD_LIMIT_MS,
  LIST_PAGE_SIZE,
  MEETING_POLL_INTERVAL_MS,
  NOT_STARTED_LIMIT_MS,
  POLL_INTERVAL_MS,
  REQUEST_UNKNOWN_LIMIT_MS,
  RESULT_RECHECK_MS,
  VIDEO_DOWNLOAD_LIMIT_MS,
} from './limits';
import type { JobStore } from './store';
import { isTerminal, type Job, type JobFailure, type JobPhase } from './types';

/** Links are not used when they have less than this left: a part PUT takes time. */
const LINK_SAFETY_MS = 5 * 60_000;
/** Jobs due within this much of a tick are stepped with it, so one tick serves them together. */
const DUE_SLACK_MS = 2_000;

/** Phases in which a cancel cannot charge or create anything behind the user's back. */
const CANCELLABLE: readonly JobPhase[] = ['waiting-meeting', 'downloading', 'uploading', 'assembling'];

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

export type CancelOutcome =
  | { ok: true; job: Job | null }
  | { ok: false; reason: 'not-cancellable'; job: Job };

/** Thrown inside a tick when the session is gone: every job waits for a new sign-in. */
class SignInNeeded extends Error {}

const isAuth = (info: ApiErrorInfo) => info.kind === 'auth';

export class JobEngine {
  readonly #deps: JobEngineDeps;
  readonly #locks = new Map<string, Promise<unknown>>();
  /** Looking for a duplicate and inserting a job happen as one, so a double click makes one job. */
  #creating: Promise<unknown> = Promise.resolve();
  readonly #uploads = new Map<string, { controller: AbortController; done: Promise<void> }>();
  #ticking: Promise<void> | null = null;
  #again = false;

  constructor(deps: JobEngineDeps) {
    this.#deps = deps;
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
    page: VideoPage,
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
      if (job.blocked) await this.#patch(job, { blocked: undefined, nextCheckAt: now });
    }
    const due = (await this.#deps.store.list()).filter(
      (job) => !isTerminal(job.phase) && (job.nextCheckAt ?? 0) <= now + DUE_SLACK_MS,
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
          return await this.#stepRequesting(job);
        case 'submitting':
          return await this.#stepSubmitting(job);
        case 'downloading':
        case 'assembling':
          return await this.#stepArrival(job);
        case 'starting':
          return await this.#stepStarting(job);
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

  async #stepRequesting(job: Job): Promise<void> {
    const { client } = this.#deps;
    const now = this.#now;
    const link = job.sourceUrl!;
    const service = job.meetingService ?? 'google_meet';
    if (job.preexistingAudioIds === undefined) {
      // The recordings that exist now can never be the bot's, whatever their created_at says.
      const page = await client.listRecordings(
        job.spaceId,
        { ordering: '-created_at', limit: 20, offset: 0 },
        { retry: false },
      );
      job =
        (await this.#patch(job, { preexistingAudioIds: page.results.map((recording) => recording.id) })) ??
        job;
    }
    const alreadyAttempted = job.requestedAt !== undefined;
    if (alreadyAttempted && now - job.requestedAt! > REQUEST_UNKNOWN_LIMIT_MS) {
      await this.#finish(job, 'failed', {
        failure: { kind: 'api', error: { kind: 'outcome-unknown', operation: 'sendBot', check: 'meeting' } },
      });
      return;
    }
    const marked = alreadyAttempted ? job : await this.#patch(job, { requestedAt: now });
    if (!marked) return;
    let requestId: number | undefined;
    try {
      if (alreadyAttempted) {
        // A previous worker made the call and died with its answer. Re-sending is its own check:
        // code 5 (a bot is already active in the space) means the first call took effect.
        try {
          requestId = (await client.sendBot(job.spaceId, { link, meeting_service: service })).id;
        } catch (error) {
          if (toApiErrorInfo(error).kind !== 'bot-busy') throw error;
        }
      } else {
        const outcome = await client.sendBotSafely(job.spaceId, { link, meeting_service: service });
        requestId = outcome.request?.id;
      }
    } catch (error) {
      const info = toApiErrorInfo(error);
      if (info.kind === 'bot-busy' && !alreadyAttempted && !(await this.#ownBotActive(job))) {
        // No bot sent from here is active in the space: the answer may be to the browser's own
        // repeat of this request (lib/charges), so the job must not say the bot was not sent.
        const incident = await this.#deps.charges?.botBusyUnconfirmed(marked);
        await this.#finish(marked, 'failed', {
          failure: { kind: 'api', error: { ...info, replayPossible: true } },
          ...this.#withIncident(marked, incident),
        });
        return;
      }
      if (info.kind === 'outcome-unknown' || isTransportFailure(info)) {
        // Still unknown: the next tick re-sends, where code 5 proves the first call.
        await this.#patch(marked, { nextCheckAt: this.#now + POLL_INTERVAL_MS });
        return;
      }
      throw error;
    }
    await this.#patch(marked, {
      phase: 'waiting-meeting',
      ...(requestId === undefined ? {} : { botRequestId: requestId }),
      nextCheckAt: this.#now + MEETING_POLL_INTERVAL_MS,
    });
  }

  async #stepSubmitting(job: Job): Promise<void> {
    const { client } = this.#deps;
    const operation = job.intent === 'video' ? 'uploadFromVideoSite' : 'uploadByUrl';
    if (job.requestedAt !== undefined) {
      // The worker died during the call. The recording would be hidden while it downloads, so there
      // is no way to check: say so rather than submit the link twice.
      await this.#finish(job, 'failed', {
        failure: { kind: 'api', error: { kind: 'outcome-unknown', operation, check: 'recent-recordings' } },
      });
      return;
    }
    const marked = await this.#patch(job, { requestedAt: this.#now });
    if (!marked) return;
    let audioId: number;
    try {
      audioId =
        job.intent === 'video'
          ? (await client.uploadFromVideoSite(job.spaceId, { url: job.sourceUrl! })).audio_id
          : (
              await client.uploadByUrl(job.spaceId, {
                url: job.sourceUrl!,
                title: job.title!,
                content_type: job.contentType!,
              })
            ).audio_id;
    } catch (error) {
      const info = toApiErrorInfo(error);
      if (isAuth(info)) {
        // Nothing was sent (401 comes before any effect): the job can be submitted after sign-in.
        await this.#patch(marked, { requestedAt: undefined });
        throw new SignInNeeded();
      }
      await this.#finish(marked, 'failed', { failure: { kind: 'api', error: info } });
      return;
    }
    await this.#patch(marked, {
      phase: 'downloading',
      audioId,
      nextCheckAt: this.#now + POLL_INTERVAL_MS,
    });
  }

  /** Downloading (by URL, video page) or assembling (upload): waits for `is_uploaded`. */
  async #stepArrival(job: Job): Promise<void> {
    const now = this.#now;
    const info = await this.#deps.client.getRecordingInfo(job.spaceId, job.audioId!, { retry: false });
    if (info.is_uploaded) {
      await this.#arrived(job, info);
      return;
    }
    if (job.phase === 'downloading') {
      const limit = job.intent === 'video' ? VIDEO_DOWNLOAD_LIMIT_MS : LINK_DOWNLOAD_LIMIT_MS;
      const waited = now - (job.requestedAt ?? job.createdAt);
      if (waited > limit) {
        await this.#finish(job, 'failed', {
          failure: { kind: 'download-probably-failed', waitedMs: waited },
        });
        return;
      }
    } else if (now - (job.phaseSince ?? job.updatedAt) > ASSEMBLE_LIMIT_MS) {
      await this.#finish(job, 'failed', {
        failure: { kind: 'api', error: { kind: 'timeout', operation: 'uploadFile', phase: 'assembling' } },
      });
      return;
    }
    await this.#patch(job, { nextCheckAt: now + POLL_INTERVAL_MS });
  }

  async #arrived(job: Job, recording: Recording): Promise<void> {
    const incident =
      job.intent === 'link' || job.intent === 'video'
        ? await this.#deps.charges?.afterArrival(job, recording, await this.#claimed(job.id))
        : null;
    const known = {
      title: recording.title,
      ...(recording.duration == null ? {} : { duration: recording.duration }),
      ...this.#withIncident(job, incident),
    };
    if (!job.autoProcess) {
      await this.#finish(job, 'uploaded', known);
      return;
    }
    const starting = await this.#patch(job, {
      ...known,
      phase: 'starting',
      wasClassifiedBefore: recording.was_classified,
      nextCheckAt: this.#now,
    });
    if (starting) await this.#stepStarting(starting, recording);
  }

  /**
   * Starts processing exactly once for this intent: balance check, then `classifyAttemptedAt` is
   * persisted, then classify. A job found with the mark set asks the result endpoint first.
   */
  async #stepStarting(job: Job, known?: Recording): Promise<void> {
    const { client } = this.#deps;
    const spaceId = job.spaceId;
    const audioId = job.audioId!;
    const alreadyAttempted = job.classifyAttemptedAt !== undefined;
    let marked: Job | undefined = job;
    let before: Reading | undefined;
    if (!alreadyAttempted) {
      const recording = known ?? (await client.getRecordingInfo(spaceId, audioId));
      if (!recording.is_uploaded) {
        await this.#finish(job, 'failed', { failure: { kind: 'recording-not-uploaded' } });
        return;
      }
      const space = await client.getSpace(spaceId);
      const usage = usageOf(space);
      if (usage !== undefined) before = { usage, at: this.#now };
      const available = space.subscribe?.available_usage_count;
      const needed = recording.duration ?? undefined;
      const names = { title: job.title ?? recording.title, spaceName: space.name };
      if (available !== undefined && needed !== undefined && needed > available) {
        await this.#finish(job, 'failed', {
          ...names,
          failure: {
            kind: 'not-enough-balance',
            availableSeconds: available,
            neededSeconds: needed,
            spaceName: space.name,
          },
        });
        return;
      }
      marked = await this.#patch(job, {
        ...names,
        ...(needed === undefined ? {} : { duration: needed }),
        wasClassifiedBefore: recording.was_classified,
        classifyAttemptedAt: this.#now,
      });
      if (!marked) return;
      if (needed !== undefined) await this.#deps.charges?.beforeClassify(marked, needed);
    }
    try {
      await client.startProcessingSafely(spaceId, audioId, { alreadyAttempted });
    } catch (error) {
      const info = toApiErrorInfo(error);
      if (info.kind === 'insufficient-balance') {
        await this.#finish(marked, 'failed', {
          failure: {
            kind: 'not-enough-balance',
            availableSeconds: info.availableSeconds ?? 0,
            neededSeconds: info.neededSeconds ?? marked.duration ?? 0,
            ...(info.spaceName ? { spaceName: info.spaceName } : {}),
          },
        });
        return;
      }
      if (info.kind === 'outcome-unknown' || isTransportFailure(info)) {
        // Unknown whether it charged: the mark stays, so the next tick asks the result endpoint first.
        await this.#patch(marked, { nextCheckAt: this.#now + POLL_INTERVAL_MS });
        return;
      }
      throw error;
    }
    const incident = await this.#deps.charges?.afterClassify(marked, before);
    const now = this.#now;
    await this.#patch(marked, {
      ...this.#withIncident(marked, incident),
      phase: 'processing',
      processingSince: now,
      lastResultCheckAt: now,
      firstServerErrorAt: null,
      notStartedSince: null,
      nextCheckAt: now + POLL_INTERVAL_MS,
    });
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
    await this.#claimBotRecordings(ids, page, run);
    const byId = new Map(page.map((recording) => [recording.id, recording]));
    for (const id of ids) {
      await run(id, async () => {
        const job = await this.#deps.store.get(id);
        if (job?.phase !== 'processing') return;
        try {
          await this.#checkProcessing(job, byId.get(job.audioId!));
        } catch (error) {
          await this.#stepFailed(id, error);
        }
      });
    }
  }

  async #claimBotRecordings(
    ids: string[],
    page: Recording[],
    run: <T>(id: string, work: () => Promise<T>) => Promise<T>,
  ): Promise<void> {
    const all = await this.#deps.store.list();
    const waiting = all
      .filter((job) => ids.includes(job.id) && job.phase === 'waiting-meeting')
      .sort((a, b) => (a.requestedAt ?? a.createdAt) - (b.requestedAt ?? b.createdAt));
    if (waiting.length === 0) return;
    const claimed = new Set(all.flatMap((job) => (job.audioId === undefined ? [] : [job.audioId])));
    // Oldest first on both sides: the earliest request gets the earliest new recording.
    const candidates = page
      .filter((recording) => recording.is_uploaded && !claimed.has(recording.id))
      .sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
    for (const waitingJob of waiting) {
      await run(waitingJob.id, async () => {
        const job = await this.#deps.store.get(waitingJob.id);
        if (job?.phase !== 'waiting-meeting') return;
        const now = this.#now;
        const requestedAt = job.requestedAt ?? job.createdAt;
        const index = candidates.findIndex(
          (recording) =>
            !job.preexistingAudioIds?.includes(recording.id) &&
            Date.parse(recording.created_at) >= requestedAt - CLOCK_SKEW_TOLERANCE_MS,
        );
        if (index < 0) {
          const waited = now - requestedAt;
          if (waited > BOT_RECORDING_LIMIT_MS) {
            await this.#finish(job, 'failed', { failure: { kind: 'bot-no-recording', waitedMs: waited } });
          } else {
            await this.#patch(job, { nextCheckAt: now + MEETING_POLL_INTERVAL_MS });
          }
          return;
        }
        const [recording] = candidates.splice(index, 1);
        await this.#patch(job, {
          phase: 'processing',
          audioId: recording!.id,
          title: recording!.title,
          ...(recording!.duration == null ? {} : { duration: recording!.duration }),
          wasClassifiedBefore: false,
          processingSince: now,
          lastResultCheckAt: now,
          firstServerErrorAt: null,
          notStartedSince: null,
          nextCheckAt: now,
        });
      });
    }
  }

  async #checkProcessing(job: Job, listed: Recording | undefined): Promise<void> {
    const now = this.#now;
    const recheckDue = now - (job.lastResultCheckAt ?? job.processingSince ?? 0) >= RESULT_RECHECK_MS;
    const listSays = listed && !job.wasClassifiedBefore && !recheckDue;
    if (listSays && !listed.was_classified && !listed.result_is_ready) {
      const titleChanged = listed.title !== job.title;
      await this.#patch(job, {
        ...(titleChanged ? { title: listed.title } : {}),
        nextCheckAt: now + POLL_INTERVAL_MS,
      });
      return;
    }
    let response: ResultResponse;
    try {
      response = {
        ok: true,
        data: await this.#deps.client.getResult(job.spaceId, job.audioId!, { retry: false }),
      };
    } catch (error) {
      response = { ok: false, error: toApiErrorInfo(error) };
    }
    await this.#applyResult(job, response);
  }

  async #applyResult(job: Job, response: ResultResponse): Promise<void> {
    const now = this.#now;
    const step = classifyResultResponse(
      response,
      { firstServerErrorAt: job.firstServerErrorAt ?? null },
      now,
    );
    switch (step.status) {
      case 'done':
        try {
          await this.#deps.onResult?.(job, step.result);
        } catch {
          // Keeping or handing on the body is best effort; the job's own end does not depend on it.
        }
        await this.#finish(job, 'ready', {
          title: step.result.title,
          ...(step.result.duration == null ? {} : { duration: step.result.duration }),
        });
        return;
      case 'failed':
        await this.#finish(job, 'failed', {
          failure: { kind: step.reason === 'server-error' ? 'processing-server-error' : 'processing-failed' },
        });
        return;
      case 'running':
        await this.#patch(job, {
          firstServerErrorAt: step.firstServerErrorAt,
          notStartedSince: null,
          lastResultCheckAt: now,
          nextCheckAt: now + POLL_INTERVAL_MS,
        });
        return;
      case 'not-started': {
        const since = job.notStartedSince ?? now;
        const limit = job.intent === 'bot' ? NOT_STARTED_LIMIT_MS.bot : NOT_STARTED_LIMIT_MS.other;
        if (now - since > limit) {
          await this.#finish(job, 'failed', {
            failure: { kind: 'processing-not-started', waitedMs: now - since },
          });
          return;
        }
        await this.#patch(job, {
          firstServerErrorAt: null,
          notStartedSince: since,
          lastResultCheckAt: now,
          nextCheckAt: now + POLL_INTERVAL_MS,
        });
        return;
      }
      case 'error':
        if (isAuth(step.error)) throw new SignInNeeded();
        await this.#finish(job, 'failed', { failure: { kind: 'api', error: step.error } });
    }
  }

  // -------------------------------------------------------------------------------------------
  // Uploads: parts from the stored file, ETags persisted after each part

  #ensureUpload(id: string): void {
    if (this.#uploads.has(id)) return;
    const controller = new AbortController();
    const done = this.#runUpload(id, controller.signal).finally(() => {
      this.#uploads.delete(id);
    });
    this.#uploads.set(id, { controller, done });
  }

  async #runUpload(id: string, signal: AbortSignal): Promise<void> {
    const { client, files } = this.#deps;
    try {
      const found = await this.#deps.store.get(id);
      if (found?.phase !== 'uploading') return;
      // The upload runs on its own; ticks only check on it now and then.
      const job = (await this.#patch(found, { nextCheckAt: this.#now + POLL_INTERVAL_MS })) ?? found;
      const file = job.fileKey ? await files.getFile(job.fileKey) : undefined;
      if (!file) {
        await this.#finish(job, 'failed', { failure: { kind: 'upload-file-missing' } });
        return;
      }
      let state = await files.getUploadState(id);
      if (state && this.#now > state.issuedAt + UPLOAD_LINK_LIFETIME_MS - LINK_SAFETY_MS) {
        // The links expired (the browser was closed for hours): the partial recording goes to the
        // trash and the file is uploaded again from the start.
        await client.deleteRecordings(job.spaceId, [state.audioId]).catch(() => undefined);
        await files.deleteUploadState(id);
        state = undefined;
      }
      if (!state) state = await this.#createForUpload(job, file, signal);
      if (!state) return;
      const storage = state.links[0]!;
      if (!(await this.#deps.hasOriginAccess(storage))) {
        await this.#finishById(id, 'failed', {
          failure: { kind: 'permission-denied', origin: new URL(storage).origin },
        });
        return;
      }
      const ranges = partRanges(file.size, state.links.length);
      let sent = ranges.reduce(
        (sum, range, index) => sum + (state!.etags[index] ? range.end - range.start : 0),
        0,
      );
      const startedAt = this.#now;
      const sentAtStart = sent;
      for (const [index, range] of ranges.entries()) {
        if (state.etags[index]) continue;
        const etag = await client.uploadPart(state.links[index]!, file.slice(range.start, range.end), {
          issuedAt: state.issuedAt,
          partNumber: index + 1,
          signal,
        });
        state.etags[index] = etag;
        await files.putUploadState(id, state);
        sent += range.end - range.start;
        const elapsed = this.#now - startedAt;
        const current = await this.#deps.store.get(id);
        if (current?.phase !== 'uploading') return;
        await this.#patch(current, {
          nextCheckAt: this.#now + POLL_INTERVAL_MS,
          upload: {
            sentBytes: sent,
            totalBytes: file.size,
            ...(elapsed > 0 ? { bytesPerSecond: Math.round(((sent - sentAtStart) * 1000) / elapsed) } : {}),
          },
        });
      }
      const parts: UploadedPart[] = ranges.map((_, index) => ({
        PartNumber: index + 1,
        ETag: state!.etags[index]!,
      }));
      await client.completeUploadSafely(job.spaceId, state.audioId, parts, { signal });
      const current = await this.#deps.store.get(id);
      if (current?.phase !== 'uploading') return;
      await this.#patch(current, { phase: 'assembling', nextCheckAt: this.#now + 1_000 });
    } catch (error) {
      if (signal.aborted) return;
      const info = toApiErrorInfo(error);
      const job = await this.#deps.store.get(id);
      if (job?.phase !== 'uploading') return;
      if (isAuth(info)) {
        await this.#patch(job, { blocked: 'sign-in' });
        return;
      }
      const retryable =
        isTransportFailure(info) ||
        (info.kind === 'outcome-unknown' &&
          (info.operation === 'completeUpload' || info.operation === 'createRecording'));
      if (retryable) {
        // Resumed by the next tick: from the parts already sent, or (an unknown create) by looking
        // up and trashing the recording the lost call may have made before creating again.
        await this.#patch(job, { nextCheckAt: this.#now + POLL_INTERVAL_MS });
        return;
      }
      await this.#finish(job, 'failed', { failure: { kind: 'api', error: info } });
    }
  }

  /**
   * Creates the recording of an upload. A job that already has `requestedAt` lost the answer of an
   * earlier create with its worker: the recording it may have made is looked up and trashed first.
   */
  async #createForUpload(job: Job, file: Blob, signal: AbortSignal): Promise<UploadState | undefined> {
    const { client, files } = this.#deps;
    const title = normalizeTitle(job.title ?? '');
    const contentType = job.contentType || file.type || 'application/octet-stream';
    const body = { title, size: file.size, content_type: contentType };
    if (job.requestedAt !== undefined) {
      const orphans = await client.findRecordings(
        job.spaceId,
        { title, size: file.size, contentType, since: job.requestedAt, isUploaded: false },
        { signal },
      );
      const ids = orphans.map((recording) => recording.id).filter((audioId) => audioId !== job.audioId);
      if (job.audioId !== undefined) ids.push(job.audioId);
      if (ids.length > 0) await client.deleteRecordings(job.spaceId, ids, { signal });
    }
    const marked = await this.#patch(job, { requestedAt: this.#now, audioId: undefined });
    if (!marked) return undefined;
    let created = await client.createRecordingChecked(job.spaceId, body, { signal });
    if (created.status === 'orphaned') {
      await client.deleteRecordings(job.spaceId, created.audioIds, { signal });
    }
    if (created.status !== 'created')
      created = await client.createRecordingChecked(job.spaceId, body, { signal });
    if (created.status !== 'created') {
      throw new ApiError({
        kind: 'outcome-unknown',
        operation: 'createRecording',
        check: created.status === 'orphaned' ? 'delete-orphan' : 'recent-recordings',
        title,
      });
    }
    const incident = await this.#deps.charges?.afterCreate(
      job,
      created.recording,
      created.startedAt,
      await this.#claimed(job.id),
    );
    const state: UploadState = {
      audioId: created.recording.id,
      links: created.recording.url,
      issuedAt: created.startedAt,
      etags: created.recording.url.map(() => null),
    };
    await files.putUploadState(job.id, state);
    const current = await this.#deps.store.get(job.id);
    if (current?.phase !== 'uploading') return undefined;
    await this.#patch(current, { audioId: state.audioId, title, ...this.#withIncident(current, incident) });
    return state;
  }

  // -------------------------------------------------------------------------------------------
  // Charges made more than once (lib/charges)

  /** Recordings other jobs own: never taken for duplicates. */
  async #claimed(exceptId: string): Promise<Set<number>> {
    const jobs = await this.#deps.store.list();
    return new Set(
      jobs
        .filter((other) => other.id !== exceptId && other.audioId !== undefined)
        .map((other) => other.audioId!),
    );
  }

  /** Another bot sent from here is active in the job's space (code 5 is then about that one). */
  async #ownBotActive(job: Job): Promise<boolean> {
    const jobs = await this.#deps.store.list();
    return jobs.some(
      (other) =>
        other.id !== job.id &&
        other.intent === 'bot' &&
        other.spaceId === job.spaceId &&
        (other.phase === 'waiting-meeting' || other.phase === 'requesting'),
    );
  }

  #withIncident(job: Job, incident: ChargeIncident | null | undefined): Partial<Job> {
    if (!incident) return {};
    return { incidents: [...(job.incidents ?? []).filter((other) => other.id !== incident.id), incident] };
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
