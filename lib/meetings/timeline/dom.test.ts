// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import * as timeline from '@/lib/page-names/timeline';
import { boundedText, cleanName, hasClassPrefix, MAX_NAME_LENGTH, MAX_PARTICIPANTS, NameIds } from './dom';

describe('what the page readers share', () => {
  it('reads at most the limit of an element’s text, spaces collapsed', () => {
    document.body.innerHTML = `<span id="n"> Anna\n  <b>Petrova</b></span><div id="big">${'<i>word </i>'.repeat(5000)}</div>`;
    expect(boundedText(document.getElementById('n'))).toBe('Anna Petrova');
    expect(boundedText(document.getElementById('big'), 50)).toHaveLength(49);
    expect(boundedText(null)).toBe('');
  });

  it('matches a CSS-module class by its prefix only', () => {
    document.body.innerHTML =
      '<div id="a" class="root_R4 rootStroke_P0"></div><div id="b" class="rootStrokeless_P0 xrootStroke_1"></div>';
    expect(hasClassPrefix(document.getElementById('a'), 'rootStroke')).toBe(true);
    expect(hasClassPrefix(document.getElementById('b'), 'rootStroke')).toBe(false);
    expect(hasClassPrefix(null, 'rootStroke')).toBe(false);
  });

  it('numbers the second and later participant of the very same name', () => {
    const ids = new NameIds();
    expect(['Anna', 'Tom', 'Anna', 'Anna'].map((name) => ids.next(name))).toEqual([
      'Anna',
      'Tom',
      'Anna#2',
      'Anna#3',
    ]);
  });

  it('cleans names and bounds participants as the timeline does', () => {
    expect(MAX_PARTICIPANTS).toBe(timeline.MAX_PARTICIPANTS);
    expect(MAX_NAME_LENGTH).toBe(timeline.MAX_NAME_LENGTH);
    for (const name of [
      '  Anna\n\tPetrova ',
      'Anna\u202ePetrova\u200b',
      '<img src=x onerror="alert(1)">',
      'я'.repeat(200),
      `${'a'.repeat(79)} b`,
      '\u0000\u0007',
      '👩🏽‍💻'.repeat(50),
    ])
      expect(cleanName(name)).toBe(timeline.cleanName(name));
  });
});
