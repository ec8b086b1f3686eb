/**
 * Words of a transcript as the search index sees them: split on anything that is not a letter
 * or a digit, lower-cased (ё as е), and reduced to their Snowball stem, Russian for Cyrillic
 * words and English for Latin ones, so "встреча" and "встречи", "deciding" and "decided" meet.
 * Very common words are left out of the index.
 */
import { stemmer as englishStem } from '@orama/stemmers/english';
import { stemmer as russianStem } from '@orama/stemmers/russian';

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;
const CYRILLIC = /[а-яё]/;
const LATIN = /[a-z]/;

const STOP_WORDS = new Set(
  [
    'a an and are as at be but by for from has have i in is it its of on or so that the this to was we were will with you',
    'а без бы в во вот все да для же за и из или к как ко ли на не ни но о об от по с со так то у уже что это я',
  ]
    .join(' ')
    .split(' '),
);

export interface Word {
  /** The word as written. */
  text: string;
  offset: number;
}

/** The words of a text with their offsets. */
export function words(text: string): Word[] {
  const out: Word[] = [];
  for (const match of text.matchAll(WORD)) out.push({ text: match[0], offset: match.index ?? 0 });
  return out;
}

/** Splits a text into words. */
export function tokenize(text: string): string[] {
  return text.match(WORD) ?? [];
}

function stem(term: string): string | null {
  const lower = term.toLowerCase().replace(/ё/g, 'е').replace(/’/g, "'");
  if (STOP_WORDS.has(lower)) return null;
  if (CYRILLIC.test(lower)) return russianStem(lower);
  if (LATIN.test(lower)) return englishStem(lower.replace(/'s$/, ''));
  return lower;
}

/**
 * Speech repeats its words: stems are remembered, in two generations of up to `REMEMBERED` words
 * each; when the newer is full it becomes the older and the oldest goes, so the words in use stay
 * remembered. Kept small on purpose: the search worker's memory at its highest follows what it
 * holds (with 50,000 words in one memory, its heap while indexing 500 hours peaked at 48 MB;
 * 10,000, at 40 MB; docs/search.md).
 */
const REMEMBERED = 8_000;
let recent = new Map<string, string | null>();
let older = new Map<string, string | null>();

/** A word reduced to what the index keeps (its stem), or null for a word not indexed. */
export function processTerm(term: string): string | null {
  let known = recent.get(term);
  if (known !== undefined) return known;
  known = older.get(term);
  if (known === undefined) known = stem(term);
  if (recent.size >= REMEMBERED) {
    older = recent;
    recent = new Map();
  }
  recent.set(term, known);
  return known;
}
