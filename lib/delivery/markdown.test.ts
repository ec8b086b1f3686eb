import { describe, expect, it } from 'vitest';
import { convertMarkdown, cutText, escapeSlack, markdownToSlack } from './markdown';

describe('Markdown to Slack mrkdwn', () => {
  it('headings become bold lines; emphasis, strike and code take Slack markers', () => {
    expect(markdownToSlack('## Decisions\nWe **agreed** on *Friday*, ~~not Monday~~, see `run.sh`.')).toBe(
      '*Decisions*\n\nWe *agreed* on _Friday_, ~not Monday~, see `run.sh`.',
    );
  });

  it('links become <url|text>; bare URLs stay links; other schemes keep only their text', () => {
    expect(markdownToSlack('[the plan](https://example.com/a?b=1|2) and https://x.org')).toBe(
      '<https://example.com/a?b=1%7C2|the plan> and <https://x.org>',
    );
    expect(markdownToSlack('[click](javascript:alert(1))')).toBe('click');
  });

  it('escapes &, < and > everywhere, code included, and reads entities back once', () => {
    expect(markdownToSlack('a < b & c > d, `x<y && z`')).toBe(
      'a &lt; b &amp; c &gt; d, `x&lt;y &amp;&amp; z`',
    );
    expect(markdownToSlack('<!channel> @here <script>x</script>')).toContain('&lt;!channel&gt;');
    expect(markdownToSlack('<!channel>')).not.toContain('<!');
  });

  it('asterisks inside code and escaped characters are not emphasis', () => {
    expect(markdownToSlack('`a*b*c` and 2\\*3\\*4')).toBe('`a*b*c` and 2*3*4');
  });

  it('lists: bullets, numbers from the start given, nesting indented, task boxes', () => {
    const md = '- one\n- two\n  - two a\n\n3. third\n4. fourth\n\n- [x] done\n- [ ] open';
    expect(markdownToSlack(md)).toBe(
      '• one\n• two\n    • two a\n\n3. third\n4. fourth\n\n• ☑ done\n• ☐ open',
    );
  });

  it('quotes, code blocks, tables and rules', () => {
    expect(markdownToSlack('> said **this**')).toBe('> said *this*');
    expect(markdownToSlack('```\nif (a < b) {}\n```')).toBe('```\nif (a &lt; b) {}\n```');
    expect(markdownToSlack('| Who | What |\n| --- | --- |\n| Ann | *slides* |')).toBe(
      '*Who | What*\nAnn | _slides_',
    );
    expect(markdownToSlack('a\n\n---\n\nb')).toBe('a\n\n──────────\n\nb');
  });

  it('Cyrillic text passes through', () => {
    expect(markdownToSlack('## Итоги\n**Решили**: встреча в пятницу')).toBe(
      '*Итоги*\n\n*Решили*: встреча в пятницу',
    );
  });

  it('escapeSlack', () => {
    expect(escapeSlack('<a & b>')).toBe('&lt;a &amp; b&gt;');
  });
});

describe('cutting to a limit', () => {
  it('leaves a short text alone', () => {
    expect(cutText('short', 100, '…')).toBe('short');
  });

  it('cuts at a line end within the limit and adds the note', () => {
    const text = Array.from({ length: 200 }, (_, i) => `line ${i}`).join('\n');
    const cut = cutText(text, 500, '(cut)');
    expect(cut.length).toBeLessThanOrEqual(500);
    expect(cut.endsWith('\n\n(cut)')).toBe(true);
    expect(/line \d+$/.test(cut.split('\n\n(cut)')[0]!)).toBe(true);
  });

  it('closes a code block that the cut left open and never leaves half an escape', () => {
    const cut = cutText(`\`\`\`\n${'x'.repeat(1000)}`, 200, 'n');
    expect((cut.match(/```/g) ?? []).length).toBe(2);
    expect(cutText(`${'a'.repeat(90)}&amp;${'b'.repeat(100)}`, 100, 'n')).not.toMatch(/&[a-z]{0,3}\n/);
  });
});

describe('a protocol past the converter’s bounds', () => {
  it('2,000 nested quotes and `a_` 30,000 times are sent as their text, the rest as markup, in both chats', () => {
    const deep = `${'>'.repeat(2_000)} deep`;
    const long = 'a_'.repeat(30_000);
    for (const dialect of ['telegram', 'slack'] as const) {
      const out = convertMarkdown(`## Title\n\n${deep}\n\n${long}\n\n**after**`, dialect);
      expect(out).toContain(dialect === 'telegram' ? '<b>Title</b>' : '*Title*');
      expect(out).toContain(`${'&gt;'.repeat(2_000)} deep`);
      expect(out).toContain(long);
      expect(out).toContain(dialect === 'telegram' ? '<b>after</b>' : '*after*');
    }
  });
});

describe('Markdown to Telegram HTML', () => {
  it('flattens what the Bot API refuses: quotes in quotes, code in links', () => {
    expect(convertMarkdown('> said\n> > and **quoted**\n> > > deeper', 'telegram')).toBe(
      '<blockquote>said\n\nand <b>quoted</b>\n\ndeeper</blockquote>',
    );
    expect(convertMarkdown('see [`run.sh` **now**](https://example.com/run)', 'telegram')).toBe(
      'see <a href="https://example.com/run">run.sh <b>now</b></a>',
    );
    // Code outside a link stays code.
    expect(convertMarkdown('`a<b`', 'telegram')).toBe('<code>a&lt;b</code>');
  });
});
