import { describe, expect, it } from 'vitest';
import { PIECE_MS } from './pieces';
import { chargedMs, cutsSilence, piecesToKeep, silenceStep } from './silence';

const MIN = 60_000;

describe('long silence', () => {
  it('asks once 10 minutes before the stop (at 5 for the 15-minute stop), stops at the setting', () => {
    expect(silenceStep(5 * MIN - 1, false, 15, false)).toBeNull();
    expect(silenceStep(5 * MIN, false, 15, false)).toBe('ask');
    expect(silenceStep(5 * MIN + PIECE_MS, true, 15, false)).toBeNull();
    expect(silenceStep(15 * MIN, true, 15, false)).toBe('stop');
    expect(silenceStep(15 * MIN, false, 15, false)).toBe('stop');
    expect(silenceStep(20 * MIN - 1, false, 30, false)).toBeNull();
    expect(silenceStep(20 * MIN, false, 30, false)).toBe('ask');
    expect(silenceStep(30 * MIN - 1, true, 30, false)).toBeNull();
    expect(silenceStep(30 * MIN, true, 30, false)).toBe('stop');
    expect(silenceStep(50 * MIN, false, 60, false)).toBe('ask');
    expect(silenceStep(60 * MIN, true, 60, false)).toBe('stop');
  });

  it('never asks or stops when the stop is off, never stops a silence the person kept', () => {
    expect(silenceStep(24 * 60 * MIN, false, 0, false)).toBeNull();
    expect(silenceStep(24 * 60 * MIN, true, 15, true)).toBeNull();
    // A setting that is none of the choices (an older value, a hand-edited store) is the default.
    expect(silenceStep(15 * MIN, true, 7, false)).toBe('stop');
  });

  it('trims the silent end only of a recording that stopped for silence', () => {
    expect(cutsSilence('silence')).toBe(true);
    for (const reason of [
      'user',
      'meeting-ended',
      'tab-closed',
      'left-page',
      'capture-ended',
      'recovered',
      undefined,
    ])
      expect(cutsSilence(reason), String(reason)).toBe(false);
  });

  it('cuts the silence at the end, keeping one piece after the last sound; keeps all when nothing is known', () => {
    expect(piecesToKeep(100, 79)).toBe(81);
    expect(piecesToKeep(100, 99)).toBe(100);
    expect(piecesToKeep(100, undefined)).toBe(100);
    expect(piecesToKeep(100, -1)).toBe(2);
  });

  it('a 2-hour recording whose last 20 minutes are silent is charged 100 min 5 s, not 120 min', () => {
    const pieces = (120 * 60_000) / PIECE_MS;
    const lastAudible = (100 * 60_000) / PIECE_MS - 1;
    expect(chargedMs(pieces, lastAudible)).toEqual({ before: 120 * 60_000, after: 100 * 60_000 + PIECE_MS });
  });
});
