import { describe, expect, it } from 'vitest';
import { addressNames, suggestMine } from './mine';

describe("the user's own names, suggested", () => {
  it('finds a name the address spells, in Latin or Cyrillic letters', () => {
    for (const email of [
      'anna.petrova@example.com',
      'petrova.anna@x.ru',
      'annapetrova@x.ru',
      'apetrova@x.ru',
      'a.petrova@x.ru',
    ])
      expect(addressNames(email, 'Anna Petrova'), email).toBe(true);
    expect(addressNames('anna.petrova@example.com', 'Анна Петрова')).toBe(true);
    expect(addressNames('sergey.ivanov@example.com', 'Сергей Иванов')).toBe(true);
    expect(addressNames('anna@example.com', 'Anna')).toBe(true);
  });

  it('suggests no one the address does not spell', () => {
    expect(addressNames('anna.petrova@example.com', 'Anna Smirnova')).toBe(false);
    expect(addressNames('anna.petrova@example.com', 'Tom')).toBe(false);
    expect(addressNames('demo@example.com', 'Anna Petrova')).toBe(false);
    expect(addressNames('al@example.com', 'Al')).toBe(false);
    expect(addressNames('', 'Anna')).toBe(false);
  });

  it('adds the names the meeting page showed on the user’s own tile', () => {
    expect(
      suggestMine('demo@example.com', ['Anna Petrova', 'Mark Johnson', 'Tom'], ['Mark  Johnson']),
    ).toEqual(['Mark Johnson']);
    expect(suggestMine('tom@example.com', ['Anna Petrova', 'Tom'], [])).toEqual(['Tom']);
    expect(suggestMine(null, ['Anna'], [])).toEqual([]);
  });
});
