/**
 * Numbers written in words, read as digits, so that "25 euros" meets "twenty five euros" and
 * "15 марта" meets "пятнадцатого марта": a run of number words (cardinal or ordinal, English, or
 * Russian in any case and gender) becomes one token of its value in digits; digits followed by a
 * scale word ("50 million", "3 тысячи") likewise. Everything else passes through unchanged.
 *
 * No npm package reads both languages' number words back to digits (words-to-numbers reads
 * English only; the Russian packages go the other way, digits to words), and the Russian forms
 * needed here are a closed set of stems with case endings, so they are tabled below.
 *
 * Pure and bounded: one pass over the words, each looked up in constant time.
 */

type Kind = 'unit' | 'teen' | 'ten' | 'hundred' | 'hundreds' | 'scale';

interface NumberWord {
  value: number;
  kind: Kind;
  /** An ordinal ends the number it closes ("twenty fifth", "двадцать пятого"). */
  ordinal: boolean;
}

const EN_CARDINAL: Array<[string, number]> = [
  ['zero', 0],
  ['one', 1],
  ['two', 2],
  ['three', 3],
  ['four', 4],
  ['five', 5],
  ['six', 6],
  ['seven', 7],
  ['eight', 8],
  ['nine', 9],
  ['ten', 10],
  ['eleven', 11],
  ['twelve', 12],
  ['thirteen', 13],
  ['fourteen', 14],
  ['fifteen', 15],
  ['sixteen', 16],
  ['seventeen', 17],
  ['eighteen', 18],
  ['nineteen', 19],
  ['twenty', 20],
  ['thirty', 30],
  ['forty', 40],
  ['fifty', 50],
  ['sixty', 60],
  ['seventy', 70],
  ['eighty', 80],
  ['ninety', 90],
];
const EN_ORDINAL: Array<[string, number]> = [
  ['first', 1],
  ['second', 2],
  ['third', 3],
  ['fourth', 4],
  ['fifth', 5],
  ['sixth', 6],
  ['seventh', 7],
  ['eighth', 8],
  ['ninth', 9],
  ['tenth', 10],
  ['eleventh', 11],
  ['twelfth', 12],
  ['thirteenth', 13],
  ['fourteenth', 14],
  ['fifteenth', 15],
  ['sixteenth', 16],
  ['seventeenth', 17],
  ['eighteenth', 18],
  ['nineteenth', 19],
  ['twentieth', 20],
  ['thirtieth', 30],
  ['fortieth', 40],
  ['fiftieth', 50],
  ['sixtieth', 60],
  ['seventieth', 70],
  ['eightieth', 80],
  ['ninetieth', 90],
];

function kindOf(value: number): Kind {
  if (value < 10) return 'unit';
  if (value < 20) return 'teen';
  return 'ten';
}

const ENGLISH = new Map<string, NumberWord>();
for (const [word, value] of EN_CARDINAL) ENGLISH.set(word, { value, kind: kindOf(value), ordinal: false });
for (const [word, value] of EN_ORDINAL) ENGLISH.set(word, { value, kind: kindOf(value), ordinal: true });
ENGLISH.set('hundred', { value: 100, kind: 'hundred', ordinal: false });
ENGLISH.set('hundredth', { value: 100, kind: 'hundred', ordinal: true });
ENGLISH.set('thousand', { value: 1_000, kind: 'scale', ordinal: false });
ENGLISH.set('thousandth', { value: 1_000, kind: 'scale', ordinal: true });
ENGLISH.set('million', { value: 1_000_000, kind: 'scale', ordinal: false });
ENGLISH.set('billion', { value: 1_000_000_000, kind: 'scale', ordinal: false });

