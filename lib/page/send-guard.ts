/**
 * One action at a time per control: a double click, a key held down or an impatient second press
 * must not send a second bot or a second recording (each call creates something, and the contract
 * forbids blind repeats). The guard turns busy synchronously, before the UI has re-rendered the
 * button as disabled, and stays busy for a short cooldown after a fast answer so the second click
 * of a double click lands on a busy control too.
 */
export interface SendGuardOptions {
  /** Least time between the start of one action and the start of the next. */
  cooldownMs: number;
  now: () => number;
  /** Timer of the owner (the content script context's `setTimeout`). */
  schedule: (callback: () => void, ms: number) => void;
  onBusyChange?: (busy: boolean) => void;
}

export type GuardedResult<T> = { ran: true; value: T } | { ran: false };

export interface SendGuard {
  readonly busy: boolean;
  run<T>(task: () => Promise<T>): Promise<GuardedResult<T>>;
}

/** A press within this time of the previous one is the second click of a double click. */
export const SEND_COOLDOWN_MS = 700;

export function createSendGuard(options: SendGuardOptions): SendGuard {
  let busy = false;
  const setBusy = (value: boolean) => {
    busy = value;
    options.onBusyChange?.(value);
  };
  return {
    get busy() {
      return busy;
    },
    async run<T>(task: () => Promise<T>): Promise<GuardedResult<T>> {
      if (busy) return { ran: false };
      setBusy(true);
      const startedAt = options.now();
      try {
        return { ran: true, value: await task() };
      } finally {
        const left = options.cooldownMs - (options.now() - startedAt);
        if (left > 0) options.schedule(() => setBusy(false), left);
        else setBusy(false);
      }
    },
  };
}
