/**
 * What every page needs of the popup's snapshot (lib/popup-snapshot): its `localStorage` key
 * (registered in lib/storage.ts) and its removal.
 */

/** The `localStorage` key of the popup's snapshot. */
export const POPUP_SNAPSHOT_KEY = 'popupSnapshot';

/** Marks the root of a painted snapshot; the app removes it before its own first render. */
export const SNAPSHOT_ATTRIBUTE = 'data-snapshot';

/** Removes the stored snapshot; a store that cannot be reached has nothing to remove. */
export function forget(store: Pick<Storage, 'removeItem'>, key: string): void {
  try {
    store.removeItem(key);
  } catch {
    // Nothing to remove.
  }
}
