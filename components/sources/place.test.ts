// @vitest-environment jsdom
/**
 * Where each protocol line's sources control goes on the rendered protocol (./place.ts): an item's
 * own end (before its nested list), each sentence's end in its paragraph, a line moved by HTML of
 * the protocol's own found by its text, a line found nowhere left without a place. The protocols
 * are written for the tests.
 */
import { describe, expect, it } from 'vitest';
import type { LineSources } from '@/lib/grounding/sources';
import { placeLines, textKey } from './place';

const item = (index: number, text: string): LineSources => ({
  kind: 'item',
  item: index,
  paragraph: null,
  sentence: null,
  text,
  checked: true,
  sources: null,
});
const sentence = (paragraph: number, index: number, text: string): LineSources => ({
  kind: 'sentence',
  item: null,
  paragraph,
  sentence: index,
  text,
  checked: true,
  sources: null,
});

const ours = (node: Node) => node.nodeType === 1 && (node as Element).classList.contains('ours');

function page(html: string): Element {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

/** Puts a marker at each line's place and reads the page back, the markers as `[n]`. */
function marked(root: Element, lines: LineSources[]): string {
  const slots = placeLines(root, lines, ours);
  slots.forEach((slot, n) => {
    if (!slot) return;
    const marker = root.ownerDocument.createElement('b');
    marker.className = 'ours';
    marker.textContent = `[${n}]`;
    slot.parent.insertBefore(marker, slot.before);
  });
  return root.textContent ?? '';
}

describe('the places of a protocol’s lines on the page', () => {
  it('are each item’s own end, before its nested list', () => {
    const root = page(
      '<ul><li>Anna sends the <b>budget</b><ul><li>by Friday</li></ul></li><li><p>Release</p></li></ul>',
    );
    expect(marked(root, [item(0, 'Anna sends the budget'), item(1, 'by Friday'), item(2, 'Release')])).toBe(
      'Anna sends the budget[0]by Friday[1]Release[2]',
    );
  });

  it('are each sentence’s end in its paragraph, the text itself unchanged', () => {
    const root = page('<p>The team met. Boris books <em>the venue</em> today.</p>');
    expect(
      marked(root, [sentence(0, 0, 'The team met.'), sentence(0, 1, 'Boris books the venue today.')]),
    ).toBe('The team met.[0] Boris books the venue today.[1]');
  });

  it('follow a line moved by the protocol’s own markup, by its text; a line found nowhere has none', () => {
    const root = page('<ul><li>An item of HTML</li><li>Ship on Friday</li></ul>');
    const slots = placeLines(root, [item(0, 'Ship on Friday'), item(1, 'Never rendered')], ours);
    expect(slots[0]?.parent).toBe(root.querySelectorAll('li')[1]);
    expect(slots[1]).toBeNull();
  });

  it('never read or count the caller’s own elements', () => {
    const root = page('<ul><li>First<ul class="ours"><li>ours</li></ul></li><li>Second</li></ul>');
    expect(marked(root, [item(0, 'First'), item(1, 'Second')])).toBe('Firstours[0]Second[1]');
  });

  it('compare letters and digits only, whatever the markup and case', () => {
    expect(textKey('Anna’s **budget**: 25 €!')).toBe('annasbudget25');
  });
});
