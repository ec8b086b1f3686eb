/**
 * The fixed data every emulator starts with (and `reset` re-creates). Ids and credentials are
 * exported as `SEED` so tests can rely on them.
 */
import { isoDate } from './format';
import { hashString } from './prng';
import {
  type Db,
  emptyCounters,
  type Language,
  objectKey,
  type Recording,
  type Space,
  type User,
} from './state';
import { makeWav } from './wav';

export const SEED = {
  users: {
    demo: { id: 1, email: 'demo@example.com', password: 'demo-password' },
    other: { id: 2, email: 'other@example.com', password: 'other-password' },
    /** Created through a third-party sign-in: no password, API sign-in fails like a wrong password. */
    sso: { id: 3, email: 'sso@example.com', password: null },
  },
  spaces: {
    /** The demo user's personal space (`is_main_space: true`), paid, 10 hours left. */
    personal: 1,
    /** Paid, 2 hours left. Shared by demo and other. */
    team: 2,
    /** Subscription not active: classify answers 400 code 7. */
    unpaid: 3,
    /** Paid, 120 s left: a bot answers 400 code 4; classify of more than 120 s answers 403 code 1. */
    almostEmpty: 4,
    /** Belongs to the other user only: the demo user gets 403 on it and everything under it. */
    other: 5,
  },
  /** `available_usage_count` of each space right after start or reset, in seconds. */
  balances: { personal: 36_000, team: 7_200, unpaid: 1_800, almostEmpty: 120, other: 32_400 },
  recordings: {
    /** Personal: created, upload never completed (`is_uploaded: false`, `duration: null`). */
    uploadPending: 101,
    /** Personal: uploaded, processing never started (result answers 404). */
    uploadedNotProcessed: 102,
    /** Personal: processing running; finishes `processingDelayMs` after start/reset. */
    processing: 103,
    /** Personal: ready, English. */
    ready: 104,
    /** Personal: processing finished with `success: false`. */
    failed: 105,
    /** Personal: in the trash (`is_active: false`), ready. */
    inTrash: 106,
    /** Personal: about 3 hours, about 4,000 utterances in about 40 topic blocks, ready. */
    long: 107,
    /** Personal: HTML/script payloads, right-to-left text, emoji and long lines everywhere, ready. */
    hostile: 108,
    /** Personal: ready, Russian. */
    readyRu: 109,
    /** Personal: ready, 42 seconds. */
    readyShort: 110,
    /** Personal: ready, Russian, favourite. */
    readyRuFavorite: 111,
    /** Personal: uploaded; its title holds `[fail]`, so every processing run ends with `success: false`. */
    failFlag: 112,
    /** Personal: uploaded; its title holds `[fail-500]`, so after a run the result endpoint answers 500. */
    fail500Flag: 113,
    /** Team: ready. */
    teamReady: 201,
    /** Team: uploaded, not processed (1500 s). */
    teamUploaded: 202,
    /** Unpaid: uploaded, not processed. */
    unpaidUploaded: 301,
    /** Almost empty: uploaded, 3600 s (more than the 120 s left). */
    almostEmptyLong: 401,
    /** Almost empty: uploaded, 90 s (fits the 120 s left). */
    almostEmptyShort: 402,
    /** Other's space: ready. */
    otherPrivate: 501,
  },
  /** Recordings in the Personal list (active, visible) and in its trash right after start or reset. */
  personalListCount: 12,
  personalTrashCount: 1,
  /** Ids given to recordings created after start or reset begin here; bot request ids begin at 1. */
  firstNewRecordingId: 1001,
} as const;

/** Template-injection probes, kept out of template literals on purpose. */
const TEMPLATE_PROBES = ['$', '{7*7} {{7*7}} %s %n'].join('');

const HOSTILE_TITLE =
  '<img src=x onerror=alert(1)><script>alert("title")</script> ' +
  '<iframe src="javascript:alert(2)"></iframe> [x](javascript:alert(3)) ' +
  'שלום مرحبا بكم 🎉👩‍💻🇷🇺 \u202Egnp.exe\u202C ' +
  TEMPLATE_PROBES +
  ' ' +
  "Robert'); DROP TABLE audio;-- ../../etc/passwd.mp3";

type SeedState = 'uploadPending' | 'uploaded' | 'processing' | 'ready' | 'failed';

interface SeedRecording {
  id: number;
  spaceId: number;
  title: string;
  /** How long before "now" it was created, in minutes. */
  ageMinutes: number;
  duration: number;
  contentType: string;
  state: SeedState;
  inTrash?: boolean;
  favorite?: boolean;
  language?: Language;
  hostile?: boolean;
}

const R = SEED.recordings;
const S = SEED.spaces;
const HOUR = 60;
const DAY = 24 * HOUR;

