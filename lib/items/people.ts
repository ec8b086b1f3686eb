/**
 * The people of a meeting (speaker names, names from the meeting page, calendar attendees) and
 * where a text names them, whatever the case form: "Сергей Петрович", "Сергею Петровичу",
 * "Сергея Петровича"; "Анна", "Анне", "Анной"; "Anna", "Anna's"; "Иванову А. С.".
 *
 * Russian forms come from lvovich, a library that declines Russian first names, surnames and
 * patronymics (the rules of petrovich): each part of a name is declined in the five oblique cases,
 * so "Льву" is Лев and "Ильёй" is Илья, which a stemmer would miss (Лев/Льв-, Павел/Павл-). A name
 * written in Latin letters (a page's "Anna Smirnova") is also read in Cyrillic ("Анне") and the
 * other way round, by transliteration. A word counts as a name only when written with a capital
 * (or after "@"), so "роман" the book is not Роман.
 *
 * One first name shared by two people ("Anna" with Anna Berg and Anna Kowalska in the meeting)
 * names neither, unless the next word (the surname, an initial) tells them apart.
 */
// The declension alone: lvovich's index also loads its rules for city names.
import { inclineFirstname, inclineLastname, inclineMiddlename } from 'lvovich/lib/incline';
import { cleanName } from '@/lib/page-names/timeline';
import { fold, skeleton } from './latin';

/** Names of a meeting kept, each at most `NAME_MAX` characters. */
export const PEOPLE_MAX = 500;
const NAME_MAX = 100;

export const NOM = 1;
export const GEN = 2;
export const DAT = 4;
export const ACC = 8;
export const INS = 16;
export const PRE = 32;
/** English possessive: "Anna's". */
export const POSS = 64;

const CASES: [string, number][] = [
  ['genitive', GEN],
  ['dative', DAT],
  ['accusative', ACC],
  ['instrumental', INS],
  ['prepositional', PRE],
];

export interface Person {
  /** The name as given (as in `speakers_map`, on the page or in the calendar). */
  name: string;
  /** Its words, lower case, ё as е. */
  parts: string[];
}

interface Hit {
  person: number;
  part: number;
  cases: number;
}

export interface People {
  list: Person[];
  /** A word form (lower case, ё as е) to the parts of names it is a form of. */
  forms: Map<string, Hit[]>;
  /** The same by transliteration (Latin skeleton), for a name written in the other alphabet. */
  skeletons: Map<string, Hit[]>;
}

