import { describe, expect, it } from 'vitest';
import type { Alignment } from './align';
import { describeEvidence, describeMatching } from './describe';
import type { Interval } from './intervals';
import { MAX_CHOICES, matchSpeakers, type Suggestion } from './match';
import { buildTimeline, MAX_PARTICIPANTS, type PageSample, type PageTimeline } from './timeline';

const aligned: Alignment = { offset: 0, method: 'exact', matched: 0, confident: true };

function page(
  people: Array<[name: string, speaking: Interval[]]>,
  observed: Interval[] = [[0, 10_000]],
): PageTimeline {
  return {
    v: 1,
    origin: 0,
    participants: people.map(([name], i) => ({ id: `p${i}`, name, self: i === 0 })),
    speaking: people.map(([, speaking]) => speaking),
    observed,
    truncated: false,
  };
}

function labels(...lists: Interval[][]) {
  const speakers: Record<string, Interval[]> = {};
  const names: Record<string, string> = {};
  lists.forEach((list, i) => {
    speakers[String(i)] = list;
    names[String(i)] = `SPEAKER_0${i}`;
  });
  return { speakers, names };
}

const byLabel = (suggestions: Suggestion[]) => Object.fromEntries(suggestions.map((s) => [s.label, s.name]));

describe('naming SPEAKER_nn by overlap voting', () => {
  it('names each label by the participant it spoke with, with its evidence', () => {
    const timeline = page([
      [
        'Anna Petrova',
        [
          [0, 100],
          [300, 400],
        ],
      ],
      ['Tom Becker', [[100, 300]]],
    ]);
    const { speakers, names } = labels(
      [
        [1, 99],
        [301, 399],
      ],
      [[101, 299]],
    );
    const { suggestions } = matchSpeakers({ timeline, alignment: aligned, speakers, names });
    expect(byLabel(suggestions)).toEqual({ SPEAKER_00: 'Anna Petrova', SPEAKER_01: 'Tom Becker' });
    expect(suggestions[0]).toMatchObject({
      reason: 'named',
      seconds: 196,
      coverage: 1,
      talk: 196,
      choices: [],
    });
    expect(describeEvidence(suggestions[1]!, 'en')).toBe('spoke 3 min 18 s, 100 % of Speaker 1’s time');
    expect(describeEvidence(suggestions[1]!, 'ru')).toBe('говорил(а) 3 мин 18 с, 100 % времени «Спикер 1»');
    expect(describeMatching({ suggestions }, 'en')).toBe('Anna Petrova, Tom Becker');
  });

  it('the thresholds: too little coverage, too little support, or too small a lead leave the label with choices', () => {
    const timeline = page([
      ['Anna Petrova', [[0, 40]]],
      ['Tom Becker', [[40, 70]]],
      ['Priya Sharma', [[500, 504]]],
      ['Lucas Martin', [[600, 700]]],
    ]);
    const { speakers, names } = labels(
      [
        [0, 40],
        [40, 70],
      ], // Anna 40 s, Tom 30 s: lead 1.33 < 2
      // Priya 4 s < 5 s of support, and 2 s more her tile did not show: no clear evidence either.
      [
        [500, 504],
        [520, 522],
      ],
      [
        [600, 640],
        [800, 900],
      ], // Lucas 40 s of 140 s: coverage 0.29 < 0.5
    );
    const { suggestions } = matchSpeakers({ timeline, alignment: aligned, speakers, names });
    expect(suggestions.map((s) => [s.name, s.reason])).toEqual([
      [null, 'weak'],
      [null, 'weak'],
      [null, 'weak'],
    ]);
    expect(suggestions[0]!.choices).toEqual(['Anna Petrova', 'Tom Becker', 'Priya Sharma', 'Lucas Martin']);
    expect(suggestions[2]!.choices[0]).toBe('Lucas Martin');
    expect(describeEvidence(suggestions[2]!, 'en')).toBe(
      'most like Lucas Martin (40 s, 29 % of Speaker 2’s time), too little to be sure',
    );
    expect(describeMatching({ suggestions }, 'ru')).toBe('3 без имени');
    // Lower thresholds name them.
    const relaxed = matchSpeakers({
      timeline,
      alignment: aligned,
      speakers,
      names,
      thresholds: { coverage: 0.25, support: 4, lead: 1.3 },
    });
    expect(byLabel(relaxed.suggestions)).toEqual({
      SPEAKER_00: 'Anna Petrova',
      SPEAKER_01: 'Priya Sharma',
      SPEAKER_02: 'Lucas Martin',
    });
  });

  it('a tie names nobody and offers both names', () => {
    const timeline = page([
      ['Anna Petrova', [[0, 50]]],
      ['Tom Becker', [[50, 100]]],
    ]);
    const { speakers, names } = labels([[0, 100]]);
    const [only] = matchSpeakers({ timeline, alignment: aligned, speakers, names }).suggestions;
    expect(only).toMatchObject({ name: null, reason: 'weak', choices: ['Anna Petrova', 'Tom Becker'] });
  });

  it('two people with the same first name are two participants; the very same name is told apart', () => {
    const timeline = page([
      ['Anna Petrova', [[0, 100]]],
      ['Anna Smirnova', [[100, 200]]],
      ['Anna', [[200, 300]]],
      ['anna', [[300, 400]]],
    ]);
    const { speakers, names } = labels([[0, 100]], [[100, 200]], [[200, 300]], [[300, 400]]);
    const { suggestions } = matchSpeakers({ timeline, alignment: aligned, speakers, names });
    expect(suggestions.map((s) => s.name)).toEqual(['Anna Petrova', 'Anna Smirnova', 'Anna', 'anna (2)']);
  });

  it('a participant who never speaks is never suggested, only offered last', () => {
    const timeline = page([
      ['Anna Petrova', [[0, 100]]],
      ['Silent Sam', []],
      ['Tom Becker', [[100, 110]]],
    ]);
    const { speakers, names } = labels(
      [[0, 100]],
      [
        [100, 110],
        [500, 600],
      ],
    );
    const { suggestions } = matchSpeakers({ timeline, alignment: aligned, speakers, names });
    expect(suggestions[0]!.name).toBe('Anna Petrova');
    expect(suggestions[1]).toMatchObject({
      name: null,
      choices: ['Tom Becker', 'Anna Petrova', 'Silent Sam'],
    });
  });

  it('names already given never change, and their participant is not given to another voice', () => {
    const timeline = page([
      [
        'Anna Petrova',
        [
          [0, 100],
          [200, 250],
        ],
      ],
      ['Tom Becker', [[100, 200]]],
    ]);
    const { speakers } = labels([[0, 100]], [[100, 200]], [[200, 250]]);
    const names = { '0': 'Boss', '1': 'Tom Becker', '2': 'SPEAKER_02' };
    const { suggestions } = matchSpeakers({ timeline, alignment: aligned, speakers, names });
    expect(suggestions).toHaveLength(1);
    // Boss spoke with Anna's tile for 100 s: Anna is Boss; SPEAKER_02 (50 s of her) is offered the names.
    expect(suggestions[0]).toMatchObject({
      label: 'SPEAKER_02',
      name: null,
      reason: 'taken',
      takenBy: 'Boss',
    });
  });

  it('one page name for one voice, unless the evidence is overwhelming (one person split into two voices)', () => {
    const timeline = page([
      [
        'Anna Petrova',
        [
          [0, 100],
          [200, 220],
          [300, 400],
        ],
      ],
      ['Tom Becker', [[100, 200]]],
    ]);
    // SPEAKER_02 heard 20 s of Anna: strong by the thresholds, not overwhelming.
    const weak = labels([[0, 100]], [[100, 200]], [[200, 220]]);
    const first = matchSpeakers({ timeline, alignment: aligned, ...weak }).suggestions;
    expect(byLabel(first)).toEqual({
      SPEAKER_00: 'Anna Petrova',
      SPEAKER_01: 'Tom Becker',
      SPEAKER_02: null,
    });
    expect(describeEvidence(first[2]!, 'en')).toBe(
      'most like Anna Petrova (20 s, 100 %), a name already given to Speaker 0',
    );
    // SPEAKER_02 heard 100 s of Anna and nobody else: the same person, both voices get her name.
    const split = labels([[0, 100]], [[100, 200]], [[300, 400]]);
    const second = matchSpeakers({ timeline, alignment: aligned, ...split }).suggestions;
    expect(byLabel(second)).toEqual({
      SPEAKER_00: 'Anna Petrova',
      SPEAKER_01: 'Tom Becker',
      SPEAKER_02: 'Anna Petrova',
    });
    expect(describeMatching({ suggestions: second }, 'en')).toBe('Anna Petrova, Tom Becker');
  });

  it('time the page did not watch (tiles hidden by a shared screen) does not count against a name', () => {
    const timeline = page([['Anna Petrova', [[0, 100]]]], [[0, 100]]);
    const { speakers, names } = labels([
      [0, 100],
      [100, 400],
    ]);
    const [only] = matchSpeakers({ timeline, alignment: aligned, speakers, names }).suggestions;
    expect(only).toMatchObject({ name: 'Anna Petrova', coverage: 1, talk: 100 });
  });

  it('the offset is applied: page time + offset is recording time', () => {
    const timeline = page([
      ['Anna Petrova', [[10, 110]]],
      ['Tom Becker', [[110, 210]]],
    ]);
    const { speakers, names } = labels([[0, 100]], [[100, 200]]);
    const alignment = { ...aligned, offset: -10 };
    expect(byLabel(matchSpeakers({ timeline, alignment, speakers, names }).suggestions)).toEqual({
      SPEAKER_00: 'Anna Petrova',
      SPEAKER_01: 'Tom Becker',
    });
  });

  it('a timeline that could not be aligned names nobody', () => {
    const timeline = page([['Anna Petrova', [[0, 100]]]]);
    const { speakers, names } = labels([[0, 100]]);
    const alignment = { ...aligned, confident: false };
    const [only] = matchSpeakers({ timeline, alignment, speakers, names }).suggestions;
    expect(only).toMatchObject({ name: null, reason: 'unaligned', choices: ['Anna Petrova'] });
    expect(describeEvidence(only!, 'en')).toBe('the page’s timeline could not be matched to the recording');
  });

  it('a page with no names suggests nothing and offers nothing: the labels stay', () => {
    const timeline = page([
      ['', [[0, 100]]],
      ['', [[100, 200]]],
    ]);
    const { speakers, names } = labels([[0, 100]], [[100, 200]]);
    const { suggestions } = matchSpeakers({ timeline, alignment: aligned, speakers, names });
    expect(suggestions.map((s) => [s.name, s.reason, s.choices])).toEqual([
      [null, 'none', []],
      [null, 'none', []],
    ]);
    expect(describeMatching({ suggestions }, 'en')).toBe('2 unnamed');
  });

  it('a name that is markup is suggested as the very text the page showed', () => {
    const name = '<img src=x onerror="alert(1)">';
    const timeline = page([[name, [[0, 100]]]]);
    const { speakers, names } = labels([[0, 100]]);
    const [only] = matchSpeakers({ timeline, alignment: aligned, speakers, names }).suggestions;
    expect(only!.name).toBe(name);
  });

  it('500 participants: each voice named, at most 20 names offered to one left unnamed', () => {
    const people: Array<[string, Interval[]]> = Array.from({ length: MAX_PARTICIPANTS }, (_, i) => [
      `Person ${i}`,
      [[i * 10, i * 10 + 8]],
    ]);
    const timeline = page(people);
    const lists: Interval[][] = Array.from({ length: 40 }, (_, k) => [[k * 10, k * 10 + 8]]);
    lists.push([[6000, 6100]]);
    const { speakers, names } = labels(...lists);
    const { suggestions } = matchSpeakers({ timeline, alignment: aligned, speakers, names });
    expect(suggestions.slice(0, 40).map((s) => s.name)).toEqual(people.slice(0, 40).map(([name]) => name));
    expect(suggestions[40]).toMatchObject({ name: null, reason: 'none' });
    expect(suggestions[40]!.choices).toHaveLength(MAX_CHOICES);
  });
});

