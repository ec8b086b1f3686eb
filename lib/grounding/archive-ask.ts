/**
 * A question asked of the meetings kept in this browser: the search index (lib/archive/fts.ts)
 * finds the candidate meetings, any of the question's words in their passages, within the scope
 * (filters: spaces, a person, a date range; or one meeting), and ask.ts ranks them and their
 * utterances. Runs where the index is (the search worker): it reads the candidates' records
 * through the same `RecordSource` as the search, and keeps the meetings it made ready in an
 * `AskCache`, so a question asked again (or the next one, about the same meetings) reads nothing.
 */
import type { FtsIndex } from '@/lib/archive/fts';
import { type PreparedRecord, prepare, type RecordSource, type SearchFilters } from '@/lib/archive/search';
import type { ArchiveRecord } from '@/lib/archive/store';
import {
  type AskCandidate,
  type AskMeeting,
  type AskParams,
  answer,
  askMeeting,
  DEFAULT_ASK,
  indexQuery,
} from './ask';

/** Candidate meetings the index gives a question, at most. */
export const ASK_CANDIDATES = 30;

/** Where a question is asked. */
export interface AskScope {
  /** Spaces, a person (a speaker's name), a date range: the search's own filters. */
  filters?: SearchFilters;
  /** One meeting only (its archive key): the index is not asked. */
  meeting?: string;
}

/** One cited utterance, as a page shows it. */
export interface AskHit {
  block: number;
  utterance: number;
  speaker: string;
  /** Seconds from the start. */
  start: number;
  text: string;
  score: number;
}

export interface AskMeetingHits {
  key: string;
  spaceId: number;
  audioId: number;
  title: string;
  createdAt: number | null;
  score: number;
  hits: AskHit[];
}

export interface AskOutcome {
  /** Best first, at most five; empty for "nothing found". */
  meetings: AskMeetingHits[];
  /**
   * `no-words`: the question holds nothing to look for (only question words and common words,
   * "what did they say?"): not asked of the index, and the page says so rather than "nothing found".
   */
  reason?: 'no-words';
}

/** What a question needs of a meeting it may cite: the meeting made ready, its transcript and names, what a page shows of it. */
interface Ready {
  meeting: AskMeeting;
  prepared: PreparedRecord;
  record: Pick<ArchiveRecord, 'spaceId' | 'audioId' | 'title' | 'createdAt'>;
}

/**
 * The meetings made ready for questions, the last used kept (a bounded cache). A kept meeting
 * stands while its record and names are the same objects, or, given `stamp` (the search worker's
 * catalog revision of a record, which a new result or a rename changes), while its stamp is the
 * same: then a question about meetings asked before reads none of their records again.
 */
export class AskCache {
  readonly #kept = new Map<string, { a: unknown; b: unknown; ready: Ready }>();
  constructor(
    readonly limit = 32,
    readonly stamp?: (key: string) => unknown,
  ) {}

  /** The meeting kept under these marks, or undefined (it becomes the most recently used). */
  find(key: string, a: unknown, b: unknown): Ready | undefined {
    const known = this.#kept.get(key);
    if (!known || known.a !== a || known.b !== b) return undefined;
    this.#kept.delete(key);
    this.#kept.set(key, known);
    return known.ready;
  }

  keep(key: string, a: unknown, b: unknown, ready: Ready): void {
    this.#kept.delete(key);
    this.#kept.set(key, { a, b, ready });
    while (this.#kept.size > this.limit) {
      const oldest = this.#kept.keys().next().value;
      if (oldest === undefined) break;
      this.#kept.delete(oldest);
    }
  }

  /** The meeting made ready for this record and names, made by `make` when not kept. */
  get(key: string, record: unknown, names: unknown, make: () => AskMeeting): AskMeeting {
    const known = this.find(key, record, names);
    if (known) return known.meeting;
    const meeting = make();
    this.keep(key, record, names, { meeting } as Ready);
    return meeting;
  }

