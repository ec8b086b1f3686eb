/**
 * The archive's catalog as the search specs read it (search-*.spec.ts), and the search database's
 * files: the `.meeting-search` folder of the "SAH pool" VFS on the extension
 * origin's private file system (components/search/search-database.ts). The pool keeps its files
 * (`.opaque/<random name>`), each a 4096-byte header (the file's name in the pool) followed by the
 * file's data.
 */
import type { Page } from '@playwright/test';
import { memoryKeyValue } from '../../lib/kv';
import { generateArchive } from '../../scripts/bench-archive';
import { archiveStore, expect } from './ui-fixtures';

/** The archive's list of the meetings it keeps, by `<space>:<audio>` key. */
export interface Catalog {
  entries: Record<string, unknown>;
}

/** The keys of the meetings the archive keeps. */
export async function archivedKeys(page: Page): Promise<string[]> {
  return Object.keys(((await archiveStore(page, { get: 'catalog' })) as Catalog | null)?.entries ?? {});
}

/** The archive's catalog once it keeps a meeting (one opened in the viewer is archived by the background). */
export async function archivedCatalog(page: Page): Promise<Catalog> {
  await expect.poll(async () => (await archivedKeys(page)).length, { timeout: 30_000 }).toBeGreaterThan(0);
  return (await archiveStore(page, { get: 'catalog' })) as Catalog;
}

/** `SEARCH_DATABASE_DIRECTORY` of lib/archive. */
const FOLDER = '.meeting-search';
/** The header the SAH pool writes at the start of each of its files. */
export const POOL_HEADER_BYTES = 4096;

export interface PoolFile {
  path: string;
  /** Bytes, or null when the file could not be read (a worker's access handle holds it). */
  size: number | null;
}

/** The files under the search database's folder (null when there is no folder), read from an extension page. */
export function poolFiles(page: Page): Promise<PoolFile[] | null> {
  return page.evaluate(async (folder) => {
    type Entry = FileSystemDirectoryHandle | FileSystemFileHandle;
    type Listable = { entries(): AsyncIterable<[string, Entry]> };
    const root = await navigator.storage.getDirectory();
    let top: FileSystemDirectoryHandle;
    try {
      top = await root.getDirectoryHandle(folder);
    } catch {
      return null;
    }
    const files: Array<{ path: string; size: number | null }> = [];
    const walk = async (directory: FileSystemDirectoryHandle, prefix: string): Promise<void> => {
      for await (const [name, entry] of (directory as unknown as Listable).entries()) {
        if (entry.kind === 'directory') await walk(entry, `${prefix}${name}/`);
        else {
          let size: number | null = null;
          try {
            size = (await entry.getFile()).size;
          } catch {
            // Held by a worker's access handle.
          }
          files.push({ path: `${prefix}${name}`, size });
        }
      }
    };
    try {
      await walk(top, '');
    } catch (error) {
      // The folder was removed while it was listed: it is gone.
      if ((error as DOMException).name === 'NotFoundError') return null;
      throw error;
    }
    return files;
  }, FOLDER);
}

/** The generated meetings' space: none of the account's (a listing of its spaces would take them out). */
const SEEDED_SPACE = 9_001;

/**
 * Adds `hours` one-hour meetings of the benchmark's generator (scripts/bench-archive.ts) to the
 * account's archive, the first `matching` saying `word`; the meetings kept in all.
 */
export async function seedMeetings(
  page: Page,
  { hours, matching, word }: { hours: number; matching: number; word: string },
): Promise<number> {
  const current = await archivedCatalog(page);
  const kv = memoryKeyValue();
  await generateArchive(hours, kv);
  const generated = (await kv.get<Catalog>('catalog')) as Catalog;
  const keys = Object.keys(generated.entries);
  for (let i = 0; i < keys.length; i += 10) {
    const put: Array<[string, unknown]> = [];
    for (const key of keys.slice(i, i + 10)) {
      const record = (await kv.get(`rec:${key}`)) as {
        spaceId: number;
        audioId: number;
        result: { result: { dialog: Array<{ texts: string[] }> } };
      };
      if (keys.indexOf(key) < matching) {
        const texts = record.result.result.dialog[0]!.texts;
        texts[0] = `${texts[0]} The ${word} plan.`;
      }
      // In a space of their own: a listing of the account's spaces (which the pages read) does
      // not know them and would take them out of the archive.
      const mine = `${SEEDED_SPACE}:${record.audioId}`;
      put.push([`rec:${mine}`, { ...record, spaceId: SEEDED_SPACE }]);
      current.entries[mine] = { ...(generated.entries[key] as object), spaceId: SEEDED_SPACE };
    }
    await archiveStore(page, { put });
  }
  await archiveStore(page, { put: [['catalog', current]] });
  return Object.keys(current.entries).length;
}

/** The database's file in the pool, as read from an extension page while no worker holds it. */
export interface DatabaseFile {
  /** The pool file's name (`.opaque/<random>`). */
  path: string;
  size: number;
  /** The first 16 bytes after the pool's header: `SQLite format 3` and a NUL in a database. */
  magic: string;
}

/**
 * The pool file that holds the search database (its header names `/search.sqlite3`), or null when
 * none does; throws while a worker holds the files (they cannot be read then).
 */
export function databaseFile(page: Page): Promise<DatabaseFile | null> {
  return page.evaluate(
    async ({ folder, header }) => {
      const root = await navigator.storage.getDirectory();
      let opaque: FileSystemDirectoryHandle;
      try {
        opaque = await (await root.getDirectoryHandle(folder)).getDirectoryHandle('.opaque');
      } catch {
        return null;
      }
      type Listable = {
        entries(): AsyncIterable<[string, FileSystemDirectoryHandle | FileSystemFileHandle]>;
      };
      for await (const [name, entry] of (opaque as unknown as Listable).entries()) {
        if (entry.kind !== 'file') continue;
        const file = await entry.getFile();
        const head = new Uint8Array(await file.slice(0, 64).arrayBuffer());
        const end = head.indexOf(0);
        const path = new TextDecoder().decode(head.subarray(0, end < 0 ? head.length : end));
        if (path !== '/search.sqlite3') continue;
        const magic = new TextDecoder('latin1').decode(await file.slice(header, header + 16).arrayBuffer());
        return { path: `.opaque/${name}`, size: file.size, magic };
      }
      return null;
    },
    { folder: FOLDER, header: POOL_HEADER_BYTES },
  );
}

/** Overwrites the database's first page (4,096 bytes after the pool's header) with garbage, from an extension page. */
export function damageDatabase(page: Page, path: string): Promise<void> {
  return page.evaluate(
    async ({ folder, path, header }) => {
      const root = await navigator.storage.getDirectory();
      const [dir, name] = path.split('/') as [string, string];
      const handle = await (
        await (await root.getDirectoryHandle(folder)).getDirectoryHandle(dir)
      ).getFileHandle(name);
      const writable = await handle.createWritable({ keepExistingData: true });
      await writable.write({ type: 'write', position: header, data: new Uint8Array(4096).fill(0x5a) });
      await writable.close();
    },
    { folder: FOLDER, path, header: POOL_HEADER_BYTES },
  );
}
