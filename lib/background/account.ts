/**
 * The session and the spaces of the signed-in account: the API client over the session store (the
 * archive goes with the session), the session notices, the cached spaces and the space an action
 * goes to. Wired by `createBackground` (lib/background/app.ts).
 */
import { type ApiClient, ApiError, createApiClient, type Sleep, type SpaceListItem } from '@/lib/api';
import { type Archive, archiveOwner } from '@/lib/archive';
import type { Lang } from '@/lib/i18n';
import type { KeyValueStore } from '@/lib/kv';
import type { PageContext } from '@/lib/messaging';
import { type BackgroundSessionStore, createSessionStore, sessionEndedItem } from '@/lib/session-store';
import { defaultSpace } from '@/lib/spaces';
import { accountItem, getSettings, serviceUrlItem, storageOriginsItem } from '@/lib/storage';
import { checkSessionNotices } from './session';

/** The page context's spaces are re-read at most this often (balances change slowly). */
const ACCOUNT_CACHE_MS = 60_000;

export function normalizeServiceUrl(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

export interface AccountDeps {
  now: () => number;
  archive: Archive;
  lang: () => Promise<Lang>;
  /**
   * "Record here" at the session's end: `signed-out` (Sign out, another service) wipes the
   * recordings; `ended` (the service refused the session's renewal) stops the capture and keeps
   * every recording for the next sign-in.
   */
  forgetRecordings: (how: 'signed-out' | 'ended') => Promise<void>;
  sessionKv?: KeyValueStore;
  fetch?: typeof fetch;
  sleep?: Sleep;
}

export function createAccount(deps: AccountDeps) {
  const { now, archive, lang } = deps;
  const forgetArchive = (how: 'signed-out' | 'ended') =>
    Promise.all([
      archive.clear().catch((error) => console.error('archive not cleared', error)),
      // "Record here": the capture stops; its pieces go only with a sign-out.
      deps.forgetRecordings(how).catch((error) => console.error('recording not wiped', error)),
    ]);
  const sessionKept: BackgroundSessionStore = createSessionStore(deps.sessionKv, now);
  // The archive belongs to the session: when it ends (sign-out, another service, or a session
  // that can no longer be renewed) the archive and its search index go with it.
  const sessionStore: BackgroundSessionStore = {
    get: () => sessionKept.get(),
    set: async (session) => {
      await sessionKept.set(session);
      // Set to nothing by the session itself: the service ended it (a refused renewal).
      if (!session) await forgetArchive('ended');
    },
    clear: async () => {
      await sessionKept.clear();
      await forgetArchive('signed-out');
    },
  };
  /** The owner of the archive now: the service and the signed-in account, or null. */
  const archiveOwnerNow = async (): Promise<string | null> => {
    const session = await sessionStore.get();
    return session ? archiveOwner(await serviceUrlItem.getValue(), session.email) : null;
  };
  const client: ApiClient = createApiClient({
    baseUrl: () => serviceUrlItem.getValue(),
    session: sessionStore,
    now,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    ...(deps.sleep ? { sleep: deps.sleep } : {}),
  });

  const checkSession = async () => {
    await checkSessionNotices(
      await sessionStore.get(),
      await sessionEndedItem.getValue(),
      now(),
      await lang(),
    );
  };

  /** The spaces of the account, read from the service and cached. */
  const refreshSpaces = async (): Promise<SpaceListItem[]> => {
    const items: SpaceListItem[] = [];
    for await (const item of client.iterateSpaces({ limit: 50 })) items.push(item);
    const session = await sessionStore.get();
    if (session) {
      await accountItem.setValue({
        serviceUrl: await serviceUrlItem.getValue(),
        email: session.email,
        fetchedAt: now(),
        spaces: items.map((item) => ({
          id: item.space.id,
          name: item.space.name,
          isMain: item.is_main_space,
          availableSeconds: item.space.subscribe?.available_usage_count ?? 0,
          isActive: item.space.subscribe?.is_active ?? false,
        })),
      });
    }
    return items;
  };

  /** The cached spaces when they belong to this service and account and are fresh enough. */
  const cachedSpaces = async (maxAgeMs: number): Promise<PageContext['spaces'] | null> => {
    const [cache, session, serviceUrl] = await Promise.all([
      accountItem.getValue(),
      sessionStore.get(),
      serviceUrlItem.getValue(),
    ]);
    if (!cache || !session || cache.email !== session.email || cache.serviceUrl !== serviceUrl) return null;
    return now() - cache.fetchedAt <= maxAgeMs ? cache.spaces : null;
  };

  const spaces = async (maxAgeMs = ACCOUNT_CACHE_MS): Promise<PageContext['spaces']> => {
    const cached = await cachedSpaces(maxAgeMs);
    if (cached) return cached;
    await refreshSpaces();
    return (await cachedSpaces(Number.POSITIVE_INFINITY)) ?? [];
  };

  /**
   * The space an action goes to: the one named, else the default space (lib/spaces: the one chosen
   * in the options while the account has it, else the main space).
   */
  const resolveSpace = async (explicit?: number): Promise<{ id: number; name?: string }> => {
    const wanted = explicit ?? (await getSettings()).defaultSpaceId ?? undefined;
    // Names and the main space change rarely: a day-old list is good enough to find them.
    let known = await cachedSpaces(24 * 60 * 60_000);
    if (!known || (wanted !== undefined && !known.some((space) => space.id === wanted)))
      known = await spaces(0);
    if (explicit !== undefined)
      return { id: explicit, name: known.find((space) => space.id === explicit)?.name };
    const space = defaultSpace(known, wanted);
    if (!space) throw new ApiError({ kind: 'forbidden', detail: 'The account has no space.' });
    return { id: space.id, name: space.name };
  };

  /** Remembers the storage origin of recording links, so `service.origins` can name it. */
  const noteStorageOrigins = async (urls: string[]) => {
    const origins = new Set<string>();
    for (const url of urls) {
      try {
        origins.add(new URL(url).origin);
      } catch {
        // Not a URL: nothing to note.
      }
    }
    const known = await storageOriginsItem.getValue();
    const added = [...origins].filter((origin) => !known.includes(origin));
    if (added.length > 0) await storageOriginsItem.setValue([...known, ...added].slice(-10));
  };

  return {
    client,
    sessionStore,
    archiveOwner: archiveOwnerNow,
    checkSession,
    refreshSpaces,
    spaces,
    resolveSpace,
    noteStorageOrigins,
  };
}

export type Account = ReturnType<typeof createAccount>;
