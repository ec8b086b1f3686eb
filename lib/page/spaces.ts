import { plainLabel } from '@/lib/format/label';
import type { PageContext } from '@/lib/messaging';
import { defaultFirst } from '@/lib/spaces';
import type { SpaceView } from './outcome';

/**
 * The default space first (lib/spaces: the chosen default, else the personal one), then the others
 * in order.
 * The background sends the spaces of `page.context` in this order.
 */
export function orderSpaces(
  context: Pick<PageContext, 'signedIn' | 'defaultSpaceId' | 'spaces'> | null,
): SpaceView[] {
  if (!context?.signedIn) return [];
  return defaultFirst(context.spaces, context.defaultSpaceId);
}

/** At most this many characters of a space name on a web page (the picker and the sentences). */
export const PAGE_SPACE_NAME_MAX = 60;

/**
 * The spaces as the page controls get them: each name a short line of plain text. A service
 * could name a space with 100 KB of text; a select that wide takes seconds to lay out on every
 * change of the control.
 */
export function spacesForPage<T extends { name: string }>(spaces: readonly T[]): T[] {
  return spaces.map((space) => ({ ...space, name: plainLabel(space.name, PAGE_SPACE_NAME_MAX) }));
}
