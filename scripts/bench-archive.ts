/**
 * The archive the search benchmarks index (scripts/bench-search.ts in Node,
 * scripts/bench-search-browser.ts in Chromium): `hours` of 1-hour meetings from the emulator's
 * result generator, English and Russian alternately, in three spaces, a day apart, each utterance
 * with four more words from a made-up vocabulary (below), and the four queries measured.
 */
import { Rng } from '../emulator/prng';
import { generateResult } from '../emulator/results';
import type { ProcessingResult } from '../lib/api/schemas';
import { Archive, archiveOwner } from '../lib/archive/store';
import type { KeyValueStore } from '../lib/kv';

export const MEETING_SECONDS = 3600;
export const OWNER = archiveOwner('https://service.example', 'bench@example.com');

/**
 * The emulator speaks from 20 sentences per language, a vocabulary far smaller than real
 * meetings. Each utterance gets `EXTRA_WORDS` more words drawn, skewed towards the frequent ones,
 * from `VOCABULARY` made-up words per language, so the index holds a realistic number of terms.
 */
const VOCABULARY = 20_000;
const EXTRA_WORDS = 4;
const SYLLABLES = {
  en: [
    'ka',
    'lo',
    'mi',
    'ter',
    'son',
    'bra',
    'vel',
    'dor',
    'pin',
    'quo',
    'ran',
    'set',
    'tal',
    'bus',
    'gen',
    'ple',
    'cor',
    'fin',
    'mon',
    'zu',
  ],
  ru: [
    'ка',
    'ло',
    'ми',
    'тер',
    'сон',
    'бра',
    'вел',
    'дор',
    'пин',
    'ква',
    'ран',
    'сет',
    'тал',
    'бус',
    'ген',
    'пле',
    'кор',
    'фин',
    'мон',
    'зу',
  ],
};
const ENDINGS = { en: ['', 's', 'ing', 'ed', 'er'], ru: ['', 'а', 'ы', 'ом', 'ами'] };

function vocabulary(language: 'en' | 'ru'): string[] {
  const rng = new Rng(`vocabulary:${language}`);
  const words = new Set<string>();
  while (words.size < VOCABULARY) {
    let word = '';
    for (let i = rng.int(2, 4); i > 0; i -= 1) word += rng.pick(SYLLABLES[language]);
    words.add(word);
  }
  return [...words];
}
export const WORDS = { en: vocabulary('en'), ru: vocabulary('ru') };

function enrich(texts: string[], language: 'en' | 'ru', rng: Rng): string[] {
  return texts.map((text) => {
    const extra: string[] = [];
    for (let i = 0; i < EXTRA_WORDS; i += 1) {
      const word = WORDS[language][Math.floor(VOCABULARY * rng.float() ** 2.5)]!;
      extra.push(word + rng.pick(ENDINGS[language]));
    }
    return `${text} ${extra.join(' ')}.`;
  });
}

/** The word with two letters swapped (a typo). */
export function misspelt(word: string): string {
  return word.length < 4 ? word : `${word.slice(0, 2)}${word[3]}${word[2]}${word.slice(4)}`;
}

/** The four queries of the issue: a frequent word, three words, a Russian form, a rare word misspelt. */
export const QUERIES: Record<string, string> = {
  'one word, frequent': 'customer',
  'three words': 'decision vendor friday',
  'one word, Russian, another form': 'подрядчика',
  'one word, rare, with a typo': misspelt(WORDS.en[3_000]!),
};

/** A ready result of `seconds` of meeting (the emulator's generator, enriched as above). */
export function benchResult(
  id: number,
  title: string,
  seconds: number,
  language: 'en' | 'ru',
): ProcessingResult {
  const body = generateResult(
    { id, title, duration: seconds, createdAtUs: 0, language, flavor: 'normal' },
    's',
  );
  const rng = new Rng(`enrich:${id}`);
  for (const block of body.dialog) block.texts = enrich(block.texts, language, rng);
  return {
    classified: true,
    success: true,
    audio_id: id,
    title,
    duration: seconds,
    result: body,
  } as ProcessingResult;
}

/** Keeps `hours` of meetings in an archive over `kv`; returns what was kept. */
export async function generateArchive(
  hours: number,
  kv: KeyValueStore,
): Promise<{ archive: Archive; meetings: number; utterances: number; characters: number }> {
  const archive = new Archive(kv);
  const meetings = Math.ceil((hours * 3600) / MEETING_SECONDS);
  let utterances = 0;
  let characters = 0;
  for (let i = 0; i < meetings; i += 1) {
    const id = 10_000 + i;
    const language = i % 2 === 0 ? 'en' : 'ru';
    const result = benchResult(id, `Meeting ${i + 1}.mp3`, MEETING_SECONDS, language);
    for (const block of result.result?.dialog ?? []) {
      utterances += block.texts.length;
      for (const text of block.texts) characters += text.length;
    }
    await archive.keep(OWNER, {
      spaceId: 1 + (i % 3),
      audioId: id,
      createdAt: Date.UTC(2025, 0, 1) + i * 86_400_000,
      result,
    });
  }
  return { archive, meetings, utterances, characters };
}
