import { describe, expect, it } from 'vitest';
import { isRecorderCommand, RECORDING_CHANNEL } from './protocol';

describe('the recording page’s commands', () => {
  const stop = (extra: object) =>
    isRecorderCommand({ channel: RECORDING_CHANNEL, op: 'stop', id: 'r1', ...extra });

  it('a stop may name how many pieces the file keeps (the silence at the end cut): a whole number, not below 0', () => {
    expect(stop({})).toBe(true);
    expect(stop({ keep: 0 })).toBe(true);
    expect(stop({ keep: 98 })).toBe(true);
    expect(stop({ keep: -1 })).toBe(false);
    expect(stop({ keep: 2.5 })).toBe(false);
    expect(stop({ keep: '98' })).toBe(false);
    expect(stop({ keep: Number.POSITIVE_INFINITY })).toBe(false);
  });
});
