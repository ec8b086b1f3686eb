import { describe, expect, it } from 'vitest';
import { checklist, escapeMarkdown } from './checklist';

const words = { owner: (names: string) => `owner (suggested): ${names}`, due: (iso: string) => `due ${iso}` };

describe('items as a Markdown checklist', () => {
  it('writes one task line per item, ticked when done, with its owner, due date and meeting', () => {
    expect(
      checklist(
        [
          {
            text: 'Send the budget',
            owner: ['Anna'],
            due: '2026-03-13',
            state: 'open',
            meeting: 'Weekly sync, 10 March 2026',
          },
          { text: 'Book the room', owner: null, due: null, state: 'done', meeting: null },
          { text: 'Not an item', owner: null, due: null, state: 'dismissed', meeting: null },
        ],
        words,
      ),
    ).toBe(
      [
        '- [ ] Send the budget (owner (suggested): Anna; due 2026-03-13; Weekly sync, 10 March 2026)',
        '- [x] Book the room',
        '- [ ] ~~Not an item~~',
      ].join('\n'),
    );
  });

  it('escapes what Markdown would read as markup, so the text reads as written', () => {
    expect(escapeMarkdown('Fix *all* [links] in <b>docs</b>\nnow')).toBe(
      'Fix \\*all\\* \\[links\\] in \\<b\\>docs\\</b\\> now',
    );
    expect(escapeMarkdown('1. first')).toBe('1\\. first');
    expect(escapeMarkdown('- dash')).toBe('\\- dash');
    expect(
      checklist([{ text: '# heading', owner: null, due: null, state: 'open', meeting: 'a|b' }], words),
    ).toBe('- [ ] \\# heading (a\\|b)');
  });
});