/** Russian endings of an ordinal (and of the adjective-like cardinals' oblique cases). */
const ADJ = [
  'ый',
  'ой',
  'ий',
  'ого',
  'ому',
  'ым',
  'ом',
  'ая',
  'ую',
  'ое',
  'ые',
  'ых',
  'ыми',
  'ье',
  'ья',
  'ьего',
  'ьему',
  'ьим',
  'ьем',
  'ью',
  'ьи',
  'ьих',
  'ьими',
];
/** Endings of the cardinals declined like "пять" (пять, пяти, пятью). */
const SOFT = ['ь', 'и', 'ью'];

/** Russian number words: each stem with the endings it takes, its value, whether ordinal. */
const RUSSIAN_TABLE: Array<[value: number, kind: Kind, cardinal: string[], ordinal: string[]]> = [
  [0, 'unit', ['ноль', 'нуль', 'ноля', 'нуля', 'нулю', 'нолю', 'нулем', 'нолем'], ['нулев']],
  [1, 'unit', ['один', 'одна', 'одно', 'одного', 'одному', 'одним', 'одном', 'одной', 'одну'], ['перв']],
  [2, 'unit', ['два', 'две', 'двух', 'двум', 'двумя'], ['втор']],
  [3, 'unit', ['три', 'трех', 'трем', 'тремя'], ['трет']],
  [4, 'unit', ['четыре', 'четырех', 'четырем', 'четырьмя'], ['четверт']],
  [5, 'unit', ['пят'], ['пят']],
  [6, 'unit', ['шест'], ['шест']],
  [7, 'unit', ['сем'], ['седьм']],
  [8, 'unit', ['восем', 'восьм'], ['восьм']],
  [9, 'unit', ['девят'], ['девят']],
  [10, 'teen', ['десят'], ['десят']],
  [11, 'teen', ['одиннадцат'], ['одиннадцат']],
  [12, 'teen', ['двенадцат'], ['двенадцат']],
  [13, 'teen', ['тринадцат'], ['тринадцат']],
  [14, 'teen', ['четырнадцат'], ['четырнадцат']],
  [15, 'teen', ['пятнадцат'], ['пятнадцат']],
  [16, 'teen', ['шестнадцат'], ['шестнадцат']],
  [17, 'teen', ['семнадцат'], ['семнадцат']],
  [18, 'teen', ['восемнадцат'], ['восемнадцат']],
  [19, 'teen', ['девятнадцат'], ['девятнадцат']],
  [20, 'ten', ['двадцат'], ['двадцат']],
  [30, 'ten', ['тридцат'], ['тридцат']],
  [40, 'ten', ['сорок', 'сорока'], ['сороков']],
  [50, 'ten', ['пятьдесят', 'пятидесяти', 'пятьюдесятью'], ['пятидесят']],
  [60, 'ten', ['шестьдесят', 'шестидесяти', 'шестьюдесятью'], ['шестидесят']],
  [70, 'ten', ['семьдесят', 'семидесяти', 'семьюдесятью'], ['семидесят']],
  [80, 'ten', ['восемьдесят', 'восьмидесяти', 'восемьюдесятью'], ['восьмидесят']],
  [90, 'ten', ['девяносто', 'девяноста'], ['девяност']],
  [100, 'hundreds', ['сто', 'ста'], ['сот']],
  [200, 'hundreds', ['двести', 'двухсот', 'двумстам', 'двумястами', 'двухстах'], ['двухсот']],
  [300, 'hundreds', ['триста', 'трехсот', 'тремстам', 'тремястами', 'трехстах'], ['трехсот']],
  [
    400,
    'hundreds',
    ['четыреста', 'четырехсот', 'четыремстам', 'четырьмястами', 'четырехстах'],
    ['четырехсот'],
  ],
  [500, 'hundreds', ['пятьсот', 'пятисот', 'пятистам', 'пятьюстами', 'пятистах'], ['пятисот']],
  [600, 'hundreds', ['шестьсот', 'шестисот', 'шестистам', 'шестьюстами', 'шестистах'], ['шестисот']],
  [700, 'hundreds', ['семьсот', 'семисот', 'семистам', 'семьюстами', 'семистах'], ['семисот']],
  [800, 'hundreds', ['восемьсот', 'восьмисот', 'восьмистам', 'восемьюстами', 'восьмистах'], ['восьмисот']],
  [900, 'hundreds', ['девятьсот', 'девятисот', 'девятистам', 'девятьюстами', 'девятистах'], ['девятисот']],
];

