/**
 * One rule for where tests live: a unit test sits beside the module it tests (lib, components,
 * entrypoints, scripts, emulator), in the same folder as that module; tests/ holds only what tests
 * more than one module: the service contract (tests/contract), the repository as a whole
 * (tests/meta), the Firefox suite (tests/firefox) and the end-to-end specs (tests/e2e, `*.spec.ts`).
 * There is no tests/unit.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Folders of the repository that hold no source of its own. */
const SKIPPED = new Set(['node_modules', '.git', '.output', '.wxt', 'test-results', 'playwright-report']);

/** Where a module's unit test may sit (beside the module). */
const MODULE_ROOTS = ['lib', 'components', 'entrypoints', 'scripts', 'emulator'];
/** The folders of tests/ that hold `*.test.ts` files. */
const TEST_FOLDERS = ['tests/contract', 'tests/meta', 'tests/firefox'];

const TEST = /\.test\.tsx?$/;
const SPEC = /\.spec\.tsx?$/;
const MODULE = /\.(ts|tsx|js|mjs|cjs|css|html)$/;

/** Every file of the repository, as a path from its root with `/` between folders. */
function files(dir = ''): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...files(relative));
    else if (entry.isFile()) found.push(relative);
  }
  return found;
}

const under = (file: string, folder: string) => file.startsWith(`${folder}/`);

/**
 * Why a test file is in the wrong place, or null when it is where the rule puts it. `all` is every
 * file of the repository (a unit test needs a module beside it).
 */
function misplaced(file: string, all: ReadonlySet<string>): string | null {
  if (SPEC.test(file)) return under(file, 'tests/e2e') ? null : 'an end-to-end spec outside tests/e2e';
  if (!TEST.test(file)) return null;
  if (TEST_FOLDERS.some((folder) => under(file, folder))) return null;
  if (under(file, 'tests')) return 'a unit test under tests/: it goes beside the module it tests';
  if (!MODULE_ROOTS.some((root) => under(file, root)))
    return `a test outside ${MODULE_ROOTS.join(', ')} and ${TEST_FOLDERS.join(', ')}`;
  const folder = path.posix.dirname(file);
  const beside = [...all].some(
    (other) => path.posix.dirname(other) === folder && MODULE.test(other) && !TEST.test(other),
  );
  return beside ? null : 'a unit test in a folder with no module beside it';
}

describe('where tests live', () => {
  const all = files();
  const set = new Set(all);

  it('tests/unit does not exist', () => {
    expect(existsSync(path.join(ROOT, 'tests/unit'))).toBe(false);
  });

  it('every test file is beside its module, or in tests/contract, tests/meta, tests/firefox or tests/e2e', () => {
    const wrong = all.flatMap((file) => {
      const why = misplaced(file, set);
      return why ? [`${file}: ${why}`] : [];
    });
    expect(wrong).toEqual([]);
  });

  it('the unit suite runs every place a test may be', () => {
    const config = readFileSync(path.join(ROOT, 'vitest.config.ts'), 'utf8');
    for (const place of [...MODULE_ROOTS, 'tests/contract', 'tests/meta'])
      expect(config, place).toContain(`'${place}/**/*.test.`);
    expect(config).not.toContain('tests/unit');
  });

  it('tells a misplaced test from a placed one', () => {
    const repo = new Set(['lib/a/b.ts', 'lib/a/b.test.ts', 'lib/empty/c.test.ts']);
    expect(misplaced('lib/a/b.test.ts', repo)).toBeNull();
    expect(misplaced('tests/meta/x.test.ts', repo)).toBeNull();
    expect(misplaced('tests/e2e/x.spec.ts', repo)).toBeNull();
    expect(misplaced('tests/unit/a/b.test.ts', repo)).toMatch(/beside the module/);
    expect(misplaced('tests/x.test.ts', repo)).toMatch(/beside the module/);
    expect(misplaced('lib/empty/c.test.ts', repo)).toMatch(/no module beside/);
    expect(misplaced('b.test.ts', repo)).toMatch(/outside/);
    expect(misplaced('lib/a/b.spec.ts', repo)).toMatch(/outside tests\/e2e/);
  });
});