const UNLABELLED = /^SPEAKER_\d+$/i;
const WORD = /[\p{L}\p{N}]+(?:[-'’][\p{L}\p{N}]+)*/gu;
const CYRILLIC = /[а-яё]/i;
/** Words of a name that are titles, not the name ("Hon.", "AM", "Dr", "г-н"). */
const NOT_NAME_PARTS = new Set(
  'the of and hon mr mrs ms miss dr prof sir dame lord lady rev am mp mep msp mla jr sr phd md и г-н г-жа'.split(
    ' ',
  ),
);

export { fold, skeleton };

const TO_CYRILLIC: [RegExp, string][] = [
  [/shch|sch/g, 'щ'],
  [/sh/g, 'ш'],
  [/ch/g, 'ч'],
  [/zh/g, 'ж'],
  [/kh/g, 'х'],
  [/ts/g, 'ц'],
  [/yu|iu/g, 'ю'],
  [/ia$/g, 'ия'],
  [/ya|ia/g, 'я'],
  [/yo/g, 'ё'],
  [/^ye/g, 'е'],
  [/([^aeiouy])y$/g, '$1ий'],
  [/iy$|ii$/g, 'ий'],
  [/([aeou])y/g, '$1й'],
  [/x/g, 'кс'],
];
const LETTERS: Record<string, string> = {
  a: 'а',
  b: 'б',
  c: 'к',
  d: 'д',
  e: 'е',
  f: 'ф',
  g: 'г',
  h: 'х',
  i: 'и',
  j: 'й',
  k: 'к',
  l: 'л',
  m: 'м',
  n: 'н',
  o: 'о',
  p: 'п',
  q: 'к',
  r: 'р',
  s: 'с',
  t: 'т',
  u: 'у',
  v: 'в',
  w: 'в',
  y: 'ы',
  z: 'з',
};

/** A Latin name read in Cyrillic ("pavel" → "павел"), for declining it. */
function cyrillicOf(latin: string): string {
  let out = latin;
  for (const [re, to] of TO_CYRILLIC) out = out.replace(re, to);
  return Array.from(out, (ch) => LETTERS[ch] ?? ch).join('');
}

type Role = 'first' | 'last' | 'middle';
type Gender = 'male' | 'female';

const PATRONYMIC = /(?:вич|вна|ична|инична|ич)$/;
const FEMALE_SURNAME = /(?:ова|ева|ина|ына|ская|цкая)$/;
const MALE_SURNAME = /(?:ов|ев|ин|ын|ский|цкий)$/;

/** How a part may be declined: a patronymic as one; any other as a first name and as a surname. */
function rolesOf(part: string): Role[] {
  return PATRONYMIC.test(part) ? ['middle'] : ['first', 'last'];
}

/** The person's gender when the name tells it, else both. */
function gendersOf(parts: readonly string[]): Gender[] {
  for (const part of parts) {
    if (/(?:вич|ич)$/.test(part)) return ['male'];
    if (/(?:вна|ична|инична)$/.test(part)) return ['female'];
  }
  for (const part of parts) {
    if (FEMALE_SURNAME.test(part)) return ['female'];
    if (MALE_SURNAME.test(part)) return ['male'];
  }
  return ['male', 'female'];
}

const capitalised = (part: string) => part.charAt(0).toUpperCase() + part.slice(1);

function decline(part: string, role: Role, gender: Gender, declension: string): string {
  try {
    const word = capitalised(part);
    const out =
      role === 'first'
        ? inclineFirstname(word, declension as never, gender)
        : role === 'last'
          ? inclineLastname(word, declension as never, gender)
          : inclineMiddlename(word, declension as never, gender);
    return typeof out === 'string' ? fold(out) : part;
  } catch {
    return part;
  }
}

/** Declined forms already made (the same people meet again and again), at most `FORMS_KEPT`. */
const FORMS_KEPT = 5_000;
let formsMade = new Map<string, Map<string, number>>();

/** Every form of a Cyrillic part with the cases it stands for. */
function russianForms(part: string, genders: readonly Gender[]): Map<string, number> {
  const key = `${part}|${genders.join(',')}`;
  const made = formsMade.get(key);
  if (made) return made;
  if (formsMade.size >= FORMS_KEPT) formsMade = new Map();
  const forms = new Map<string, number>([[part, NOM]]);
  formsMade.set(key, forms);
  for (const role of rolesOf(part))
    for (const gender of genders)
      for (const [declension, bit] of CASES) {
        const form = decline(part, role, gender, declension);
        forms.set(form, (forms.get(form) ?? 0) | bit);
      }
  return forms;
}

function add(map: Map<string, Hit[]>, key: string, hit: Hit): void {
  if (key === '') return;
  const hits = map.get(key);
  if (!hits) {
    map.set(key, [hit]);
    return;
  }
  const same = hits.find((h) => h.person === hit.person && h.part === hit.part);
  if (same) same.cases |= hit.cases;
  else hits.push(hit);
}

const partsOf = (name: string) =>
  (name.match(WORD) ?? [])
    .map(fold)
    .filter((w) => w.length >= 2 && !NOT_NAME_PARTS.has(w) && !/^\d+$/.test(w));

/**
 * The people of a meeting from its names, in the order given (speakers first is the custom): the
 * service's unlabelled voices (`SPEAKER_03`), blanks and repeats (the same words in any order)
 * left out.
 */
export function meetingPeople(names: Iterable<unknown>): People {
  const people: People = { list: [], forms: new Map(), skeletons: new Map() };
  const seen = new Set<string>();
  for (const value of names) {
    if (people.list.length >= PEOPLE_MAX) break;
    const name = cleanName(value, NAME_MAX);
    if (name === '' || UNLABELLED.test(name)) continue;
    const parts = partsOf(name.replace(/\([^()]*(?:\([^()]*\)[^()]*)*\)/g, ' '));
    // What a name says in brackets is a role ("(Minister of Justice)"), unless the name is only a title.
    if (parts.length < 2) for (const part of partsOf(name)) if (!parts.includes(part)) parts.push(part);
    if (parts.length === 0) continue;
    const key = [...parts].sort().join(' ');
    if (seen.has(key)) continue;
    seen.add(key);
    const person = people.list.length;
    people.list.push({ name, parts });
    const cyrillic = parts.map((part) => (CYRILLIC.test(part) ? part : cyrillicOf(part)));
    const genders = gendersOf(cyrillic);
    parts.forEach((part, index) => {
      add(people.forms, part, { person, part: index, cases: NOM });
      const forms = russianForms(cyrillic[index] as string, genders);
      for (const [form, cases] of forms) {
        if (CYRILLIC.test(part)) add(people.forms, form, { person, part: index, cases });
        add(people.skeletons, skeleton(form), { person, part: index, cases });
      }
      add(people.skeletons, skeleton(part), { person, part: index, cases: NOM });
    });
  }
  return people;
}

export interface Token {
  /** As written. */
  text: string;
  folded: string;
  start: number;
  end: number;
}

/** The words of a text with their offsets. */
export function tokens(text: string): Token[] {
  const out: Token[] = [];
  for (const match of text.matchAll(WORD)) {
    const start = match.index ?? 0;
    out.push({ text: match[0], folded: fold(match[0]), start, end: start + match[0].length });
  }
  return out;
}

export interface Mention {
  /** First and last token (inclusive) of the name, initials included. */
  first: number;
  last: number;
  start: number;
  end: number;
  /** The people it may name: one, or several when it does not tell them apart. */
  people: number[];
  /** The cases its words agree on (NOM, DAT, …; POSS for "Anna's"). */
  cases: number;
}

const UPPER = /^\p{Lu}/u;

/** The parts of names a word may be, each with its cases. */
function hitsOf(people: People, token: Token, text: string): Hit[] {
  const written = UPPER.test(token.text) || text.charAt(token.start - 1) === '@';
  if (!written) return [];
  let word = token.folded;
  let possessive = false;
  if (/.'s$/.test(word) && word.length > 3) {
    word = word.slice(0, -2);
    possessive = true;
  }
  let hits = people.forms.get(word);
  if (!hits || hits.length === 0) hits = people.skeletons.get(skeleton(word));
  if (!hits) return [];
  return possessive ? hits.map((hit) => ({ ...hit, cases: POSS })) : hits;
}

/** An initial after a name: "А." of "Иванову А. С.". */
function initialOf(token: Token, text: string): string | null {
  if (token.text.length !== 1 || !UPPER.test(token.text) || text.charAt(token.end) !== '.') return null;
  return token.folded;
}

/** Words written with a capital that are no name: a day or a month, "I", the start of a sentence. */
const NOT_A_NAME =
  /^(?:i|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|by|on|in|at|to|and|or|so|then|also|if|when|after|before|until|please|ask|tell|send)$/;

/**
 * The word at `index` stands right beside a name (only spaces between, the name's edge at `edge`),
 * is written with a capital, and is no sentence's first word nor a word that is no name.
 */
function capitalisedNeighbour(words: readonly Token[], text: string, index: number, edge: number): boolean {
  const word = words[index];
  if (!word || !UPPER.test(word.text) || NOT_A_NAME.test(word.folded)) return false;
  const gap = word.end <= edge ? text.slice(word.end, edge) : text.slice(edge, word.start);
  if (!/^[ \t]+$/.test(gap)) return false;
  if (word.end <= edge) {
    // Before the name: the first word of the line or of a sentence is written with a capital anyway.
    const before = text.slice(0, word.start).trimEnd();
    if (before === '' || /[.!?:;—–(-]$/.test(before)) return false;
  }
  return true;
}

/**
 * Where `text` names a person of the meeting: runs of words that are parts of one person's name
 * (in any order, with initials after), each with the people it may be.
 */
export function mentions(people: People, text: string, words: readonly Token[] = tokens(text)): Mention[] {
  const out: Mention[] = [];
  if (people.list.length === 0) return out;
  let i = 0;
  while (i < words.length) {
    const first = words[i] as Token;
    const hits = hitsOf(people, first, text);
    if (hits.length === 0) {
      i += 1;
      continue;
    }
    let candidates = new Map<number, { parts: Set<number>; cases: number }>();
    for (const hit of hits) {
      const known = candidates.get(hit.person);
      if (known) {
        known.parts.add(hit.part);
        known.cases |= hit.cases;
      } else candidates.set(hit.person, { parts: new Set([hit.part]), cases: hit.cases });
    }
    let last = i;
    for (let j = i + 1; j < words.length; j += 1) {
      const previous = words[j - 1] as Token;
      const word = words[j] as Token;
      const gap = text.slice(previous.end, word.start);
      if (!/^\.?\s+$|^\.$/.test(gap) && gap !== ' ') break;
      const initial = initialOf(word, text);
      const next = new Map<number, { parts: Set<number>; cases: number }>();
      if (initial !== null) {
        for (const [person, known] of candidates) {
          const parts = (people.list[person] as Person).parts;
          const index = parts.findIndex((part, k) => !known.parts.has(k) && part.startsWith(initial));
          if (index >= 0) next.set(person, { parts: new Set([...known.parts, index]), cases: known.cases });
        }
      } else {
        for (const hit of hitsOf(people, word, text)) {
          const known = candidates.get(hit.person);
          if (!known || known.parts.has(hit.part)) continue;
          const cases = known.cases & hit.cases ? known.cases & hit.cases : known.cases;
          next.set(hit.person, { parts: new Set([...known.parts, hit.part]), cases });
        }
      }
      if (next.size === 0) break;
      candidates = next;
      last = j;
    }
    let cases = 0;
    for (const known of candidates.values()) cases |= known.cases;
    const end = words[last] as Token;
    const afterInitial = initialOf(end, text) !== null ? 1 : 0;
    const from = i;
    i = last + 1;
    // A capitalised word right before or after belongs to another name ("Industrial Manager",
    // "Anna Smith" with Anna Berg in the meeting): no one of the meeting is named there.
    if (
      capitalisedNeighbour(words, text, last + 1, end.end + afterInitial) ||
      capitalisedNeighbour(words, text, from - 1, first.start)
    )
      continue;
    out.push({
      first: from,
      last,
      start: first.start,
      end: end.end + afterInitial,
      people: [...candidates.keys()],
      cases,
    });
  }
  return out;
}
