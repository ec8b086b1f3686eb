/**
 * One emulator instance: options, virtual clock, scheduler, data, fault injector, link signer,
 * and the helpers the route modules share. Nothing here is global, so several instances can run
 * side by side in one process.
 */
import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { Auth } from './auth';
import { Scheduler, VirtualClock } from './clock';
import { FaultInjector } from './faults';
import { isoMicros } from './format';
import { forbidden, notFoundJson, readData } from './http';
import { scheduleRun } from './processing';
import { newObjectKey } from './recordings';
import { generateResult, type ResultBody, type TimeUnit } from './results';
import { createSeedDb } from './seed';
import type { Db, Recording, RecordingSource, Space, User } from './state';
import { FILE_LINK_TTL_SEC, filePath, LinkSigner } from './storage';
import { Validator } from './validation';

export interface ResolvedOptions {
  host: string;
  port: number;
  storagePort: number;
  processingDelayMs: number;
  meetingDurationMs: number;
  downloadDelayMs: number;
  assembleDelayMs: number;
  faults: number;
  faultSeed: number;
  slowMs: number;
  timeUnit: TimeUnit;
  accessTtlSec: number;
  refreshTtlSec: number;
  jwtSecret: string;
  quiet: boolean;
}

interface Sleeper {
  timer: NodeJS.Timeout;
  resolve: () => void;
}

export class Emulator {
  readonly clock = new VirtualClock();
  readonly scheduler: Scheduler;
  readonly faults: FaultInjector;
  readonly signer: LinkSigner;
  readonly auth: Auth;
  /** Background downloads in flight, aborted by reset and close. */
  readonly downloads = new Set<AbortController>();
  db: Db;
  apiUrl = '';
  storageUrl = '';
  private readonly sleepers = new Set<Sleeper>();
  private readonly results = new Map<string, ResultBody>();

  constructor(readonly options: ResolvedOptions) {
    this.scheduler = new Scheduler(this.clock, (error) => this.logError(error));
    this.faults = new FaultInjector(options.faults, options.faultSeed);
    this.signer = new LinkSigner(randomBytes(32).toString('hex'), () => this.storageUrl);
    this.auth = new Auth(this, options.jwtSecret);
    this.db = this.seed();
  }

  now(): number {
    return this.clock.now();
  }

  /** Runs the background work that is due. */
  settle(): void {
    this.scheduler.settle();
  }

  advance(ms: number): void {
    this.clock.advance(ms);
    this.settle();
  }

  /**
   * Puts the virtual clock `ms` from real time (negative: behind the computer's clock), as a
   * service whose clock is off the user's. Work that became due runs.
   */
  setClockOffset(ms: number): void {
    this.clock.setOffset(ms);
    this.settle();
  }

  /** Back to the seed: data, counters, clock, faults. Work in progress is dropped. */
  reset(): void {
    this.scheduler.clear();
    for (const controller of this.downloads) controller.abort();
    this.downloads.clear();
    this.results.clear();
    this.clock.reset();
    this.auth.reset();
    this.faults.configure(this.options.faults, this.options.faultSeed);
    this.faults.clearDrops();
    this.db = this.seed();
  }

  private seed(): Db {
    const db = createSeedDb(this.now(), this.options.processingDelayMs);
    this.db = db;
    for (const recording of db.recordings.values()) scheduleRun(this, recording);
    return db;
  }

