/**
 * The pages' part of the popup's snapshot (lib/popup-snapshot): every page that may change the
 * account wipes it (sign-in, sign-out, settings, a signed-out answer). The popup's own part (taking
 * over from a painted snapshot, keeping a new one) is ./snapshot-popup.ts.
 */

import { forget, POPUP_SNAPSHOT_KEY as KEY } from '@/lib/popup-snapshot/key';

export function pageStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Removes the snapshot (nothing of the account is painted at the next opening). */
export function forgetSnapshot(): void {
  const store = pageStorage();
  if (store) forget(store, KEY);
}
