/**
 * What README.md says, read for the meta-tests that hold it to the code: the feature list at its
 * head (before "## Screenshots") and the store-facing permissions table's row of the content
 * scripts. Each host the row names is written in backticks (`*.zoom.us`), as the manifest's match
 * patterns name it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const README = readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');

/** The README's head: what the product is for, and its feature list. */
export function readmeFeatures(): string {
  return README.slice(0, README.indexOf('\n## Screenshots'));
}

/** The row of the permissions table that says where the content scripts run. */
export function contentScriptRow(): string {
  const row = README.split('\n').find((line) => line.startsWith('| content scripts '));
  if (!row) throw new Error('README.md: no "content scripts" row in "Permissions, and why"');
  return row;
}

/** The hosts a row names in backticks (`meet.google.com`, `*.ktalk.ru`). */
export function namedHosts(row: string): Set<string> {
  return new Set([...row.matchAll(/`([*a-z0-9][*a-z0-9.-]*\.[a-z]{2,})`/g)].map((match) => match[1]!));
}

/** The host of each match pattern (`https://*.zoom.us/j/*` → `*.zoom.us`), each once. */
export function hostsOfPatterns(patterns: readonly string[]): string[] {
  return [...new Set(patterns.map((pattern) => pattern.replace(/^[^:]+:\/\//, '').replace(/\/.*$/, '')))];
}