  /** A real-time pause (slow faults) that `close` cuts short. */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const sleeper: Sleeper = {
        timer: setTimeout(() => {
          this.sleepers.delete(sleeper);
          resolve();
        }, ms),
        resolve,
      };
      this.sleepers.add(sleeper);
    });
  }

  close(): void {
    this.scheduler.close();
    for (const controller of this.downloads) controller.abort();
    this.downloads.clear();
    for (const sleeper of this.sleepers) {
      clearTimeout(sleeper.timer);
      sleeper.resolve();
    }
    this.sleepers.clear();
  }

  log(line: string): void {
    if (!this.options.quiet) console.log(line);
  }

  logError(error: unknown): void {
    if (!this.options.quiet) console.error('emulator error:', error);
  }

  // -------------------------------------------------------------------------------------------
  // Shared lookups

  /** The space if the user belongs to it, else the 403 answer (also for spaces that do not exist). */
  requireSpace(user: User, spaceIdText: string | undefined): Space | Response {
    const space = this.db.spaces.get(Number(spaceIdText));
    if (!space?.memberIds.includes(user.id)) return forbidden();
    return space;
  }

  /**
   * The space of the path (`:sid`) and the request's form read as DRF reads it, or the answer that
   * refuses either (403 for the space, 400 or 415 for the body).
   */
  async spaceForm(user: User, c: Context): Promise<{ space: Space; v: Validator } | Response> {
    const space = this.requireSpace(user, c.req.param('sid'));
    if (space instanceof Response) return space;
    const body = await readData(c);
    if (!body.ok) return body.response;
    return { space, v: new Validator(body.data) };
  }

  /** A recording of an accessible space: 403 for the space, 404 JSON for the recording. */
  findRecording(
    user: User,
    spaceIdText: string | undefined,
    audioIdText: string | undefined,
  ): Recording | Response {
    const space = this.requireSpace(user, spaceIdText);
    if (space instanceof Response) return space;
    const recording = this.db.recordings.get(Number(audioIdText));
    if (!recording || recording.spaceId !== space.id) return notFoundJson();
    return recording;
  }

  createRecording(
    spaceId: number,
    title: string,
    contentType: string,
    source: RecordingSource,
    at = this.now(),
  ): Recording {
    const id = this.db.nextRecordingId++;
    const recording: Recording = {
      id,
      spaceId,
      title,
      createdAtUs: at * 1000 + Math.floor(Math.random() * 1000),
      duration: null,
      size: 0,
      contentType,
      isActive: true,
      isFavorite: false,
      isUploaded: false,
      wasClassified: false,
      resultIsReady: false,
      source,
      storageKey: newObjectKey(spaceId, id, title),
      upload: null,
      run: null,
      nextOutcome: null,
      language: null,
      flavor: 'normal',
    };
    this.db.recordings.set(id, recording);
    const created = this.db.counters.recordingsCreated;
    created.total++;
    if (source !== 'seed') created[source]++;
    return recording;
  }

  /** The Recording object of the contract; `url` is a fresh 1-hour source link unless given. */
  recordingJson(recording: Recording, url?: string[]) {
    return {
      id: recording.id,
      title: recording.title,
      created_at: isoMicros(recording.createdAtUs),
      duration: recording.duration,
      size: recording.size,
      content_type: recording.contentType,
      space_id: recording.spaceId,
      is_active: recording.isActive,
      is_favorite: recording.isFavorite,
      is_uploaded: recording.isUploaded,
      was_classified: recording.wasClassified,
      result_is_ready: recording.resultIsReady,
      url: url ?? this.signer.sign('GET', filePath(recording.storageKey), FILE_LINK_TTL_SEC, this.now()),
    };
  }

  /** The result of the recording's finished run (generated once, then cached). */
  resultOf(recording: Recording): ResultBody {
    if (recording.resultOverride !== undefined) return recording.resultOverride as ResultBody;
    const truth = recording.speakersTruth;
    const key = `${recording.id}:${recording.title}:${recording.duration}`;
    if (truth) {
      // Not cached: a truth put in again (another seed) gives another result.
      return generateResult(
        {
          id: recording.id,
          title: recording.title,
          duration: recording.duration ?? 1,
          createdAtUs: recording.createdAtUs,
          language: recording.language,
          flavor: recording.flavor,
          speakers: truth,
        },
        this.options.timeUnit,
      );
    }
    let result = this.results.get(key);
    if (!result) {
      result = generateResult(
        {
          id: recording.id,
          title: recording.title,
          duration: recording.duration ?? 1,
          createdAtUs: recording.createdAtUs,
          language: recording.language,
          flavor: recording.flavor,
        },
        this.options.timeUnit,
      );
      this.results.set(key, result);
    }
    return result;
  }
}
