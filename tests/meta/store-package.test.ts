/**
 * The store packages, as built for release (no WXT_TEST_BUILD) into a temporary folder:
 * - both manifests against an allow-list: every key, permission, host and optional permission,
 *   the CSP (no `unsafe-eval`, no remote script source; `wasm-unsafe-eval` for the search
 *   worker's SQLite only), the web-accessible resources and where
 *   each content script runs; anything new fails here until it is added on purpose;
 * - Mozilla's `addons-linter` (what addons.mozilla.org runs on an upload) on the Firefox zip:
 *   0 errors, and only the warnings docs/firefox.md explains;
 * - the sources zip (what the store's reviewers get) builds the same add-on, byte for byte, with
 *   the commands docs/firefox.md gives.
 */
import { execFile } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_MATCHES, MEETING_MATCHES, VIDEO_MATCHES } from '@/lib/page/match-patterns';
import { contentScriptRow, hostsOfPatterns, namedHosts } from './readme';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const outDir = mkdtempSync(path.join(tmpdir(), 'mc-store-'));
const CSP = "script-src 'self' 'wasm-unsafe-eval'; object-src 'none'; base-uri 'none'";
const SCRIPTS = { calendar: CALENDAR_MATCHES, meeting: MEETING_MATCHES, video: VIDEO_MATCHES };
/**
 * Scripts that run beside another on the same pages (the build lists them in one entry): the
 * meeting pages' sampling of who speaks (entrypoints/timeline.content), top frame only like the rest.
 */
const BESIDE: Partial<Record<keyof typeof SCRIPTS, string[]>> = { meeting: ['timeline'] };

type Manifest = Record<string, unknown> & {
  permissions?: string[];
  content_security_policy?: string | { extension_pages?: string };
  content_scripts?: Array<{ js: string[]; matches: string[]; all_frames?: boolean }>;
};

/** The environment of a release build: no test flag, and not vitest's NODE_ENV=test (a dev build). */
function releaseEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  for (const name of ['WXT_TEST_BUILD', 'NODE_ENV', 'WXT_OUT_DIR', 'WXT_SOURCEMAP'])
    if (!(name in extra)) delete env[name];
  return env;
}

function readManifest(dir: string): Manifest {
  return JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
}

/** Every file under `dir`, relative, sorted. */
function files(dir: string, prefix = ''): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? files(dir, path.join(prefix, entry.name)) : [path.join(prefix, entry.name)],
    )
    .sort();
}

let chrome: Manifest;
let firefox: Manifest;
const firefoxDir = path.join(outDir, 'firefox-mv2');

