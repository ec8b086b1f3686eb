import { describe, expect, it } from 'vitest';
import { defaultFirst, defaultSpace, spaceForAction } from './default-space';

const personal = { id: 1, isMain: true };
const team = { id: 2, isMain: false };
const other = { id: 4, isMain: false };
const spaces = [team, personal, other];

describe('the default space', () => {
  it('is the one chosen in the options', () => {
    expect(defaultSpace(spaces, 2)).toBe(team);
    expect(defaultSpace(spaces, 4)).toBe(other);
  });

  it('is the personal space when none is chosen', () => {
    expect(defaultSpace(spaces, null)).toBe(personal);
    expect(defaultSpace(spaces, undefined)).toBe(personal);
  });

  it('passes over a chosen space the account no longer has', () => {
    expect(defaultSpace(spaces, 99)).toBe(personal);
  });

  it('is the first one without a personal space, and none without spaces', () => {
    expect(defaultSpace([team, other], null)).toBe(team);
    expect(defaultSpace([team, other], 99)).toBe(team);
    expect(defaultSpace([], 2)).toBeUndefined();
  });
});

describe('the space of an action', () => {
  it('is the one named for it, else the default', () => {
    expect(spaceForAction(spaces, 4, 2)).toBe(other);
    expect(spaceForAction(spaces, null, 2)).toBe(team);
    expect(spaceForAction(spaces, undefined, null)).toBe(personal);
  });

  it('is unknown when the named one is not in the list', () => {
    expect(spaceForAction(spaces, 99, 2)).toBeUndefined();
  });
});

describe('the spaces in order', () => {
  it('puts the default first and keeps the others in order', () => {
    expect(defaultFirst(spaces, 4).map((space) => space.id)).toEqual([4, 2, 1]);
    expect(defaultFirst(spaces, null).map((space) => space.id)).toEqual([1, 2, 4]);
    expect(defaultFirst(spaces, 99).map((space) => space.id)).toEqual([1, 2, 4]);
    expect(defaultFirst([], 1)).toEqual([]);
  });
});
