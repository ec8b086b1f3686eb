import { describe, expect, it } from 'vitest';
import { shownResult } from './handlers';

const result = (protocol: string) => ({
  classified: true,
  success: true,
  audio_id: 1,
  title: 't',
  result: { protocol, dialog: [] },
});

describe('a protocol too long to show', () => {
  it('is cut at a line end, with how much there was', () => {
    const protocol = `${'a line of text\n'.repeat(100)}`;
    const shown = shownResult(result(protocol), 100);
    expect(shown.result?.protocol).toBe('a line of text\n'.repeat(6).slice(0, -1));
    expect(shown.protocolTruncated).toEqual({ shownChars: 89, totalChars: protocol.length });
  });

  it('is left alone when it fits, and so is a result without a protocol', () => {
    const small = result('# Short');
    expect(shownResult(small, 100)).toBe(small);
    const running = { classified: false, audio_id: 1, title: 't', result: null };
    expect(shownResult(running, 100)).toBe(running);
  });
});
