/**
 * The archive's catalog as the search specs read it (search-*.spec.ts), and the search database's
 * files: the `.meeting-search` folder of the "SAH pool" VFS on the extension
 * origin's private file system (components/search/search-database.ts). The pool keeps its files
 * (`.opaque/<random name>`), each a 4096-byte header (the file's name in the pool) followed by the
 * file's data.
 */
import type { Page } from '@playwright/test';
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
