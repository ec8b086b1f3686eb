/**
 * The local archive: every ready result the extension has read, kept in the extension origin's
 * IndexedDB (`meeting-capture-archive`) so it opens without the network and can be searched. A
 * ready result never changes, so it is read from the service once.
 *
 * Keys of the one key-value store:
 * - `catalog`: who owns the archive (service and account), a generation id (new after every
 *   clear, so a search index built before a clear is never reused) and one small entry per
 *   recording (title, date, size, speaker names, a revision bumped on every change);
 * - `rec:<space>:<audio>`: the processing result itself;
 * - `names:<space>:<audio>`: speaker names given in the viewer (the service has no field for them);
 * - `sources:<space>:<audio>`: the suggested sources of the protocol's lines (lib/grounding), kept
 *   for the revision of the record and its names they were linked from (`sources`, `keepSources`);
 * - `search-index` (and `search-index:<n>`): the search index older versions kept here (MiniSearch);
 *   today's search worker deletes them (its index is SQLite on the origin-private file system).
 *
 * Only the background writes the catalog, the records and the names (one writer, serialized);
 * the search worker and the pages read. `clear()` removes every key, the index included.
 */
import type { ProcessingResult } from '@/lib/api/schemas';
import { speakerIdOf } from '@/lib/api/units';
import type { KeyValueStore } from '@/lib/kv';
import { serialQueue } from '@/lib/serial';

export const CATALOG_KEY = 'catalog';
/** The channel on which the background tells pages and the search worker that the archive changed. */
export const ARCHIVE_CHANNEL = 'meeting-capture-archive';

/** Speaker id (without braces) to the name given in the viewer. */
export type SpeakerMap = Record<string, string>;

export interface CatalogEntry {
  spaceId: number;
  audioId: number;
  title: string;
  /** When the recording was made (ms), when known. */
  createdAt: number | null;
  savedAt: number;
  /** Bumped on every change of the record or its speaker names (the index re-reads it). */
  rev: number;
  /** Characters of the stored result (about its size in bytes). */
  bytes: number;
  language: string | null;
  utterances: number;
  /** Display names of the speakers, speaker names given in the viewer applied. */
  speakers: string[];
}

export interface Catalog {
  /** `<service URL> <account e-mail>`: an archive is never shown to another account. */
  owner: string;
  generation: string;
  entries: Record<string, CatalogEntry>;
}

export interface ArchiveRecord {
  spaceId: number;
  audioId: number;
  title: string;
  createdAt: number | null;
  result: ProcessingResult;
}

export interface SpaceSummary {
  spaceId: number;
  recordings: number;
  bytes: number;
}

export const recordKey = (spaceId: number, audioId: number) => `${spaceId}:${audioId}`;
const recKey = (key: string) => `rec:${key}`;
const namesKey = (key: string) => `names:${key}`;
const sourcesKey = (key: string) => `sources:${key}`;

/** What is kept beside a record: a value made from it, and the record's revision it was made from. */
interface KeptBeside {
  rev: number;
  value: unknown;
}

/** Only a finished, successful result is kept: it no longer changes. */
export function isArchivable(result: ProcessingResult | null | undefined): result is ProcessingResult {
  return Boolean(result?.classified && result.success && result.result);
}

function unlabelled(name: string): boolean {
  return /^SPEAKER_\d+$/i.test(name.trim()) || name.trim() === '';
}

/** The speaker names of a result with the names given locally applied (id → name). */
export function effectiveSpeakerMap(result: ProcessingResult, names: SpeakerMap = {}): SpeakerMap {
  const out: SpeakerMap = {};
  for (const [id, name] of Object.entries(result.result?.speakers_map ?? {})) out[speakerIdOf(id)] = name;
  for (const block of result.result?.dialog ?? []) {
    for (const speaker of block.speakers) {
      const id = speakerIdOf(speaker);
      out[id] ??= `SPEAKER_${id}`;
    }
  }
  for (const [id, name] of Object.entries(names)) if (name.trim() !== '') out[id] = name.trim();
  return out;
}

function displayNames(result: ProcessingResult, names: SpeakerMap): string[] {
  return [
    ...new Set(Object.values(effectiveSpeakerMap(result, names)).filter((name) => !unlabelled(name))),
  ].sort();
}

