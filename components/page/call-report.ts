/**
 * Whether a meeting page's call is on, told to the background (`page.callState`) each time it
 * changes, and again when the background says this tab's recording started or stopped
 * (`reset`): a "Record here" recording of this tab's meeting is never stopped for silence while its
 * call is on (lib/recording/silence.ts). The call-state reader (./call-state.ts) gives each reading.
 */
import type { CallState } from '@/lib/meetings/types';
import { sendMessage } from '@/lib/messaging';

export function callReporter() {
  let told: boolean | undefined;
  return {
    /** A reading of the call's state: told when the call's being on changed since the last word. */
    saw(state: CallState): void {
      const inCall = state === 'in-call';
      if (inCall === told) return;
      told = inCall;
      void sendMessage('page.callState', { inCall }).catch(() => undefined);
    },
    /** Say it again at the next reading. */
    reset(): void {
      told = undefined;
    },
  };
}
