import { describe, expect, it } from 'vitest';
import { looksLikeQuestion, otherScript, QUESTION_MAX_CHARS, questionProblem, searchMode } from './question';

describe('a question is recognised', () => {
  it('by a question mark anywhere, of any of the usual forms', () => {
    expect(looksLikeQuestion('кто отвечает за смету?')).toBe(true);
    expect(looksLikeQuestion('budget?')).toBe(true);
    expect(looksLikeQuestion('the budget? the vendor')).toBe(true);
    expect(looksLikeQuestion('预算是谁负责的？')).toBe(true);
    expect(looksLikeQuestion('¿quién paga')).toBe(true);
    expect(looksLikeQuestion('من المسؤول؟')).toBe(true);
  });

  it('by a question word first, English or Russian, with at least one more word', () => {
    expect(looksLikeQuestion('what did marketing say about the price')).toBe(true);
    expect(looksLikeQuestion('How much is the vendor')).toBe(true);
    expect(looksLikeQuestion('did we agree on the date')).toBe(true);
    expect(looksLikeQuestion('tell me about the launch')).toBe(true);
    expect(looksLikeQuestion('Кто отвечает за смету')).toBe(true);
    expect(looksLikeQuestion('какую сумму утвердили')).toBe(true);
    expect(looksLikeQuestion('Чьё это решение')).toBe(true);
    expect(looksLikeQuestion('решили ли мы с подрядчиком')).toBe(true);
  });

  it('not for keywords, a lone question word, names and words that only start like one', () => {
    expect(looksLikeQuestion('budget vendor friday')).toBe(false);
    expect(looksLikeQuestion('смета подрядчика')).toBe(false);
    expect(looksLikeQuestion('what')).toBe(false);
    expect(looksLikeQuestion('кто')).toBe(false);
    expect(looksLikeQuestion('Will Smith budget')).toBe(false);
    expect(looksLikeQuestion('whatever budget')).toBe(false);
    expect(looksLikeQuestion('Кто-то сказал')).toBe(false);
    expect(looksLikeQuestion('tell them')).toBe(false);
    expect(looksLikeQuestion('   ')).toBe(false);
  });

  it('or chosen: the choice wins until the field is emptied', () => {
    expect(searchMode('budget vendor', null)).toBe('keywords');
    expect(searchMode('who pays?', null)).toBe('ask');
    expect(searchMode('who pays?', 'keywords')).toBe('keywords');
    expect(searchMode('budget vendor', 'ask')).toBe('ask');
  });
});

describe('a question is bounded', () => {
  it('a question longer than the limit is not asked, and says how long it is', () => {
    expect(questionProblem('who pays for the vendor?')).toBeNull();
    expect(questionProblem(`${'x'.repeat(QUESTION_MAX_CHARS)}   `)).toBeNull();
    const long = `${'why '.repeat(2_560)}?`;
    expect(questionProblem(long)).toEqual({ kind: 'too-long', length: long.trim().length });
  });

  it('a question mostly in another script is told apart from English and Russian', () => {
    expect(otherScript('预算是谁负责的？')).toBe(true);
    expect(otherScript('Ποιος πληρώνει τον προμηθευτή;')).toBe(true);
    expect(otherScript('кто отвечает за смету?')).toBe(false);
    expect(otherScript('what about the 预算?')).toBe(false);
    expect(otherScript('??? 123')).toBe(false);
    expect(looksLikeQuestion('x'.repeat(20_000))).toBe(false);
  });
});
