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