/** Cardinal stems that take the soft endings (пят-ь, пят-и, пят-ью); the rest are whole words. */
const SOFT_STEMS = new Set([
  'пят',
  'шест',
  'сем',
  'восем',
  'девят',
  'десят',
  'одиннадцат',
  'двенадцат',
  'тринадцат',
  'четырнадцат',
  'пятнадцат',
  'шестнадцат',
  'семнадцат',
  'восемнадцат',
  'девятнадцат',
  'двадцат',
  'тридцат',
]);

const RUSSIAN = new Map<string, NumberWord>();
for (const [value, kind, cardinals, ordinals] of RUSSIAN_TABLE) {
  for (const cardinal of cardinals) {
    if (SOFT_STEMS.has(cardinal)) {
      for (const ending of SOFT) RUSSIAN.set(cardinal + ending, { value, kind, ordinal: false });
      // "восьми" is the oblique case of "восемь".
      if (cardinal === 'восем') RUSSIAN.set('восьми', { value, kind, ordinal: false });
    } else RUSSIAN.set(cardinal, { value, kind, ordinal: false });
  }
  for (const stem of ordinals)
    for (const ending of ADJ) {
      const word = stem + ending;
      if (!RUSSIAN.has(word)) RUSSIAN.set(word, { value, kind, ordinal: true });
    }
}
// "семью" is more often "family" than "seven" (instrumental).
RUSSIAN.delete('семью');
for (const [forms, value] of [
  [
    ['тысяча', 'тысячи', 'тысяче', 'тысячу', 'тысячей', 'тысячью', 'тысяч', 'тысячам', 'тысячами', 'тысячах'],
    1_000,
  ],
  [
    [
      'миллион',
      'миллиона',
      'миллиону',
      'миллионом',
      'миллионе',
      'миллионы',
      'миллионов',
      'миллионам',
      'миллионами',
      'миллионах',
    ],
    1_000_000,
  ],
  [
    [
      'миллиард',
      'миллиарда',
      'миллиарду',
      'миллиардом',
      'миллиарде',
      'миллиарды',
      'миллиардов',
      'миллиардам',
      'миллиардами',
      'миллиардах',
    ],
    1_000_000_000,
  ],
] as Array<[string[], number]>)
  for (const form of forms) RUSSIAN.set(form, { value, kind: 'scale', ordinal: false });
// "тыс." and "млн" as written in protocols.
RUSSIAN.set('тыс', { value: 1_000, kind: 'scale', ordinal: false });
RUSSIAN.set('млн', { value: 1_000_000, kind: 'scale', ordinal: false });
RUSSIAN.set('млрд', { value: 1_000_000_000, kind: 'scale', ordinal: false });
/** A word (lower case, ё as е) read as a number word, or null. */
export function numberWord(word: string): NumberWord | null {
  return ENGLISH.get(word) ?? RUSSIAN.get(word) ?? null;
}

const DIGITS = /^\d{1,12}$/;
/** Largest value kept as one token; beyond, the words are left as they are. */
const LARGEST = 1e15;

/**
 * Reads runs of number words (and digits before a scale word) in `words` (lower case, ё as е) as
 * single tokens of their value in digits; the other words are returned as they are. "and" (English)
 * and "и" (Russian) inside a number ("one hundred and five") are dropped with it.
 */
