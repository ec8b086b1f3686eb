import { describe, expect, it } from 'vitest';
import {
  looksLikeQuestion,
  otherScript,
  QUESTION_MAX_CHARS,
  questionProblem,
  questionStatus,
  searchMode,
} from './question';
import { searchStatus } from './standing-question';

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

describe('what the status line says of a question', () => {
  const index = (version: number, complete: boolean, indexed = 3) => ({
    version,
    complete,
    indexed,
    total: 5,
  });
  const say = (
    question: string,
    now: ReturnType<typeof index>,
    answer: { index: ReturnType<typeof index>; meetings: unknown[]; reason?: 'no-words' } | null,
  ) =>
    questionStatus({
      question,
      status: searchStatus({
        question: true,
        index: now,
        answer: answer ? { index: answer.index, found: answer.meetings.length > 0 } : null,
      }),
      answer,
    });

  it('never "nothing found" while the index grows or changed since the answer, nor before an answer', () => {
    expect(say('who pays?', index(4, false), null)).toEqual({ kind: 'asking' });
    // Answered from part of the index: the search's "Searched 3 of 5…" stands.
    expect(say('who pays?', index(4, false), { index: index(4, false), meetings: [] })).toBeNull();
    // The index became whole after the answer: asked again, not "nothing found".
    expect(say('who pays?', index(6, true, 5), { index: index(4, false), meetings: [] })).toEqual({
      kind: 'asking',
    });
    expect(say('who pays?', index(6, true, 5), { index: index(6, true, 5), meetings: [] })).toEqual({
      kind: 'nothing-found',
    });
    expect(say('who pays?', index(6, true, 5), { index: index(6, true, 5), meetings: [1, 2] })).toEqual({
      kind: 'answered',
      meetings: 2,
    });
  });

  it('a question too long is said at once, with its length, before any answer', () => {
    expect(say(`${'why '.repeat(300)}?`, index(4, false), null)).toEqual({ kind: 'too-long', length: 1201 });
    expect(say(`${'почему '.repeat(200)}?`, index(6, true), null)).toEqual({
      kind: 'too-long',
      length: 1401,
    });
  });

  it('a question of only question words and common words says there is nothing to look for', () => {
    const none = { index: index(4, false), meetings: [], reason: 'no-words' as const };
    expect(say('what did we say about it?', index(4, false), none)).toEqual({ kind: 'no-words' });
    expect(say('что?', index(6, true), { ...none, index: index(6, true) })).toEqual({ kind: 'no-words' });
  });

  it('an empty or blank field asks nothing and says nothing of its own', () => {
    expect(say('', index(4, false), null)).toBeNull();
    expect(say('  \n\t ', index(6, true, 5), { index: index(6, true, 5), meetings: [] })).toBeNull();
  });
});
