/**
 * The search index before SQLite (MiniSearch, in memory, saved as JSON shards), kept as the
 * baseline of scripts/bench-search.ts, which runs it beside lib/archive/fts.ts on the same archive.
 * The extension no longer ships it.
 *
 * Full-text search across the archive (MiniSearch): prefix and typo-tolerant matching on
 * Snowball stems (lib/archive/text.ts), filters by space, speaker and date, hits grouped by
 * meeting down to the utterance, with the matched words' offsets for highlighting.
 *
 * A document of the index is a run of up to `CHUNK_UTTERANCES` utterances of one topic block:
 * far fewer documents than utterances keeps the index small (500 hours of meetings are about
 * 720,000 utterances), and the utterances that match are found afterwards in the stored record,
 * by the index terms the document matched.
 *
 * The index grows one record at a time (`addRecord`), so a page can search it while it grows,
 * and is kept between visits in shards of JSON (`serializeManifest`, `takeDirtyShards`,
 * `MeetingIndex.fromManifest` + `loadShards`) with the revision of every record it holds, so
 * only new or changed records are read again and only changed shards are written.
 */
import MiniSearch, { type SearchResult } from 'minisearch';
import {
  CHUNK_UTTERANCES,
  type MeetingHits,
  type PreparedRecord,
  prepare,
  type Range,
  type RecordSource,
  type SearchFilters,
  type SearchLimits,
  type SearchOutcome,
  type UtteranceHit,
} from '../lib/archive/search';
import type { Catalog, CatalogEntry } from '../lib/archive/store';
import { processTerm, tokenize, words } from '../lib/archive/text';

const INDEX_VERSION = 2;

interface IndexedChunk {
  id: string;
  key: string;
  spaceId: number;
  block: number;
  from: number;
  date: number | null;
  /** Lower-cased display names of the chunk's speakers. */
  speakers: string[];
  header: string;
  text: string;
}

const MINI_OPTIONS = {
  fields: ['header', 'text'],
  storeFields: ['key', 'spaceId', 'block', 'from', 'date', 'speakers'],
  tokenize: (text: string) => tokenize(text),
  processTerm: (term: string) => processTerm(term),
  searchOptions: {
    boost: { header: 1.5 },
    // Prefix matching from three letters, one typo from four, two from eight.
    prefix: (term: string) => term.length >= 3,
    fuzzy: (term: string) => (term.length >= 8 ? 2 : term.length >= 4 ? 1 : false),
  },
};

interface Manifest {
  version: number;
  generation: string;
  revs: Record<string, number>;
  chunks: Record<string, string[]>;
  shardOf: Record<string, number>;
  shards: number;
}

function chunksOf(entry: CatalogEntry, key: string, prepared: PreparedRecord): IndexedChunk[] {
  const out: IndexedChunk[] = [];
  prepared.dialog.blocks.forEach((block, b) => {
    for (let from = 0; from < Math.max(block.utterances.length, 1); from += CHUNK_UTTERANCES) {
      const slice = block.utterances.slice(from, from + CHUNK_UTTERANCES);
      if (slice.length === 0 && block.header.trim() === '') continue;
      out.push({
        id: `${key}|${b}|${from}`,
        key,
        spaceId: entry.spaceId,
        block: b,
        from,
        date: entry.createdAt,
        speakers: [...new Set(slice.map((u) => (prepared.names[u.speakerId] ?? u.speaker).toLowerCase()))],
        header: block.header,
        text: slice.map((u) => u.text).join('\n'),
      });
    }
  });
  return out;
}

/** Offsets of the words of `text` whose index term is one of `terms`. */
export function matchedRanges(text: string, terms: ReadonlySet<string>): Range[] {
  const ranges: Range[] = [];
  if (terms.size === 0) return ranges;
  for (const word of words(text)) {
    const term = processTerm(word.text);
    if (term !== null && terms.has(term)) ranges.push([word.offset, word.text.length]);
  }
  return ranges;
}

