import type { PageContext } from '@/lib/messaging';
import type { SpaceView } from './outcome';

/** The default space first (the chosen default, else the personal one), then the others in order. */
export function orderSpaces(context: PageContext | null): SpaceView[] {
  if (!context?.signedIn) return [];
  const spaces = [...context.spaces];
  const preferred =
    spaces.find((space) => space.id === context.defaultSpaceId) ?? spaces.find((space) => space.isMain);
  return preferred ? [preferred, ...spaces.filter((space) => space !== preferred)] : spaces;
}
