import { describe, expect, it } from 'vitest';
import { emptyTimeline } from './store';
import { offeredNames, PAGE_MARK_LAG, suggestNames } from './suggest';
import { buildTimeline, type PageSample } from './timeline';

const START = 1_790_000_000_000;

/** The page sampled every 250 ms from 2 s into the recording, marks `PAGE_MARK_LAG` late. */
function page(turns: Record<string, Array<[number, number]>>) {
  const samples: PageSample[] = [];
  for (let t = 2; t <= 60; t += 0.25) {
    const speaking = Object.entries(turns)
      .filter(([, list]) => list.some(([s, e]) => t >= s + PAGE_MARK_LAG && t < e + PAGE_MARK_LAG))
      .map(([id]) => id);
    samples.push({
      t: START + Math.round(t * 1000),
      present: [
        { id: 'me', name: 'Maria Lopez', self: true },
        { id: 'p1', name: 'Anna Petrova' },
        { id: 'p2', name: 'Tom Becker' },
      ],
      speaking,
    });
  }
  return { timeline: buildTimeline(samples), startedAt: START };
}

describe('names from a Record here page', () => {
  const recorded = page({ p1: [[5, 20]], p2: [[21, 40]] });
  const result = {
    speakers: { '0': 'SPEAKER_00', '1': 'SPEAKER_01', '2': 'SPEAKER_02' },
    timeline: {
      '0': [[5, 20]] as Array<[number, number]>,
      '1': [[21, 40]] as Array<[number, number]>,
      '2': [[42, 44]] as Array<[number, number]>,
    },
  };

  it('names each voice by the page, on the recording’s clock; a voice nobody on the page spoke with stays', () => {
    const { suggestions } = suggestNames(recorded, result, {});
    expect(suggestions.map((s) => [s.speakerId, s.name])).toEqual([
      ['0', 'Anna Petrova'],
      ['1', 'Tom Becker'],
      ['2', null],
    ]);
    expect(suggestions[0]!.coverage).toBeGreaterThan(0.9);
  });

  it('never suggests for a voice the user or the service named', () => {
    const { suggestions } = suggestNames(
      recorded,
      { ...result, speakers: { ...result.speakers, '1': 'Thomas' } },
      { '0': 'Ann' },
    );
    expect(suggestions.map((s) => s.speakerId)).toEqual(['2']);
  });
});

describe('a Record here recording whose sleep was closed in the file', () => {
  it('aligns the page after the gap too: the page’s clock ran on through the sleep, the file does not hold it', () => {
    // 60 s of sleep 30 s into the recording: the page sees Tom at 100-118 s of its clock, which is
    // 40-58 s of the file.
    const samples: PageSample[] = [];
    const present = [
      { id: 'p1', name: 'Anna Petrova' },
      { id: 'p2', name: 'Tom Becker' },
    ];
    for (let t = 2; t <= 120; t += 0.25) {
      if (t > 30 && t < 90) continue;
      const speaking = t >= 10.4 && t < 20.4 ? ['p1'] : t >= 100.4 && t < 118.4 ? ['p2'] : [];
      samples.push({ t: START + Math.round(t * 1000), present, speaking });
    }
    const watched = {
      timeline: buildTimeline(samples),
      startedAt: START,
      cuts: [[30_000, 60_000]] as Array<[number, number]>,
    };
    const result = {
      speakers: { '0': 'SPEAKER_00', '1': 'SPEAKER_01' },
      timeline: { '0': [[10, 20]] as Array<[number, number]>, '1': [[40, 58]] as Array<[number, number]> },
    };
    expect(suggestNames(watched, result, {}).suggestions.map((s) => s.name)).toEqual([
      'Anna Petrova',
      'Tom Becker',
    ]);
    // Without the cut, Tom's turn lies a minute after his voice.
    const { cuts: _, ...uncut } = watched;
    expect(suggestNames(uncut, result, {}).suggestions.map((s) => s.name)).toEqual(['Anna Petrova', null]);
  });
});

