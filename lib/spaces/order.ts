/**
 * The order every list of the account's spaces is shown in: the personal (main) space first, the
 * others by name. The popup's space picker, the options' default-space choice and the search's
 * "Add all past meetings" show the same order.
 */

/** What the order reads of a listed space (the service's space list item). */
export interface ListedSpace {
  is_main_space: boolean;
  space: { name: string };
}

/** A sorted copy of `items`; the given array is left as it is. */
export function listedOrder<T extends ListedSpace>(items: readonly T[]): T[] {
  return [...items].sort(
    (a, b) => Number(b.is_main_space) - Number(a.is_main_space) || a.space.name.localeCompare(b.space.name),
  );
}
