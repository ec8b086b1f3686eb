/**
 * The meeting pages' speaking timelines, kept beside the recording they were taken during (the
 * speakers database, lib/databases.ts), in this browser only.
 *
 * An entry starts with the "Record here" recording it belongs to (`recordingId`, the recording's
 * start on the browser's clock) and follows it: to the recording's upload job (`jobId`), then to
 * the service's recording (`spaceId`, `audioId`) once the job knows it. An entry taken while our
 * bot recorded the meeting starts with the bot's job (`bot`, `recordingId` = `bot:<job id>`). It goes with them:
 * - a job that ends without a recording (cancelled, failed, dismissed) takes its entry along;
 * - a recording deleted from the archive, "Clear" of its space, and sign-out take theirs;
 * - an entry whose recording never got a job (discarded) goes after a day;
 * - every entry goes after `KEEP_DAYS`, and at most `MAX_ENTRIES` are kept (the oldest go first).
 *
 * An entry may also hold the display names of the calendar event's attendees (`attendees`), kept
 * when the bot is sent or the recording starts for a meeting a synced feed holds then: such an
 * entry may exist before any page timeline comes (its timeline is empty), follows and goes the same
 * way, and a timeline saved later keeps them.
 *
 * Each timeline is read back through `parseTimeline`, with its bounds (500 participants, 20,000
 * intervals), and the attendees through `readAttendees`, whatever the database holds.
 */
import type { KeyValueStore } from '@/lib/kv';
import { parseTimeline } from './stored-timeline';
import { cleanName, type PageTimeline } from './timeline';

export const MAX_ENTRIES = 200;
/** Attendees kept per entry (as the calendar's parser keeps per event), each at most 100 characters. */
export const MAX_ATTENDEES = 200;
const ATTENDEE_NAME_MAX = 100;
export const KEEP_DAYS = 90;
const DAY_MS = 24 * 60 * 60_000;
const PREFIX = 'timeline:';

export interface StoredTimeline {
  /** The "Record here" recording (lib/recording/state.ts) the page was sampled during. */
  recordingId: string;
  /** The recording's start, ms on the browser's clock: time 0 of its file. */
  startedAt: number;
  /** The meeting service whose page was read. */
  service: string;
  /**
   * Taken while our bot recorded the meeting (its job is `jobId` from the start): the recording
   * starts when the bot is let in, on the service's clock, so the offset is searched.
   */
  bot?: boolean;
  savedAt: number;
  jobId?: string;
  spaceId?: number;
  audioId?: number;
  /**
   * The result was seen ready: its confident names were given without asking (the option on), or
   * left to the user's "Use them" (off). Either way this happens once.
   */
  settled?: boolean;
  timeline: PageTimeline;
  /** The calendar event's attendees' display names (names only), when a synced feed held the meeting. */
  attendees?: string[];
}

/** A timeline with nobody in it: an entry that holds only the calendar event's attendees. */
export function emptyTimeline(origin: number): PageTimeline {
  return { v: 1, origin, participants: [], speaking: [], observed: [], truncated: false };
}

/**
 * Stored attendees read back: strings only, control and bidirectional characters dropped, trimmed,
 * at most 100 characters each, one per name (case-insensitive), at most `MAX_ATTENDEES`.
 */
export function readAttendees(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const out: string[] = [];
  const seen = new Set<string>();
  for (const item of value.slice(0, MAX_ATTENDEES * 4)) {
    if (out.length >= MAX_ATTENDEES) break;
    const name = cleanName(item, ATTENDEE_NAME_MAX);
    const key = name.toLowerCase();
    if (name === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(name);
  }
  return out;
}

/** Whose entry: a recording, or a bot job. */
type Owner = Pick<StoredTimeline, 'recordingId' | 'startedAt' | 'service'> & {
  bot?: boolean;
  jobId?: string;
};

/** What the store needs to know of jobs and recordings to follow an entry. */
export interface Followed {
  /** The upload job of a recording still known (current or kept), else undefined. */
  jobOfRecording(recordingId: string): string | undefined;
  /** The job, if it is still listed: its recording once known, and whether it ended without one. */
  job(jobId: string): { spaceId: number; audioId?: number; over: boolean } | undefined;
}

function isEntry(value: unknown): value is StoredTimeline {
  const entry = value as StoredTimeline | null;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    typeof entry.recordingId === 'string' &&
    typeof entry.startedAt === 'number' &&
    typeof entry.savedAt === 'number'
  );
}

