import type { PageContext } from '@/lib/messaging';
import type { SpaceView } from './outcome';

/**
 * The default space first (the chosen default, else the personal one), then the others in order.
 * The background sends the spaces of `page.context` in this order.
 */
export function orderSpaces(
  context: Pick<PageContext, 'signedIn' | 'defaultSpaceId' | 'spaces'> | null,
): SpaceView[] {
  if (!context?.signedIn) return [];
  const spaces = [...context.spaces];
  const preferred =
    spaces.find((space) => space.id === context.defaultSpaceId) ?? spaces.find((space) => space.isMain);
  return preferred ? [preferred, ...spaces.filter((space) => space !== preferred)] : spaces;
}
