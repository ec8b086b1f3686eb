/**
 * The meeting pages' speaking timelines, kept beside the recording they were taken during (the
 * speakers database, lib/databases.ts), in this browser only.
 *
 * An entry starts with the "Record here" recording it belongs to (`recordingId`, the recording's
 * start on the browser's clock) and lives as long as that recording is kept (the current one, or
 * one set aside): through a session that ended, days without an upload, and an upload job that
 * failed. It follows the recording to whichever upload job holds it now (`jobId`), then to the
 * service's recording (`spaceId`, `audioId`) once that job knows it. An entry taken while our bot
 * recorded the meeting starts with the bot's job (`bot`, `recordingId` = `bot:<job id>`). It goes:
 * - with a recording no longer kept that no live job holds (discarded, wiped), and with a job that
 *   ends without a recording (cancelled, failed, dismissed) once its recording is not kept;
 * - with a recording deleted from the archive, "Clear" of its space, and sign-out;
 * - after `KEEP_DAYS` in any case (looked at on a daily alarm and whenever a recording's first
 *   timeline comes), and at most `MAX_ENTRIES` are kept (the oldest go first).
 *
 * An entry belongs to the account it was kept for (`owner`, as lib/archive names one; stamped
 * when first followed with someone signed in if it was kept while nobody was), and is read only
 * for that account.
 *
 * An entry may also hold the display names of the calendar event's attendees (`attendees`) and the
 * event's UID (`event`, which the open items find a meeting's series by), kept
 * when the bot is sent or the recording starts for a meeting a synced feed holds then: such an
 * entry may exist before any page timeline comes (its timeline is empty), follows and goes the same
 * way, and a timeline saved later keeps them.
 *
 * The pages of one recording keep one timeline: two tabs of the meeting, or a tab reloaded, are
 * merged into it, whichever reports last.
 *
 * Each timeline is read back through `parseTimeline`, with its bounds (500 participants, 20,000
 * intervals), and the attendees through `readAttendees`, whatever the database holds. Changes are
 * made one at a time (`serialQueue`): two pages reporting at once never write over each other.
 */
import type { KeyValueStore } from '@/lib/kv';
import { serialQueue } from '@/lib/serial';
import { readCuts, type SleepCut } from './cuts';
import { mergeTimelines } from './merge';
import { parseTimeline } from './stored-timeline';
import { cleanName, type PageTimeline } from './timeline';

export const MAX_ENTRIES = 200;
/** Attendees kept per entry (as the calendar's parser keeps per event), each at most 100 characters. */
export const MAX_ATTENDEES = 200;
const ATTENDEE_NAME_MAX = 100;
/** A calendar event's UID kept (RFC 5545 sets no bound; real ones are well under this). */
const EVENT_MAX = 500;
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
  /** The account it was kept for (lib/archive's owner: the service and the email). */
  owner?: string;
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
  /** The sleeps taken out of the recording's file (lib/page-names/cuts.ts), when there were any. */
  cuts?: SleepCut[];
  /** The calendar event's UID (every occurrence of a series shares it), when a synced feed held the meeting. */
  event?: string;
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
  /** The account signed in, when someone is. */
  owner?: string;
};

