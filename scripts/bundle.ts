/**
 * What a built page, the background or a content script loads, and its size: shared by the size
 * budgets (scripts/check-size.ts) and the UI measurement (scripts/measure-ui.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateRawSync, gzipSync } from 'node:zlib';

/** Bytes of a file of the build, raw and gzip (level 9). */
export function fileSize(outDir: string, file: string): { raw: number; gzip: number } {
  const body = readFileSync(path.join(outDir, file));
  return { raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
}

/**
 * Files a page loads before it can render: the page itself (the popup's holds its stylesheets:
 * scripts/popup-html.ts), its entry script, module preloads and stylesheets.
 */
export function pageAssets(outDir: string, html: string): string[] {
  const text = readFileSync(path.join(outDir, html), 'utf8');
  const refs = [...text.matchAll(/<(?:script[^>]*\bsrc|link[^>]*\bhref)="([^"]+\.(?:js|css))"/g)].map(
    (match) => match[1]!.replace(/^\//, ''),
  );
  return [html, ...new Set(refs)];
}

/** An ES module of the build and every chunk it imports statically, transitively. */
export function moduleGraph(outDir: string, entry: string, seen = new Set<string>()): string[] {
  if (seen.has(entry)) return [];
  seen.add(entry);
  const text = readFileSync(path.join(outDir, entry), 'utf8');
  for (const match of text.matchAll(
    /(?:^|[;\s}])import\s*(?:[^'"`]*?from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g,
  )) {
    moduleGraph(outDir, path.posix.join(path.posix.dirname(entry), match[1]!), seen);
  }
  return [...seen];
}

/**
 * Bytes of the store zip of a build without making it: each file deflated at level 9 (as `wxt zip`
 * stores it; kept as is when deflate does not help) plus the zip's headers (local header 30 bytes
 * + name, central entry 46 + name, end record 22). Source maps are not shipped and not counted.
 */
export function zipSize(outDir: string): number {
  let total = 22;
  for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.endsWith('.map')) continue;
    const full = path.join(entry.parentPath, entry.name);
    const name = path.relative(outDir, full);
    const body = readFileSync(full);
    const stored = Math.min(body.length, deflateRawSync(body, { level: 9 }).length);
    total += stored + 30 + 46 + 2 * Buffer.byteLength(name);
  }
  return total;
}
