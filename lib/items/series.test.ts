import { describe, expect, it } from 'vitest';
import { foldText, itemText, ownersKey, sameKey, seriesOf, titleKey } from './series';

describe('the sameness of action items', () => {
  it('folds case, ё, punctuation and Markdown left over', () => {
    expect(foldText('  Подготовить **смёту**, к  отчёту! ')).toBe('подготовить смету к отчету');
    expect(foldText('Send the *budget*.')).toBe(foldText('send   the budget'));
  });

  it('compares the text without the words of its due date', () => {
    const first = { text: 'Anna will send the budget by Friday', dueWords: 'by Friday' };
    const next = { text: 'Anna will send the budget by 13 March', dueWords: 'by 13 March' };
    expect(itemText(first)).toBe(itemText(next));
    expect(itemText({ text: 'Anna will send the budget', dueWords: null })).toBe(itemText(first));
  });

  it('is one item for the same text and owners in any order, never across owners', () => {
    const a = { text: 'Review the contract', dueWords: null, owner: ['Anna', 'Tom'] };
    expect(sameKey(a)).toBe(sameKey({ ...a, owner: ['tom', 'ANNA'] }));
    expect(sameKey(a)).not.toBe(sameKey({ ...a, owner: ['Anna'] }));
    expect(sameKey(a)).not.toBe(sameKey({ ...a, owner: null }));
    expect(ownersKey(null)).toBe('');
  });

  it('reads a series title without its dates, numbers and file extension', () => {
    expect(titleKey('Weekly sync 12.03.2026.m4a')).toBe('weekly sync');
    expect(titleKey('Weekly sync — 19 March')).toBe('weekly sync');
    expect(titleKey('Планёрка 5 марта')).toBe('планерка');
    expect(titleKey('Sprint 41 review')).toBe(titleKey('Sprint 42 review'));
    expect(titleKey('2026-03-12')).toBe('');
  });

  it('joins the meetings of one space by calendar event or title, transitively; never across spaces', () => {
    const series = seriesOf([
      { spaceId: 1, title: 'Weekly sync 5.03', event: 'uid-1' },
      { spaceId: 1, title: 'Renamed in the calendar', event: 'uid-1' },
      { spaceId: 1, title: 'Weekly sync 19.03', event: null },
      { spaceId: 2, title: 'Weekly sync 12.03', event: 'uid-1' },
      { spaceId: 1, title: 'Board meeting', event: null },
      { spaceId: 1, title: '12.03.2026', event: null },
      { spaceId: 1, title: '13.03.2026', event: null },
    ]);
    expect(series[0]).toBe(series[1]);
    expect(series[0]).toBe(series[2]);
    expect(series[3]).not.toBe(series[0]);
    expect(series[4]).not.toBe(series[0]);
    // Titles of nothing but a date make no series.
    expect(series[5]).not.toBe(series[6]);
  });
});
