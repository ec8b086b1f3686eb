/**
 * The SQLite WebAssembly build removes its pool's whole folder when installing the pool fails
 * (`installOpfsSAHPoolVfs` calls `removeVfs()` on any failure: one file another page still held a
 * moment too long, and the search index was gone). `withoutRemoval` runs the install with the
 * removal of the pool's folders (`names`: the pool's directory and its `.opaque` folder of files)
 * refused, so that failure path leaves the files where they are; the install is then tried again
 * (components/search/search-database.ts). Other removals go through (the library's check of the
 * file system makes and removes a file of its own), and the refusal ends with the install.
 */

/** What `removeEntry` is refused with while the install runs. */
export function refusedRemoval(): Error {
  return Object.assign(new Error('The search index keeps its files while the database opens.'), {
    name: 'NoModificationAllowedError',
  });
}

/**
 * `run` with `removeEntry` of `names` on `directories` (a prototype) refused, put back however it
 * ends.
 */
export async function withoutRemoval<T>(
  directories: { removeEntry: (name: string, options?: { recursive?: boolean }) => Promise<void> },
  names: readonly string[],
  run: () => Promise<T>,
): Promise<T> {
  const own = Object.getOwnPropertyDescriptor(directories, 'removeEntry');
  const remove = directories.removeEntry;
  Object.defineProperty(directories, 'removeEntry', {
    configurable: true,
    writable: true,
    value(this: unknown, name: string, options?: { recursive?: boolean }) {
      return names.includes(name) ? Promise.reject(refusedRemoval()) : remove.call(this, name, options);
    },
  });
  try {
    return await run();
  } finally {
    if (own) Object.defineProperty(directories, 'removeEntry', own);
    else delete (directories as { removeEntry?: unknown }).removeEntry;
  }
}