function countUtterances(result: ProcessingResult): number {
  let count = 0;
  for (const block of result.result?.dialog ?? []) count += block.texts.length;
  return count;
}

function randomId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export const SPEAKER_NAME_MAX = 100;

/** Reading the archive: what the search worker and the pages do (no writes). */
export class ArchiveReader {
  constructor(protected readonly kv: KeyValueStore) {}

  async catalog(): Promise<Catalog | null> {
    return (await this.kv.get<Catalog>(CATALOG_KEY)) ?? null;
  }

  async get(spaceId: number, audioId: number): Promise<ArchiveRecord | null> {
    return (await this.kv.get<ArchiveRecord>(recKey(recordKey(spaceId, audioId)))) ?? null;
  }

  async getByKey(key: string): Promise<ArchiveRecord | null> {
    return (await this.kv.get<ArchiveRecord>(recKey(key))) ?? null;
  }

  /** Speaker names given in the viewer for this recording (id → name); empty when none. */
  async speakerMap(spaceId: number, audioId: number): Promise<SpeakerMap> {
    return (await this.kv.get<SpeakerMap>(namesKey(recordKey(spaceId, audioId)))) ?? {};
  }
}

/** The background's archive: the one writer. */
export class Archive extends ArchiveReader {
  /** Runs writes one after another, so two read-modify-writes of the catalog never interleave. */
  readonly #serial = serialQueue();

  constructor(
    kv: KeyValueStore,
    private readonly options: { now?: () => number; changed?: (what: ArchiveChange) => void } = {},
  ) {
    super(kv);
  }

