import { describe, expect, it } from 'vitest';
import { withoutRemoval } from './pool-guard';

/** A directory handle's prototype over a map of files. */
function directories(files: Set<string>) {
  class Directory {
    async removeEntry(name: string): Promise<void> {
      files.delete(name);
    }
  }
  return { proto: Directory.prototype, handle: new Directory() };
}

describe('installing the search pool without its removal', () => {
  it('a failing install that removes the pool’s folder removes nothing; removal works again after', async () => {
    const files = new Set(['.opaque', '.meeting-search']);
    const { proto, handle } = directories(files);
    // As the library does: on any failure it removes its folder, ignoring the outcome.
    const install = async () => {
      await handle.removeEntry('.opaque').catch(() => undefined);
      throw new Error('an access handle was held');
    };
    await expect(withoutRemoval(proto, ['.opaque', '.meeting-search'], install)).rejects.toThrow(
      'an access handle was held',
    );
    expect([...files]).toEqual(['.opaque', '.meeting-search']);
    await handle.removeEntry('.opaque');
    expect([...files]).toEqual(['.meeting-search']);
  });

  it('gives the install’s result, refuses only the pool’s folders, and only while it runs', async () => {
    const files = new Set(['.opaque', '.check-file']);
    const { proto, handle } = directories(files);
    const refusal = await withoutRemoval(proto, ['.opaque'], async () => {
      // The library's check of the file system removes a file of its own: that goes through.
      await handle.removeEntry('.check-file');
      return handle.removeEntry('.opaque').then(
        () => null,
        (error: Error) => error.name,
      );
    });
    expect(refusal).toBe('NoModificationAllowedError');
    expect([...files]).toEqual(['.opaque']);
  });
});
