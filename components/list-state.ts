/**
 * The list-loading state (components/use-list.ts) as signals, for a list the popup's views share
 * (components/app/store.ts: the spaces, the recordings and the jobs) as well as a section's own: what was read from the
 * background (null until the first answer) and why the last read failed. A module of its own, so
 * the pages' first load carries it without the hook.
 */
import { type Signal, signal } from '@preact/signals';
import type { ErrorInfo, MessageResult } from '@/lib/messaging';

export interface ListState<T> {
  data: Signal<T>;
  error: Signal<ErrorInfo | null>;
}

/** Nothing read yet is null, or `initial` for a list shown empty until read (the popup's jobs). */
export function listState<T>(): ListState<T | null>;
export function listState<T>(initial: T): ListState<T>;
export function listState<T>(initial: T | null = null): ListState<T | null> {
  return { data: signal<T | null>(initial), error: signal<ErrorInfo | null>(null) };
}

/** An answer read: its data, the error cleared; or its error, what was read before kept. */
export function take<T>(state: ListState<T>, answer: MessageResult<T>): void {
  if (answer.ok) {
    state.data.value = answer.data;
    state.error.value = null;
  } else state.error.value = answer.error;
}
