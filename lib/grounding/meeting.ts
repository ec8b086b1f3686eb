/**
 * One meeting's transcript made ready for linking: every utterance's stems (terms.ts) in an
 * inverted index, with the meeting's own document frequencies (so a word is as telling as it is
 * rare in this meeting), each utterance's nearest neighbours that say something (a "mm-hmm" in
 * between does not part two halves of one thought), its topic block, and who spoke it.
 *
 * Bounded: at most `MAX_UTTERANCES` utterances and `MAX_UTTERANCE_TERMS` terms of each are read.
 */
import { SpeakerMatcher } from './names';
import { fold, foldedWords, matchStem } from './terms';

/** Utterances of one meeting read, at most (about 50 hours of speech). */
export const MAX_UTTERANCES = 60_000;
/** Terms of one utterance read, at most. */
export const MAX_UTTERANCE_TERMS = 2_000;
/** An utterance with fewer terms than this is a backchannel ("mm-hmm", "right"), not a neighbour. */
export const CONTENT_TERMS = 3;

/** What the linker needs of an utterance. */
export interface MeetingUtterance {
  speakerId: string;
  text: string;
  /** Seconds from the start (optional: only reported back). */
  start?: number;
}

/** What the linker needs of a meeting: its topic blocks in order, and the speakers' names. */
export interface MeetingInput {
  blocks: ReadonlyArray<{ header: string; utterances: ReadonlyArray<MeetingUtterance> }>;
  /** Speaker id → the name shown (from the service, the page or the user). */
  names: Readonly<Record<string, string>>;
}

/** Where an utterance is: its topic block and its index there (the transcript's `at=block.utterance`). */
export interface UtterancePlace {
  block: number;
  utterance: number;
}

export interface Posting {
  /** Flat utterance indices, ascending. */
  utterances: number[];
  /** How often the term occurs in each. */
  counts: number[];
}

const HEADER_DEFAULT = /^\s*(part|часть|блок|block|topic|тема)\s*\d+\s*$/i;

export class MeetingIndex {
  /** The place of each flat utterance. */
  readonly places: UtterancePlace[] = [];
  readonly speakers: string[] = [];
  /** Terms counted in each utterance (its length for BM25). */
  readonly lengths: number[] = [];
  readonly postings = new Map<string, Posting>();
  /** Previous and next utterance with content (`CONTENT_TERMS`), or -1. */
  readonly previous: Int32Array;
  readonly next: Int32Array;
  /** The flat index of each block's first utterance. */
  readonly blockStarts: number[] = [];
  /** Stems of each block's header (none for "Part 3"-like headers). */
  readonly headers: string[][] = [];
  readonly averageLength: number;
  readonly matcher: SpeakerMatcher;
  readonly #idf = new Map<string, number>();

