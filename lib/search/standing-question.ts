/**
 * The question on screen follows the index: the page's rule for asking a search engine that
 * answers from an index which loads and grows (today SQLite FTS5 in a worker, lib/archive; the rule
 * does not depend on the engine).
 *
 * - Whenever the question changes (words or filters), or the index the engine answers from
 *   changes (a saved index or a shard loaded, meetings added or removed, a space cleared, the
 *   archive wiped: the engine reports a higher `version`), the question on screen is asked again.
 * - At most one search is in flight, and at most one waits: the latest question. A change during
 *   a search is never dropped; five changes during one search still give one more search.
 * - A re-ask caused only by the index is throttled: not before `throttleMs` after the previous
 *   search was sent, nor before as long after its answer as that search took (so re-asks while a
 *   large index grows leave the engine at least half its time to index). A new question is sent
 *   as soon as nothing is in flight.
 * - An answer to an older question (or older filters) is never shown over a newer one.
 *
 * Pure logic (timers injected), tested in Node: lib/search/standing-question.test.ts.
 */

/** What the engine reports about its index with every progress message and answer. */
export interface IndexState {
  /** Bumped by the engine on every change of what it answers from, its completion included. */
  version: number;
  /** The whole archive is in the index, loaded, and nothing is waiting to be indexed. */
  complete: boolean;
  /** Meetings searchable now, and meetings in the archive. */
  indexed: number;
  total: number;
}

export interface StandingQuestionOptions<Q> {
  /** Sends a question to the engine; its answer comes back through `answered(id, ...)`. */
  send: (id: number, question: Q) => void;
  /** Least time between two searches sent because the index changed (default 300 ms). */
  throttleMs?: number;
  now?: () => number;
  schedule?: (run: () => void, ms: number) => () => void;
}

export const INDEX_RERUN_THROTTLE_MS = 300;

export class StandingQuestion<Q> {
  readonly #send: (id: number, question: Q) => void;
  readonly #throttleMs: number;
  readonly #now: () => number;
  readonly #schedule: (run: () => void, ms: number) => () => void;
  /** The question on screen (null: the field is empty) and its number. */
  #question: Q | null = null;
  #questionSeq = 0;
  /** The newest index version the engine reported. */
  #seenVersion = -1;
  #lastId = 0;
  #inFlight: { id: number; seq: number } | null = null;
  /** The question and index version the answer on screen is for. */
  #answered: { seq: number; version: number } | null = null;
  #lastSentAt = Number.NEGATIVE_INFINITY;
  /** When the last search ended, and how long it took. */
  #lastEndedAt = Number.NEGATIVE_INFINITY;
  #lastTook = 0;
  #cancelTimer: (() => void) | null = null;
  #disposed = false;

  constructor(options: StandingQuestionOptions<Q>) {
    this.#send = options.send;
    this.#throttleMs = options.throttleMs ?? INDEX_RERUN_THROTTLE_MS;
    this.#now = options.now ?? Date.now;
    this.#schedule =
      options.schedule ??
      ((run, ms) => {
        const timer = setTimeout(run, ms);
        return () => clearTimeout(timer);
      });
  }

  /** The question on screen changed (null when there is none: nothing is asked). */
  ask(question: Q | null): void {
    this.#questionSeq += 1;
    this.#question = question;
    this.#answered = null;
    this.#pump();
  }

