/**
 * Names folded for comparison, and their Latin skeleton: the same name written in Latin or
 * Cyrillic letters ("Anna Smirnova", "Анна Смирнова") compares equal. A module without the
 * declension library, so a page that only compares names (the open items' "Mine") carries none.
 */

/** Lower case, ё as е, typographic apostrophes as plain ones. */
export function fold(word: string): string {
  return word.toLowerCase().replace(/ё/g, 'е').replace(/’/g, "'");
}

const TO_LATIN: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

/** A folded word's Latin skeleton: transliterated, then spelled one way (y, j as i; kh as h; doubles as one). */
export function skeleton(folded: string): string {
  let latin = '';
  for (const ch of folded) latin += TO_LATIN[ch] ?? ch;
  return latin
    .replace(/'s$/, '')
    .replace(/[^a-z]/g, '')
    .replace(/kh/g, 'h')
    .replace(/x/g, 'ks')
    .replace(/ph/g, 'f')
    .replace(/w/g, 'v')
    .replace(/[yj]/g, 'i')
    .replace(/(.)\1+/g, '$1');
}
