import { describe, expect, it } from 'vitest';
import { nameKey, SpeakerMatcher } from './names';

describe('names in any case form', () => {
  it.each([
    [['Анна', 'Анны', 'Анне', 'Анну', 'Анной'], 'анн'],
    [['Сергей', 'Сергея', 'Сергею', 'Сергеем'], 'серг'],
    [['Дмитрий', 'Дмитрия', 'Дмитрием'], 'дмитр'],
    [['Борис', 'Бориса', 'Борисом'], 'борис'],
    [['Ким', 'Кима', 'Киму'], 'ким'],
    [['Мария', 'Марии', 'Марию', 'Марией'], 'мар'],
    [['Игорь', 'Игоря', 'Игорю', 'Игорем'], 'игор'],
    [['Петрова', 'Петровой', 'Петрову', 'Петровым'], 'петров'],
    [['Anna', "Anna's", 'ANNA'], 'anna'],
  ])('%j share the key %s', (forms, key) => {
    for (const form of forms) expect(nameKey(form), form).toBe(key);
  });

  const names = {
    '0': 'Анна Петрова',
    '1': 'Борис',
    '2': 'Project Manager',
    '3': 'Right Hon. Justin Trudeau (Prime Minister)',
    '4': 'SPEAKER_04',
  };
  const matcher = new SpeakerMatcher(names, (key) => key === 'project');

  it.each([
    ['Анне поручили смету', ['0']],
    ['по словам Петровой', ['0']],
    ['Бориса попросили прислать', ['1']],
    ['The project manager wanted a cheaper case', ['2']],
    ['The Prime Minister was questioned', ['3']],
    ['Trudeau answered', ['3']],
    ['The project is late', []],
    ['анна (lower case) is not taken for a name', []],
    ['Speaker 4 said', []],
  ])('%s names %j', (line, ids) => {
    expect([...matcher.inLine(line).ids].sort()).toEqual(ids);
  });

  it('reads a name a thousand times longer than any as a bounded one', () => {
    const long = new SpeakerMatcher({ '0': `Анна ${'(x '.repeat(100_000)}` }, () => false);
    expect([...long.inLine('Анне').ids]).toEqual(['0']);
  });
});