  /** The engine reported its index (a progress message); an older or equal version changes nothing. */
  indexChanged(version: number): void {
    if (version <= this.#seenVersion) return;
    this.#seenVersion = version;
    this.#pump();
  }

  /**
   * An answer came, computed from index `version`. Returns whether it answers the question on
   * screen (show it); an answer to an older question, or to an id not in flight, is ignored.
   */
  answered(id: number, version: number): boolean {
    const flight = this.#inFlight;
    if (!flight || flight.id !== id) return false;
    this.#ended();
    if (version > this.#seenVersion) this.#seenVersion = version;
    const current = flight.seq === this.#questionSeq && this.#question !== null;
    if (current) this.#answered = { seq: flight.seq, version };
    this.#pump();
    return current;
  }

  /** Whether `id` is the search in flight for the question on screen (its early list may show). */
  current(id: number): boolean {
    const flight = this.#inFlight;
    return flight !== null && flight.id === id && flight.seq === this.#questionSeq && this.#question !== null;
  }

  /**
   * A search failed. Returns whether it was the question on screen's (show the error); it is not
   * asked again until the question or the index changes.
   */
  failed(id: number): boolean {
    const flight = this.#inFlight;
    if (!flight || flight.id !== id) return false;
    this.#ended();
    const current = flight.seq === this.#questionSeq && this.#question !== null;
    if (current) this.#answered = { seq: flight.seq, version: this.#seenVersion };
    this.#pump();
    return current;
  }

  /** Whether a search is in flight (for tests and the status line). */
  get searching(): boolean {
    return this.#inFlight !== null;
  }

  dispose(): void {
    this.#disposed = true;
    this.#cancelTimer?.();
    this.#cancelTimer = null;
  }

  #pump(): void {
    if (this.#disposed || this.#inFlight || this.#question === null) {
      if (this.#question === null) this.#clearTimer();
      return;
    }
    const answered = this.#answered;
    if (answered && answered.seq === this.#questionSeq) {
      if (answered.version >= this.#seenVersion) return;
      // Only the index changed: throttled, never dropped.
      const wait =
        Math.max(this.#lastSentAt + this.#throttleMs, this.#lastEndedAt + this.#lastTook) - this.#now();
      if (wait > 0) {
        this.#cancelTimer ??= this.#schedule(() => {
          this.#cancelTimer = null;
          this.#pump();
        }, wait);
        return;
      }
    }
    this.#clearTimer();
    this.#lastId += 1;
    this.#inFlight = { id: this.#lastId, seq: this.#questionSeq };
    this.#lastSentAt = this.#now();
    this.#send(this.#lastId, this.#question);
  }

  #ended(): void {
    this.#inFlight = null;
    this.#lastEndedAt = this.#now();
    this.#lastTook = Math.max(0, this.#lastEndedAt - this.#lastSentAt);
  }

  #clearTimer(): void {
    this.#cancelTimer?.();
    this.#cancelTimer = null;
  }
}

export type SearchStatus =
  /** No question, or the engine has not said anything yet. */
  | { kind: 'none' }
  /** The archive is empty (and the engine has read all of it). */
  | { kind: 'empty-archive' }
  /** No answer to the question on screen yet. */
  | { kind: 'searching' }
  /** Answered from part of the archive: more is loading; the list fills in. */
  | { kind: 'partial'; searched: number; total: number }
  /** Answered from the whole index. */
  | { kind: 'done'; found: boolean };

/**
 * What the status line says. "Nothing found" (`done`, not found) only when the answer on screen
 * was computed from the whole index and the index has not changed since.
 */
export function searchStatus(input: {
  question: boolean;
  /** The engine's latest report, null before the first. */
  index: IndexState | null;
  /** The answer on screen when it is the question on screen's, else null. */
  answer: { index: IndexState; found: boolean } | null;
}): SearchStatus {
  const { question, index, answer } = input;
  if (!question || !index) return { kind: 'none' };
  if (index.complete && index.total === 0) return { kind: 'empty-archive' };
  // Nothing read yet, or no answer to this question yet.
  if (!answer || (index.total === 0 && !index.complete)) return { kind: 'searching' };
  const current = answer.index.version >= index.version;
  if (answer.index.complete && current) return { kind: 'done', found: answer.found };
  // The index changed since and is whole again: the new answer is on its way.
  if (index.complete && !current) return { kind: 'searching' };
  return { kind: 'partial', searched: Math.min(answer.index.indexed, index.total), total: index.total };
}
