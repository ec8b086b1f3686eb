/**
 * A quiet install: npm blocks the install scripts of dependencies unless package.json's
 * `allowScripts` covers them, and ends every install with a list of those it skipped. Every
 * dependency with an install script is declared there (allowed or denied, each for a reason), so a
 * newcomer's `npm install` / `npm ci` prints no such list. `npm install-scripts ls` is the same
 * check, read-only, on the installed tree.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

describe('install scripts', () => {
  it('every dependency with an install script is declared in allowScripts', async () => {
    const { stdout, stderr } = await run('npm', ['install-scripts', 'ls'], { cwd: root });
    const said = `${stdout}\n${stderr}`;
    expect(said).not.toMatch(/not yet covered/i);
    expect(said).not.toMatch(/@\d+\.\d+\.\d+ \((pre|post)?install:/);
  });

  it('esbuild may run its install check, spawn-sync (a Node < 0.12 shim) may not', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      allowScripts?: Record<string, boolean>;
    };
    expect(pkg.allowScripts?.esbuild).toBe(true);
    expect(pkg.allowScripts?.['spawn-sync']).toBe(false);
  });
});