const SEED_RECORDINGS: SeedRecording[] = [
  {
    id: R.uploadPending,
    spaceId: S.personal,
    title: 'Client onboarding call.mp4',
    ageMinutes: 2 * HOUR,
    duration: 0,
    contentType: 'video/mp4',
    state: 'uploadPending',
  },
  {
    id: R.uploadedNotProcessed,
    spaceId: S.personal,
    title: 'Interview with a backend candidate.wav',
    ageMinutes: 5 * HOUR,
    duration: 2710,
    contentType: 'audio/wav',
    state: 'uploaded',
  },
  {
    id: R.processing,
    spaceId: S.personal,
    title: 'Weekly engineering sync.m4a',
    ageMinutes: 20,
    duration: 1845,
    contentType: 'audio/mp4',
    state: 'processing',
  },
  {
    id: R.ready,
    spaceId: S.personal,
    title: 'Product roadmap review.mp3',
    ageMinutes: DAY + 3 * HOUR,
    duration: 3325,
    contentType: 'audio/mpeg',
    state: 'ready',
    language: 'en',
  },
  {
    id: R.failed,
    spaceId: S.personal,
    title: 'Street interview (noisy).ogg',
    ageMinutes: 2 * DAY,
    duration: 600,
    contentType: 'audio/ogg',
    state: 'failed',
  },
  {
    id: R.inTrash,
    spaceId: S.personal,
    title: 'Old standup.webm',
    ageMinutes: 9 * DAY,
    duration: 900,
    contentType: 'video/webm',
    state: 'ready',
    inTrash: true,
  },
  {
    id: R.long,
    spaceId: S.personal,
    title: 'Annual strategy offsite.mp4',
    ageMinutes: 6 * DAY,
    duration: 10_437,
    contentType: 'video/mp4',
    state: 'ready',
    language: 'en',
  },
  {
    id: R.hostile,
    spaceId: S.personal,
    title: HOSTILE_TITLE,
    ageMinutes: 3 * DAY,
    duration: 754,
    contentType: 'audio/mpeg',
    state: 'ready',
    language: 'en',
    hostile: true,
  },
  {
    id: R.readyRu,
    spaceId: S.personal,
    title: 'Планёрка отдела продаж.m4a',
    ageMinutes: DAY + 20 * HOUR,
    duration: 1980,
    contentType: 'audio/mp4',
    state: 'ready',
    language: 'ru',
  },
  {
    id: R.readyShort,
    spaceId: S.personal,
    title: 'Quick voice note.wav',
    ageMinutes: 4 * HOUR,
    duration: 42,
    contentType: 'audio/wav',
    state: 'ready',
    language: 'en',
  },
  {
    id: R.readyRuFavorite,
    spaceId: S.personal,
    title: 'Созвон с подрядчиком.webm',
    ageMinutes: 4 * DAY,
    duration: 1260,
    contentType: 'video/webm',
    state: 'ready',
    favorite: true,
    language: 'ru',
  },
  {
    id: R.failFlag,
    spaceId: S.personal,
    title: 'Corrupted export [fail].wav',
    ageMinutes: 5 * DAY,
    duration: 300,
    contentType: 'audio/wav',
    state: 'uploaded',
  },
  {
    id: R.fail500Flag,
    spaceId: S.personal,
    title: 'Broken pipeline [fail-500].mp3',
    ageMinutes: 7 * DAY,
    duration: 420,
    contentType: 'audio/mpeg',
    state: 'uploaded',
  },
  {
    id: R.teamReady,
    spaceId: S.team,
    title: 'Team retrospective.mp3',
    ageMinutes: 2 * DAY + 2 * HOUR,
    duration: 2400,
    contentType: 'audio/mpeg',
    state: 'ready',
    language: 'en',
  },
  {
    id: R.teamUploaded,
    spaceId: S.team,
    title: 'Hiring committee.m4a',
    ageMinutes: 10 * HOUR,
    duration: 1500,
    contentType: 'audio/mp4',
    state: 'uploaded',
  },
  {
    id: R.unpaidUploaded,
    spaceId: S.unpaid,
    title: 'Unpaid space call.wav',
    ageMinutes: 3 * DAY,
    duration: 600,
    contentType: 'audio/wav',
    state: 'uploaded',
  },
  {
    id: R.almostEmptyLong,
    spaceId: S.almostEmpty,
    title: 'Long lecture.mp3',
    ageMinutes: 2 * DAY,
    duration: 3600,
    contentType: 'audio/mpeg',
    state: 'uploaded',
  },
  {
    id: R.almostEmptyShort,
    spaceId: S.almostEmpty,
    title: 'Short memo.wav',
    ageMinutes: DAY,
    duration: 90,
    contentType: 'audio/wav',
    state: 'uploaded',
  },
  {
    id: R.otherPrivate,
    spaceId: S.other,
    title: 'Private notes.mp3',
    ageMinutes: DAY + 6 * HOUR,
    duration: 700,
    contentType: 'audio/mpeg',
    state: 'ready',
    language: 'en',
  },
];

/** Size the pending upload declared (five parts of 10 MiB, the last one smaller). */
const PENDING_UPLOAD_SIZE = 48_234_112;

