/**
 * The background side of the open items' messages (privileged: extension pages only). The pages
 * read the items from their database (lib/items/kept.ts); here they ask for the meetings not read
 * yet to be read, and change an item's state or the names that are the user's.
 */
import { ApiError } from '@/lib/api';
import type { Handlers } from './handler-types';
import type { Background } from './types';

type ItemsMessages = 'items.sync' | 'items.setState' | 'items.setMine';

async function signedIn(bg: Background): Promise<void> {
  if (!(await bg.archive.owner())) throw new ApiError({ kind: 'auth', reason: 'not-signed-in' });
}

export function createItemsHandlers(bg: Background): Pick<Handlers, ItemsMessages> {
  return {
    'items.sync': async () => {
      await signedIn(bg);
      return bg.items.sync();
    },
    'items.setState': async ({ keys, state }) => {
      await signedIn(bg);
      return bg.items.setState(keys, state);
    },
    'items.setMine': async ({ names }) => {
      await signedIn(bg);
      return bg.items.setMine(names);
    },
  };
}
