/**
 * tests/BAD_INPUT.md cannot rot: every row names one test, as `` `file` › name ``, and that file
 * must exist and hold a test of exactly that name; no two rows name the same test.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TABLE = path.join(ROOT, 'tests/BAD_INPUT.md');

interface Row {
  number: string;
  file: string;
  name: string;
  outcome: string;
}

function rows(): Row[] {
  const found: Row[] = [];
  for (const line of readFileSync(TABLE, 'utf8').split('\n')) {
    const cells = line.split(' | ').map((cell) => cell.replace(/^\|\s*|\s*\|$/g, '').trim());
    if (!/^\| \d+ \|/.test(line)) continue;
    const reference = /^`([^`]+)` › (.+)$/.exec(cells.at(-1) ?? '');
    if (!reference) throw new Error(`row without a test reference: ${line}`);
    found.push({ number: cells[0]!, file: reference[1]!, name: reference[2]!, outcome: cells.at(-2) ?? '' });
  }
  return found;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('tests/BAD_INPUT.md', () => {
  const table = rows();

  it('has its rows, numbered in order, each with an outcome', () => {
    expect(table.length).toBeGreaterThanOrEqual(50);
    expect(table.map((row) => row.number)).toEqual(table.map((_, i) => String(i + 1)));
    for (const row of table) expect(row.outcome, `row ${row.number}`).not.toBe('');
  });

  it('names one distinct test per row', () => {
    const keys = table.map((row) => `${row.file} › ${row.name}`);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });

  it('names tests that exist: the file, and a test of exactly that name in it', () => {
    const missing: string[] = [];
    for (const row of table) {
      const file = path.join(ROOT, row.file);
      if (!existsSync(file)) {
        missing.push(`row ${row.number}: no file ${row.file}`);
        continue;
      }
      // `it('name'`, `test('name'`, `it.each([...])('name'`: the name, quoted, right after "(".
      const declared = new RegExp(`\\(\\s*(['"\`])${escapeRegExp(row.name)}\\1`);
      if (!declared.test(readFileSync(file, 'utf8')))
        missing.push(`row ${row.number}: no test "${row.name}" in ${row.file}`);
    }
    expect(missing).toEqual([]);
  });
});
