/**
 * Which speakers a protocol line names, whatever the case form: "Анна", "Анны", "Анне" and "Анной"
 * are all Anna; "Sian Gwenllian", "Gwenllian" and "Sian" are the same speaker; a role written as a
 * speaker's name ("Project Manager", "Prime Minister" in "Right Hon. Justin Trudeau (Prime
 * Minister)") is matched as a phrase of stems.
 *
 * A speaker's name gives phrases (the name without titles, and each part in brackets) matched as
 * runs of stems, and single words (a first name, a surname) matched by their case-free key
 * (`nameKey`) where the line writes them with a capital letter. A single word the transcript also
 * uses in lower case ("project", "design") is a common word, not a name, and matches only inside
 * its whole phrase. Labels without a name (SPEAKER_03) name nobody.
 */
import { processTerm, tokenize } from '@/lib/archive/text';
import { fold } from './terms';

const TITLES = new Set(
  'mr mrs ms miss mx dr prof professor hon right honourable honorable rt the am mp mla ms mep sir dame lord lady jr sr г господин госпожа'.split(
    ' ',
  ),
);

const CYRILLIC = /[а-я]/;
const ENDING_LETTER = /[аеиоуыэюяйь]$/;
const INSTRUMENTAL = /[аеиоуыэюя]м$/;

/**
 * A name's key, the same for each of its case forms: folded (lower case, ё as е), an English
 * possessive dropped, and for a Russian name its ending dropped while more than three letters
 * remain: a final "м" after a vowel (the instrumental's "-ом", "-ем", "-ым"), then every final
 * vowel, "й" and "ь" ("Анна", "Анны", "Анной" → "анн"; "Сергей", "Сергея", "Сергеем" → "серг";
 * "Петрова", "Петровой", "Петровым" → "петров"; "Ким", "Кима" → "ким").
 */
export function nameKey(word: string): string {
  let key = fold(word).replace(/'s$/, '');
  if (!CYRILLIC.test(key)) return key;
  if (key.length > 4 && INSTRUMENTAL.test(key)) key = key.slice(0, -1);
  while (key.length > 3 && ENDING_LETTER.test(key)) key = key.slice(0, -1);
  return key;
}

const UNLABELLED = /^\s*(speaker[\s_-]*\d+|спикер[\s_-]*\d+|\d+)\s*$/i;

/** The text outside brackets and each top-level bracketed part (its own inner brackets dropped). */
function nameParts(name: string): string[] {
  let depth = 0;
  let main = '';
  let part = '';
  const parts: string[] = [];
  for (const char of name.slice(0, 300)) {
    if (char === '(' || char === '[') {
      depth += 1;
      continue;
    }
    if (char === ')' || char === ']') {
      if (depth === 1) {
        parts.push(part);
        part = '';
      }
      depth = Math.max(0, depth - 1);
      continue;
    }
    if (depth === 0) main += char;
    else if (depth === 1) part += char;
  }
  if (part.trim()) parts.push(part);
  return [main, ...parts].map((text) => text.trim()).filter((text) => text !== '');
}

interface NamedSpeaker {
  id: string;
  /** Runs of stems, each naming this speaker when the line holds it. */
  phrases: string[][];
  /** Keys of single words naming this speaker when written with a capital letter. */
  words: Set<string>;
}

/** What a line says of the speakers. */
export interface NamedInLine {
  /** Speaker ids the line names. */
  ids: Set<string>;
  /** Stems of the line that are part of a name (weighed as names, not as content). */
  stems: Set<string>;
}

const stemsOf = (words: string[]) =>
  words.map((word) => processTerm(fold(word))).filter((s): s is string => !!s);

/** Finds the speakers a line names (module comment). */
export class SpeakerMatcher {
  readonly #speakers: NamedSpeaker[] = [];

  /**
   * @param names speaker id → display name
   * @param lowerCase a test of whether the transcript uses a word's key in lower case (a common word)
   */
  constructor(names: Readonly<Record<string, string>>, lowerCase: (key: string) => boolean) {
    for (const [id, name] of Object.entries(names).slice(0, 1_000)) {
      if (typeof name !== 'string' || UNLABELLED.test(name)) continue;
      const phrases: string[][] = [];
      const words = new Set<string>();
      for (const part of nameParts(name)) {
        const tokens = tokenize(part)
          .slice(0, 12)
          .filter((word) => !TITLES.has(fold(word)));
        const phrase = stemsOf(tokens);
        if (phrase.length > 0) phrases.push(phrase);
        for (const word of tokens) {
          const key = nameKey(word);
          if (key.length >= 3 && /^\p{Lu}/u.test(word) && !/^\d/.test(key) && !lowerCase(key)) words.add(key);
        }
      }
      if (phrases.length > 0 || words.size > 0) this.#speakers.push({ id, phrases, words });
    }
  }

  /** Keys of the single words that may name a speaker (for the transcript's lower-case check). */
  static candidateKeys(names: Readonly<Record<string, string>>): Set<string> {
    const keys = new Set<string>();
    for (const name of Object.values(names).slice(0, 1_000)) {
      if (typeof name !== 'string' || UNLABELLED.test(name)) continue;
      for (const part of nameParts(name))
        for (const word of tokenize(part).slice(0, 12)) if (!TITLES.has(fold(word))) keys.add(nameKey(word));
    }
    return keys;
  }

  get size(): number {
    return this.#speakers.length;
  }

  /** The speakers a line names, and the stems that named them. */
  inLine(text: string): NamedInLine {
    const ids = new Set<string>();
    const stems = new Set<string>();
    if (this.#speakers.length === 0) return { ids, stems };
    const raw = tokenize(text).slice(0, 400);
    const lineStems: string[] = [];
    const capitalKeys = new Map<string, string | null>();
    for (const word of raw) {
      const stem = processTerm(fold(word));
      if (stem) lineStems.push(stem);
      if (/^\p{Lu}/u.test(word)) capitalKeys.set(nameKey(word), stem);
    }
    for (const speaker of this.#speakers) {
      let named = false;
      for (const phrase of speaker.phrases) {
        if (containsRun(lineStems, phrase)) {
          named = true;
          for (const stem of phrase) stems.add(stem);
        }
      }
      for (const key of speaker.words) {
        if (capitalKeys.has(key)) {
          named = true;
          const stem = capitalKeys.get(key);
          if (stem) stems.add(stem);
        }
      }
      if (named) ids.add(speaker.id);
    }
    return { ids, stems };
  }
}

function containsRun(haystack: string[], run: string[]): boolean {
  if (run.length === 0 || run.length > haystack.length) return false;
  outer: for (let i = 0; i + run.length <= haystack.length; i += 1) {
    for (let j = 0; j < run.length; j += 1) if (haystack[i + j] !== run[j]) continue outer;
    return true;
  }
  return false;
}
