import { describe, expect, it } from 'vitest';
import { isRecorderCommand, RECORDING_CHANNEL } from './protocol';

describe('the recording page’s commands', () => {
  const assemble = (extra: object) =>
    isRecorderCommand({ channel: RECORDING_CHANNEL, op: 'assemble', id: 'r1', ...extra });

  it('the file made may be of its first pieces only (the silence at the end cut): a whole number, not below 0', () => {
    expect(assemble({})).toBe(true);
    expect(assemble({ keep: 0 })).toBe(true);
    expect(assemble({ keep: 98 })).toBe(true);
    expect(assemble({ keep: -1 })).toBe(false);
    expect(assemble({ keep: 2.5 })).toBe(false);
    expect(assemble({ keep: '98' })).toBe(false);
    expect(assemble({ keep: Number.POSITIVE_INFINITY })).toBe(false);
  });
});