  clear(): void {
    this.#kept.clear();
  }
}

/** A candidate meeting made ready: from the cache by its stamp, or read and made now. */
async function readyFor(key: string, source: RecordSource, cache: AskCache): Promise<Ready | null> {
  const stamp = cache.stamp?.(key);
  if (stamp !== undefined) {
    const kept = cache.find(key, stamp, null);
    if (kept) return kept;
  }
  const loaded = await source(key).catch(() => null);
  if (!loaded) return null;
  if (stamp === undefined) {
    const kept = cache.find(key, loaded.record, loaded.names);
    if (kept) return kept;
  }
  const prepared = prepare(loaded.record, loaded.names);
  const protocol = prepared.dialog.protocol || loaded.record.result?.result?.protocol || '';
  const { spaceId, audioId, title, createdAt } = loaded.record;
  const ready: Ready = {
    meeting: askMeeting({ blocks: prepared.dialog.blocks, names: prepared.names }, protocol),
    prepared,
    record: { spaceId, audioId, title, createdAt },
  };
  if (stamp === undefined) cache.keep(key, loaded.record, loaded.names, ready);
  else cache.keep(key, stamp, null, ready);
  return ready;
}

/** Answers a question from the archive (module comment). */
export async function askArchive(
  question: string,
  index: FtsIndex,
  source: RecordSource,
  scope: AskScope = {},
  cache: AskCache = new AskCache(),
  params: AskParams = DEFAULT_ASK,
): Promise<AskOutcome> {
  const query = indexQuery(question);
  if (query === '') return { meetings: [], reason: 'no-words' };
  let found: Array<[string, Array<{ block: number; from: number; score: number }>]>;
  const words = index.expand(query);
  if (scope.meeting !== undefined) {
    // One meeting: its passages holding the question's words (none: its protocol may still answer).
    const filters = { ...scope.filters, meeting: scope.meeting };
    found = [[scope.meeting, index.rawSearch(words, filters, 1, true).groups.get(scope.meeting) ?? []]];
  } else found = [...index.rawSearch(words, scope.filters ?? {}, ASK_CANDIDATES, true).groups.entries()];
  const loaded = await Promise.all(found.map(([key]) => readyFor(key, source, cache)));
  const candidates: AskCandidate[] = [];
  const readies = new Map<string, Ready>();
  // A question about a person cites that person's turns.
  const person = scope.filters?.speaker?.trim().toLowerCase();
  found.forEach(([key, passages], i) => {
    const ready = loaded[i];
    if (!ready) return;
    readies.set(key, ready);
    const { names } = ready.prepared;
    const speakers = person
      ? new Set(Object.keys(names).filter((id) => names[id]?.trim().toLowerCase() === person))
      : undefined;
    candidates.push({ key, meeting: ready.meeting, passages, speakers });
  });
  const passages = index.passages;
  const rarity = (stem: string) => {
    const df = index.passagesWith(stem);
    return df === 0 ? 0 : Math.log(1 + (passages - df + 0.5) / (df + 0.5));
  };
  const answers = answer(question, candidates, params, rarity);
  return {
    meetings: answers.flatMap((found) => {
      const ready = readies.get(found.key);
      if (!ready) return [];
      const { prepared, record } = ready;
      return [
        {
          key: found.key,
          spaceId: record.spaceId,
          audioId: record.audioId,
          title: record.title,
          createdAt: record.createdAt,
          score: found.score,
          hits: found.utterances.flatMap((cited) => {
            const utterance = prepared.dialog.blocks[cited.block]?.utterances[cited.utterance];
            if (!utterance) return [];
            return [
              {
                block: cited.block,
                utterance: cited.utterance,
                speaker: prepared.names[utterance.speakerId] ?? utterance.speaker,
                start: utterance.start,
                text: utterance.text,
                score: cited.score,
              },
            ];
          }),
        },
      ];
    }),
  };
}
