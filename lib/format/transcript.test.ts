import { describe, expect, it } from 'vitest';
import type { NormalizedDialog } from '@/lib/api/units';
import { findMatches, prepareTranscript } from '@/lib/format/transcript';

const dialog: NormalizedDialog = {
  unit: 's',
  language: 'en',
  protocol: '# P',
  speakers: { '0': 'Anna', '3': 'SPEAKER_03' },
  timeline: {
    '0': [
      [0, 10],
      [20, 25],
    ],
    '3': [[10, 20]],
  },
  blocks: [
    {
      header: 'Plan',
      utterances: [
        { start: 0, end: 10, speakerId: '0', speaker: 'Anna', text: 'Ship the plan. The PLAN is fine.' },
        { start: 10, end: 20, speakerId: '3', speaker: 'SPEAKER_03', text: 'Plan approved' },
      ],
    },
    {
      header: 'Other',
      utterances: [{ start: 20, end: 25, speakerId: '0', speaker: 'Anna', text: 'no match' }],
    },
  ],
};

describe('prepareTranscript', () => {
  it('labels unlabelled voices and counts talk time, share, turns and first words', () => {
    const view = prepareTranscript(dialog, 'en');
    expect(view.blocks[0]!.utterances[1]!.speaker).toBe('Speaker 3');
    expect(view.speakers.map((s) => [s.name, s.talk, Math.round(s.share * 100), s.turns, s.first])).toEqual([
      ['Anna', 15, 60, 2, 0],
      ['Speaker 3', 10, 40, 1, 10],
    ]);
    expect(view.end).toBe(25);
    expect(view.utteranceCount).toBe(3);
    expect(prepareTranscript(dialog, 'ru').speakers[1]!.name).toBe('Спикер 3');
  });

  it('falls back to the utterances when the timeline is missing', () => {
    const view = prepareTranscript({ ...dialog, timeline: {} }, 'en');
    expect(view.speakers.find((s) => s.id === '3')?.talk).toBe(10);
  });
});

describe('findMatches', () => {
  it('finds every case-insensitive occurrence in reading order', () => {
    const view = prepareTranscript(dialog, 'en');
    expect(findMatches(view.blocks, ' plan ')).toEqual([
      { block: 0, utterance: 0, offset: 9, length: 4 },
      { block: 0, utterance: 0, offset: 19, length: 4 },
      { block: 0, utterance: 1, offset: 0, length: 4 },
    ]);
    expect(findMatches(view.blocks, '')).toEqual([]);
    expect(findMatches(view.blocks, '.*')).toEqual([]);
  });
});
