import { describe, expect, it } from 'vitest';
import { plainLabel } from '../format/label';
import { PAGE_SPACE_NAME_MAX, spacesForPage } from './spaces';

describe('names shown as labels', () => {
  it('lose direction, control and zero-width characters and are cut with an ellipsis', () => {
    expect(plainLabel('Team\u202Emaet', 60)).toBe('Teammaet');
    expect(plainLabel(' a\n\tb\u200B\u0000 ', 60)).toBe('a b');
    expect(plainLabel('<img src=x onerror=alert(1)>', 60)).toBe('<img src=x onerror=alert(1)>');
    expect(plainLabel('abcdef', 4)).toBe('abc…');
    // Cut by characters, not UTF-16 units: an emoji is never split.
    expect(plainLabel('😀😀😀😀😀', 3)).toBe('😀😀…');
  });

  it('a 100 KB space name reaches the page controls as one short line', () => {
    const spaces = [
      { id: 1, name: `\u202E${'<b>x</b>'.repeat(13_000)}`, isMain: true },
      { id: 2, name: 'Team', isMain: false },
    ];
    const shown = spacesForPage(spaces);
    expect(Array.from(shown[0]!.name).length).toBeLessThanOrEqual(PAGE_SPACE_NAME_MAX);
    expect(shown[0]!.name.startsWith('<b>x</b>')).toBe(true);
    expect(shown[1]).toEqual(spaces[1]);
    // The spaces given are left as they were.
    expect(spaces[0]!.name.length).toBeGreaterThan(100_000);
  });
});
