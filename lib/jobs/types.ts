/**
 * A job is one user intent (bot sent, link or video page submitted, file uploaded, processing
 * started) that the background drives to a terminal state. Jobs are plain JSON, persisted in
 * storage and shown by the popup, so every field is serializable.
 */
import type { ApiErrorInfo, MeetingService } from '@/lib/api';

export type JobIntent = 'bot' | 'link' | 'video' | 'upload' | 'process';

/**
 * Phases per intent (terminal ones: `ready`, `failed`, `uploaded`, `cancelled`):
 * - bot:     requesting → waiting-meeting → processing → ready | failed
 * - link:    submitting → downloading → (uploaded | starting → processing) → ready | failed
 * - video:   submitting → downloading → (uploaded | starting → processing) → ready | failed
 * - upload:  uploading → assembling → (uploaded | starting → processing) → ready | failed | cancelled
 * - process: starting → processing → ready | failed
 * `uploaded` ends a job whose user did not ask for processing: the recording is ready to process.
 */
export type JobPhase =
  | 'requesting'
  | 'waiting-meeting'
  | 'submitting'
  | 'downloading'
  | 'uploading'
  | 'assembling'
  | 'starting'
  | 'processing'
  | 'uploaded'
  | 'ready'
  | 'failed'
  | 'cancelled';

export const TERMINAL_PHASES: readonly JobPhase[] = ['uploaded', 'ready', 'failed', 'cancelled'];

export function isTerminal(phase: JobPhase): boolean {
  return TERMINAL_PHASES.includes(phase);
}

/** Why a job failed, in a form the popup can turn into a sentence in either language. */
export type JobFailure =
  | { kind: 'api'; error: ApiErrorInfo }
  /** Processing ended with `success: false`; the charge was returned. */
  | { kind: 'processing-failed' }
  /** The result endpoint answered 5xx for more than 3 minutes; the charge was returned. */
  | { kind: 'processing-server-error' }
  /** A background download stayed not uploaded past the limit; the service reports no error for it. */
  | { kind: 'download-probably-failed'; waitedMs: number }
  /** No recording from the bot appeared in the space within the limit. */
  | { kind: 'bot-no-recording'; waitedMs: number }
  | { kind: 'upload-file-missing' }
  | { kind: 'not-enough-balance'; availableSeconds: number; neededSeconds: number; spaceName?: string };

export interface UploadProgressView {
  sentBytes: number;
  totalBytes: number;
  /** Bytes per second over the last few seconds, when known. */
  bytesPerSecond?: number;
}

export interface Job {
  id: string;
  intent: JobIntent;
  phase: JobPhase;
  spaceId: number;
  spaceName?: string;
  createdAt: number;
  updatedAt: number;
  /** Recording title when known (the file name, the video's title once downloaded, ...). */
  title?: string;
  audioId?: number;
  /** The user asked for a transcript: start processing once the recording is uploaded. */
  autoProcess: boolean;
  /** Meeting link (bot) or source URL (link, video). */
  sourceUrl?: string;
  meetingService?: MeetingService;
  upload?: UploadProgressView;
  failure?: JobFailure;
  /** When the background should look at this job next (ms since epoch). */
  nextCheckAt?: number;
}
