/**
 * The words of dates as protocols write them, in English and Russian: months, weekdays, numbers
 * and ordinals written as words ("twenty-first", «двадцать первого»), read into numbers for the
 * due-date grammar (./due.ts).
 */
const EN_MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const RU_MONTHS = ['янв', 'фев', 'мар', 'апр', 'ма', 'июн', 'июл', 'авг', 'сен', 'окт', 'ноя', 'дек'];

export function monthOf(word: string): number {
  const w = word.toLowerCase().replace(/\./g, '');
  const en = EN_MONTHS.indexOf(w.slice(0, 3));
  if (en >= 0) return en + 1;
  for (let i = 0; i < RU_MONTHS.length; i += 1) if (w.startsWith(RU_MONTHS[i] as string)) return i + 1;
  return 0;
}

const EN_WEEKDAYS = ['mo', 'tu', 'we', 'th', 'fr', 'sa', 'su'];
const RU_WEEKDAYS: [string, number][] = [
  ['пн', 0],
  ['пон', 0],
  ['вт', 1],
  ['ср', 2],
  ['чт', 3],
  ['чет', 3],
  ['пт', 4],
  ['пят', 4],
  ['сб', 5],
  ['суб', 5],
  ['вс', 6],
  ['вос', 6],
];

export function weekdayIndex(word: string): number {
  const w = word.toLowerCase();
  const en = EN_WEEKDAYS.indexOf(w.slice(0, 2));
  if (en >= 0 && /^[a-z]/.test(w)) return en;
  for (const [prefix, index] of RU_WEEKDAYS) if (w.startsWith(prefix)) return index;
  return -1;
}

const WORD_NUMBERS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  'a couple of': 2,
  'couple of': 2,
  один: 1,
  одну: 1,
  одного: 1,
  одной: 1,
  одна: 1,
  два: 2,
  две: 2,
  двух: 2,
  три: 3,
  трех: 3,
  четыре: 4,
  четырех: 4,
  пять: 5,
  пяти: 5,
  шесть: 6,
  шести: 6,
  семь: 7,
  семи: 7,
  восемь: 8,
  восьми: 8,
  девять: 9,
  девяти: 9,
  десять: 10,
  десяти: 10,
  пару: 2,
  пары: 2,
};

export function numberOf(word: string | undefined): number {
  if (word === undefined) return 1;
  const w = word.toLowerCase().replace(/\s+/g, ' ');
  if (/^\d+$/.test(w)) return Number(w);
  return WORD_NUMBERS[w] ?? 0;
}

const EN_ORDINALS = [
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
  'eleventh',
  'twelfth',
  'thirteenth',
  'fourteenth',
  'fifteenth',
  'sixteenth',
  'seventeenth',
  'eighteenth',
  'nineteenth',
];
const RU_ORDINALS = [
  'перв',
  'втор',
  'трет',
  'четверт',
  'пят',
  'шест',
  'седьм',
  'восьм',
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
];

export function ordinalOf(tens: string | undefined, ord: string): number {
  const o = ord.toLowerCase();
  let unit = 0;
  if (o === 'twentieth' || o === 'двадцат') unit = 20;
  else if (o === 'thirtieth' || o === 'тридцат') unit = 30;
  else {
    const en = EN_ORDINALS.indexOf(o);
    const ru = RU_ORDINALS.indexOf(o);
    unit = en >= 0 ? en + 1 : ru >= 0 ? ru + 1 : 0;
  }
  const t = tens?.toLowerCase();
  const add = t === 'twenty' || t === 'двадцать' ? 20 : t === 'thirty' || t === 'тридцать' ? 30 : 0;
  if (add > 0 && unit >= 10) return 0;
  return add + unit;
}
