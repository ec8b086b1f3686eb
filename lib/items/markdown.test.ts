import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { parseLabelled } from './labelled';
import { LINE_TEXT_MAX, type ListItemBlock, PROTOCOL_MAX, protocolBlocks } from './markdown';

const items = (markdown: string) =>
  protocolBlocks(markdown).filter((b): b is ListItemBlock => b.type === 'item');

/** The text of each `<li>` marked renders, in document order, its nested lists left out. */
function renderedItems(markdown: string): string[] {
  const html = marked.parse(markdown, { async: false, gfm: true }) as string;
  const out: string[] = [];
  const re = /<li>([\s\S]*?)(?=<li>|<\/li>|<ul>|<ol)/g;
  for (const match of html.matchAll(re))
    out.push(
      (match[1] ?? '')
        .replace(/<[^>]+>/g, ' ')
        .replace(/&amp;/g, '&')
        .replace(/&#39;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/\s+/g, ' ')
        .trim(),
    );
  return out;
}

const NESTED = `# Protocol

- one
  - one.one
    1. one.one.one
  - one.two

> - quoted
>   - quoted nested

1. [ ] open **task** with [a link](https://example.com)
2. [x] ticked task

   loose paragraph

   - nested in a loose item

| a | b |
| --- | --- |
| - not an item | 1 |

Text with a - dash.

* star
+ plus
`;

describe("a protocol's lines in document order", () => {
  it('numbers list items as marked renders them: nested, quoted and loose ones counted in order', () => {
    const found = items(NESTED);
    expect(found.map((b) => b.bullet)).toEqual(found.map((_, i) => i));
    expect(found.map((b) => b.text)).toEqual(renderedItems(NESTED));
    expect(found.map((b) => b.text)).toEqual([
      'one',
      'one.one',
      'one.one.one',
      'one.two',
      'quoted',
      'quoted nested',
      'open task with a link',
      'ticked task loose paragraph',
      'nested in a loose item',
      'star',
      'plus',
    ]);
    expect(found.map((b) => b.parent)).toEqual([null, 0, 1, 0, null, 4, null, null, 7, null, null]);
    expect(found.map((b) => b.checked)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      false,
      true,
      null,
      null,
      null,
    ]);
  });

  it("finds marked's own list items, in its order, however the protocol is cut into blocks to be read", () => {
    const tricky = [
      NESTED,
      '```\ncode\n\n- not an item\n```\n- item',
      '~~~~\n- no\n~~~\n\n- still code\n~~~~\n- yes',
      '<!--\n\n- hidden\n\n-->\n- shown',
      '<pre>\n\n- pre\n\n</pre>\n- after',
      'Foo\n- bar\n- baz\nlazy\n# H\n- x',
      'Foo\n2. not a list\n1. a list',
      '1. a\n\n   para\n\n2. b\n\n- c',
      '- a\n\n      code in item\n\n- b',
      '> - q1\n> - q2\n- top',
      '| a | b |\n|---|---|\n| 1 | 2 |\n- after table',
      'Title\n-\n- item',
      'Para\n* * *\n- after hr\n+ plus\n\n* star',
      '- a\n# not in a\n  - nested?',
    ];
    const folder = join(import.meta.dirname, 'fixtures');
    const fixtures = ['tune', 'held-out'].flatMap((part) =>
      readdirSync(join(folder, part)).map(
        (f) => parseLabelled(f, readFileSync(join(folder, part, f), 'utf8')).protocol,
      ),
    );
    const squeeze = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, '');
    for (const markdown of [...tricky, ...fixtures]) {
      const mine = items(markdown).map((b) => squeeze(b.text));
      const theirs = renderedItems(markdown).map(squeeze);
      expect(mine.length, markdown.slice(0, 80)).toBe(theirs.length);
      mine.forEach((text, i) => {
        expect(theirs[i]?.startsWith(text), `${markdown.slice(0, 80)}: ${text}`).toBe(true);
      });
    }
  });

  it('keeps headings, bold labels and tables, each table numbered', () => {
    const blocks = protocolBlocks(
      '## Action items\n\n**Next steps:**\n\nAction items:\n\nA sentence that is not a label: it goes on.\n\n| Task | Owner |\n| --- | --- |\n| Send it | Anna |\n\n| x |\n| - |\n| y |\n',
    );
    expect(blocks).toEqual([
      { type: 'heading', level: 2, text: 'Action items' },
      { type: 'label', text: 'Next steps' },
      { type: 'label', text: 'Action items' },
      { type: 'table', table: 0, header: ['Task', 'Owner'], rows: [['Send it', 'Anna']] },
      { type: 'table', table: 1, header: ['x'], rows: [['y']] },
    ]);
  });

  it('is bounded: a line of 1 MB is cut, a protocol past a million characters is read to its first million', () => {
    const line = `- ${'word '.repeat(220_000)}`;
    const [only] = items(line);
    expect(only?.text.length).toBeLessThanOrEqual(LINE_TEXT_MAX);
    expect(only?.text.endsWith('…')).toBe(true);
    // 1,100 lines of 1,000 characters: the first million characters are the first 1,000 lines.
    const long = `- ${'x'.repeat(997)}\n`.repeat(1_100);
    expect(long.length).toBeGreaterThan(PROTOCOL_MAX);
    expect(items(long)).toHaveLength(1_000);
  });

  it("bounds marked's slow inputs: emphasis of a megabyte, 80,000 asterisks, an item of 200,000 lines, 3,000 levels of nesting", () => {
    const stars = items(`- ${'*a'.repeat(500_000)}`);
    expect(stars).toHaveLength(1);
    expect(stars[0]?.text.length).toBeLessThanOrEqual(LINE_TEXT_MAX);
    // marked alone overflows its stack on this line.
    expect(
      items(`- before\n- ${'*'.repeat(40_000)}x${'*'.repeat(40_000)}\n- after`).map((b) => b.bullet),
    ).toEqual([0, 1, 2]);
    // marked alone copies the rest of an item for each of its lines: minutes for this one.
    const lazy = items(`- x\n${'  a\n'.repeat(200_000)}- y`);
    expect(lazy.map((b) => [b.bullet, b.text.slice(0, 5)])).toEqual([
      [0, 'x a a'],
      [1, 'y'],
    ]);
    const deep = Array.from({ length: 3_000 }, (_, i) => `${' '.repeat(i * 2)}- item ${i}`).join('\n');
    const nested = items(deep);
    expect(nested.length).toBeGreaterThan(100);
    expect(nested.slice(0, 40).map((b) => b.text)).toEqual(Array.from({ length: 40 }, (_, i) => `item ${i}`));
    expect(nested.slice(0, 40).map((b) => b.depth)).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });

  it('reads nothing from no protocol, and never throws', () => {
    expect(protocolBlocks('')).toEqual([]);
    expect(protocolBlocks(undefined as unknown as string)).toEqual([]);
    expect(() => protocolBlocks('<script>alert(1)</script>\n- a <b>bold</b> item &amp; more')).not.toThrow();
    expect(items('- a <b>bold</b> item &amp; more')[0]?.text).toBe('a bold item & more');
  });
});