  #now(): number {
    return (this.options.now ?? Date.now)();
  }

  async #catalogFor(owner: string): Promise<Catalog> {
    const current = await this.catalog();
    if (current && current.owner === owner) return current;
    // Another account's archive (or none): nothing of it may remain.
    if (current) await this.#wipe();
    return { owner, generation: randomId(), entries: {} };
  }

  async #wipe(): Promise<void> {
    for (const key of await this.kv.keys()) await this.kv.del(key);
  }

  /**
   * Keeps a ready result: the one way a result enters the archive (a finished job's, one read in
   * the viewer, "Add all past meetings"), and the one place that announces it (`changed`).
   * Returns false (and keeps nothing) with no owner (signed out), for a result that is not
   * ready, or for one read as another service or account than the archive's owner (`readAs`).
   */
  keep(owner: string | null, record: KeptRecord): Promise<boolean> {
    const { result } = record;
    if (!owner || !isArchivable(result)) return Promise.resolve(false);
    if (record.readAs && record.readAs !== owner) return Promise.resolve(false);
    return this.#serial(async () => {
      const catalog = await this.#catalogFor(owner);
      const key = recordKey(record.spaceId, record.audioId);
      const before = catalog.entries[key];
      const names = await this.kv.get<SpeakerMap>(namesKey(key));
      const title = result.title || record.title || before?.title || '';
      const createdAt = record.createdAt ?? before?.createdAt ?? null;
      const stored: ArchiveRecord = {
        spaceId: record.spaceId,
        audioId: record.audioId,
        title,
        createdAt,
        result,
      };
      await this.kv.set(recKey(key), stored);
      // Sources linked from the result this one replaces are stale.
      if (before) await this.kv.del(sourcesKey(key));
      catalog.entries[key] = {
        spaceId: record.spaceId,
        audioId: record.audioId,
        title,
        createdAt,
        savedAt: this.#now(),
        rev: (before?.rev ?? 0) + 1,
        bytes: JSON.stringify(result).length,
        language: result.result?.language ?? null,
        utterances: countUtterances(result),
        speakers: displayNames(result, names ?? {}),
      };
      await this.kv.set(CATALOG_KEY, catalog);
      this.options.changed?.({ kind: 'put', key });
      return true;
    });
  }

  /** Whether this owner's archive holds the recording. */
  async has(owner: string, spaceId: number, audioId: number): Promise<boolean> {
    const catalog = await this.catalog();
    return Boolean(catalog && catalog.owner === owner && catalog.entries[recordKey(spaceId, audioId)]);
  }

  /** The record when it belongs to this owner's archive. */
  async getFor(owner: string, spaceId: number, audioId: number): Promise<ArchiveRecord | null> {
    if (!(await this.has(owner, spaceId, audioId))) return null;
    return this.get(spaceId, audioId);
  }

  /**
   * Names a speaker of one recording (an empty name gives the service's label back). Kept only
   * for a recording in this owner's archive; returns the names in force.
   */
  renameVoice(
    owner: string,
    spaceId: number,
    audioId: number,
    speakerId: string,
    name: string,
  ): Promise<SpeakerMap | null> {
    return this.#serial(async () => {
      const catalog = await this.catalog();
      const key = recordKey(spaceId, audioId);
      const entry = catalog?.owner === owner ? catalog.entries[key] : undefined;
      if (!catalog || !entry) return null;
      const names = { ...((await this.kv.get<SpeakerMap>(namesKey(key))) ?? {}) };
      const clean = name.replace(/\s+/g, ' ').trim().slice(0, SPEAKER_NAME_MAX);
      if (clean === '') delete names[speakerId];
      else names[speakerId] = clean;
      await this.kv.set(namesKey(key), names);
      // Sources linked with the names before are stale (a line may name the speaker just named).
      await this.kv.del(sourcesKey(key));
      const record = await this.getByKey(key);
      catalog.entries[key] = {
        ...entry,
        rev: entry.rev + 1,
        speakers: record ? displayNames(record.result, names) : entry.speakers,
      };
      await this.kv.set(CATALOG_KEY, catalog);
      this.options.changed?.({ kind: 'put', key });
      return names;
    });
  }

  /** The revision of a kept record (bumped by every change of it or its names); null: not kept. */
  async revision(spaceId: number, audioId: number): Promise<number | null> {
    return (await this.catalog())?.entries[recordKey(spaceId, audioId)]?.rev ?? null;
  }

  /**
   * The suggested sources kept for the record as it is now (its revision), unchecked: the caller
   * checks their shape (lib/grounding/sources.ts). Null: none kept, kept for an older revision, or
   * the archive is another owner's.
   */
  async sources(owner: string, spaceId: number, audioId: number): Promise<unknown> {
    const key = recordKey(spaceId, audioId);
    const [catalog, kept] = await Promise.all([this.catalog(), this.kv.get<KeptBeside>(sourcesKey(key))]);
    if (catalog?.owner !== owner) return null;
    const entry = catalog.entries[key];
    return entry && kept && kept.rev === entry.rev ? kept.value : null;
  }

  /**
   * Keeps the suggested sources of a record's protocol lines, linked from its revision `rev`: not
   * when the record has changed since (or left the archive, or belongs to another owner).
   */
  keepSources(
    owner: string,
    spaceId: number,
    audioId: number,
    rev: number,
    value: unknown,
  ): Promise<boolean> {
    return this.#serial(async () => {
      const catalog = await this.catalog();
      const key = recordKey(spaceId, audioId);
      if (catalog?.owner !== owner || catalog.entries[key]?.rev !== rev) return false;
      await this.kv.set(sourcesKey(key), { rev, value } satisfies KeptBeside);
      return true;
    });
  }

  /** Recordings and characters kept, per space. */
  async summary(owner: string): Promise<SpaceSummary[]> {
    const catalog = await this.catalog();
    if (!catalog || catalog.owner !== owner) return [];
    const bySpace = new Map<number, SpaceSummary>();
    for (const entry of Object.values(catalog.entries)) {
      const row = bySpace.get(entry.spaceId) ?? { spaceId: entry.spaceId, recordings: 0, bytes: 0 };
      row.recordings += 1;
      row.bytes += entry.bytes;
      bySpace.set(entry.spaceId, row);
    }
    return [...bySpace.values()].sort((a, b) => a.spaceId - b.spaceId);
  }

  /** Removes every recording of one space (and its speaker names). */
  clearSpace(spaceId: number): Promise<number> {
    return this.#serial(async () => {
      const catalog = await this.catalog();
      if (!catalog) return 0;
      let removed = 0;
      for (const [key, entry] of Object.entries(catalog.entries)) {
        if (entry.spaceId !== spaceId) continue;
        await this.kv.del(recKey(key));
        await this.kv.del(namesKey(key));
        await this.kv.del(sourcesKey(key));
        delete catalog.entries[key];
        removed += 1;
      }
      await this.kv.set(CATALOG_KEY, catalog);
      this.options.changed?.({ kind: 'clear-space', spaceId });
      return removed;
    });
  }

  /**
   * Removes recordings of one space (moved to the trash, or no longer listed by the service) with
   * their speaker names, when they belong to this owner's archive; announces them at once, so the
   * search index drops them. Returns how many were kept.
   */
  remove(owner: string, spaceId: number, audioIds: readonly number[]): Promise<number> {
    if (audioIds.length === 0) return Promise.resolve(0);
    return this.#serial(async () => {
      const catalog = await this.catalog();
      if (!catalog || catalog.owner !== owner) return 0;
      const keys = audioIds
        .map((audioId) => recordKey(spaceId, audioId))
        .filter((key) => catalog.entries[key]);
      if (keys.length === 0) return 0;
      // The catalog first: a reader never finds an entry whose record is gone.
      for (const key of keys) delete catalog.entries[key];
      await this.kv.set(CATALOG_KEY, catalog);
      for (const key of keys) {
        await this.kv.del(recKey(key));
        await this.kv.del(namesKey(key));
        await this.kv.del(sourcesKey(key));
      }
      this.options.changed?.({ kind: 'remove', keys });
      return keys.length;
    });
  }

  /**
   * After the service listed one page of a space's recordings (newest first, unfiltered): removes
   * the kept ones the listing shows are gone (`goneFromListing`). Returns how many.
   */
  async forgetUnlisted(owner: string, spaceId: number, listing: Listing): Promise<number> {
    const catalog = await this.catalog();
    if (!catalog || catalog.owner !== owner) return 0;
    const kept = Object.values(catalog.entries).filter((entry) => entry.spaceId === spaceId);
    return this.remove(owner, spaceId, goneFromListing(kept, listing));
  }

  /** Removes everything: records, names, the catalog and the search index (sign-out). */
  clear(): Promise<void> {
    return this.#serial(async () => {
      await this.#wipe();
      this.options.changed?.({ kind: 'clear' });
    });
  }
}

