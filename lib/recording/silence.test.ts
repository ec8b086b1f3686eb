import { describe, expect, it } from 'vitest';
import { PIECE_MS } from './pieces';
import { chargedMs, piecesToKeep, SILENCE_ASK_MS, SILENCE_STOP_MS, silenceStep } from './silence';

describe('long silence', () => {
  it('asks once after 5 minutes without a sound, and stops after 15', () => {
    expect(silenceStep(SILENCE_ASK_MS - 1, false)).toBeNull();
    expect(silenceStep(SILENCE_ASK_MS, false)).toBe('ask');
    expect(silenceStep(SILENCE_ASK_MS + PIECE_MS, true)).toBeNull();
    expect(silenceStep(SILENCE_STOP_MS, true)).toBe('stop');
    expect(silenceStep(SILENCE_STOP_MS, false)).toBe('stop');
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
