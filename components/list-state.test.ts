/** The list-loading state's rule (components/list-state.ts): what an answer does to it. */
import { describe, expect, it } from 'vitest';
import { listState, take } from '@/components/list-state';

describe('list state', () => {
  it('nothing read and no error at first', () => {
    const state = listState<string[]>();
    expect([state.data.value, state.error.value]).toEqual([null, null]);
  });

  it('a failed read keeps what was read before; the next answer clears the error', () => {
    const state = listState<string[]>();
    take(state, { ok: true, data: ['a'] });
    take(state, { ok: false, error: { kind: 'network', message: 'Failed to fetch' } });
    expect(state.data.value).toEqual(['a']);
    expect(state.error.value).toEqual({ kind: 'network', message: 'Failed to fetch' });
    take(state, { ok: true, data: ['a', 'b'] });
    expect(state.data.value).toEqual(['a', 'b']);
    expect(state.error.value).toBeNull();
  });
});