export class TimelineStore {
  constructor(
    private readonly kv: KeyValueStore,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Every entry as stored; `parse` reads each timeline back through `parseTimeline` (the entries
   * followed at every job change are not: their timelines are read when one is used).
   */
  private async entries(parse = false): Promise<StoredTimeline[]> {
    const keys = (await this.kv.keys()).filter((key) => key.startsWith(PREFIX));
    const out: StoredTimeline[] = [];
    for (const key of keys) {
      const value = await this.kv.get<unknown>(key);
      const timeline = isEntry(value) ? (parse ? parseTimeline(value.timeline) : value.timeline) : null;
      if (!isEntry(value) || !timeline) {
        await this.kv.del(key);
        continue;
      }
      out.push({ ...value, timeline });
    }
    return out;
  }

  /** One entry with its timeline read back within its bounds; null (and dropped) when it is none. */
  async parsed(entry: StoredTimeline): Promise<StoredTimeline | null> {
    const timeline = parseTimeline(entry.timeline);
    if (!timeline) await this.kv.del(PREFIX + entry.recordingId);
    return timeline ? { ...entry, timeline, attendees: readAttendees(entry.attendees) } : null;
  }

  /**
   * Keeps the calendar event's attendees beside a recording or a bot job, before or after its page
   * timeline (an entry without one gets an empty timeline). Nothing kept for an empty list.
   */
  async keepAttendees(entry: Owner, names: readonly string[]): Promise<void> {
    const attendees = readAttendees(names);
    const known = await this.kv.get<unknown>(PREFIX + entry.recordingId);
    if (attendees.length > 0)
      await this.save(entry, isEntry(known) ? known.timeline : emptyTimeline(entry.startedAt), attendees);
  }

  /** Keeps the page's timeline of a recording (a later one replaces an earlier one; attendees stay). */
  async save(entry: Owner, timeline: PageTimeline, attendees?: string[]): Promise<void> {
    const key = PREFIX + entry.recordingId;
    const known = await this.kv.get<unknown>(key);
    const kept = isEntry(known) ? known : null;
    await this.kv.set(key, {
      ...kept,
      recordingId: entry.recordingId,
      startedAt: entry.startedAt,
      service: entry.service,
      ...(entry.bot && { bot: true }),
      ...(entry.jobId !== undefined && { jobId: entry.jobId }),
      savedAt: this.now(),
      timeline,
      ...(attendees && { attendees }),
    } satisfies StoredTimeline);
    // The bounds are looked at when a recording's first timeline comes, not at every update.
    if (!kept) await this.prune();
  }

  /** The timeline kept for a recording of the service, if any. */
  async forRecording(spaceId: number, audioId: number): Promise<StoredTimeline | null> {
    const entry = (await this.entries()).find((e) => e.spaceId === spaceId && e.audioId === audioId);
    return entry ? this.parsed(entry) : null;
  }

  /** Marks a recording's result as seen ready (see `settled`). */
  async settle(recordingId: string): Promise<void> {
    const key = PREFIX + recordingId;
    const known = await this.kv.get<unknown>(key);
    if (isEntry(known)) await this.kv.set(key, { ...known, settled: true });
  }

  /**
   * Follows every entry to its job and its recording, and lets go of those whose recording is
   * gone (see the module comment). Returns the entries that know their recording and are not
   * settled, as stored (`parsed` reads one's timeline back within its bounds).
   */
  async follow(followed: Followed): Promise<StoredTimeline[]> {
    const now = this.now();
    const out: StoredTimeline[] = [];
    for (const entry of await this.entries()) {
      const key = PREFIX + entry.recordingId;
      let next = entry;
      if (next.jobId === undefined) {
        const jobId = followed.jobOfRecording(next.recordingId);
        if (jobId) next = { ...next, jobId };
        else if (now - next.savedAt > DAY_MS) {
          await this.kv.del(key);
          continue;
        }
      }
      if (next.jobId !== undefined && next.audioId === undefined) {
        const job = followed.job(next.jobId);
        if (!job || (job.over && job.audioId === undefined)) {
          await this.kv.del(key);
          continue;
        }
        if (job.audioId !== undefined) next = { ...next, spaceId: job.spaceId, audioId: job.audioId };
      }
      if (next !== entry) await this.kv.set(key, next);
      if (next.audioId !== undefined && !next.settled) out.push(next);
    }
    return out;
  }

  /** A recording deleted (from the archive, the service): its timeline goes too. */
  async forget(spaceId: number, audioId?: number): Promise<void> {
    for (const entry of await this.entries())
      if (entry.spaceId === spaceId && (audioId === undefined || entry.audioId === audioId))
        await this.kv.del(PREFIX + entry.recordingId);
  }

  /** Everything (sign-out). */
  async wipe(): Promise<void> {
    for (const key of await this.kv.keys()) if (key.startsWith(PREFIX)) await this.kv.del(key);
  }

  private async prune(): Promise<void> {
    const now = this.now();
    const all = (await this.entries()).sort((a, b) => b.savedAt - a.savedAt);
    for (const [index, entry] of all.entries())
      if (index >= MAX_ENTRIES || now - entry.savedAt > KEEP_DAYS * DAY_MS)
        await this.kv.del(PREFIX + entry.recordingId);
  }
}
