/**
 * Which speakers a protocol line names, whatever the case form: "Анна", "Анны", "Анне" and "Анной"
 * are all Anna; "Sian Gwenllian", "Gwenllian" and "Sian" are the same speaker; a role written as a
 * speaker's name ("Project Manager", "Prime Minister" in "Right Hon. Justin Trudeau (Prime
 * Minister)") is matched as a phrase of stems.
 *
 * Names written with a capital letter, in any case form, are found by the meeting's people
 * (lib/items/people.ts: each part of a name declined by lvovich, Latin and Cyrillic spellings);
 * here a name's phrases (the name without titles, and each part in brackets) are matched besides,
 * as runs of stems, for roles a line writes in lower case ("the project manager"). A single word
 * the transcript also uses in lower case ("project", "design") is a common word, not a name, and
 * matches only inside its whole phrase. Labels without a name (SPEAKER_03) name nobody.
 */
import { processTerm, tokenize } from '@/lib/archive/text';
import { meetingPeople, mentions, type People, tokens } from '@/lib/items/people';
import { fold } from './terms';

const TITLES = new Set(
  'mr mrs ms miss mx dr prof professor hon right honourable honorable rt the am mp mla ms mep sir dame lord lady jr sr г господин госпожа'.split(
    ' ',
  ),
);

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
  readonly #people: People;
  /** Speaker ids of each person of `#people` (one name may be several ids' own). */
  readonly #ids: string[][] = [];
  readonly #lowerCase: (word: string) => boolean;

  /**
   * @param names speaker id → display name
   * @param lowerCase a test of whether the transcript uses a word (folded) in lower case (a common word)
   */
  constructor(names: Readonly<Record<string, string>>, lowerCase: (word: string) => boolean) {
    this.#lowerCase = lowerCase;
    const named: Array<[string, string]> = [];
    for (const [id, name] of Object.entries(names).slice(0, 1_000)) {
      if (typeof name !== 'string' || UNLABELLED.test(name)) continue;
      named.push([id, name]);
      const phrases: string[][] = [];
      for (const part of nameParts(name)) {
        const phrase = stemsOf(
          tokenize(part)
            .slice(0, 12)
            .filter((word) => !TITLES.has(fold(word))),
        );
        if (phrase.length > 0) phrases.push(phrase);
      }
      if (phrases.length > 0) this.#speakers.push({ id, phrases });
    }
    this.#people = meetingPeople(named.map(([, name]) => name));
    const keyOf = (parts: readonly string[]) => [...parts].sort().join(' ');
    const byKey = new Map(this.#people.list.map((person, i) => [keyOf(person.parts), i]));
    this.#people.list.forEach(() => {
      this.#ids.push([]);
    });
    for (const [id, name] of named) {
      const own = meetingPeople([name]).list[0];
      const person = own ? byKey.get(keyOf(own.parts)) : undefined;
      if (person !== undefined) this.#ids[person]?.push(id);
    }
  }

  /** The words of the names that may name a speaker alone (for the transcript's lower-case check). */
  static candidateWords(names: Readonly<Record<string, string>>): Set<string> {
    const words = new Set<string>();
    for (const name of Object.values(names).slice(0, 1_000)) {
      if (typeof name !== 'string' || UNLABELLED.test(name)) continue;
      for (const part of nameParts(name))
        for (const word of tokenize(part).slice(0, 12)) if (!TITLES.has(fold(word))) words.add(fold(word));
    }
    return words;
  }

  get size(): number {
    return this.#speakers.length;
  }

  /** The speakers a line names, and the stems that named them. */
  inLine(text: string): NamedInLine {
    const ids = new Set<string>();
    const stems = new Set<string>();
    if (this.#speakers.length === 0) return { ids, stems };
    const line = text.slice(0, 20_000);
    const words = tokens(line).slice(0, 400);
    for (const mention of mentions(this.#people, line, words)) {
      const said = words.slice(mention.first, mention.last + 1);
      // A name of common words only ("Project" of "Project Manager") is no name here.
      if (said.every((word) => this.#lowerCase(word.folded))) continue;
      for (const person of mention.people) for (const id of this.#ids[person] ?? []) ids.add(id);
      for (const word of said) {
        const stem = processTerm(word.folded);
        if (stem) stems.add(stem);
      }
    }
    const lineStems: string[] = [];
    for (const word of words) {
      const stem = processTerm(word.folded);
      if (stem) lineStems.push(stem);
    }
    for (const speaker of this.#speakers) {
      for (const phrase of speaker.phrases) {
        if (containsRun(lineStems, phrase)) {
          ids.add(speaker.id);
          for (const stem of phrase) stems.add(stem);
        }
      }
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