/** What the store needs to know of jobs and recordings to follow an entry. */
export interface Followed {
  /**
   * A "Record here" recording while it is kept (the current one, or one set aside), with the upload
   * job that holds it now, if any; undefined once it is no longer kept.
   */
  recording(recordingId: string): { jobId?: string; cuts?: readonly SleepCut[] } | undefined;
  /** The job, if it is still listed: its recording once known, and whether it ended without one. */
  job(jobId: string): { spaceId: number; audioId?: number; over: boolean } | undefined;
  /** The account signed in now (lib/archive's owner), or null. */
  owner: string | null;
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
  /** One change at a time. */
  private readonly serial = serialQueue();

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
    if (!timeline) await this.serial(() => this.kv.del(PREFIX + entry.recordingId));
    if (!timeline) return null;
    const { event: stored, ...rest } = entry;
    const event = typeof stored === 'string' && stored !== '' ? stored.slice(0, EVENT_MAX) : undefined;
    return {
      ...rest,
      timeline,
      attendees: readAttendees(entry.attendees),
      cuts: readCuts(entry.cuts),
      ...(event && { event }),
    };
  }

  /**
   * Keeps the calendar event's attendees and its UID beside a recording or a bot job, before or
   * after its page timeline (an entry without one gets an empty timeline). Nothing kept for an
   * empty list and no event.
   */
  keepAttendees(entry: Owner, names: readonly string[], event?: string): Promise<void> {
    const attendees = readAttendees(names);
    const uid = event ? event.slice(0, EVENT_MAX) : undefined;
    if (attendees.length === 0 && !uid) return Promise.resolve();
    return this.serial(() =>
      this.write(
        entry,
        (known) => known?.timeline ?? emptyTimeline(entry.startedAt),
        attendees.length > 0 ? attendees : undefined,
        uid,
      ),
    );
  }

  /**
   * Keeps a page's timeline of a recording, merged with what the recording's other pages (another
   * tab of the meeting, the same tab before a reload) and this page's earlier reports gave
   * (lib/page-names/merge.ts); attendees stay.
   */
  save(entry: Owner, timeline: PageTimeline): Promise<void> {
    return this.serial(() =>
      this.write(entry, (known) => {
        const before = known ? parseTimeline(known.timeline) : null;
        return before ? mergeTimelines(before, timeline) : timeline;
      }),
    );
  }

  private async write(
    entry: Owner,
    timeline: (known: StoredTimeline | null) => PageTimeline,
    attendees?: string[],
    event?: string,
  ): Promise<void> {
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
      ...(kept?.owner === undefined && entry.owner !== undefined && { owner: entry.owner }),
      savedAt: this.now(),
      timeline: timeline(kept),
      ...(attendees && { attendees }),
      ...(event && { event }),
    } satisfies StoredTimeline);
    // The bounds are looked at when a recording's first timeline comes, not at every update.
    if (!kept) await this.prune();
  }

  /** The timeline kept for `owner`'s recording of the service, if any. */
  async forRecording(owner: string, spaceId: number, audioId: number): Promise<StoredTimeline | null> {
    const entry = (await this.entries()).find(
      (e) => e.owner === owner && e.spaceId === spaceId && e.audioId === audioId,
    );
    return entry ? this.parsed(entry) : null;
  }

  /** Every entry that knows its recording, its timeline and attendees read back within their bounds. */
  async ofRecordings(): Promise<StoredTimeline[]> {
    const out: StoredTimeline[] = [];
    for (const entry of await this.entries())
      if (entry.spaceId !== undefined && entry.audioId !== undefined) {
        const parsed = await this.parsed(entry);
        if (parsed) out.push(parsed);
      }
    return out;
  }

  /** Marks a recording's result as seen ready (see `settled`). */
  settle(recordingId: string): Promise<void> {
    return this.serial(async () => {
      const key = PREFIX + recordingId;
      const known = await this.kv.get<unknown>(key);
      if (isEntry(known)) await this.kv.set(key, { ...known, settled: true });
    });
  }

  /**
   * Follows every entry to its recording, its job and the service's recording, and lets go of
   * those whose recording is gone (see the module comment). Returns the entries that know their
   * recording and are not settled, as stored (`parsed` reads one's timeline back within its bounds).
   */
  follow(followed: Followed): Promise<StoredTimeline[]> {
    return this.serial(async () => {
      const out: StoredTimeline[] = [];
      for (const entry of await this.entries()) {
        const next = followOne(entry, followed);
        const key = PREFIX + entry.recordingId;
        if (!next) await this.kv.del(key);
        else if (next !== entry) await this.kv.set(key, next);
        if (next?.audioId !== undefined && !next.settled) out.push(next);
      }
      return out;
    });
  }

  /** A recording deleted (from the archive, the service): its timeline goes too. */
  forget(spaceId: number, audioId?: number): Promise<void> {
    return this.serial(async () => {
      for (const entry of await this.entries())
        if (entry.spaceId === spaceId && (audioId === undefined || entry.audioId === audioId))
          await this.kv.del(PREFIX + entry.recordingId);
    });
  }

  /** Lets go of the entries past `KEEP_DAYS` (and past `MAX_ENTRIES`); returns how many are kept. */
  expire(): Promise<number> {
    return this.serial(() => this.prune());
  }

  /** Everything (sign-out). */
  wipe(): Promise<void> {
    return this.serial(async () => {
      for (const key of await this.kv.keys()) if (key.startsWith(PREFIX)) await this.kv.del(key);
    });
  }

  private async prune(): Promise<number> {
    const now = this.now();
    const all = (await this.entries()).sort((a, b) => b.savedAt - a.savedAt);
    let kept = 0;
    for (const [index, entry] of all.entries())
      if (index >= MAX_ENTRIES || now - entry.savedAt > KEEP_DAYS * DAY_MS)
        await this.kv.del(PREFIX + entry.recordingId);
      else kept += 1;
    return kept;
  }
}

/** An entry followed one step (see the module comment): the same entry, a changed one, or null when it goes. */
function followOne(entry: StoredTimeline, followed: Followed): StoredTimeline | null {
  let next = entry;
  if (next.owner === undefined && followed.owner) next = { ...next, owner: followed.owner };
  if (next.audioId !== undefined) return next;
  // A "Record here" recording still kept holds its entry, whatever became of a job that held it.
  const recording = next.bot ? undefined : followed.recording(next.recordingId);
  // The file made of it says where a sleep was taken out (a file made again says it again).
  if (recording && JSON.stringify(recording.cuts ?? []) !== JSON.stringify(next.cuts ?? [])) {
    const { cuts: _, ...rest } = next;
    next = recording.cuts?.length ? { ...rest, cuts: [...recording.cuts] } : rest;
  }
  if (recording && recording.jobId !== next.jobId) {
    const { jobId: _, ...rest } = next;
    next = recording.jobId === undefined ? rest : { ...rest, jobId: recording.jobId };
  }
  if (next.jobId === undefined) return recording ? next : null;
  const job = followed.job(next.jobId);
  if (job?.audioId !== undefined) return { ...next, spaceId: job.spaceId, audioId: job.audioId };
  if (recording || (job && !job.over)) return next;
  return null;
}