/** A result to keep, with what is known of its recording. */
export interface KeptRecord {
  spaceId: number;
  audioId: number;
  title?: string;
  createdAt?: number | null;
  result: ProcessingResult;
  /** The archive owner (`archiveOwner`) the result was read as, when known. */
  readAs?: string | null;
}

export type ArchiveChange =
  | { kind: 'put'; key: string }
  | { kind: 'remove'; keys: string[] }
  | { kind: 'clear-space'; spaceId: number }
  | { kind: 'clear' };

/** The owner of an archive: the service and the account. */
export function archiveOwner(serviceUrl: string, email: string): string {
  return `${serviceUrl} ${email.toLowerCase()}`;
}

/** One page of a space's recordings as the service listed it: newest first, no search filter. */
export interface Listing {
  offset: number;
  /** Recordings in the whole list (the service's `count`). */
  count: number;
  results: ReadonlyArray<{ id: number; created_at: string }>;
}

/**
 * The kept recordings (of the listed space) that the service no longer lists: those absent from
 * the page whose date falls within the span the page covers (newest first: the first page covers
 * everything newer than its last, the last page everything older than its first), dates equal to a
 * page's bound excepted (they may be on the next page). One with no known date goes only when the
 * page is the whole list. Returns their recording ids.
 */
export function goneFromListing(kept: readonly CatalogEntry[], listing: Listing): number[] {
  const listed = new Set(listing.results.map((recording) => recording.id));
  const first = listing.offset === 0;
  const last = listing.offset + listing.results.length >= listing.count;
  const dates = listing.results.map((recording) => Date.parse(recording.created_at)).filter(Number.isFinite);
  // A page that says nothing about dates (none readable, or empty but not the whole list) removes nothing.
  if (!(first && last) && dates.length === 0) return [];
  const newest = dates.length > 0 ? Math.max(...dates) : Number.POSITIVE_INFINITY;
  const oldest = dates.length > 0 ? Math.min(...dates) : Number.NEGATIVE_INFINITY;
  return kept
    .filter((entry) => {
      if (listed.has(entry.audioId)) return false;
      if (entry.createdAt === null || !Number.isFinite(entry.createdAt)) return first && last;
      return (first || entry.createdAt < newest) && (last || entry.createdAt > oldest);
    })
    .map((entry) => entry.audioId);
}
