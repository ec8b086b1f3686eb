/** The in-memory data of one emulator instance. `reset` replaces the whole `Db`. */
import type { SpeakersTruth } from './speakers';

export interface User {
  id: number;
  email: string;
  /** Null for accounts created through a third-party sign-in: API sign-in fails for them. */
  password: string | null;
}

export interface Space {
  id: number;
  name: string;
  description: string;
  ownerId: number;
  memberIds: number[];
  /** Users for whom this is the personal space (`is_main_space: true`). */
  mainForUserIds: number[];
  planName: string;
  audioLimit: number;
  usageCount: number;
  subscriptionActive: boolean;
  endDate: string;
}

export type RecordingSource = 'seed' | 'upload' | 'by_url' | 'by_videosite' | 'bot';
export type Outcome = 'success' | 'fail' | 'error-500';
export type Language = 'en' | 'ru';

export interface StoredPart {
  bytes: Buffer;
  /** With its double quotes, as sent in the ETag header. */
  etag: string;
}

export interface MultipartUpload {
  uploadId: string;
  recordingId: number;
  partCount: number;
  state: 'open' | 'assembling' | 'completed';
  parts: Map<number, StoredPart>;
}

export interface ProcessingRun {
  requestId: string;
  startedAt: number;
  dueAt: number;
  status: 'running' | 'done';
  outcome: Outcome;
  /** Space and seconds charged when the run started; refunded when the run fails. */
  charge: { spaceId: number; seconds: number } | null;
  taskId: number | null;
}

export interface Recording {
  id: number;
  spaceId: number;
  title: string;
  /** Microseconds since the epoch. */
  createdAtUs: number;
  duration: number | null;
  size: number;
  contentType: string;
  isActive: boolean;
  isFavorite: boolean;
  isUploaded: boolean;
  wasClassified: boolean;
  resultIsReady: boolean;
  source: RecordingSource;
  /** Object key of the source file in storage. */
  storageKey: string;
  upload: MultipartUpload | null;
  run: ProcessingRun | null;
  /** Outcome forced by the control surface for the next processing run. */
  nextOutcome: Outcome | null;
  /** Seed recordings may fix the result language and content flavour. */
  language: Language | null;
  flavor: 'normal' | 'hostile';
  /** A result put in place by the control surface: returned as is instead of the generated one. */
  resultOverride?: unknown;
  /** Who spoke when, put in by the control surface: the generated result diarizes it. */
  speakersTruth?: { truth: SpeakersTruth; seed: number };
}

export interface Meeting {
  id: number;
  spaceId: number;
  userId: number;
  link: string;
  meetingService: string;
  createdAt: number;
  dueAt: number;
  active: boolean;
  taskId: number | null;
  recordingId: number | null;
}

export interface StoredObject {
  bytes: Buffer;
  contentType: string;
}

export interface Counters {
  requests: number;
  faults: { html500: number; html502: number; reset: number; slow: number; total: number };
  classifyCalls: Record<string, number>;
  charges: { space_id: number; audio_id: number; seconds: number }[];
  refunds: { space_id: number; audio_id: number; seconds: number }[];
  recordingsCreated: { total: number; upload: number; by_url: number; by_videosite: number; bot: number };
  botRequests: number;
  signIns: number;
  tokenRefreshes: number;
  completeUploads: number;
  /** Connections dropped after the effect by an armed drop (also counted as `faults.reset`). */
  armedDrops: number;
}

export function emptyCounters(): Counters {
  return {
    requests: 0,
    faults: { html500: 0, html502: 0, reset: 0, slow: 0, total: 0 },
    classifyCalls: {},
    charges: [],
    refunds: [],
    recordingsCreated: { total: 0, upload: 0, by_url: 0, by_videosite: 0, bot: 0 },
    botRequests: 0,
    signIns: 0,
    armedDrops: 0,
    tokenRefreshes: 0,
    completeUploads: 0,
  };
}

export interface Db {
  users: Map<number, User>;
  spaces: Map<number, Space>;
  recordings: Map<number, Recording>;
  meetings: Map<number, Meeting>;
  /** Storage objects by key. */
  objects: Map<string, StoredObject>;
  /** Open multipart uploads by upload id. */
  uploads: Map<string, MultipartUpload>;
  nextRecordingId: number;
  nextMeetingId: number;
  counters: Counters;
}

export function availableSeconds(space: Space): number {
  return space.audioLimit - space.usageCount;
}

/** Sets the balance; the plan's limit grows when the new balance would exceed it. */
export function setAvailableSeconds(space: Space, available: number): void {
  space.usageCount = Math.max(0, space.audioLimit - available);
  space.audioLimit = space.usageCount + available;
}

export function charge(space: Space, seconds: number): void {
  space.usageCount += seconds;
}

export function refund(space: Space, seconds: number): void {
  space.usageCount -= seconds;
  if (space.usageCount < 0) {
    space.audioLimit -= space.usageCount;
    space.usageCount = 0;
  }
}

/** Recordings fetched in the background stay out of the list until their download finished. */
export function isHiddenFromLists(recording: Recording): boolean {
  return (recording.source === 'by_url' || recording.source === 'by_videosite') && !recording.isUploaded;
}

export const ALLOWED_EXTENSIONS = ['.mp3', '.m4a', '.wav', '.ogg', '.webm', '.mp4'] as const;

/** The title's extension in lower case, without the dot ('' when there is none). */
export function extensionOf(title: string): string {
  const dot = title.lastIndexOf('.');
  if (dot < 0) return '';
  const ext = title.slice(dot + 1);
  return /[\\/]/.test(ext) ? '' : ext.toLowerCase();
}

export function hasAllowedExtension(title: string): boolean {
  const lower = title.toLowerCase();
  return ALLOWED_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

/** Storage key of a recording's source file. `salt` keeps keys unguessable. */
export function objectKey(spaceId: number, recordingId: number, title: string, salt: string): string {
  const ext = extensionOf(title);
  return `audio/${spaceId}/${recordingId}/${salt}${ext ? `.${ext}` : ''}`;
}
