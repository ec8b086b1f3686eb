/**
 * The charge watch: the few calls the job engine makes around the calls that charge or create, to
 * find out whether the service did it more than once (the browser may repeat a request whose
 * connection dropped, see docs/charges-and-faults.md), and to say so. The decisions are
 * the pure functions of arithmetic.ts and duplicates.ts; this file reads the service, keeps the
 * log and hands each incident to `onIncident` (notification).
 */
import { type ApiClient, type CreatedRecording, findRecordings, type Recording, type Space } from '@/lib/api';
import type { Job } from '@/lib/jobs/types';
import { assessClassifyCharge, type Reading } from './arithmetic';
import { findDuplicates } from './duplicates';
import { addIncident, addOwn, settleOwn } from './log';
import type { ChargeLogStore } from './store';
import type { ChargeIncident } from './types';

export interface ChargeWatchDeps {
  client: ApiClient;
  log: ChargeLogStore;
  now: () => number;
  /** A new incident was found (and logged): tell the user. */
  onIncident?: (incident: ChargeIncident) => void | Promise<void>;
}

/** The space's used seconds, from `usage_count` (or, without it, the negated seconds left). */
export function usageOf(space: Space): number | undefined {
  const subscription = space.subscribe;
  if (!subscription) return undefined;
  return subscription.usage_count ?? -subscription.available_usage_count;
}

export class ChargeWatch {
  constructor(readonly deps: ChargeWatchDeps) {}

  async #report(incident: ChargeIncident, notify = true): Promise<ChargeIncident> {
    await this.deps.log.update((log) => addIncident(log, incident));
    if (!notify) return incident;
    try {
      await this.deps.onIncident?.(incident);
    } catch (error) {
      console.warn('incident not shown', error);
    }
    return incident;
  }

  /** Logs the charge this classify is about to cause (open until its answer), before the call. */
  async beforeClassify(job: Job, duration: number): Promise<void> {
    if (job.audioId === undefined) return;
    const entry = {
      kind: 'charge' as const,
      spaceId: job.spaceId,
      audioId: job.audioId,
      seconds: duration,
      jobId: job.id,
      from: this.deps.now(),
    };
    await this.deps.log.update((log) => addOwn(log, entry));
  }

  /**
   * After classify answered: closes the log entry, reads the space again and compares the growth
   * of its usage with one charge of the recording. Returns the incident when charged more than once.
   */
  async afterClassify(job: Job, before: Reading | undefined): Promise<ChargeIncident | null> {
    const now = this.deps.now();
    const log = await this.deps.log.update((current) => settleOwn(current, job.id, now));
    const duration = job.duration;
    if (!before || job.audioId === undefined || duration === undefined) return null;
    let usage: number | undefined;
    try {
      usage = usageOf(await this.deps.client.getSpace(job.spaceId, { retry: false }));
    } catch {
      return null;
    }
    if (usage === undefined) return null;
    const after = { usage, at: this.deps.now() };
    const assessment = assessClassifyCharge({
      spaceId: job.spaceId,
      audioId: job.audioId,
      duration,
      before,
      after,
      own: log.own,
      jobId: job.id,
    });
    if (assessment.verdict !== 'double') return null;
    return this.#report({
      id: `double-charge:${job.id}`,
      kind: 'double-charge',
      at: after.at,
      spaceId: job.spaceId,
      ...(job.spaceName ? { spaceName: job.spaceName } : {}),
      jobId: job.id,
      audioId: job.audioId,
      ...(job.title ? { title: job.title } : {}),
      durationSeconds: duration,
      extraCharges: assessment.extraCharges,
      usageBefore: before.usage,
      usageAfter: after.usage,
      readAt: [before.at, after.at],
    });
  }

  /** A refund of a run this extension started (processing failed): logged for later assessments. */
  async refunded(job: Job, from: number): Promise<void> {
    if (job.audioId === undefined || job.duration === undefined) return;
    const entry = {
      kind: 'refund' as const,
      spaceId: job.spaceId,
      audioId: job.audioId,
      seconds: job.duration,
      jobId: job.id,
      from,
      to: this.deps.now(),
    };
    await this.deps.log.update((log) => addOwn(log, entry));
  }

  async #trashDuplicates(
    job: Job,
    ours: Pick<Recording, 'id' | 'title' | 'size' | 'content_type' | 'created_at'>,
    since: number,
    claimed: ReadonlySet<number>,
    isUploaded: boolean | undefined,
  ): Promise<ChargeIncident | null> {
    const { client } = this.deps;
    let candidates: Recording[];
    try {
      candidates = await findRecordings(client, job.spaceId, {
        title: ours.title,
        contentType: ours.content_type,
        since,
        ...(isUploaded === undefined ? {} : { isUploaded }),
      });
    } catch {
      return null;
    }
    const duplicateIds = findDuplicates({ ours, candidates, claimed });
    if (duplicateIds.length === 0) return null;
    let trashed = false;
    try {
      await client.deleteRecordings(job.spaceId, duplicateIds);
      trashed = true;
    } catch {
      // Reported all the same: the user can delete them by hand.
    }
    return this.#report({
      id: `duplicate-recording:${job.id}`,
      kind: 'duplicate-recording',
      at: this.deps.now(),
      spaceId: job.spaceId,
      ...(job.spaceName ? { spaceName: job.spaceName } : {}),
      jobId: job.id,
      audioId: ours.id,
      title: ours.title,
      duplicateIds,
      trashed,
      source: job.sourceUrl ?? ours.content_type,
    });
  }

  /** After a create answered: the recording a repeated create made first is found and trashed. */
  afterCreate(
    job: Job,
    created: CreatedRecording,
    startedAt: number,
    claimed: ReadonlySet<number>,
  ): Promise<ChargeIncident | null> {
    return this.#trashDuplicates(job, created, startedAt, claimed, false);
  }

  /**
   * A by-URL or video-page recording has arrived (is uploaded). The recording a repeated request
   * made is hidden while it downloads, so it is looked for only now.
   */
  afterArrival(job: Job, recording: Recording, claimed: ReadonlySet<number>): Promise<ChargeIncident | null> {
    return this.#trashDuplicates(job, recording, job.requestedAt ?? job.createdAt, claimed, undefined);
  }

  /**
   * A first bot request answered code 5 while no other bot sent from here is active in the space:
   * the answer may be to the browser's repeat of this very request. Logged; the job's own failure
   * notice says it (no second notification).
   */
  botBusyUnconfirmed(job: Job): Promise<ChargeIncident> {
    return this.#report(
      {
        id: `bot-busy-unconfirmed:${job.id}`,
        kind: 'bot-busy-unconfirmed',
        at: this.deps.now(),
        spaceId: job.spaceId,
        ...(job.spaceName ? { spaceName: job.spaceName } : {}),
        jobId: job.id,
        ...(job.sourceUrl ? { source: job.sourceUrl } : {}),
      },
      false,
    );
  }
}
