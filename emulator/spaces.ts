/** Spaces: the list of the caller's spaces and a single space with its subscription. */
import type { Hono } from 'hono';
import type { Emulator } from './emulator';
import { apiRoute, json, paginate } from './http';
import { availableSeconds, type Space, type User } from './state';

function spaceJson(space: Space) {
  return {
    id: space.id,
    name: space.name,
    description: space.description,
    subscribe: {
      offer: { name: space.planName, audio_limit: space.audioLimit },
      usage_count: space.usageCount,
      available_usage_count: availableSeconds(space),
      is_active: space.subscriptionActive,
      end_date: space.endDate,
    },
  };
}

/** The spaces a user belongs to: the personal one first, then by id. */
function spacesOf(emu: Emulator, user: User): Space[] {
  return [...emu.db.spaces.values()]
    .filter((space) => space.memberIds.includes(user.id))
    .sort((a, b) => {
      const mainA = a.mainForUserIds.includes(user.id) ? 0 : 1;
      const mainB = b.mainForUserIds.includes(user.id) ? 0 : 1;
      return mainA - mainB || a.id - b.id;
    });
}

export function registerSpaceRoutes(app: Hono, emu: Emulator): void {
  apiRoute(app, emu, '/api/spaces/', 'Space List', {
    GET: (c, user) =>
      paginate(c, spacesOf(emu, user), (space) => ({
        is_main_space: space.mainForUserIds.includes(user.id),
        space: spaceJson(space),
      })),
  });

  apiRoute(app, emu, '/api/spaces/:sid{[0-9]+}/', 'Space Detail', {
    GET: (c, user) => {
      const space = emu.requireSpace(user, c.req.param('sid'));
      return space instanceof Response ? space : json(spaceJson(space));
    },
  });
}
