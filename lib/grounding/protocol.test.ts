import { describe, expect, it } from 'vitest';
import { protocolLines } from './protocol';

describe('the lines of a protocol', () => {
  it('are its list items in the order a page renders them, and the sentences of its paragraphs', () => {
    const lines = protocolLines(
      [
        '# Weekly sync',
        '',
        'We met on Monday. Anna chaired!',
        '',
        '## Decisions',
        '',
        '- The **release** moves to the [15th](https://example.com)',
        '  - nested: QA signs off first',
        '- Anna sends the budget by Friday',
        '',
        '1. numbered item',
        '',
        '> - quoted item',
        '',
        '| table | row |',
        '| --- | --- |',
        '| not | linked |',
      ].join('\n'),
    );
    expect(lines.map((line) => [line.kind, line.item, line.text, line.heading])).toEqual([
      ['sentence', null, 'We met on Monday.', 'Weekly sync'],
      ['sentence', null, 'Anna chaired!', 'Weekly sync'],
      ['item', 0, 'The release moves to the 15th', 'Decisions'],
      ['item', 1, 'nested: QA signs off first', 'Decisions'],
      ['item', 2, 'Anna sends the budget by Friday', 'Decisions'],
      ['item', 3, 'numbered item', 'Decisions'],
      ['item', 4, 'quoted item', 'Decisions'],
    ]);
    expect(lines.map((line) => line.index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('is empty for an empty or missing protocol', () => {
    expect(protocolLines('')).toEqual([]);
    expect(protocolLines(undefined as unknown as string)).toEqual([]);
  });

  it('reads the lines around 2,000 nested quotes (marked alone overflows its stack and none were read)', () => {
    const lines = protocolLines(
      ['- Anna sends the budget', '', `${'>'.repeat(2_000)} deep`, '', '- Boris books the room'].join('\n'),
    );
    expect(lines.map((line) => [line.kind, line.item, line.text])).toEqual([
      ['item', 0, 'Anna sends the budget'],
      ['item', 1, 'Boris books the room'],
    ]);
  });
});
