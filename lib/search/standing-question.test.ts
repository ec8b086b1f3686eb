/**
 * The page's rule for a search answer that is never stale (lib/search/standing-question.ts):
 * one search in flight, the latest question waiting, index changes never dropped, older answers
 * ignored; and the status line saying "Nothing found" only after the whole index was searched.
 */
import { describe, expect, it } from 'vitest';
import { type IndexState, StandingQuestion, searchStatus } from '@/lib/search/standing-question';

/** A manual clock and timer queue, so the throttle is tested without waiting. */
function harness(throttleMs = 300) {
  let now = 1_000;
  let timers: Array<{ at: number; run: () => void; cancelled: boolean }> = [];
  const sent: Array<{ id: number; question: string }> = [];
  const asker = new StandingQuestion<string>({
    send: (id, question) => sent.push({ id, question }),
    throttleMs,
    now: () => now,
    schedule: (run, ms) => {
      const timer = { at: now + ms, run, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
  });
  const advance = (ms: number) => {
    now += ms;
    const due = timers.filter((timer) => timer.at <= now && !timer.cancelled);
    timers = timers.filter((timer) => !due.includes(timer));
    for (const timer of due) timer.run();
  };
  const last = () => sent[sent.length - 1]!;
  return { asker, sent, advance, last };
}

describe('the question on screen follows the index', () => {
  it('asks at once, one search at a time', () => {
    const { asker, sent } = harness();
    asker.ask('budget');
    expect(sent).toEqual([{ id: 1, question: 'budget' }]);
    asker.indexChanged(1);
    expect(sent).toHaveLength(1);
    expect(asker.searching).toBe(true);
  });

  it("a search's early list is the question on screen's only while that search is in flight for it", () => {
    const { asker } = harness();
    asker.ask('budget');
    expect(asker.current(1)).toBe(true);
    expect(asker.current(2)).toBe(false);
    // Another question while the first is in flight: the first's list is no longer shown.
    asker.ask('budget plan');
    expect(asker.current(1)).toBe(false);
    asker.answered(1, 0);
    expect(asker.current(2)).toBe(true);
    asker.answered(2, 0);
    expect(asker.current(2)).toBe(false);
    asker.ask('vendor');
    asker.ask(null);
    expect(asker.current(3)).toBe(false);
  });

  it('a change during a search gives exactly one more search when it ends', () => {
    const { asker, sent, advance } = harness();
    asker.ask('budget');
    asker.indexChanged(1);
    advance(400);
    expect(sent).toHaveLength(1);
    expect(asker.answered(1, 0)).toBe(true);
    // The search took 400 ms: the re-ask leaves the engine as long to itself first.
    advance(399);
    expect(sent).toHaveLength(1);
    advance(1);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual({ id: 2, question: 'budget' });
    // Its answer is from the changed index: nothing more.
    expect(asker.answered(2, 1)).toBe(true);
    advance(10_000);
    expect(sent).toHaveLength(2);
  });

  it('five changes during a search still give one', () => {
    const { asker, sent, advance } = harness();
    asker.ask('budget');
    for (let version = 1; version <= 5; version += 1) asker.indexChanged(version);
    advance(400);
    asker.answered(1, 0);
    advance(10_000);
    expect(sent).toHaveLength(2);
    asker.answered(2, 5);
    advance(10_000);
    expect(sent).toHaveLength(2);
  });

  it('a slow search leaves as long a pause before the next re-ask; a new question does not wait', () => {
    const { asker, sent, advance } = harness(300);
    asker.ask('budget');
    asker.indexChanged(1);
    advance(2_000);
    asker.answered(1, 0);
    advance(1_999);
    expect(sent).toHaveLength(1);
    advance(1);
    expect(sent).toHaveLength(2);
    asker.answered(2, 1);
    asker.indexChanged(2);
    asker.ask('budget plan');
    expect(sent[2]).toEqual({ id: 3, question: 'budget plan' });
  });

  it('a change that lands just after a search is throttled, not dropped', () => {
    const { asker, sent, advance } = harness(300);
    asker.ask('budget');
    advance(50);
    asker.answered(1, 0);
    asker.indexChanged(1);
    expect(sent).toHaveLength(1);
    asker.indexChanged(2);
    advance(249);
    expect(sent).toHaveLength(1);
    advance(1);
    expect(sent).toHaveLength(2);
    asker.answered(2, 2);
    advance(10_000);
    expect(sent).toHaveLength(2);
  });

  it('a change long after gives one', () => {
    const { asker, sent, advance } = harness();
    asker.ask('budget');
    asker.answered(1, 3);
    advance(60_000);
    expect(sent).toHaveLength(1);
    asker.indexChanged(4);
    expect(sent).toHaveLength(2);
    asker.answered(2, 4);
    asker.indexChanged(4);
    asker.indexChanged(3);
    advance(60_000);
    expect(sent).toHaveLength(2);
  });

  it('answers to older questions are ignored, and only the latest question waits', () => {
    const { asker, sent } = harness();
    asker.ask('bud');
    asker.ask('budg');
    asker.ask('budget');
    expect(sent).toEqual([{ id: 1, question: 'bud' }]);
    // The answer to "bud" is not shown; "budget" is asked, "budg" never.
    expect(asker.answered(1, 0)).toBe(false);
    expect(sent).toEqual([
      { id: 1, question: 'bud' },
      { id: 2, question: 'budget' },
    ]);
    // An answer to an id that is not in flight (a duplicate, a late one) is ignored.
    expect(asker.answered(1, 0)).toBe(false);
    expect(asker.answered(7, 0)).toBe(false);
    expect(asker.answered(2, 0)).toBe(true);
    expect(sent).toHaveLength(2);
  });

  it('new filters are a new question: the answer to the old filters is not shown', () => {
    type Question = { words: string; space?: number };
    const asked: Question[] = [];
    const filters = new StandingQuestion<Question>({ send: (_id, question) => asked.push(question) });
    filters.ask({ words: 'budget' });
    filters.ask({ words: 'budget', space: 2 });
    expect(filters.answered(1, 0)).toBe(false);
    expect(asked).toEqual([{ words: 'budget' }, { words: 'budget', space: 2 }]);
    expect(filters.answered(2, 0)).toBe(true);
    filters.dispose();
  });

  it('an empty field asks nothing, and a waiting re-ask is dropped with it', () => {
    const { asker, sent, advance } = harness();
    asker.ask('budget');
    asker.answered(1, 0);
    asker.indexChanged(1);
    asker.ask(null);
    advance(10_000);
    expect(sent).toHaveLength(1);
    asker.indexChanged(2);
    expect(sent).toHaveLength(1);
    asker.ask('budget');
    expect(sent).toHaveLength(2);
  });

  it('a failed search is not repeated until the question or the index changes', () => {
    const { asker, sent, advance } = harness();
    asker.ask('budget');
    expect(asker.failed(1)).toBe(true);
    advance(10_000);
    expect(sent).toHaveLength(1);
    asker.indexChanged(1);
    expect(sent).toHaveLength(2);
  });
});

describe('the status line', () => {
  const state = (over: Partial<IndexState> = {}): IndexState => ({
    version: 3,
    complete: true,
    indexed: 24,
    total: 24,
    ...over,
  });

  it('says "Nothing found" only from the whole index, as it is now', () => {
    const whole = state();
    expect(searchStatus({ question: true, index: whole, answer: { index: whole, found: false } })).toEqual({
      kind: 'done',
      found: false,
    });
    // Answered from the first shard: what was searched, not "Nothing found".
    const loading = state({ version: 1, complete: false, indexed: 0 });
    expect(
      searchStatus({ question: true, index: loading, answer: { index: loading, found: false } }),
    ).toEqual({ kind: 'partial', searched: 0, total: 24 });
    // The index loaded after that answer: the new answer is on its way.
    expect(searchStatus({ question: true, index: whole, answer: { index: loading, found: false } })).toEqual({
      kind: 'searching',
    });
    // Meetings being added after a whole answer: still loading.
    const growing = state({ version: 4, complete: false, indexed: 25, total: 26 });
    expect(searchStatus({ question: true, index: growing, answer: { index: whole, found: true } })).toEqual({
      kind: 'partial',
      searched: 24,
      total: 26,
    });
  });

  it('the empty archive, no answer yet, no question', () => {
    expect(searchStatus({ question: true, index: state({ total: 0, indexed: 0 }), answer: null })).toEqual({
      kind: 'empty-archive',
    });
    // An archive not read yet is not called empty.
    expect(
      searchStatus({ question: true, index: state({ total: 0, indexed: 0, complete: false }), answer: null }),
    ).toEqual({ kind: 'searching' });
    expect(searchStatus({ question: true, index: state(), answer: null })).toEqual({ kind: 'searching' });
    expect(searchStatus({ question: false, index: state(), answer: null })).toEqual({ kind: 'none' });
    expect(searchStatus({ question: true, index: null, answer: null })).toEqual({ kind: 'none' });
  });
});