/** Lower case, single spaces: how a phrase is compared with what was said. */
function flat(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Records per shard of the index: a shard is saved and loaded as one piece. */
export const SHARD_RECORDS = 100;

interface Shard {
  mini: MiniSearch<IndexedChunk>;
  keys: Set<string>;
  /** Changed since it was last saved. */
  dirty: boolean;
  loaded: boolean;
}

const newShard = (): Shard => ({
  mini: new MiniSearch<IndexedChunk>(MINI_OPTIONS),
  keys: new Set(),
  dirty: true,
  loaded: true,
});

/**
 * The index in shards of `SHARD_RECORDS` records: adding or removing a record re-saves one
 * shard, not the whole index, and a saved index is loaded shard by shard (searchable after
 * each), so a page answers before a large archive's index is all in memory.
 */
export class MeetingIndex {
  #shards: Shard[] = [];
  #shardOf: Record<string, number> = {};
  #revs: Record<string, number> = {};
  #chunks: Record<string, string[]> = {};
  readonly generation: string;

  private constructor(generation: string) {
    this.generation = generation;
  }

  static empty(generation: string): MeetingIndex {
    return new MeetingIndex(generation);
  }

  /**
   * A saved index from its manifest (`serializeManifest`), its shards not loaded yet (see
   * `loadShards`); null when it is of another archive generation or format.
   */
  static fromManifest(json: string, generation: string): MeetingIndex | null {
    try {
      const manifest = JSON.parse(json) as Manifest;
      if (manifest.version !== INDEX_VERSION || manifest.generation !== generation) return null;
      const index = new MeetingIndex(generation);
      index.#revs = manifest.revs;
      index.#chunks = manifest.chunks;
      index.#shardOf = manifest.shardOf;
      index.#shards = Array.from({ length: manifest.shards }, () => ({
        ...newShard(),
        dirty: false,
        loaded: false,
      }));
      for (const [key, shard] of Object.entries(manifest.shardOf)) index.#shards[shard]?.keys.add(key);
      return index;
    } catch {
      return null;
    }
  }

  /**
   * Loads the shards one after another (`read` gives a shard's saved text); a shard that cannot
   * be read loses its records, which the next `plan` indexes again.
   */
  async loadShards(read: (shard: number) => Promise<string | undefined>, loaded?: () => void): Promise<void> {
    for (const [number, shard] of this.#shards.entries()) {
      if (shard.loaded) continue;
      let mini: MiniSearch<IndexedChunk> | null = null;
      try {
        const json = await read(number);
        if (typeof json === 'string') mini = MiniSearch.loadJSON<IndexedChunk>(json, MINI_OPTIONS);
      } catch {
        mini = null;
      }
      if (mini) shard.mini = mini;
      else {
        for (const key of shard.keys) this.#forget(key);
        shard.keys.clear();
        shard.dirty = true;
      }
      shard.loaded = true;
      loaded?.();
    }
  }

  /** Loads a whole saved index at once (tests, the benchmark). */
  static async load(
    manifest: string,
    generation: string,
    read: (shard: number) => Promise<string | undefined>,
  ): Promise<MeetingIndex | null> {
    const index = MeetingIndex.fromManifest(manifest, generation);
    await index?.loadShards(read);
    return index;
  }

  /** What a saved index keeps besides its shards: the records, their revisions and places. */
  serializeManifest(): string {
    const manifest: Manifest = {
      version: INDEX_VERSION,
      generation: this.generation,
      revs: this.#revs,
      chunks: this.#chunks,
      shardOf: this.#shardOf,
      shards: this.#shards.length,
    };
    return JSON.stringify(manifest);
  }

  /** The shards changed since they were saved, as text; they count as saved afterwards. */
  takeDirtyShards(): Array<[number, string]> {
    const out: Array<[number, string]> = [];
    for (const [number, shard] of this.#shards.entries()) {
      if (!shard.dirty || !shard.loaded) continue;
      out.push([number, JSON.stringify(shard.mini)]);
      shard.dirty = false;
    }
    return out;
  }

  /** Records searchable now (in loaded shards). */
  get size(): number {
    let count = 0;
    for (const shard of this.#shards) if (shard.loaded) count += shard.keys.size;
    return count;
  }

  has(key: string): boolean {
    return key in this.#revs;
  }

  /** What to do to match the catalog: records to (re)index, newest first, and keys to drop. */
  plan(catalog: Catalog): { add: string[]; remove: string[] } {
    const add = Object.entries(catalog.entries)
      .filter(([key, entry]) => this.#revs[key] !== entry.rev)
      .sort(([, a], [, b]) => (b.createdAt ?? b.savedAt) - (a.createdAt ?? a.savedAt))
      .map(([key]) => key);
    const remove = Object.keys(this.#revs).filter((key) => !(key in catalog.entries));
    return { add, remove };
  }

  addRecord(key: string, entry: CatalogEntry, prepared: PreparedRecord): void {
    this.removeRecord(key);
    let number = this.#shards.findIndex((shard) => shard.loaded && shard.keys.size < SHARD_RECORDS);
    if (number === -1) {
      this.#shards.push(newShard());
      number = this.#shards.length - 1;
    }
    const shard = this.#shards[number]!;
    const chunks = chunksOf(entry, key, prepared);
    shard.mini.addAll(chunks);
    shard.keys.add(key);
    shard.dirty = true;
    this.#shardOf[key] = number;
    this.#chunks[key] = chunks.map((chunk) => chunk.id);
    this.#revs[key] = entry.rev;
  }

  removeRecord(key: string): void {
    const shard = this.#shards[this.#shardOf[key] ?? -1];
    const ids = this.#chunks[key];
    if (shard?.loaded && ids) {
      shard.mini.discardAll(ids);
      shard.keys.delete(key);
      shard.dirty = true;
    }
    this.#forget(key);
  }

  #forget(key: string): void {
    delete this.#chunks[key];
    delete this.#revs[key];
    delete this.#shardOf[key];
  }

  #search(query: string, options: Parameters<MiniSearch['search']>[1]): SearchResult[] {
    const all: SearchResult[] = [];
    for (const shard of this.#shards) if (shard.loaded) all.push(...shard.mini.search(query, options));
    return all.sort((a, b) => b.score - a.score);
  }

  /** The matching chunks, best first (no record is read). */
  rawSearch(query: string, filters: SearchFilters = {}): SearchResult[] {
    const spaces = filters.spaceIds && filters.spaceIds.length > 0 ? new Set(filters.spaceIds) : null;
    const speaker = filters.speaker?.trim().toLowerCase() || null;
    const filter = (result: SearchResult) => {
      if (spaces && !spaces.has(result.spaceId as number)) return false;
      if (speaker && !(result.speakers as string[]).includes(speaker)) return false;
      const date = result.date as number | null;
      if (filters.from !== undefined && (date === null || date < filters.from)) return false;
      if (filters.to !== undefined && (date === null || date > filters.to)) return false;
      return true;
    };
    const all = this.#search(query, { combineWith: 'AND', filter });
    if (all.length > 0 || tokenize(query).length < 2) return all;
    // No chunk holds every word: the chunks with most of them.
    return this.#search(query, { combineWith: 'OR', filter });
  }

  /**
   * Hits grouped by meeting, best meeting first, each down to the utterances that hold the
   * matched words (read from `source`).
   */
  async search(
    query: string,
    filters: SearchFilters,
    source: RecordSource,
    limits: SearchLimits = {},
  ): Promise<SearchOutcome> {
    const maxMeetings = limits.meetings ?? 20;
    const perMeeting = limits.hitsPerMeeting ?? 5;
    const results = this.rawSearch(query, filters);
    const byKey = new Map<string, SearchResult[]>();
    for (const result of results) {
      const key = result.key as string;
      const list = byKey.get(key) ?? [];
      list.push(result);
      byKey.set(key, list);
    }
    const speaker = filters.speaker?.trim().toLowerCase() || null;
    // A query of several words found as written (a pasted phrase) comes first.
    const phrase = tokenize(query).length >= 2 ? flat(query) : null;
    const meetings: Array<MeetingHits & { exact: boolean }> = [];
    let moreMeetings = 0;
    for (const [key, chunks] of byKey) {
      if (meetings.length >= maxMeetings) {
        moreMeetings += 1;
        continue;
      }
      const loaded = await source(key);
      if (!loaded) continue;
      const prepared = prepare(loaded.record, loaded.names);
      const hits: Array<UtteranceHit & { weight: number; order: number }> = [];
      // The best passages are enough to pick the hits shown (those holding the phrase first);
      // the others are only counted.
      const holding = phrase
        ? chunks.filter((chunk) => {
            const block = prepared.dialog.blocks[chunk.block as number];
            const from = chunk.from as number;
            return block?.utterances
              .slice(from, from + CHUNK_UTTERANCES)
              .some((u) => flat(u.text).includes(phrase));
          })
        : [];
      const read = [...new Set([...holding, ...chunks])].slice(0, perMeeting * 3);
      let exact = false;
      for (const chunk of read) {
        const terms = new Set(chunk.terms);
        const block = prepared.dialog.blocks[chunk.block as number];
        if (!block) continue;
        const headerRanges = matchedRanges(block.header, terms);
        const from = chunk.from as number;
        const slice = block.utterances.slice(from, from + CHUNK_UTTERANCES);
        let found = 0;
        slice.forEach((u, i) => {
          const name = prepared.names[u.speakerId] ?? u.speaker;
          if (speaker && name.toLowerCase() !== speaker) return;
          const ranges = matchedRanges(u.text, terms);
          if (ranges.length === 0) return;
          found += 1;
          const distinct = new Set(
            ranges.map(([offset, length]) => processTerm(u.text.slice(offset, offset + length))),
          );
          const asWritten = phrase !== null && flat(u.text).includes(phrase);
          if (asWritten) exact = true;

          hits.push({
            block: chunk.block as number,
            utterance: from + i,
            header: block.header,
            headerRanges,
            speaker: name,
            start: u.start,
            text: u.text,
            ranges,
            weight: (asWritten ? 1_000_000 : 0) + distinct.size * 1000 + chunk.score,
            order: (chunk.block as number) * 1_000_000 + from + i,
          });
        });
        if (found === 0 && headerRanges.length > 0 && slice[0] && !speaker) {
          // Only the topic header matched: its first utterance stands for it.
          const u = slice[0];
          hits.push({
            block: chunk.block as number,
            utterance: from,
            header: block.header,
            headerRanges,
            speaker: prepared.names[u.speakerId] ?? u.speaker,
            start: u.start,
            text: u.text,
            ranges: [],
            weight: chunk.score,
            order: (chunk.block as number) * 1_000_000 + from,
          });
        }
      }
      if (hits.length === 0) continue;
      hits.sort((a, b) => b.weight - a.weight || a.order - b.order);
      const shown = hits.slice(0, perMeeting).sort((a, b) => a.order - b.order);
      meetings.push({
        exact,
        key,
        spaceId: loaded.record.spaceId,
        audioId: loaded.record.audioId,
        title: loaded.record.title,
        createdAt: loaded.record.createdAt,
        hits: shown.map(({ weight: _w, order: _o, ...hit }) => hit),
        more: hits.length - shown.length + (chunks.length - read.length),
      });
    }
    // Stable: meetings holding the phrase as written first, each group in the index's order.
    const ordered = [...meetings.filter((m) => m.exact), ...meetings.filter((m) => !m.exact)];
    return { meetings: ordered.map(({ exact: _exact, ...meeting }) => meeting), moreMeetings };
  }
}
