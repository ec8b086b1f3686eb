/**
 * The worker's parts (lib/background/parts.ts, scripts/worker-parts.ts): the shared modules the
 * build reads are the ones the worker lends, and a module bundled twice is named.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PART_NAMES } from '@/lib/background/parts';
import { collectModules, duplicatedModules, partScripts, sharedModules } from '../../scripts/worker-parts';

const root = path.resolve(import.meta.dirname, '../..');

describe('worker parts', () => {
  it('every shared module the build reads exists and is lent by the worker under its name', () => {
    const shared = sharedModules();
    expect(shared.size).toBeGreaterThan(10);
    const source = readFileSync(path.join(root, 'lib/background/shared.ts'), 'utf8');
    const lent = /const SHARED = \{([^}]*)\}/.exec(source)?.[1]?.match(/\w+/g) ?? [];
    expect([...lent].sort()).toEqual([...shared.keys()].sort());
    for (const [name, base] of shared) {
      const found = [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].some((file) =>
        existsSync(file),
      );
      expect(found, name).toBe(true);
    }
  });

  it('each part has its script, and the list the worker installs names them all', () => {
    expect(partScripts()).toEqual(PART_NAMES.map((name) => `worker-${name}.js`).sort());
  });

  it('a module bundled both in background.js and in a part is named', () => {
    const record = (label: string, ids: string[]) => {
      const plugin = collectModules(label) as unknown as {
        generateBundle: (options: unknown, bundle: Record<string, unknown>) => void;
      };
      plugin.generateBundle(
        {},
        { 'a.js': { type: 'chunk', moduleIds: ids.map((id) => path.join(root, id)) } },
      );
    };
    record('background', ['lib/api/errors.ts', 'lib/storage.ts', 'node_modules/wxt/dist/browser.mjs']);
    record('worker-test', [
      'lib/background/handlers.ts',
      'lib/api/errors.ts',
      'node_modules/wxt/dist/browser.mjs',
    ]);
    expect(duplicatedModules()).toEqual(['worker-test: lib/api/errors.ts']);
  });
});