  constructor(meeting: MeetingInput) {
    const candidates = SpeakerMatcher.candidateWords(meeting.names);
    const texts: string[] = [];
    let flat = 0;
    meeting.blocks.forEach((block, b) => {
      const header = HEADER_DEFAULT.test(block.header ?? '')
        ? []
        : termsOfFolded(foldedWords(block.header ?? '').slice(0, 100));
      this.headers.push(header);
      this.blockStarts.push(flat);
      block.utterances.forEach((utterance, u) => {
        if (flat >= MAX_UTTERANCES) return;
        const text = typeof utterance.text === 'string' ? utterance.text : '';
        const words = foldedWords(text.length > 40_000 ? text.slice(0, 40_000) : text);
        const counts = new Map<string, number>();
        let length = 0;
        // (Indexed loops, not iterators: this runs for every word of the meeting, often cold.)
        for (let w = 0; w < words.length; w += 1) {
          if (length >= MAX_UTTERANCE_TERMS) break;
          const stem = matchStem(words[w] as string);
          if (!stem) continue;
          counts.set(stem, (counts.get(stem) ?? 0) + 1);
          length += 1;
        }
        if (candidates.size > 0) texts.push(text);
        counts.forEach((count, stem) => {
          let posting = this.postings.get(stem);
          if (!posting) {
            posting = { utterances: [], counts: [] };
            this.postings.set(stem, posting);
          }
          posting.utterances.push(flat);
          posting.counts.push(count);
        });
        this.places.push({ block: b, utterance: u });
        this.speakers.push(String(utterance.speakerId));
        this.lengths.push(length);
        flat += 1;
      });
    });
    const n = this.places.length;
    let total = 0;
    for (const length of this.lengths) total += length;
    this.averageLength = n > 0 ? Math.max(1, total / n) : 1;
    this.previous = new Int32Array(n).fill(-1);
    this.next = new Int32Array(n).fill(-1);
    let last = -1;
    for (let i = 0; i < n; i += 1) {
      this.previous[i] = last;
      if ((this.lengths[i] as number) >= CONTENT_TERMS) last = i;
    }
    last = -1;
    for (let i = n - 1; i >= 0; i -= 1) {
      this.next[i] = last;
      if ((this.lengths[i] as number) >= CONTENT_TERMS) last = i;
    }
    const lowerCase = lowerCaseKeys(texts, candidates);
    this.matcher = new SpeakerMatcher(meeting.names, (key) => lowerCase.has(key));
  }

  get size(): number {
    return this.places.length;
  }

  /** BM25's inverse document frequency of a stem in this meeting (0 for a stem it never uses). */
  idf(stem: string): number {
    const known = this.#idf.get(stem);
    if (known !== undefined) return known;
    const df = this.postings.get(stem)?.utterances.length ?? 0;
    const n = this.places.length;
    const value = df === 0 ? 0 : Math.log(1 + (n - df + 0.5) / (df + 0.5));
    this.#idf.set(stem, value);
    return value;
  }

  /** The largest idf any stem can have here (a stem said once). */
  get maxIdf(): number {
    const n = this.places.length;
    return n === 0 ? 0 : Math.log(1 + (n - 0.5) / 1.5);
  }

  /** The flat index of a place, or -1. */
  flatOf(place: UtterancePlace): number {
    const start = this.blockStarts[place.block];
    if (start === undefined || !Number.isSafeInteger(place.utterance) || place.utterance < 0) return -1;
    const flat = start + place.utterance;
    const at = this.places[flat];
    return at && at.block === place.block && at.utterance === place.utterance ? flat : -1;
  }

  /** Whether the stem is said in the flat utterances from `from` (inclusive) to `to` (exclusive). */
  saysIn(stem: string, from: number, to: number): boolean {
    const posting = this.postings.get(stem);
    if (!posting) return false;
    const list = posting.utterances;
    let low = 0;
    let high = list.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((list[mid] as number) < from) low = mid + 1;
      else high = mid;
    }
    return low < list.length && (list[low] as number) < to;
  }
}

function termsOfFolded(words: string[]): string[] {
  const out: string[] = [];
  for (const word of words) {
    const stem = matchStem(word);
    if (stem) out.push(stem);
  }
  return out;
}

const LETTER = /[\p{L}\p{N}]/u;
const WORD_AT = /[\p{L}\p{N}]+/uy;

/**
 * Which of the names' words the texts write in lower case (a common word, not a name): each looked
 * for as it is, case-sensitive, so only lower-case uses are found, and only as a whole word.
 */
function lowerCaseKeys(texts: readonly string[], candidates: ReadonlySet<string>): Set<string> {
  const found = new Set<string>();
  for (const key of candidates) {
    if (key.length < 3) continue;
    const start = key.slice(0, 3);
    search: for (const text of texts) {
      for (let at = text.indexOf(start); at !== -1; at = text.indexOf(start, at + 1)) {
        if (at > 0 && LETTER.test(text[at - 1] as string)) continue;
        WORD_AT.lastIndex = at;
        const word = WORD_AT.exec(text)?.[0];
        if (word && fold(word) === key) {
          found.add(key);
          break search;
        }
      }
    }
  }
  return found;
}
