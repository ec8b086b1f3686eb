// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { ALLOWED_ATTR, ALLOWED_TAGS } from '@/lib/render/allow-list';
import { PIECE_CHARS, renderMarkdown, renderMarkdownPieces, sanitizeHtml } from '@/lib/render/markdown';
import { CORPUS } from '@/tests/fixtures/hostile/corpus';

function dom(html: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = html;
  return host;
}

describe('renderMarkdown', () => {
  it('keeps headings, lists, tables, code and emphasis', () => {
    const html = renderMarkdown(
      [
        '# Decisions',
        '',
        '1. Ship **on Friday**',
        '2. _Review_ later',
        '',
        '- one',
        '- [x] done',
        '',
        '| Owner | Task |',
        '| :--- | ---: |',
        '| Ann | `build` |',
        '',
        '```',
        'const a = 1 < 2;',
        '```',
        '',
        '> quoted',
      ].join('\n'),
    );
    const root = dom(html);
    expect(root.querySelector('h1')?.textContent).toBe('Decisions');
    expect(root.querySelectorAll('ol > li')).toHaveLength(2);
    expect(root.querySelector('strong')?.textContent).toBe('on Friday');
    expect(root.querySelector('em')?.textContent).toBe('Review');
    expect(root.querySelectorAll('table th')).toHaveLength(2);
    expect(root.querySelector('td code')?.textContent).toBe('build');
    expect(root.querySelector('pre code')?.textContent).toBe('const a = 1 < 2;\n');
    expect(root.querySelector('blockquote')?.textContent?.trim()).toBe('quoted');
    expect(root.querySelector('input')).toBeNull();
    expect(root.querySelectorAll('ul > li')[1]?.textContent?.trim()).toBe('done');
  });

  it('strips scripts, frames, styles, forms, images and event handlers', () => {
    const html = renderMarkdown(
      [
        '# Title <img src=x onerror=alert(1)>',
        '',
        '<script>alert("protocol")</script>',
        '<iframe src="https://evil.example/frame"></iframe>',
        '<svg onload=alert(3)><circle r=1 /></svg>',
        '<style>body{display:none}</style>',
        '<form action="https://evil.example"><input name=password></form>',
        '<div style="position:fixed;inset:0" onclick="alert(4)">overlay</div>',
        '<details open ontoggle=alert(5)><summary>More</summary>text</details>',
        '![pixel](https://evil.example/pixel.gif)',
        '<meta http-equiv="refresh" content="0;url=https://evil.example">',
      ].join('\n'),
    );
    expect(html).not.toMatch(/<script|<iframe|<svg|<style|<form|<img|<meta|<object|<embed/i);
    expect(html).not.toMatch(/\son\w+\s*=/i);
    expect(html).not.toMatch(/style=/i);
    expect(html).not.toContain('alert("protocol")');
    const root = dom(html);
    expect(root.querySelector('h1')?.textContent?.trim()).toBe('Title');
    expect(root.querySelector('input')).toBeNull();
    expect(root.textContent).toContain('overlay');
    expect(root.querySelector('details summary')?.textContent).toBe('More');
  });

  it('keeps http, https and mailto links, opening in a new tab without an opener', () => {
    const root = dom(
      renderMarkdown(
        '[site](https://example.com/a?b=1) [plain](http://example.org) [mail](mailto:a@example.com)',
      ),
    );
    const links = [...root.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://example.com/a?b=1',
      'http://example.org',
      'mailto:a@example.com',
    ]);
    for (const a of links) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('drops javascript:, data:, vbscript: and relative links but keeps their text', () => {
    const root = dom(
      renderMarkdown(
        [
          '- [Open](javascript:alert("link"))',
          '- [Encoded](JaVaScRiPt:alert(2))',
          '- [Entity](&#106;avascript:alert(3))',
          '- [Data](data:text/html;base64,PHNjcmlwdD4=)',
          '- [VB](vbscript:msgbox(1))',
          '- <a href="javascript:alert(5)">raw</a>',
          '- <a href="  javascript:alert(6)">spaced</a>',
          '- [relative](/settings)',
          '- [file](file:///etc/passwd)',
        ].join('\n'),
      ),
    );
    const html = root.innerHTML;
    expect(html).not.toMatch(/javascript:|vbscript:|data:text|file:/i);
    for (const a of root.querySelectorAll('a')) expect(a.hasAttribute('href')).toBe(false);
    for (const text of ['Open', 'Encoded', 'Data', 'VB', 'raw', 'spaced', 'relative', 'file'])
      expect(root.textContent).toContain(text);
  });

  it('renders text that only looks like markup as text', () => {
    const root = dom(renderMarkdown('Use `<b>code</b>` and 1 < 2 & 3 > 2'));
    expect(root.querySelector('b')).toBeNull();
    expect(root.querySelector('code')?.textContent).toBe('<b>code</b>');
    expect(root.textContent).toContain('1 < 2 & 3 > 2');
  });

  it('answers an empty string for empty input', () => {
    expect(renderMarkdown('')).toBe('');
  });
});

describe('sanitizeHtml', () => {
  it('removes a link target that would keep the opener', () => {
    const root = dom(sanitizeHtml('<a href="https://example.com" target="_self" rel="opener">x</a>'));
    const a = root.querySelector('a')!;
    expect(a.getAttribute('target')).toBe('_blank');
    expect(a.getAttribute('rel')).toBe('noopener noreferrer');
  });
});

describe('renderMarkdownPieces', () => {
  const PROTOCOL = [
    '# Weekly sync',
    '',
    'Decisions with a [reference link][spec] and **emphasis**.',
    '',
    '1. Ship on Friday',
    '2. Review later',
    '',
    '| Owner | Task |',
    '| :--- | ---: |',
    '| Ann | `build` |',
    '',
    '```',
    'const a = 1 < 2;',
    '```',
    '',
    '> A quote',
    '',
    '## Next steps',
    '',
    '- one',
    '- [x] two',
    '',
    '[spec]: https://example.org/spec',
    '',
    'Last paragraph.',
  ].join('\n');

  it('renders, piece by piece, what renderMarkdown renders at once, whatever the piece size', () => {
    const whole = renderMarkdown(PROTOCOL);
    for (const size of [1, 20, 80, 10_000]) {
      const pieces = [...renderMarkdownPieces(PROTOCOL, size)];
      expect(pieces.map((piece) => piece.html).join(''), `piece size ${size}`).toBe(whole);
      if (size === 1) expect(pieces.length).toBeGreaterThan(8);
      if (size === 10_000) expect(pieces).toHaveLength(1);
    }
    // The reference defined near the end resolves in the first piece.
    const first = dom(
      [...renderMarkdownPieces(PROTOCOL, 1)]
        .slice(0, 3)
        .map((piece) => piece.html)
        .join(''),
    );
    expect(first.querySelector('a')?.getAttribute('href')).toBe('https://example.org/spec');
  });

  it('says how far it has got: rising, and 1 at the last piece', () => {
    const pieces = [...renderMarkdownPieces(PROTOCOL, 20)];
    const done = pieces.map((piece) => piece.done);
    for (let i = 1; i < done.length; i++) expect(done[i]!).toBeGreaterThanOrEqual(done[i - 1]!);
    expect(done[0]!).toBeGreaterThan(0);
    expect(done[0]!).toBeLessThan(0.5);
    expect(done.at(-1)).toBe(1);
  });

  it('gives one empty piece for an empty protocol', () => {
    expect([...renderMarkdownPieces('')]).toEqual([{ html: '', done: 1, plain: false }]);
  });

  it('sanitizes every piece: the hostile corpus cut into small pieces keeps only allowed markup', () => {
    const markdown = CORPUS.map((payload) => `- ${payload.name}\n\n${payload.text}\n`).join('\n');
    const pieces = [...renderMarkdownPieces(markdown, 50)];
    expect(pieces.length).toBeGreaterThan(CORPUS.length / 2);
    for (const piece of pieces) {
      const root = dom(piece.html);
      for (const element of root.querySelectorAll('*')) {
        expect(ALLOWED_TAGS, element.tagName).toContain(element.tagName.toLowerCase());
        for (const attribute of element.attributes)
          expect([...ALLOWED_ATTR, 'target', 'rel']).toContain(attribute.name);
      }
      for (const link of root.querySelectorAll('a[href]'))
        expect(link.getAttribute('href')).toMatch(/^(https?:|mailto:)/);
    }
  });
});

describe('a protocol past the renderer’s bounds', () => {
  it('2,000 nested quotes are shown as their text, the blocks around them as Markdown', () => {
    const deep = `${'>'.repeat(2_000)} deep`;
    const root = dom(renderMarkdown(`# Title\n\n${deep}\n\n**after**`));
    expect(root.querySelector('h1')?.textContent).toBe('Title');
    expect(root.querySelector('strong')?.textContent).toBe('after');
    expect(root.querySelector('blockquote')).toBeNull();
    expect(root.textContent).toContain(deep);
    // Nesting within the bound is still Markdown.
    expect(dom(renderMarkdown(`${'> '.repeat(20)}x`)).querySelectorAll('blockquote')).toHaveLength(20);
  });

  it('`a_` 30,000 times, a line of 500,000 `*a` and 80,000 asterisks are shown as their text, each alone', () => {
    for (const line of [
      'a_'.repeat(30_000),
      '*a'.repeat(500_000),
      `${'*'.repeat(40_000)}x${'*'.repeat(40_000)}`,
    ]) {
      const pieces = [...renderMarkdownPieces(`Before **this**.\n\n${line}\n\n- after`)];
      const root = dom(pieces.map((piece) => piece.html).join(''));
      expect(root.querySelector('strong')?.textContent).toBe('this');
      expect(root.querySelector('li')?.textContent).toBe('after');
      expect(root.textContent).toContain(line);
      expect(pieces.some((piece) => piece.plain)).toBe(true);
    }
  });

  it('what is left once the time bound has passed is shown as text, and the pieces say so', () => {
    const protocol = Array.from({ length: 40 }, (_, i) => `## Part ${i}\n\nText **${i}**.\n`)
      .join('\n')
      .repeat(200);
    let clock = 0;
    // Each look at the clock takes a second: the bound (2 s) passes after the first few blocks.
    const pieces = [...renderMarkdownPieces(protocol, PIECE_CHARS, { now: () => (clock += 1_000) })];
    const root = dom(pieces.map((piece) => piece.html).join(''));
    expect(root.querySelector('h2')?.textContent).toBe('Part 0');
    expect(root.textContent).toContain('## Part 39');
    expect(pieces[0]!.plain).toBe(false);
    expect(pieces.at(-1)!.plain).toBe(true);
  });
});
