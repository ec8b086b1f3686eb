/**
 * The list-loading state every list section has: what was read from the background (null until
 * the first answer), why the last read failed, and `load` to read again (the retry). A section
 * shows a skeleton while nothing is read and no error, the error with retry, the empty text or
 * the list. `useListSection` adds the add form on top of it. The state and the rule that takes an
 * answer into it are components/list-state.ts, which the popup's shared lists use too.
 */
import { useEffect, useMemo } from 'preact/hooks';
import type { ErrorInfo, MessageResult } from '@/lib/messaging';
import { listState, take } from './list-state';

/** `read` answers null when there is nothing to read yet (no space chosen); `inputs` re-read. */
export function useList<T>(read: () => Promise<MessageResult<T>> | null, inputs: unknown[] = []) {
  const state = useMemo(() => listState<T>(), []);

  const load = async () => {
    const reading = read();
    if (reading) take(state, await reading);
  };

  useEffect(() => {
    void load();
  }, inputs);

  return {
    data: state.data.value,
    setData: (next: T | null | ((current: T | null) => T | null)) => {
      state.data.value =
        typeof next === 'function' ? (next as (current: T | null) => T | null)(state.data.value) : next;
    },
    error: state.error.value,
    setError: (error: ErrorInfo | null) => {
      state.error.value = error;
    },
    load,
  };
}
