/**
 * A small key-value interface over the extension origin's IndexedDB (idb-keyval), with an
 * in-memory twin for unit tests (Node has no IndexedDB). Each store is its own database:
 * idb-keyval keeps one object store per database.
 */
import { createStore, del, get, getMany, keys, set, setMany, type UseStore } from 'idb-keyval';

export interface KeyValueStore {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  /** Several values written together: all of them or, if the write fails, none (one transaction). */
  setMany(entries: [string, unknown][]): Promise<void>;
  del(key: string): Promise<void>;
  keys(): Promise<string[]>;
  /** Several values read together (one transaction where the store has them); undefined where absent. */
  getMany?<T>(keys: string[]): Promise<Array<T | undefined>>;
}

/** Several values of a store: in one read where it can, else one by one. */
export function getManyOf<T>(kv: KeyValueStore, keys: string[]): Promise<Array<T | undefined>> {
  return kv.getMany ? kv.getMany<T>(keys) : Promise.all(keys.map((key) => kv.get<T>(key)));
}

export function idbKeyValue(dbName: string, storeName: string): KeyValueStore {
  let store: UseStore | null = null;
  // Opened on first use, so importing this module never touches IndexedDB.
  const use = () => {
    store ??= createStore(dbName, storeName);
    return store;
  };
  return {
    get: (key) => get(key, use()),
    set: (key, value) => set(key, value, use()),
    setMany: (entries) => setMany(entries, use()),
    del: (key) => del(key, use()),
    keys: async () => (await keys(use())).map(String),
    getMany: (list) => getMany(list, use()),
  };
}

export function memoryKeyValue(): KeyValueStore {
  const data = new Map<string, unknown>();
  return {
    get: async <T>(key: string) => data.get(key) as T | undefined,
    set: async (key, value) => {
      data.set(key, value);
    },
    setMany: async (entries) => {
      for (const [key, value] of entries) data.set(key, value);
    },
    del: async (key) => {
      data.delete(key);
    },
    keys: async () => [...data.keys()],
    getMany: async <T>(list: string[]) => list.map((key) => data.get(key) as T | undefined),
  };
}
