import { describe, expect, it } from 'vitest';
import { SpeakerMatcher } from './names';

describe('the speakers a line names', () => {
  const names = {
    '0': 'Анна Петрова',
    '1': 'Борис',
    '2': 'Project Manager',
    '3': 'Right Hon. Justin Trudeau (Prime Minister)',
    '4': 'SPEAKER_04',
    '5': 'Сергей',
    '6': 'Илья',
    '7': 'Hon. Justin Trudeau',
  };
  const matcher = new SpeakerMatcher(names, (word) => word === 'project');

  it.each([
    ['Анне поручили смету', ['0']],
    ['Анной была подготовлена смета', ['0']],
    ['по словам Петровой', ['0']],
    ['Бориса попросили прислать', ['1']],
    ['Сергею и Сергея', ['5']],
    ['вместе с Ильёй', ['6']],
    ['The project manager wanted a cheaper case', ['2']],
    ['The Prime Minister was questioned', ['3']],
    ['Trudeau answered', ['3', '7']],
    ['The project is late', []],
    ['анна (lower case) is not taken for a name', []],
    ['Speaker 4 said', []],
  ])('%s names %j', (line, ids) => {
    expect([...matcher.inLine(line).ids].sort()).toEqual(ids);
  });

  it('gives the stems that named them, to be weighed as names', () => {
    expect([...matcher.inLine('Бориса попросили').stems]).toEqual(['борис']);
  });

  it('reads a name a thousand times longer than any as a bounded one', () => {
    const long = new SpeakerMatcher({ '0': `Анна ${'(x '.repeat(100_000)}` }, () => false);
    expect([...long.inLine('Анне').ids]).toEqual(['0']);
  });
});
