/**
 * The release manifest (a build without WXT_TEST_BUILD), built into a temporary folder: loopback
 * hosts only behind the optional request, an explicit CSP for extension pages, https-only optional
 * access, and zod told not to probe `new Function` in the bundle that carries it.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isGrantedByManifest } from '@/lib/permissions';

const run = promisify(execFile);
const CSP = "script-src 'self' 'wasm-unsafe-eval'; object-src 'none'; base-uri 'none'";
const root = path.resolve(import.meta.dirname, '../..');
const outDir = mkdtempSync(path.join(tmpdir(), 'mc-release-'));

interface Manifest {
  host_permissions?: string[];
  optional_host_permissions?: string[];
  optional_permissions?: string[];
  permissions?: string[];
  content_security_policy?: string | { extension_pages?: string };
}

/**
 * The environment of a release build, whatever vitest put in this process: NODE_ENV=production
 * (vitest's NODE_ENV=test makes a development build, with the JSX dev runtime and source paths),
 * no test-build flag, none of vitest's own variables.
 */
function releaseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', WXT_OUT_DIR: outDir };
  for (const name of Object.keys(env)) {
    if (name === 'WXT_TEST_BUILD' || name === 'WXT_SOURCEMAP' || name === 'TEST' || name.startsWith('VITEST'))
      delete env[name];
  }
  return env;
}

async function releaseBuild(browser: 'chrome' | 'firefox'): Promise<{ manifest: Manifest; dir: string }> {
  const env = releaseEnv();
  await run('npx', ['wxt', 'build', '-b', browser], { cwd: root, env });
  const dir = path.join(outDir, browser === 'chrome' ? 'chrome-mv3' : 'firefox-mv2');
  return { manifest: JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest, dir };
}

let chrome: { manifest: Manifest; dir: string };
let firefox: { manifest: Manifest; dir: string };

// Two release builds at once: 73 s in a loaded CI run.
beforeAll(async () => {
  [chrome, firefox] = await Promise.all([releaseBuild('chrome'), releaseBuild('firefox')]);
}, 300_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('release manifest', () => {
  it('Chrome: no loopback host permission up front, loopback and https behind the optional request, a CSP', () => {
    const { manifest } = chrome;
    expect(manifest.host_permissions ?? []).toEqual([]);
    expect(manifest.optional_host_permissions).toEqual([
      'https://*/*',
      'http://127.0.0.1/*',
      'http://localhost/*',
    ]);
    expect(manifest.content_security_policy).toEqual({ extension_pages: CSP });
    expect(JSON.stringify(manifest)).not.toContain('http://*/*');
  });

  it('Firefox (MV2): the same, in its form', () => {
    const { manifest } = firefox;
    expect(manifest.content_security_policy).toBe(CSP);
    expect(manifest.optional_permissions).toEqual([
      'https://*/*',
      'http://127.0.0.1/*',
      'http://localhost/*',
    ]);
    expect(manifest.permissions ?? []).not.toEqual(expect.arrayContaining(['http://127.0.0.1/*']));
    expect(JSON.stringify(manifest)).not.toContain('http://*/*');
  });

  it('the bundle that carries zod turns its eval probe off before any parse', () => {
    const background = readFileSync(path.join(chrome.dir, 'background.js'), 'utf8');
    expect(background).toContain('jitless:!0');
  });

  it('is a production build: no development JSX runtime, no source paths of the machine that built it', () => {
    for (const { dir } of [chrome, firefox]) {
      const scripts = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) =>
        file.endsWith('.js'),
      );
      expect(scripts.length).toBeGreaterThan(5);
      for (const file of scripts) {
        const code = readFileSync(path.join(dir, file), 'utf8');
        expect(code, file).not.toContain(root);
        expect(code, file).not.toMatch(/lineNumber:\d+,columnNumber:/);
      }
    }
  });

  it('release code does not assume loopback access', () => {
    expect(isGrantedByManifest('http://127.0.0.1:8787', false)).toBe(false);
    expect(isGrantedByManifest('http://127.0.0.1:8787', true)).toBe(true);
    expect(isGrantedByManifest('http://example.com', true)).toBe(false);
  });
});
