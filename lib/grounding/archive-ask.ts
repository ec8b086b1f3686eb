/**
 * A question asked of the meetings kept in this browser: the search index (lib/archive/fts.ts)
 * finds the candidate meetings, any of the question's words in their passages, within the scope
 * (filters: spaces, a person, a date range; or one meeting), and ask.ts ranks them and their
 * utterances. Runs where the index is (the search worker): it reads the candidates' records
 * through the same `RecordSource` as the search, and keeps the meetings it made ready in an
 * `AskCache`, so a question asked again (or the next one, about the same meetings) reads nothing.
 */
import type { FtsIndex } from '@/lib/archive/fts';
import { prepare, type RecordSource, type SearchFilters } from '@/lib/archive/search';
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

/** The meetings made ready for questions, the last used kept (a bounded cache). */
export class AskCache {
  readonly #kept = new Map<string, { names: unknown; record: unknown; meeting: AskMeeting }>();
  constructor(readonly limit = 32) {}

  get(key: string, record: unknown, names: unknown, make: () => AskMeeting): AskMeeting {
    const known = this.#kept.get(key);
    if (known && known.record === record && known.names === names) {
      this.#kept.delete(key);
      this.#kept.set(key, known);
      return known.meeting;
    }
    const meeting = make();
    this.#kept.delete(key);
    this.#kept.set(key, { names, record, meeting });
    while (this.#kept.size > this.limit) {
      const oldest = this.#kept.keys().next().value;
      if (oldest === undefined) break;
      this.#kept.delete(oldest);
    }
    return meeting;
  }

  clear(): void {
    this.#kept.clear();
  }
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
  const loaded = await Promise.all(found.map(([key]) => source(key).catch(() => null)));
  const candidates: AskCandidate[] = [];
  const records = new Map<string, NonNullable<(typeof loaded)[number]>>();
  found.forEach(([key, passages], i) => {
    const record = loaded[i];
    if (!record) return;
    const prepared = prepare(record.record, record.names);
    const protocol = prepared.dialog.protocol || record.record.result?.result?.protocol || '';
    const meeting = cache.get(key, record.record, record.names, () =>
      askMeeting({ blocks: prepared.dialog.blocks, names: prepared.names }, protocol),
    );
    records.set(key, record);
    // A question about a person cites that person's turns.
    const person = scope.filters?.speaker?.trim().toLowerCase();
    const speakers = person
      ? new Set(
          Object.keys(prepared.names).filter((id) => prepared.names[id]?.trim().toLowerCase() === person),
        )
      : undefined;
    candidates.push({ key, meeting, passages, speakers });
  });
  const passages = index.passages;
  const rarity = (stem: string) => {
    const df = index.passagesWith(stem);
    return df === 0 ? 0 : Math.log(1 + (passages - df + 0.5) / (df + 0.5));
  };
  const answers = answer(question, candidates, params, rarity);
  return {
    meetings: answers.flatMap((found) => {
      const record = records.get(found.key);
      if (!record) return [];
      const prepared = prepare(record.record, record.names);
      return [
        {
          key: found.key,
          spaceId: record.record.spaceId,
          audioId: record.record.audioId,
          title: record.record.title,
          createdAt: record.record.createdAt,
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
