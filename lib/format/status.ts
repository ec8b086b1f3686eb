/**
 * The status a person sees on a recording, derived from the contract's states table
 * (service-api.md, "States and transitions") plus what the extension knows from its jobs and,
 * where the flags cannot tell, from the result endpoint.
 *
 * | Flags                                                   | Extra knowledge                          | Status             |
 * | ------------------------------------------------------- | ---------------------------------------- | ------------------ |
 * | `is_active: false`                                      | —                                        | `trash`            |
 * | `is_uploaded: false`                                    | a link/video job is downloading it       | `downloading`      |
 * | `is_uploaded: false`                                    | otherwise                                | `upload-pending`   |
 * | `result_is_ready: true`                                 | no running job re-processes it           | `ready`            |
 * | `was_classified: true`, `result_is_ready: false`        | no running job re-processes it           | `failed`           |
 * | `is_uploaded: true`, `was_classified: false`            | a job is starting or processing it       | `processing`       |
 * | `is_uploaded: true`, `was_classified: false`            | result 200 `classified: false`           | `processing`       |
 * | `is_uploaded: true`, `was_classified: false`            | result `classified: true, success: false`| `failed`           |
 * | `is_uploaded: true`, `was_classified: false`            | result 404 (never started)               | `ready-to-process` |
 * | `is_uploaded: true`, `was_classified: false`            | result not asked yet                     | `checking`         |
 *
 * The flags alone cannot tell "uploaded, never processed" from "processing running": both are
 * `is_uploaded: true, was_classified: false, result_is_ready: false`. Offering "Start processing"
 * on a running recording would charge twice, so the popup asks the result endpoint first and shows
 * `checking` meanwhile.
 */
import type { Recording } from '@/lib/api/schemas';
import type { Job } from '@/lib/jobs/types';

export type RecordingStatus =
  | 'upload-pending'
  | 'downloading'
  | 'checking'
  | 'ready-to-process'
  | 'processing'
  | 'ready'
  | 'failed'
  | 'trash';

/** What the result endpoint said about a recording (`recording.result`). */
export type ResultProbe = 'not-started' | 'running' | 'succeeded' | 'failed';

export type StatusFlags = Pick<Recording, 'is_active' | 'is_uploaded' | 'was_classified' | 'result_is_ready'>;

const RUNNING_PHASES = new Set<Job['phase']>(['starting', 'processing']);

/** The job, among `jobs`, that is still working on this recording, if any. */
export function activeJobFor(audioId: number, jobs: readonly Job[]): Job | undefined {
  return jobs.find(
    (job) =>
      job.audioId === audioId &&
      job.phase !== 'ready' &&
      job.phase !== 'failed' &&
      job.phase !== 'uploaded' &&
      job.phase !== 'cancelled',
  );
}

export function recordingStatus(
  recording: StatusFlags,
  context: { job?: Job; probe?: ResultProbe } = {},
): RecordingStatus {
  const { job, probe } = context;
  if (!recording.is_active) return 'trash';
  if (!recording.is_uploaded) return job?.phase === 'downloading' ? 'downloading' : 'upload-pending';
  if (job && RUNNING_PHASES.has(job.phase)) return 'processing';
  if (recording.result_is_ready) return 'ready';
  if (recording.was_classified) return 'failed';
  switch (probe) {
    case 'running':
      return 'processing';
    case 'succeeded':
      // The flags lag behind the result: treat as ready.
      return 'ready';
    case 'failed':
      return 'failed';
    case 'not-started':
      return 'ready-to-process';
    default:
      return 'checking';
  }
}

/** True when the flags leave the status open and the result endpoint must be asked. */
export function needsProbe(recording: StatusFlags): boolean {
  return (
    recording.is_active && recording.is_uploaded && !recording.was_classified && !recording.result_is_ready
  );
}

/** Reads the answer of `recording.result` (null: the endpoint answered 404). */
export function probeFromResult(
  result: { classified: boolean; success?: boolean | null } | null,
): ResultProbe {
  if (result === null) return 'not-started';
  if (!result.classified) return 'running';
  return result.success ? 'succeeded' : 'failed';
}