/** Builds a fresh database as of `now`. Running processing runs finish `processingDelayMs` later. */
export function createSeedDb(now: number, processingDelayMs: number): Db {
  const users = new Map<number, User>();
  for (const u of Object.values(SEED.users))
    users.set(u.id, { id: u.id, email: u.email, password: u.password });

  const inAMonth = isoDate(now + 30 * 86_400_000);
  const spaces = new Map<number, Space>();
  const addSpace = (space: Space) => spaces.set(space.id, space);
  addSpace({
    id: S.personal,
    name: 'Personal',
    description: 'Personal space of demo@example.com',
    ownerId: 1,
    memberIds: [1],
    mainForUserIds: [1],
    planName: 'Business',
    audioLimit: 54_000,
    usageCount: 18_000,
    subscriptionActive: true,
    endDate: inAMonth,
  });
  addSpace({
    id: S.team,
    name: 'Team',
    description: 'Shared space of the product team',
    ownerId: 1,
    memberIds: [1, 2],
    mainForUserIds: [],
    planName: 'Team',
    audioLimit: 36_000,
    usageCount: 28_800,
    subscriptionActive: true,
    endDate: inAMonth,
  });
  addSpace({
    id: S.unpaid,
    name: 'Unpaid',
    description: 'The trial of this space has ended',
    ownerId: 1,
    memberIds: [1],
    mainForUserIds: [],
    planName: 'Trial',
    audioLimit: 3_600,
    usageCount: 1_800,
    subscriptionActive: false,
    endDate: isoDate(now - 5 * 86_400_000),
  });
  addSpace({
    id: S.almostEmpty,
    name: 'Almost empty',
    description: 'Two minutes left on the plan',
    ownerId: 1,
    memberIds: [1],
    mainForUserIds: [],
    planName: 'Starter',
    audioLimit: 18_000,
    usageCount: 17_880,
    subscriptionActive: true,
    endDate: inAMonth,
  });
  addSpace({
    id: S.other,
    name: "Other's space",
    description: 'Personal space of other@example.com',
    ownerId: 2,
    memberIds: [2],
    mainForUserIds: [2],
    planName: 'Business',
    audioLimit: 36_000,
    usageCount: 3_600,
    subscriptionActive: true,
    endDate: inAMonth,
  });

  const db: Db = {
    users,
    spaces,
    recordings: new Map(),
    meetings: new Map(),
    objects: new Map(),
    uploads: new Map(),
    nextRecordingId: SEED.firstNewRecordingId,
    nextMeetingId: 1,
    counters: emptyCounters(),
  };

  for (const seed of SEED_RECORDINGS) {
    const h = hashString(`${seed.id}:${seed.title}`);
    const createdAtUs = (now - seed.ageMinutes * 60_000 - (h % 50_000)) * 1000 + (h % 1000);
    const key = objectKey(seed.spaceId, seed.id, seed.title, h.toString(16).padStart(8, '0'));
    const recording: Recording = {
      id: seed.id,
      spaceId: seed.spaceId,
      title: seed.title,
      createdAtUs,
      duration: seed.state === 'uploadPending' ? null : seed.duration,
      size: PENDING_UPLOAD_SIZE,
      contentType: seed.contentType,
      isActive: !seed.inTrash,
      isFavorite: seed.favorite ?? false,
      isUploaded: seed.state !== 'uploadPending',
      wasClassified: seed.state === 'ready' || seed.state === 'failed',
      resultIsReady: seed.state === 'ready',
      source: 'seed',
      storageKey: key,
      upload: null,
      run: null,
      nextOutcome: null,
      language: seed.language ?? null,
      flavor: seed.hostile ? 'hostile' : 'normal',
    };
    if (seed.state === 'uploadPending') {
      const uploadId = `seed-${h.toString(16)}`;
      const upload = {
        uploadId,
        recordingId: seed.id,
        partCount: Math.ceil(PENDING_UPLOAD_SIZE / (10 * 1024 * 1024)),
        state: 'open' as const,
        parts: new Map(),
      };
      recording.upload = upload;
      db.uploads.set(uploadId, upload);
    } else {
      const bytes = makeWav(2, seed.id);
      recording.size = bytes.length;
      db.objects.set(key, { bytes, contentType: seed.contentType });
    }
    if (seed.state !== 'uploadPending' && seed.state !== 'uploaded') {
      const startedAt = seed.state === 'processing' ? now : Math.floor(createdAtUs / 1000) + 60_000;
      recording.run = {
        requestId: `00000000-0000-4000-8000-${String(seed.id).padStart(12, '0')}`,
        startedAt,
        dueAt: seed.state === 'processing' ? now + processingDelayMs : startedAt + 120_000,
        status: seed.state === 'processing' ? 'running' : 'done',
        outcome: seed.state === 'failed' ? 'fail' : 'success',
        charge: null,
        taskId: null,
      };
    }
    db.recordings.set(recording.id, recording);
  }
  return db;
}
