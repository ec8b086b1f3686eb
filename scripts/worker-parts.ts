/**
 * The build side of the worker's parts (lib/background/parts.ts): each part is an unlisted script
 * (`entrypoints/worker-<name>.ts`) that the service worker loads with `importScripts` when an event
 * needs it. A part takes the modules the worker already has from the worker
 * (lib/background/shared.ts) instead of bundling copies: one ApiError class, one zod, one storage.
 *
 * - `sharedModules()` reads the shared modules from lib/background/shared.ts (`import * as name`).
 * - `externalShared()` is the Rolldown plugin of a part's build: an import that resolves to a shared
 *   module becomes a reference to `__mcShared.<name>`.
 * - `collectModules()` records which source modules each build bundled, and `duplicatedModules()`
 *   names any module bundled both in the worker and in a part: the build fails on it (two copies
 *   of a module are two states and two classes).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const root = path.resolve(import.meta.dirname, '..');

export const PART_PREFIX = 'worker-';

/** The parts' scripts in the build (`worker-<name>.js`), from `entrypoints/worker-<name>.ts`. */
export function partScripts(): string[] {
  return readdirSync(path.join(root, 'entrypoints'))
    .filter((file) => file.startsWith(PART_PREFIX) && file.endsWith('.ts'))
    .sort()
    .map((file) => file.replace(/\.ts$/, '.js'));
}

/** name → absolute file, from the `import * as name from '...'` lines of lib/background/shared.ts. */
export function sharedModules(): Map<string, string> {
  const source = readFileSync(path.join(root, 'lib/background/shared.ts'), 'utf8');
  const modules = new Map<string, string>();
  for (const match of source.matchAll(/^import \* as (\w+) from '([^']+)';$/gm)) {
    const [, name, specifier] = match as unknown as [string, string, string];
    const base = specifier.startsWith('@/')
      ? path.join(root, specifier.slice(2))
      : path.resolve(root, 'lib/background', specifier);
    modules.set(name, base);
  }
  return modules;
}

/** The absolute file a module id names (without a query), or the id itself. */
function fileOf(id: string): string {
  return id.split('?')[0]!;
}

/** Whether a resolved file is the shared module at `base` (`base.ts`, `base.tsx` or `base/index.ts`). */
function matches(file: string, base: string): boolean {
  return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), base].includes(file);
}

/** A part's build: shared modules come from the worker, as `__mcShared.<name>`. */
export function externalShared(): Plugin {
  const shared = sharedModules();
  const nameOf = (file: string): string | undefined =>
    [...shared].find(([, base]) => matches(file, base))?.[0];
  return {
    name: 'meeting-capture:worker-part-shared',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external) return resolved;
      const name = nameOf(fileOf(resolved.id));
      return name ? { id: `\0shared:${name}`, external: true } : resolved;
    },
    outputOptions(output) {
      return {
        ...output,
        globals: (id: string) => (id.startsWith('\0shared:') ? `__mcShared.${id.slice(8)}` : id),
      };
    },
  };
}

/** Source modules bundled by each build, by the name of its entrypoint(s). */
const bundled = new Map<string, Set<string>>();

/** Records the source modules a build bundles, under `label`. */
export function collectModules(label: string): Plugin {
  return {
    name: 'meeting-capture:collect-modules',
    generateBundle(_options, bundle) {
      const modules = bundled.get(label) ?? new Set<string>();
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const id of chunk.moduleIds) {
          const file = fileOf(id);
          // WXT's own wrappers and the browser global are a few bytes and hold no state.
          if (file.startsWith('\0') || /node_modules[\\/](wxt|@wxt-dev[\\/]browser)[\\/]/.test(file))
            continue;
          modules.add(path.relative(root, file));
        }
      }
      bundled.set(label, modules);
    },
  };
}

/** Modules bundled both by the worker (`background`) and by a part, as `part: module` lines. */
export function duplicatedModules(): string[] {
  const worker = bundled.get('background');
  if (!worker) return [];
  const duplicates: string[] = [];
  for (const [label, modules] of bundled) {
    if (!label.startsWith(PART_PREFIX)) continue;
    for (const module of modules) if (worker.has(module)) duplicates.push(`${label}: ${module}`);
  }
  return duplicates;
}
