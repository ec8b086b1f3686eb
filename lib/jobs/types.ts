/**
 * A job is one user intent (bot sent, link or video page submitted, file uploaded, processing
 * started) that the background drives to a terminal state. Jobs are plain JSON, persisted in
 * storage and shown by the popup, so every field is serializable.
 */
import type { ApiErrorInfo } from '@/lib/api';
import type { ChargeIncident } from '@/lib/charges/types';
import type { BotService } from '@/lib/meetings';

export type JobIntent = 'bot' | 'link' | 'video' | 'upload' | 'process';

/**
 * Phases per intent (terminal ones: `ready`, `failed`, `uploaded`, `cancelled`):
 * - bot:     requesting → waiting-meeting → processing → ready | failed
 * - link:    submitting → downloading → (uploaded | starting → processing) → ready | failed
 *            (after a lost submit answer `downloading` has no `audioId` yet: the job watches the
 *            space for the recording this click made, lib/charges/lost-answer.ts)
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

const TERMINAL_PHASES: readonly JobPhase[] = ['uploaded', 'ready', 'failed', 'cancelled'];

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
  /** The submit's answer was lost and no recording of this click appeared within the download limit. */
  | { kind: 'lost-answer-no-recording'; waitedMs: number; intent: 'link' | 'video' }
  | { kind: 'upload-file-missing' }
  | { kind: 'not-enough-balance'; availableSeconds: number; neededSeconds: number; spaceName?: string }
  /** The extension may not reach this origin (the service or its upload storage): grant access and retry. */
  | { kind: 'permission-denied'; origin: string }
  /** Processing was confirmed, or due to start on its own, but the result endpoint kept answering 404. */
  | { kind: 'processing-not-started'; waitedMs: number }
  /** The user signed in to another service or account; this job belongs to the previous one. */
  | { kind: 'account-changed' }
  /** Processing was asked for a recording whose file has not arrived at the service. */
  | { kind: 'recording-not-uploaded' };

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
  meetingService?: BotService;
  upload?: UploadProgressView;
  failure?: JobFailure;
  /** When the background should look at this job next (ms since epoch). */
  nextCheckAt?: number;

  // Bookkeeping of the background (plain data; the popup may ignore it).
  /** Service base URL and account the job belongs to. */
  serviceUrl?: string;
  account?: string;
  /** When the call that creates something (bot, by-URL, video page, recording) was first attempted. */
  requestedAt?: number;
  /** The recording's duration in seconds, once known. */
  duration?: number;
  /** Bot request id when the answer carried it. */
  botRequestId?: number;
  /**
   * Bot, link, video: recordings of the space listed before the call that creates one (never
   * claimed as its recording, e.g. after a lost answer).
   */
  preexistingAudioIds?: number[];
  /** Video page: the video's title as the page showed it; tells its recording after a lost answer. */
  videoTitle?: string;
  /** Set BEFORE classify is called; on a later wake the result endpoint is asked before any new call. */
  classifyAttemptedAt?: number;
  /** When processing was confirmed (classify answered, or the result endpoint showed a run). */
  processingSince?: number;
  /** The recording had been processed before this job's run: the list flags cannot tell this run's end. */
  wasClassifiedBefore?: boolean;
  /** Start of the current unbroken run of 5xx answers from the result endpoint (survives restarts). */
  firstServerErrorAt?: number | null;
  /** Since when the result endpoint has answered 404 while processing was expected. */
  notStartedSince?: number | null;
  /** Upload: the file in lib/file-store.ts, its type and size. */
  fileKey?: string;
  contentType?: string;
  size?: number;
  /** When the current phase began. */
  phaseSince?: number;
  /** Last direct look at the result endpoint (the list flags are used in between). */
  lastResultCheckAt?: number;
  /**
   * Why an active job is not moving: it needs a new sign-in, access to the service's origin, or
   * access to the site its upload goes to (`blockedOrigin`: the storage's, asked for in the popup).
   */
  blocked?: 'sign-in' | 'permission' | 'site';
  blockedOrigin?: string;
  finishedAt?: number;
  /** When the end of this job was notified (or found not to need a notice). */
  notifiedAt?: number;
  /** The service charged or created more than once for this job (lib/charges): told to the user. */
  incidents?: ChargeIncident[];
}
