/**
 * No product source file is over 600 lines: a file past that is split along its own seams before
 * it grows further (docs/layout.md). Tests, fixtures and test-only helpers (`testing/` folders)
 * are not product files and are not counted.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ROOTS = ['lib', 'components', 'entrypoints', 'scripts', 'emulator'];
const SOURCE = /\.(ts|tsx|js|mjs|cjs)$/;
const NOT_PRODUCT = /\.(test|spec)\.tsx?$|(^|\/)fixtures(\.ts|\/)|(^|\/)testing\//;
const MAX_LINES = 600;

function sources(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) found.push(...sources(relative));
    else if (entry.isFile() && SOURCE.test(entry.name) && !NOT_PRODUCT.test(relative)) found.push(relative);
  }
  return found;
}

describe('file length', () => {
  it(`no product source file in ${ROOTS.join(', ')} is over ${MAX_LINES} lines`, () => {
    const files = ROOTS.flatMap((root) => sources(root));
    expect(files.length).toBeGreaterThan(100);
    const long = files
      .map((file) => ({ file, lines: readFileSync(path.join(ROOT, file), 'utf8').split('\n').length }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines}`);
    expect(long).toEqual([]);
  });
});
