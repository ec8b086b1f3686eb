/**
 * Words as the linker compares them: the search's own Snowball stems (lib/archive/text.ts: Russian
 * for Cyrillic words, English for Latin ones, the same common words left out), numbers written in
 * words read as digits (numbers.ts), and the sounds of speech ("um", "угу") left out too, as they
 * say nothing of what a line states.
 */
import { processTerm, tokenize } from '@/lib/archive/text';
import { joinDigits, readNumbers } from './numbers';

/** Sounds and fillers of speech, never a line's content (lower case, ё as е). */
const FILLERS = new Set(
  [
    'um umm uh uhm uh-huh mm mmm mm-hmm hmm hm mhm ah oh eh er erm huh yeah yep yeh okay ok alright',
    'ну угу ага эм ээ э мм хм ой ах ох да нет ладно окей ок типа короче вообще просто вот значит',
  ]
    .join(' ')
    .split(' '),
);

/**
 * Words a protocol uses to report speech rather than to say what was said ("they discussed",
 * "обсудили", "the group agreed"): weighed less in a line, since a transcript rarely holds them
 * where the thing itself was said. Kept as stems.
 */
const REPORTING_WORDS = [
  'discuss discussed discussion talk talked mention mentioned say said says state stated think thought',
  'believe believed agree agreed suggest suggested suggestion propose proposed decide decided explain',
  'explained present presented introduce introduced ask asked raise raised point pointed express',
  'expressed feel felt meeting group team participant participants member members also however then',
  'afterwards finally overall whole further addition particular consider considered regard regarding',
  'обсудить обсудили обсуждали обсуждение говорил говорила говорили сказал сказала сказали отметил',
  'отметила отметили предложил предложила предложили решили решение согласились считает считают',
  'встреча встрече встречи участники команда группа также затем далее итоге целом рассказал рассказала',
  'объяснил объяснила упомянул упомянула спросил спросила',
]
  .join(' ')
  .split(' ');

let reporting: Set<string> | null = null;

/** The stems of the reporting words (made on first use). */
export function reportingStems(): ReadonlySet<string> {
  if (reporting) return reporting;
  reporting = new Set();
  for (const word of REPORTING_WORDS) {
    const stem = processTerm(word);
    if (stem) reporting.add(stem);
  }
  return reporting;
}

/** Lower case, ё as е, ’ as ', as the index compares words. */
export function fold(word: string): string {
  return word.toLowerCase().replace(/ё/g, 'е').replace(/’/g, "'");
}

/** A text's words folded and with numbers read as digits (numbers.ts). */
export function foldedWords(text: string): string[] {
  let lower = joinDigits(text).toLowerCase();
  if (lower.includes('ё')) lower = lower.replace(/ё/g, 'е');
  if (lower.includes('’')) lower = lower.replace(/’/g, "'");
  return readNumbers(tokenize(lower));
}

/** The stem of one folded word for matching, or null for a common word or a filler. */
export function matchStem(word: string): string | null {
  if (FILLERS.has(word)) return null;
  return processTerm(word);
}

/** The stems of a text for matching, in order (common words and fillers left out). */
export function termsOf(text: string): string[] {
  const out: string[] = [];
  for (const word of foldedWords(text)) {
    const stem = matchStem(word);
    if (stem) out.push(stem);
  }
  return out;
}
