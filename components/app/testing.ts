/** What the popup's tests show: a space as the background lists it, on a Business offer of 15 hours. */
import type { SpaceListItem } from '@/lib/api/schemas';

export function listedSpace(
  id: number,
  name: string,
  main: boolean,
  seconds: number,
  active = true,
): SpaceListItem {
  return {
    is_main_space: main,
    space: {
      id,
      name,
      subscribe: {
        offer: { name: 'Business', audio_limit: 54_000 },
        usage_count: 0,
        available_usage_count: seconds,
        is_active: active,
        end_date: '2026-12-22',
      },
    },
  };
}
