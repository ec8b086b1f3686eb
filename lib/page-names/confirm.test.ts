import { describe, expect, it } from 'vitest';
import { applyNames, confirmationOf } from './confirm';
import type { Matching, Suggestion } from './match';

const suggestion = (
  speakerId: string,
  name: string | null,
  seconds: number,
  coverage: number,
): Suggestion => ({
  speakerId,
  label: `SPEAKER_0${speakerId}`,
  name,
  basis: 'overlap',
  seconds,
  coverage,
  talk: seconds / Math.max(coverage, 0.01),
  choices: name ? [] : ['Anna Petrova', 'Tom Becker'],
  reason: name ? 'named' : 'weak',
  best: name ? null : 'Tom Becker',
  takenBy: null,
});

const matching: Matching = {
  suggestions: [
    suggestion('1', 'Anna Petrova', 720, 0.94),
    suggestion('2', 'Tom Becker', 300, 0.88),
    suggestion('3', null, 12, 0.3),
  ],
};

describe('confirming names from the meeting', () => {
  it('sums up the names with their evidence, in English and Russian', () => {
    const en = confirmationOf(matching, {}, 'en')!;
    expect(en.summary).toBe('Anna Petrova, Tom Becker, 1 unnamed');
    expect(en.named).toBe(2);
    expect(en.offers[0]).toEqual({
      speakerId: '1',
      label: 'Speaker 1',
      name: 'Anna Petrova',
      evidence: 'spoke 12 min, 94 % of Speaker 1’s time',
      choices: [],
    });
    expect(en.offers[2]).toMatchObject({ name: null, choices: ['Anna Petrova', 'Tom Becker'] });
    const ru = confirmationOf(matching, {}, 'ru')!;
    expect(ru.summary).toBe('Anna Petrova, Tom Becker, 1 без имени');
    expect(ru.offers[0]!.evidence).toBe('говорил(а) 12 мин, 94 % времени «Спикер 1»');
  });

  it('leaves out voices the user named since, and offers nothing when no name is left', () => {
    const confirmation = confirmationOf(matching, { '1': 'Boss' }, 'en')!;
    expect(confirmation.summary).toBe('Tom Becker, 1 unnamed');
    expect(confirmation.offers.map((o) => o.speakerId)).toEqual(['2', '3']);
    expect(confirmationOf(matching, { '1': 'Boss', '2': 'Tom' }, 'en')).toBeNull();
    expect(confirmationOf({ suggestions: [suggestion('3', null, 12, 0.3)] }, {}, 'en')).toBeNull();
    // A name given back to the service's label ('' or SPEAKER_nn) is no name.
    expect(confirmationOf(matching, { '1': 'SPEAKER_01' }, 'en')!.named).toBe(2);
  });

  it('"Use them" renames each suggested voice once, never over a name given here, and says which failed', async () => {
    const calls: Array<[string, string]> = [];
    const rename = async (id: string, name: string) => {
      calls.push([id, name]);
      if (id === '2') throw new Error('storage');
      return true;
    };
    expect(await applyNames(matching, {}, rename)).toEqual({ saved: ['1'], failed: ['2'] });
    expect(calls).toEqual([
      ['1', 'Anna Petrova'],
      ['2', 'Tom Becker'],
    ]);
    calls.length = 0;
    expect(await applyNames(matching, { '1': 'Boss' }, async () => true)).toEqual({
      saved: ['2'],
      failed: [],
    });
  });
});
