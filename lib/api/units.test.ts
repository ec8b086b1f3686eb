import { describe, expect, it } from 'vitest';
import type { ProcessingResult } from './schemas';
import { inferTimeUnit, normalizeDialog, speakerIdOf } from './units';

function result(scale: number, duration: number | null): ProcessingResult {
  return {
    classified: true,
    success: true,
    audio_id: 1,
    title: 'a.mp3',
    duration,
    result: {
      language: 'ru',
      protocol: '# Итоги',
      dialog: [
        {
          header: 'Start',
          starts: [0, 12 * scale],
          ends: [12 * scale, 30 * scale],
          speakers: ['{0}', '{1}'],
          texts: ['Hello', 'Hi'],
        },
        { header: 'End', starts: [30 * scale], ends: [58 * scale], speakers: ['{2}'], texts: ['Bye'] },
      ],
      speakers_map: { '0': 'Anna', '1': 'Boris' },
      speakers_timeline: {
        '{0}': [[0, 12 * scale]],
        '{1}': [[12 * scale, 30 * scale]],
        '{2}': [[30 * scale, 58 * scale]],
      },
    },
  };
}

describe('units: seconds or milliseconds, inferred from the duration', () => {
  it.each([
    ['seconds', 1, 's'],
    ['milliseconds', 1000, 'ms'],
  ] as const)('reads %s and returns seconds', (_name, scale, unit) => {
    const dialog = normalizeDialog(result(scale, 60));
    expect(dialog.unit).toBe(unit);
    expect(dialog.blocks.map((block) => block.utterances.map((u) => [u.start, u.end]))).toEqual([
      [
        [0, 12],
        [12, 30],
      ],
      [[30, 58]],
    ]);
    expect(dialog.timeline).toEqual({ '0': [[0, 12]], '1': [[12, 30]], '2': [[30, 58]] });
  });

  it('names speakers from the map and falls back to a label', () => {
    const dialog = normalizeDialog(result(1, 60));
    expect(dialog.blocks[0]?.utterances.map((u) => u.speaker)).toEqual(['Anna', 'Boris']);
    expect(dialog.blocks[1]?.utterances[0]).toMatchObject({
      speakerId: '2',
      speaker: 'SPEAKER_2',
      text: 'Bye',
    });
    expect(dialog.protocol).toBe('# Итоги');
    expect(dialog.language).toBe('ru');
  });

  it('uses the given duration over the result duration', () => {
    expect(normalizeDialog(result(1000, null), 60).unit).toBe('ms');
    expect(normalizeDialog(result(1, 0), 60).unit).toBe('s');
  });

  it('without a duration, takes times above a day of seconds as milliseconds', () => {
    expect(inferTimeUnit([0, 90_000], null)).toBe('ms');
    expect(inferTimeUnit([0, 3_000], null)).toBe('s');
    expect(inferTimeUnit([0, 3_000], 0)).toBe('s');
    expect(inferTimeUnit([], 60)).toBe('s');
  });

  it('tolerates slack: seconds slightly past the duration stay seconds', () => {
    expect(inferTimeUnit([0, 62], 60)).toBe('s');
    expect(inferTimeUnit([0, 3_000], 1)).toBe('ms');
  });

  it('keeps only complete utterances when parallel arrays differ in length', () => {
    const broken = result(1, 60);
    broken.result!.dialog[0]!.texts = ['only one'];
    expect(normalizeDialog(broken).blocks[0]?.utterances).toHaveLength(1);
  });

  it('returns an empty dialog for a result without a body', () => {
    expect(normalizeDialog({ ...result(1, 60), result: null }).blocks).toEqual([]);
  });

  it('reads a block of 200,000 utterances (a very long transcript) without overflowing the stack', () => {
    const count = 200_000;
    const long = result(1000, null);
    const body = long.result as NonNullable<typeof long.result>;
    const starts = Array.from({ length: count }, (_, i) => i * 2000);
    body.dialog = [
      {
        header: 'All',
        starts,
        ends: starts.map((start) => start + 1500),
        speakers: starts.map(() => '{0}'),
        texts: starts.map((_, i) => `Line ${i}`),
      },
    ];
    body.speakers_timeline = { '{0}': starts.map((start) => [start, start + 1500] as [number, number]) };
    const dialog = normalizeDialog(long);
    expect(dialog.unit).toBe('ms');
    expect(dialog.blocks[0]?.utterances).toHaveLength(count);
    expect(dialog.blocks[0]?.utterances.at(-1)?.start).toBe((count - 1) * 2);
    expect(inferTimeUnit(starts, null)).toBe('ms');
  });

  it('parses speaker ids in braces', () => {
    expect(speakerIdOf('{12}')).toBe('12');
    expect(speakerIdOf(' { 3 } ')).toBe('3');
    expect(speakerIdOf('7')).toBe('7');
  });
});
