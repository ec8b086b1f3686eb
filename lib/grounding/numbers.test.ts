import { describe, expect, it } from 'vitest';
import { joinDigits, readNumbers } from './numbers';
import { foldedWords } from './terms';

const read = (text: string) => readNumbers(text.split(' ')).join(' ');

describe('numbers written in words', () => {
  it.each([
    ['twenty five euros', '25 euros'],
    ['fifty million euro', '50000000 euro'],
    ['two thousand five hundred', '2500'],
    ['one hundred and five', '105'],
    ['the fifteenth of march', 'the 15 of march'],
    ['пятнадцатого марта', '15 марта'],
    ['двадцать пятого декабря', '25 декабря'],
    ['тысяча двести рублей', '1200 рублей'],
    ['сто двадцать три', '123'],
    ['три тысячи', '3000'],
    ['первого апреля', '1 апреля'],
    ['пятьюдесятью рублями', '50 рублями'],
  ])('%s → %s', (text, expected) => {
    expect(read(text)).toBe(expected);
  });

  it('reads digits before a scale word as one value, and keeps two numbers apart', () => {
    expect(read('50 million')).toBe('50000000');
    expect(read('3 тысячи')).toBe('3000');
    expect(read('five twenty')).toBe('5 20');
    expect(read('eleven twenty five')).toBe('11 25');
  });

  it('leaves words that only look like numbers', () => {
    expect(read('семью пятница сотрудник')).toBe('семью пятница сотрудник');
  });

  it('joins digit groups and decimals before a scale word, as they are said', () => {
    expect(joinDigits('1 180 000 рублей')).toBe('1180000 рублей');
    expect(joinDigits('1,2 млн рублей')).toBe('1200000 рублей');
    expect(joinDigits('about 2.5 million euros')).toBe('about 2500000 euros');
    expect(joinDigits('версия 2.1')).toBe('версия 2.1');
    expect(foldedWords('Выделено 1,2 млн')).toEqual(foldedWords('выделено один миллион двести тысяч'));
  });

  it('is bounded: a run of a hundred thousand number words is one pass', () => {
    const words = Array.from({ length: 100_000 }, (_, i) => (i % 2 ? 'million' : 'nine'));
    const out = readNumbers(words);
    expect(out.length).toBeGreaterThan(0);
    expect(out.every((token) => /^\d+$/.test(token))).toBe(true);
  });
});