// A build and a zip at once: 69 s in a loaded CI run.
beforeAll(async () => {
  const env = releaseEnv({ WXT_OUT_DIR: outDir });
  await Promise.all([
    run('npx', ['wxt', 'build', '-b', 'chrome'], { cwd: root, env }),
    run('npx', ['wxt', 'zip', '-b', 'firefox'], { cwd: root, env }),
  ]);
  chrome = readManifest(path.join(outDir, 'chrome-mv3'));
  firefox = readManifest(firefoxDir);
}, 300_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

function expectContentScripts(manifest: Manifest): void {
  const scripts = (manifest.content_scripts ?? []).map((script) => ({
    js: script.js,
    matches: [...script.matches].sort(),
    allFrames: script.all_frames ?? false,
  }));
  expect(scripts.sort((a, b) => a.js[0]!.localeCompare(b.js[0]!))).toEqual(
    Object.entries(SCRIPTS).map(([name, matches]) => ({
      js: [name, ...(BESIDE[name as keyof typeof SCRIPTS] ?? [])].map(
        (script) => `content-scripts/${script}.js`,
      ),
      matches: [...matches].sort(),
      allFrames: false,
    })),
  );
}

function expectCsp(policy: string): void {
  expect(policy).toBe(CSP);
  // WebAssembly compilation only (the search worker's SQLite, README "Permissions, and why"):
  // never 'unsafe-eval' or 'unsafe-inline', no remote source.
  expect(policy.replace("'wasm-unsafe-eval'", '')).not.toMatch(/unsafe-eval|unsafe-inline|https?:|\*/);
}

describe('least privilege: the release manifests against an allow-list', () => {
  it('Chrome (MV3)', () => {
    expect(Object.keys(chrome).sort()).toEqual(
      [
        'action',
        'background',
        'commands',
        'content_scripts',
        'content_security_policy',
        'default_locale',
        'description',
        'host_permissions',
        'icons',
        'manifest_version',
        'name',
        'optional_host_permissions',
        'options_ui',
        'permissions',
        'side_panel',
        'version',
        'web_accessible_resources',
      ].sort(),
    );
    expect(chrome.permissions).toEqual([
      'storage',
      'alarms',
      'notifications',
      'contextMenus',
      'activeTab',
      // The calendar feed parser's document (lib/calendar/engine-thread.ts): opened only while a
      // changed calendar is read, to start the Worker a service worker cannot.
      'offscreen',
      // "Record here": the sound of a tab the user chose to record (lib/background/recording/).
      'tabCapture',
      'sidePanel',
    ]);
    expect(chrome.host_permissions).toEqual([]);
    expect(chrome.optional_host_permissions).toEqual([
      'https://*/*',
      'http://127.0.0.1/*',
      'http://localhost/*',
    ]);
    expectCsp((chrome.content_security_policy as { extension_pages: string }).extension_pages);
    expect(Object.keys(chrome.content_security_policy as object)).toEqual(['extension_pages']);
    expect(chrome.background).toEqual({ service_worker: 'background.js' });
    expectContentScripts(chrome);
    // The controls' one stylesheet, shared by the three scripts: only for their hosts, at a
    // per-session URL.
    const resources = chrome.web_accessible_resources as Array<{
      resources: string[];
      matches: string[];
      use_dynamic_url?: boolean;
    }>;
    expect(resources).toHaveLength(1);
    expect(resources[0]?.resources).toEqual(['content-scripts/page.css']);
    expect(resources[0]?.use_dynamic_url).toBe(true);
    const origins = new Set(
      Object.values(SCRIPTS).flatMap((matches) =>
        matches.map((pattern) => pattern.replace(/^(https:\/\/[^/]+)\/.*$/, '$1/*')),
      ),
    );
    expect(new Set(resources[0]?.matches)).toEqual(origins);
  });

  it('Firefox (MV2)', () => {
    expect(Object.keys(firefox).sort()).toEqual(
      [
        'background',
        'browser_action',
        'browser_specific_settings',
        'commands',
        'content_scripts',
        'content_security_policy',
        'default_locale',
        'description',
        'icons',
        'manifest_version',
        'name',
        'optional_permissions',
        'options_ui',
        'permissions',
        'sidebar_action',
        'version',
        'web_accessible_resources',
      ].sort(),
    );
    expect(firefox.manifest_version).toBe(2);
    // MV2 lists hosts among permissions: none up front, the service's origin asked for at sign-in.
    expect(firefox.permissions).toEqual(['storage', 'alarms', 'notifications', 'contextMenus', 'activeTab']);
    expect(firefox.optional_permissions).toEqual(['https://*/*', 'http://127.0.0.1/*', 'http://localhost/*']);
    expectCsp(firefox.content_security_policy as string);
    expect(firefox.background).toEqual({ scripts: ['background.js'], persistent: false });
    expectContentScripts(firefox);
    // MV2 has no per-host form: the controls' stylesheet, nothing else (Firefox gives every
    // install its own random moz-extension:// address, so a page cannot probe for it by a fixed URL).
    expect(firefox.web_accessible_resources).toEqual(['content-scripts/page.css']);
    expect(firefox.browser_specific_settings).toEqual({
      gecko: {
        id: 'meeting-capture@extension',
        strict_min_version: '140.0',
        data_collection_permissions: {
          required: [
            'authenticationInfo',
            'personallyIdentifyingInfo',
            'personalCommunications',
            'browsingActivity',
            'websiteContent',
          ],
        },
      },
      gecko_android: { strict_min_version: '142.0' },
    });
  });

  it('no remote code and no eval in either package: local scripts only, no Function constructor', () => {
    for (const dir of [path.join(outDir, 'chrome-mv3'), firefoxDir]) {
      for (const file of files(dir)) {
        const text = readFileSync(path.join(dir, file), 'utf8');
        if (file.endsWith('.html')) {
          const sources = [...text.matchAll(/<script[^>]*\ssrc="([^"]*)"/g)].map((match) => match[1]);
          expect(sources.length, file).toBeGreaterThan(0);
          // The bundle's chunks, or a script of its own at the root (the popup's first script).
          for (const source of sources) expect(source, file).toMatch(/^\/(chunks\/)?[\w-]+\.js$/);
          expect(text, file).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
        }
        if (file.endsWith('.js')) {
          expect(text, file).not.toMatch(/new Function\s*\(|[^\w.$]eval\s*\(/);
          // No script imports another at run time (the service worker is one file).
          expect(text, file).not.toMatch(/importScripts\s*\(/);
          expect(text, file).not.toMatch(/import\s*\(\s*[`'"]https?:/);
        }
      }
    }
  });

  it('neither reaches every site, other extensions or native apps', () => {
    for (const manifest of [chrome, firefox]) {
      const text = JSON.stringify(manifest);
      for (const broad of [
        '<all_urls>',
        '*://*/*',
        'http://*/*',
        'externally_connectable',
        'nativeMessaging',
      ])
        expect(text).not.toContain(broad);
    }
  });
});

describe('README says where the content scripts of the built packages run', () => {
  it.each([
    ['Chrome (MV3)', () => chrome],
    ['Firefox (MV2)', () => firefox],
  ] as const)('%s: every host of a content script is named in its permissions row', (_name, manifest) => {
    const named = namedHosts(contentScriptRow());
    const hosts = hostsOfPatterns((manifest().content_scripts ?? []).flatMap((script) => script.matches));
    expect(hosts.length).toBeGreaterThan(0);
    expect(
      hosts.filter((host) => !named.has(host)),
      'hosts missing from README.md, "Permissions, and why", content scripts',
    ).toEqual([]);
  });
});

interface LinterMessage {
  code: string;
  file?: string;
  message: string;
}

describe('addons-linter on the Firefox zip', () => {
  it('0 errors, 0 notices, and only the two warnings docs/firefox.md explains', async () => {
    const zip = path.join(outDir, 'meeting-capture-0.1.0-firefox.zip');
    const { stdout } = await run('npx', ['addons-linter', '--output', 'json', '--boring', zip], {
      cwd: root,
      maxBuffer: 16 * 1024 * 1024,
    }).catch((failure: { stdout: string }) => ({ stdout: failure.stdout }));
    const report = JSON.parse(stdout) as {
      summary: { errors: number; notices: number; warnings: number };
      errors: LinterMessage[];
      warnings: LinterMessage[];
      notices: LinterMessage[];
    };
    expect(report.errors).toEqual([]);
    expect(report.notices).toEqual([]);
    // Preact's support of dangerouslySetInnerHTML (used once, for DOMPurify's output), and
    // DOMPurify's own parsing into an inert document.
    expect(
      report.warnings.map((w) => `${w.code} ${(w.file ?? '').replace(/-[\w-]{8}\.js$/, '.js')}`).sort(),
    ).toEqual(['UNSAFE_VAR_ASSIGNMENT chunks/markdown.js', 'UNSAFE_VAR_ASSIGNMENT chunks/pages.js']);
  }, 120_000);
});

describe('the sources zip', () => {
  it('builds the same add-on, byte for byte, from a clean folder', async () => {
    const sources = await JSZip.loadAsync(
      readFileSync(path.join(outDir, 'meeting-capture-0.1.0-sources.zip')),
    );
    const clean = path.join(outDir, 'sources');
    for (const entry of Object.values(sources.files)) {
      const target = path.join(clean, entry.name);
      if (entry.dir) mkdirSync(target, { recursive: true });
      else {
        mkdirSync(path.dirname(target), { recursive: true });
        writeFileSync(target, await entry.async('nodebuffer'));
      }
    }
    expect(files(clean)).toEqual(
      expect.arrayContaining(['package.json', 'package-lock.json', 'wxt.config.ts']),
    );
    expect(files(clean).some((file) => file.startsWith('node_modules') || file.startsWith('.output'))).toBe(
      false,
    );
    // `npm ci` would fetch the same locked packages; the tests link the ones installed here.
    symlinkSync(path.join(root, 'node_modules'), path.join(clean, 'node_modules'), 'dir');
    await run('npx', ['wxt', 'build', '-b', 'firefox'], { cwd: clean, env: releaseEnv() });

    const rebuilt = path.join(clean, '.output/firefox-mv2');
    expect(files(rebuilt)).toEqual(files(firefoxDir));
    const differing = files(firefoxDir).filter(
      (file) => !readFileSync(path.join(rebuilt, file)).equals(readFileSync(path.join(firefoxDir, file))),
    );
    expect(differing).toEqual([]);
  }, 120_000);
});
