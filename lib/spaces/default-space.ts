/**
 * The one rule for the space a bot or a transcription goes to when the person named none: the
 * default space chosen in the options while the account still has it, else the personal (main)
 * space, else the first one listed. Every place that shows or uses "the default space" asks this
 * function: the background when it sends (a press, the shortcut, the menu, a calendar, a tab
 * countdown) and when it checks the balance for planned meetings, the page controls' first space,
 * the popup's chosen space and its Upcoming list.
 */

/** What the rule reads of a space. */
export interface SpaceRef {
  id: number;
  isMain: boolean;
}

/**
 * The default space among `spaces` (undefined when there is none). A `defaultSpaceId` the account
 * no longer has (the space was deleted or left) is passed over rather than used.
 */
export function defaultSpace<T extends SpaceRef>(
  spaces: readonly T[],
  defaultSpaceId: number | null | undefined,
): T | undefined {
  const chosen =
    defaultSpaceId === null || defaultSpaceId === undefined
      ? undefined
      : spaces.find((space) => space.id === defaultSpaceId);
  return chosen ?? spaces.find((space) => space.isMain) ?? spaces[0];
}

/** The space an action goes to: the one named for it, else the default space (`defaultSpace`). */
export function spaceForAction<T extends SpaceRef>(
  spaces: readonly T[],
  named: number | null | undefined,
  defaultSpaceId: number | null | undefined,
): T | undefined {
  if (named !== null && named !== undefined) return spaces.find((space) => space.id === named);
  return defaultSpace(spaces, defaultSpaceId);
}

/** The spaces with the default one first, the others in their order. */
export function defaultFirst<T extends SpaceRef>(spaces: readonly T[], defaultSpaceId: number | null): T[] {
  const first = defaultSpace(spaces, defaultSpaceId);
  return first ? [first, ...spaces.filter((space) => space !== first)] : [...spaces];
}
