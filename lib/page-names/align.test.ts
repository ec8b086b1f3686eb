import { describe, expect, it } from 'vitest';
import { diarize, pageSamples, synthesizeMeeting } from '@/emulator/speakers';
import { exactAlignment, searchAlignment } from './align';
import type { Interval } from './intervals';
import { buildTimeline, type PageTimeline } from './timeline';

function voicesOf(seed: number, count: number) {
  const meeting = synthesizeMeeting(seed, count);
  const voices = diarize(meeting.truth, seed, meeting.duration);
  const speakers: Record<string, Interval[]> = {};
  voices.forEach((voice, index) => {
    speakers[String(index)] = voice.turns;
  });
  return { meeting, speakers };
}

describe('aligning the page timeline to the recording', () => {
  it('Record here: the offset is the page origin less the recording start, less the page lag', () => {
    const timeline = { origin: 1_000_012_500 } as PageTimeline;
    expect(exactAlignment(timeline, 1_000_000_000, 0.4)).toEqual({
      offset: 12.1,
      method: 'exact',
      matched: 0,
      confident: true,
    });
  });

  it.each([
    [3, 11, 7.3],
    [6, 12, 42.9],
    [12, 13, 85.6],
  ])(
    'a bot: the offset is found within half a second (%i participants, seed %i, page %f s early)',
    (count, seed, early) => {
      const { meeting, speakers } = voicesOf(seed, count);
      const timeline = buildTimeline(pageSamples(meeting, seed, -early));
      const alignment = searchAlignment(timeline, speakers, { maxOffset: meeting.duration });
      // The page's first sample is `early` s before the recording. Its marks come 0.4 s late at a
      // turn's start and go 0.7 s late at its end, seen at the next 250 ms sample: the page's turns
      // are about 0.7 s late, and the best overlap carries that lag.
      expect(alignment.confident).toBe(true);
      expect(Math.abs(alignment.offset - (-early - 0.7))).toBeLessThan(0.5);
      expect(alignment.matched).toBeGreaterThan(meeting.duration * 0.5);
    },
  );

  it('a page that saw another meeting is not trusted', () => {
    const { meeting } = voicesOf(21, 6);
    const other = voicesOf(22, 6);
    const timeline = buildTimeline(pageSamples(meeting, 21, 0));
    expect(searchAlignment(timeline, other.speakers).confident).toBe(false);
  });

  it('nothing to align: no speech on the page, or no voices', () => {
    const { meeting, speakers } = voicesOf(31, 3);
    const silent = buildTimeline([...pageSamples(meeting, 31, 0)].map((s) => ({ ...s, speaking: [] })));
    expect(searchAlignment(silent, speakers).confident).toBe(false);
    const timeline = buildTimeline(pageSamples(meeting, 31, 0));
    expect(searchAlignment(timeline, {}).confident).toBe(false);
  });
});
