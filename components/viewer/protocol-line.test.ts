import { describe, expect, it } from 'vitest';
import { parseLine } from './protocol-line';

describe('the protocol line in the viewer’s address', () => {
  it('reads a list item’s index or a table row, and nothing else', () => {
    expect(parseLine('0', null)).toEqual({ item: 0 });
    expect(parseLine('17', '1.2')).toEqual({ item: 17 });
    expect(parseLine(null, '1.2')).toEqual({ table: 1, row: 2 });
    for (const [line, row] of [
      ['-1', null],
      ['1e3', null],
      ['1234567', null],
      ['<script>', null],
      [null, '1'],
      [null, '1.2.3'],
      [null, '12345.1'],
      [null, null],
    ] as const)
      expect(parseLine(line, row), `${line} ${row}`).toBeNull();
  });
});
