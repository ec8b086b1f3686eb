/**
 * The soak run's record (scripts/soak.ts): the seeded random choices, what it reads from the
 * worker and the service, and the result it prints and checks.
 */

/** A small seeded PRNG, so a run's timing decisions can be repeated. */
export function seededRandom(seed: number): () => number {
  let random = seed;
  return () => {
    random = (random * 1_103_515_245 + 12_345) % 2_147_483_648;
    return random / 2_147_483_648;
  };
}

export interface JobView {
  id: string;
  intent: string;
  phase: string;
  audioId?: number;
  title?: string;
  notifiedAt?: number;
  failure?: unknown;
  incidents?: Array<{ kind: string; audioId?: number; duplicateIds?: number[] }>;
}

export interface Recording {
  id: number;
  title: string;
  size: number;
  content_type: string;
  created_at: string;
  is_active: boolean;
  is_uploaded: boolean;
  url: string;
}

/** An empty result of a run with these settings. */
export function newSoakResult(minutes: number, faultRate: number, seed: number) {
  return {
    minutes,
    faultRate,
    seed,
    /** A journey is the six steps; `completed` counts journeys whose every step reached its end. */
    journeys: {
      started: 0,
      completed: 0,
      stepsCompleted: 0,
      byStep: {} as Record<string, { completed: number; outcomes: Record<string, number> }>,
    },
    faultsInjected: {} as Record<string, number>,
    armedDrops: 0,
    requests: 0,
    workerStops: 0,
    doubleCharges: { total: 0, detectedAndReported: 0, unreported: 0, details: [] as unknown[] },
    duplicateRecordings: {
      total: 0,
      trashedOrphans: 0,
      detectedAndReported: 0,
      unreported: 0,
      details: [] as unknown[],
    },
    uploads: { checked: 0, lostOrCorrupted: 0 },
    jobs: {
      total: 0,
      byPhase: {} as Record<string, number>,
      withoutTerminalState: 0,
      /**
       * By-URL and video jobs whose submit answer was lost, still looking for the recording their
       * click made (lib/jobs/steps/download.ts): they end, adopted or failed with a sentence, within
       * the download time (30 / 60 min), longer than this run. Reported, not a must-be-zero figure:
       * the worker may have stopped before the call left, and then the service holds nothing.
       */
      waitingForLostAnswer: 0,
      /**
       * Of those, the ones whose recording the service does hold, downloaded and owned by no job:
       * a recording the job should have adopted (must be zero).
       */
      lostAnswerMissed: 0,
      /** Why each failed job failed, as the job records it (what the user was told). */
      failures: [] as Array<{ intent: string; title?: string; failure: unknown }>,
    },
    notifications: { missing: 0, repeated: 0 },
    unhandledErrors: { total: 0, samples: [] as string[] },
    journeyErrors: [] as string[],
    mustBeZeroFailed: [] as string[],
  };
}

export type SoakResult = ReturnType<typeof newSoakResult>;

/** What the background's charge log reported: double charges and duplicate recordings it found. */
export interface SoakIncident {
  kind: string;
  audioId?: number;
  duplicateIds?: number[];
}

/**
 * Charges made more than once (the service's `classify` calls per recording beyond the first),
 * each counted as reported by the extension or not.
 */
export function countDoubleCharges(
  result: SoakResult,
  classifyCalls: Record<string, number>,
  incidents: SoakIncident[],
): void {
  for (const [audio, calls] of Object.entries(classifyCalls)) {
    if (calls <= 1) continue;
    const extra = calls - 1;
    result.doubleCharges.total += extra;
    const reported = incidents.some((i) => i.kind === 'double-charge' && i.audioId === Number(audio));
    if (reported) result.doubleCharges.detectedAndReported += extra;
    else result.doubleCharges.unreported += extra;
    result.doubleCharges.details.push({ audioId: Number(audio), classifyCalls: calls, reported });
  }
}

/**
 * Duplicate recordings: the same title (seeded and bot meetings aside) more than once, active or
 * in the trash; the one a job owns is not a duplicate. Each extra is reported and trashed, an
 * orphan never uploaded and trashed, or unreported.
 */
export function countDuplicateRecordings(
  result: SoakResult,
  all: Recording[],
  jobs: JobView[],
  incidents: SoakIncident[],
): void {
  const byTitle = new Map<string, Recording[]>();
  for (const recording of all) {
    if (recording.id < 1000 || recording.title.startsWith('Meeting ')) continue;
    byTitle.set(recording.title, [...(byTitle.get(recording.title) ?? []), recording]);
  }
  const claimed = new Set(jobs.map((j) => j.audioId));
  for (const [title, group] of byTitle) {
    if (group.length <= 1) continue;
    for (const extra of group.filter((r) => !claimed.has(r.id))) {
      result.duplicateRecordings.total += 1;
      const reported = incidents.some(
        (i) => i.kind === 'duplicate-recording' && i.duplicateIds?.includes(extra.id),
      );
      if (reported && !extra.is_active) result.duplicateRecordings.detectedAndReported += 1;
      else if (!extra.is_active && !extra.is_uploaded) result.duplicateRecordings.trashedOrphans += 1;
      else {
        result.duplicateRecordings.unreported += 1;
        result.duplicateRecordings.details.push({
          title,
          id: extra.id,
          active: extra.is_active,
          uploaded: extra.is_uploaded,
        });
      }
    }
  }
}

/** The figures that must be zero for the soak to pass, as `name=value` for each that is not. */
export function mustBeZeroFailed(result: SoakResult): string[] {
  const mustBeZero: Record<string, number> = {
    unreportedDoubleCharges: result.doubleCharges.unreported,
    unreportedDuplicateRecordings: result.duplicateRecordings.unreported,
    lostOrCorruptedUploads: result.uploads.lostOrCorrupted,
    jobsWithoutTerminalState: result.jobs.withoutTerminalState,
    lostAnswersNotAdopted: result.jobs.lostAnswerMissed,
    notificationsMissing: result.notifications.missing,
    notificationsRepeated: result.notifications.repeated,
    unhandledErrors: result.unhandledErrors.total,
  };
  return Object.entries(mustBeZero)
    .filter(([, value]) => value !== 0)
    .map(([name, value]) => `${name}=${value}`);
}
