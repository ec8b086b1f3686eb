/**
 * The documentation cannot rot unseen: every relative link and image in README.md, CONTRIBUTING.md
 * and docs/ leads to a file of this repository (and a `#fragment` to a heading of it), no file
 * names a path on a developer's machine, every docs/ page is linked from the README, and the
 * README keeps what a newcomer and a store reviewer look for first: the two commands and a reason
 * for every permission the manifest asks for.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../../wxt.config';

const ROOT = path.resolve(import.meta.dirname, '../..');

function markdownIn(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownIn(relative);
    return entry.name.endsWith('.md') ? [relative] : [];
  });
}

const FILES = ['README.md', 'CONTRIBUTING.md', ...markdownIn('docs')];
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** The text without fenced code blocks and inline code, where a bracket is not a link. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** Link and image targets: `[text](target)`, `![alt](target)` and `[label]: target`. */
function linkTargets(markdown: string): string[] {
  const text = prose(markdown);
  const inline = [...text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
  const reference = [...text.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]!);
  return [...inline, ...reference];
}

/** GitHub's anchors of a file's headings: lower case, punctuation dropped, spaces to hyphens. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of markdown
    .replace(/^```[\s\S]*?^```/gm, '')
    .matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = heading!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** What is wrong with one relative target of `file`, or null when it resolves. */
function brokenLink(file: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null; // https:, mailto:: not a file of the repository
  const [pathPart = '', fragment] = target.split('#', 2);
  const resolved =
    pathPart === ''
      ? path.join(ROOT, file)
      : path.resolve(path.dirname(path.join(ROOT, file)), decodeURI(pathPart));
  if (!resolved.startsWith(ROOT + path.sep)) return `${target}: outside the repository`;
  if (!existsSync(resolved)) return `${target}: no such file`;
  if (fragment && resolved.endsWith('.md') && statSync(resolved).isFile()) {
    if (!headingAnchors(readFileSync(resolved, 'utf8')).has(fragment))
      return `${target}: no heading #${fragment}`;
  }
  return null;
}

describe('links in README.md, CONTRIBUTING.md and docs/', () => {
  it('finds the documentation it checks', () => {
    expect(FILES).toContain('docs/layout.md');
    expect(FILES.length).toBeGreaterThan(10);
  });

  it.each(FILES)('%s: every relative link and image resolves to a file here', (file) => {
    const broken = linkTargets(read(file))
      .map((target) => brokenLink(file, target))
      .filter((problem) => problem !== null);
    expect(broken).toEqual([]);
  });

  it.each(FILES)('%s: names no path on a developer machine', (file) => {
    const found =
      read(file).match(/(?:^|[\s(`'"=])(?:\/(?:work|home|root|tmp|Users)\/|file:\/\/)\S*/gm) ?? [];
    expect(found).toEqual([]);
  });

  it('every page of docs/ is linked from README.md', () => {
    const linked = new Set(
      linkTargets(read('README.md'))
        .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
        .map((target) => path.normalize(target.split('#')[0]!)),
    );
    expect(FILES.filter((file) => file.startsWith('docs/') && !linked.has(file))).toEqual([]);
  });

  it('reads links, images and anchors as GitHub does', () => {
    expect(linkTargets('See [a](docs/a.md#x), ![b](b.png "t") and `[c](not-a-link)`.\n[d]: d.md\n')).toEqual([
      'docs/a.md#x',
      'b.png',
      'd.md',
    ]);
    expect([
      ...headingAnchors('# Build flag `WXT_TEST_BUILD`\n## Permissions, and why\n## Tests\n## Tests\n'),
    ]).toEqual(['build-flag-wxt_test_build', 'permissions-and-why', 'tests', 'tests-1']);
    expect(brokenLink('docs/layout.md', '../README.md#permissions-and-why')).toBeNull();
    expect(brokenLink('docs/layout.md', 'README.md')).toMatch(/no such file/);
    expect(brokenLink('docs/layout.md', '../README.md#no-such-heading')).toMatch(/no heading/);
    expect(brokenLink('README.md', '../outside.md')).toMatch(/outside the repository/);
  });
});

describe('README.md', () => {
  const readme = read('README.md');

  it('stays short: at most 200 lines', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(200);
  });

  it('opens with what the extension does and names the two commands', () => {
    expect(readme.split('\n').slice(0, 8).join(' ')).toMatch(/Meeting Capture is a browser extension/);
    expect(readme).toMatch(/^npm install && npm start\b/m);
    expect(readme).toMatch(/^npm test\b/m);
  });

  it('gives a reason for every permission the manifest asks for', () => {
    const section = readme.split(/^## Permissions, and why$/m)[1]?.split(/^## /m)[0] ?? '';
    const rows = section.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| ---'));
    const manifest = config.manifest;
    if (typeof manifest !== 'function')
      throw new Error('wxt.config.ts: the manifest is a function of the build');
    const asked = new Set<string>(['sidePanel']); // added by WXT for entrypoints/sidepanel
    for (const browser of ['chrome', 'firefox'] as const) {
      const built = manifest({
        browser,
        manifestVersion: browser === 'chrome' ? 3 : 2,
        command: 'build',
        mode: 'production',
      } as never) as {
        permissions?: string[];
        host_permissions?: string[];
        optional_host_permissions?: string[];
        optional_permissions?: string[];
      };
      for (const permission of [
        ...(built.permissions ?? []),
        ...(built.host_permissions ?? []),
        ...(built.optional_host_permissions ?? []),
        ...(built.optional_permissions ?? []),
      ])
        asked.add(permission);
    }
    expect(asked).toContain('storage');
    const unexplained = [...asked].filter(
      (permission) =>
        !rows.some(
          (row) => row.split('|')[1]?.includes(`\`${permission}\``) && row.split('|')[2]!.trim().length > 20,
        ),
    );
    expect(unexplained).toEqual([]);
  });
});
