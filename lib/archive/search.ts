/**
 * What a search of the archive answers (the shapes the worker sends the pages,
 * lib/archive/worker-protocol.ts), and a record prepared for indexing and for its hits. The index
 * itself is SQLite FTS5 (lib/archive/fts.ts); the hits are read back from the records
 * (lib/archive/hits.ts).
 *
 * A passage of the index is a run of up to `CHUNK_UTTERANCES` utterances of one topic block: far
 * fewer passages than utterances keeps the index small (500 hours of meetings are about 720,000
 * utterances), and the utterances that match are found afterwards in the stored record.
 */

import type { ProcessingResult } from '@/lib/api/schemas';
import type { NormalizedDialog } from '@/lib/api/units';
import { normalizeDialog } from '@/lib/api/units';
import type { ArchiveRecord, SpeakerMap } from './store';
import { effectiveSpeakerMap } from './store';

export const CHUNK_UTTERANCES = 20;

export interface SearchFilters {
  spaceIds?: number[];
  /** A speaker's display name (any case). */
  speaker?: string;
  /** Recording date range in ms, inclusive. */
  from?: number;
  to?: number;
  /** One meeting only, by its archive key (`<space>:<audio>`): a question asked in the viewer. */
  meeting?: string;
}

/** `[offset, length]` of a matched word. */
export type Range = [number, number];

export interface UtteranceHit {
  block: number;
  utterance: number;
  header: string;
  headerRanges: Range[];
  /** The speaker's name (given locally, else the service's; a label such as SPEAKER_03 as it is). */
  speaker: string;
  /** Seconds from the start. */
  start: number;
  text: string;
  ranges: Range[];
}

export interface MeetingHits {
  key: string;
  spaceId: number;
  audioId: number;
  title: string;
  createdAt: number | null;
  hits: UtteranceHit[];
  /** Matching utterances beyond those in `hits` (a passage not read counts as one). */
  more: number;
}

export interface SearchOutcome {
  meetings: MeetingHits[];
  /** Meetings with a match beyond those in `meetings`. */
  moreMeetings: number;
}

export interface SearchLimits {
  meetings?: number;
  hitsPerMeeting?: number;
}

/** Reads a record (and its speaker names) for the index and for the hits. */
export type RecordSource = (key: string) => Promise<{ record: ArchiveRecord; names: SpeakerMap } | null>;

export interface PreparedRecord {
  dialog: NormalizedDialog;
  names: SpeakerMap;
}

const prepared = new WeakMap<ArchiveRecord, { names: SpeakerMap; prepared: PreparedRecord }>();

/** A record's transcript with times in seconds and the speaker names in force (remembered per record). */
export function prepare(record: ArchiveRecord, names: SpeakerMap): PreparedRecord {
  const known = prepared.get(record);
  if (known && known.names === names) return known.prepared;
  const fresh = {
    dialog: normalizeDialog(record.result),
    names: effectiveSpeakerMap(record.result, names),
  };
  prepared.set(record, { names, prepared: fresh });
  return fresh;
}

/**
 * What the hits of a search and the answers to questions need of a record, for keeping between
 * searches: its transcript prepared and its protocol (a few kB, which a question reads:
 * lib/grounding/archive-ask.ts), without the stored result (its timeline and raw arrays), so a
 * record kept takes about half the memory. `prepare` gives the kept transcript back for it.
 */
export function forHits(loaded: { record: ArchiveRecord; names: SpeakerMap }): {
  record: ArchiveRecord;
  names: SpeakerMap;
} {
  const full = prepare(loaded.record, loaded.names);
  const { spaceId, audioId, title, createdAt } = loaded.record;
  // The stored result is not kept: `prepare` answers from the memo below, never reading it.
  const record: ArchiveRecord = { spaceId, audioId, title, createdAt, result: {} as ProcessingResult };
  const dialog: NormalizedDialog = { ...full.dialog, timeline: {} };
  prepared.set(record, { names: loaded.names, prepared: { dialog, names: full.names } });
  return { record, names: loaded.names };
}
