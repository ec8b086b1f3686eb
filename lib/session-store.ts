/**
 * Where the session tokens live. Imported only by the background.
 *
 * The token pair is kept in the extension origin's IndexedDB (`chrome-extension://<id>`), because:
 * - `storage.local` is readable by content scripts, which run inside web pages: a compromised page
 *   renderer could read a token from there;
 * - `storage.session` is lost at every browser restart, while the access token lives 30 days, so
 *   the user would have to sign in again after each restart;
 * - a variable of the service worker is lost every time Chrome stops the idle worker (~30 s).
 * IndexedDB is per origin: content scripts use the web page's origin, so the extension origin's
 * database is reachable only by the extension's own pages and its worker; and of those only the
 * background imports this module. The password is never stored anywhere.
 */

import type { Session, SessionStore } from '@/lib/api';
import { idbKeyValue, type KeyValueStore } from '@/lib/kv';
import { DATABASES, type SessionEnded, sessionChangedItem, sessionEndedItem } from '@/lib/storage';

const SESSION_KEY = 'session';

/** Not secret: who was signed in and why the session ended, so the popup can say "sign in again". */
export { type SessionEnded, sessionEndedItem };

export interface BackgroundSessionStore extends SessionStore {
  /** Forgets the session on the user's request (no "ended" notice). */
  clear(): Promise<void>;
}

export function createSessionStore(
  kv: KeyValueStore = idbKeyValue(DATABASES.session.name, DATABASES.session.store),
  now: () => number = Date.now,
): BackgroundSessionStore {
  const read = async () => (await kv.get<Session>(SESSION_KEY)) ?? null;
  // Open pages follow the session by this signal (lib/session-follow); written once the change is in.
  const changed = () => sessionChangedItem.setValue(now());
  return {
    get: read,
    async set(session) {
      if (session) {
        await kv.set(SESSION_KEY, session);
        await sessionEndedItem.setValue(null);
      } else {
        // The client clears the session when it can no longer be renewed or the service rejects it.
        const previous = await read();
        await kv.del(SESSION_KEY);
        if (previous) await sessionEndedItem.setValue({ email: previous.email, at: now() });
      }
      await changed();
    },
    async clear() {
      await kv.del(SESSION_KEY);
      await sessionEndedItem.setValue(null);
      await changed();
    },
  };
}