export function readNumbers(words: readonly string[]): string[] {
  const out: string[] = [];
  let total = 0;
  let current = 0;
  let open = false;
  let last: Kind | null = null;
  const flush = () => {
    if (open) {
      const value = total + current;
      out.push(value <= LARGEST ? String(value) : String(Math.min(value, LARGEST)));
    }
    total = 0;
    current = 0;
    open = false;
    last = null;
  };
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i] as string;
    if (DIGITS.test(word)) {
      const next = words[i + 1];
      const scale = next === undefined ? null : numberWord(next);
      flush();
      if (scale?.kind === 'scale') {
        const value = Number(word) * scale.value;
        out.push(value <= LARGEST ? String(value) : word);
        i += 1;
      } else out.push(word);
      continue;
    }
    const found = numberWord(word);
    if (found === null) {
      // "one hundred and five": the joiner stays inside the number when a number word follows.
      if (open && (word === 'and' || word === 'и') && last === 'hundred') {
        const next = words[i + 1];
        const after = next === undefined ? null : numberWord(next);
        if (after && (after.kind === 'unit' || after.kind === 'teen' || after.kind === 'ten')) continue;
      }
      flush();
      out.push(word);
      continue;
    }
    const { value, kind } = found;
    let joins = false;
    switch (kind) {
      case 'unit':
        joins =
          open &&
          ((last === 'ten' && current % 10 === 0) ||
            ((last === 'hundred' || last === 'hundreds') && current % 100 === 0) ||
            (last === 'scale' && current === 0));
        break;
      case 'teen':
      case 'ten':
        joins =
          open &&
          (((last === 'hundred' || last === 'hundreds') && current % 100 === 0) ||
            (last === 'scale' && current === 0));
        break;
      case 'hundreds':
        joins = open && last === 'scale' && current === 0;
        break;
      case 'hundred':
        // "hundred" multiplies what precedes it (one to ninety-nine), or stands for 100.
        if (open && current > 0 && current < 100 && last !== 'hundred') {
          current *= 100;
          last = 'hundred';
          if (found.ordinal) flush();
          continue;
        }
        joins = open && last === 'scale' && current === 0;
        break;
      case 'scale':
        // "fifty million", "two thousand": what precedes is multiplied; a larger scale after a
        // smaller one ("thousand million") or a scale alone starts a number of its own.
        if (open && (total === 0 || total > value * Math.max(current, 1))) {
          total += Math.max(current, 1) * value;
          current = 0;
        } else {
          flush();
          open = true;
          total = value;
        }
        last = 'scale';
        if (found.ordinal) flush();
        continue;
    }
    if (!joins) flush();
    open = true;
    current += value;
    last = kind;
    if (found.ordinal) flush();
  }
  flush();
  return out;
}

const SCALES: Record<string, number> = {
  тыс: 1_000,
  тысяч: 1_000,
  млн: 1_000_000,
  миллион: 1_000_000,
  миллиона: 1_000_000,
  миллионов: 1_000_000,
  млрд: 1_000_000_000,
  k: 1_000,
  thousand: 1_000,
  m: 1_000_000,
  mln: 1_000_000,
  million: 1_000_000,
  bn: 1_000_000_000,
  billion: 1_000_000_000,
};
const GROUPED = /(?<![\d.,])\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?![\d]|[.,]\d)/g;
const DECIMAL_SCALE =
  /(?<![\d.,])(\d+)[.,](\d{1,3})\s*(тыс|тысяч|млн|миллион(?:а|ов)?|млрд|k|thousand|m|mln|million|bn|billion)(?![\p{L}])/giu;

/**
 * Numbers written with digits as one value: digit groups ("1 180 000" → "1180000") and a decimal
 * before a scale word ("1,2 млн", "2.5 million" → "1200000", "2500000"), as a speaker says them.
 */
export function joinDigits(text: string): string {
  if (!/\d/.test(text)) return text;
  return text
    .replace(DECIMAL_SCALE, (whole, int: string, frac: string, scale: string) => {
      const factor = SCALES[scale.toLowerCase()];
      if (!factor) return whole;
      const value = Math.round(Number(`${int}.${frac}`) * factor);
      return Number.isSafeInteger(value) ? String(value) : whole;
    })
    .replace(GROUPED, (whole) => whole.replace(/[ \u00a0\u202f]/g, ''));
}