describe('names from the page of a meeting our bot recorded', () => {
  it('searches the offset: the bot’s recording starts when it is let in, on the service’s clock', () => {
    const turns: Record<string, Array<[number, number]>> = {
      p1: [
        [3, 10],
        [20, 28],
        [40, 44],
      ],
      p2: [
        [11, 19],
        [29, 39],
        [45, 58],
      ],
    };
    const watched = page(turns);
    // The page's first sample is 2 s after START; the bot's recording starts 10 s after that.
    const at = (list: Array<[number, number]>) =>
      list.map(([s, e]) => [Math.max(0, s - 12), e - 12] as [number, number]).filter(([s, e]) => e > s);
    const result = {
      speakers: { '0': 'SPEAKER_00', '1': 'SPEAKER_01' },
      timeline: { '0': at(turns.p1!), '1': at(turns.p2!) },
    };
    const { suggestions } = suggestNames({ ...watched, startedAt: 0, bot: true }, result, {});
    expect(suggestions.map((s) => s.name)).toEqual(['Anna Petrova', 'Tom Becker']);
  });

  it('names nobody when the offset is not clearly found (too little speech)', () => {
    const watched = page({ p1: [[5, 10]], p2: [[11, 15]] });
    const result = {
      speakers: { '0': 'SPEAKER_00', '1': 'SPEAKER_01' },
      timeline: { '0': [[0, 5]] as Array<[number, number]>, '1': [[6, 10]] as Array<[number, number]> },
    };
    const { suggestions } = suggestNames({ ...watched, startedAt: 0, bot: true }, result, {});
    expect(suggestions.map((s) => [s.name, s.reason])).toEqual([
      [null, 'unaligned'],
      [null, 'unaligned'],
    ]);
  });
});

describe('the names offered for a voice left unnamed: the page’s, then the calendar event’s', () => {
  const recorded = page({ p1: [[5, 20]], p2: [[21, 40]] });
  const result = {
    speakers: { '0': 'SPEAKER_00', '1': 'SPEAKER_01', '2': 'SPEAKER_02' },
    timeline: {
      '0': [[5, 20]] as Array<[number, number]>,
      '1': [[21, 40]] as Array<[number, number]>,
      '2': [[35, 50]] as Array<[number, number]>,
    },
  };

  it('the page’s names first (the one that spoke with the voice first), then the attendees the page did not offer', () => {
    const offered = offeredNames(suggestNames(recorded, result, {}), [
      'TOM BECKER',
      'Chen Wei',
      'maria lopez',
      'Dana Smith',
    ]);
    expect(offered.from).toBe('both');
    // Voices 0 and 1 are named by the page: nothing is offered to them.
    expect(Object.keys(offered.byVoice)).toEqual(['2']);
    expect(offered.byVoice['2']![0]).toBe('Tom Becker');
    expect(offered.byVoice['2']).toHaveLength(5);
    expect(offered.byVoice['2']!.slice(3)).toEqual(['Chen Wei', 'Dana Smith']);
  });

  it('with no page timeline, the attendees alone, in the event’s order, to every voice still SPEAKER_<nn>; never to a name the user gave, never as a name', () => {
    const alone = { timeline: emptyTimeline(0), startedAt: 0, bot: true };
    const matching = suggestNames(alone, result, { '1': 'Chen Wei' });
    expect(matching.suggestions.every((s) => s.name === null)).toBe(true);
    expect(offeredNames(matching, ['Anna Petrova', 'Tom Becker'])).toEqual({
      byVoice: { '0': ['Anna Petrova', 'Tom Becker'], '2': ['Anna Petrova', 'Tom Becker'] },
      from: 'calendar',
    });
    expect(offeredNames(matching, [])).toEqual({ byVoice: {}, from: null });
    expect(offeredNames(suggestNames(recorded, result, {})).from).toBe('page');
  });
});