describe('a voice heard in one short turn', () => {
  const SIX = ['Maria Lopez', 'Anna Petrova', 'Tom Becker', 'Priya Sharma', 'Lucas Martin', 'Ivan Orlov'];

  /** Six people on a Meet page, read every 250 ms: marks 0.4 s late, lingering 0.7 s, one tile at a time. */
  function meetPage(turns: Array<[who: number, from: number, to: number]>): PageTimeline {
    const samples: PageSample[] = [];
    for (let t = 0; t <= 400; t += 0.25) {
      const lit = turns.find(([, from, to]) => t >= from + 0.4 && t < to + 0.4 + 0.7);
      samples.push({
        t: Math.round(t * 1000),
        present: SIX.map((name, i) => ({ id: `p${i}`, name })),
        speaking: lit ? [`p${lit[0]}`] : [],
      });
    }
    return buildTimeline(samples);
  }
  const lagged: Alignment = { ...aligned, offset: -0.4 };

  it('is named by its one clean turn of 5 s, its tile alone lit, with that evidence; never a name taken', () => {
    // Five people talk at length; Ivan speaks once, for 5 s, and once over Anna for a moment.
    const turns: Array<[number, number, number]> = [
      [1, 0, 60],
      [2, 62, 120],
      [3, 122, 180],
      [4, 182, 198],
      [5, 200, 205],
      [0, 208, 260],
      [1, 262, 340],
    ];
    const timeline = meetPage(turns);
    // The diarization: Ivan's turn edges moved inwards (3.9 s), his moment over Anna his own voice.
    const { speakers, names } = labels(
      [[208.3, 259.6]],
      [
        [0.2, 59.8],
        [262.5, 339.5],
      ],
      [[62.4, 119.6]],
      [[122.3, 179.5]],
      [[182.2, 197.8]],
      [
        [200.6, 204.5],
        [300, 301.2],
      ],
    );
    const { suggestions } = matchSpeakers({ timeline, alignment: lagged, speakers, names });
    expect(suggestions.map((s) => s.name)).toEqual([
      'Maria Lopez',
      'Anna Petrova',
      'Tom Becker',
      'Priya Sharma',
      'Lucas Martin',
      'Ivan Orlov',
    ]);
    const ivan = suggestions[5]!;
    expect(ivan).toMatchObject({ reason: 'named', basis: 'alone' });
    expect(describeEvidence(ivan, 'en')).toBe(
      'spoke 3 s alone, the only tile lit then (100 % of Speaker 5’s time alone)',
    );
    expect(describeEvidence(ivan, 'ru')).toBe(
      'говорил(а) 3 с один(одна), горела только эта плитка (100 % времени «Спикер 5» без других)',
    );
    expect(describeMatching({ suggestions }, 'en')).toContain('Ivan Orlov');
  });

  it('stays unnamed when the page is not clear: another tile lit with it, the tile lit mostly for another voice, or its name already given', () => {
    const turns: Array<[number, number, number]> = [
      [1, 0, 60],
      [2, 62, 120],
      [3, 200, 203],
      [4, 203, 206],
    ];
    const timeline = meetPage(turns);
    const { speakers, names } = labels(
      [[0.2, 59.8]],
      [[62.4, 119.6]],
      // Two tiles lit in turn while it spoke alone.
      [[200.2, 205.8]],
      // Heard through Anna's microphone: her tile lit for it, her name already Speaker 0's.
      [[30, 33]],
    );
    const { suggestions } = matchSpeakers({ timeline, alignment: lagged, speakers, names });
    expect(suggestions.map((s) => s.name)).toEqual(['Anna Petrova', 'Tom Becker', null, null]);
  });
});
