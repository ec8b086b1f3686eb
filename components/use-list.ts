/**
 * The list-loading state every list section has: what was read from the background (null until
 * the first answer), why the last read failed, and `load` to read again (the retry). A section
 * shows a skeleton while nothing is read and no error, the error with retry, the empty text or
 * the list. `useListSection` adds the add form on top of it.
 */
import { useEffect, useState } from 'preact/hooks';
import type { ErrorInfo, MessageResult } from '@/lib/messaging';

/** `read` answers null when there is nothing to read yet (no space chosen); `inputs` re-read. */
export function useList<T>(read: () => Promise<MessageResult<T>> | null, inputs: unknown[] = []) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<ErrorInfo | null>(null);

  const load = async () => {
    const reading = read();
    if (!reading) return;
    const answer = await reading;
    if (answer.ok) {
      setData(answer.data);
      setError(null);
    } else setError(answer.error);
  };

  useEffect(() => {
    void load();
  }, inputs);

  return { data, setData, error, setError, load };
}
