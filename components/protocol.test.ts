// @vitest-environment jsdom
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderMarkdown, renderMarkdownPieces } from '@/lib/render/markdown';

const { Protocol } = await import('@/components/ui');

/** A protocol of many sections, several pieces long. */
function longProtocol(sections: number, tag: string): string {
  const section = (i: number) =>
    `## ${tag} ${i}\n\n- Decision ${i} with a [link](https://example.org/${i}) and **emphasis**.\n- ${'Words of the discussion. '.repeat(20)}\n`;
  return `# Protocol ${tag}\n\n${Array.from({ length: sections }, (_, i) => section(i)).join('\n')}`;
}

/** Lets the renderer's import, its yields (a message port) and Preact's updates run. */
async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 2000 && !check(); i++) await settle(1);
  expect(check()).toBe(true);
}

let host: HTMLElement;
afterEach(() => {
  render(null, host);
  host.remove();
  vi.restoreAllMocks();
});

function mount(markdown: string): HTMLElement {
  host = document.createElement('div');
  document.body.append(host);
  render(h(Protocol, { markdown }), host);
  return host;
}

const progress = (root: HTMLElement) => root.querySelector('[data-testid="protocol-progress"]');
const protocol = (root: HTMLElement) => root.querySelector('[data-testid="protocol"]');

describe('Protocol', () => {
  it('shows a long protocol piece by piece with its progress, then whole, each piece in its own element', async () => {
    const markdown = longProtocol(60, 'A');
    const expected = [...renderMarkdownPieces(markdown)];
    expect(expected.length).toBeGreaterThan(4);
    // Every piece takes "longer" than a slice: each is shown before the next is rendered.
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (clock += 100));
    const root = mount(markdown);
    expect(root.querySelector('.skeleton')).not.toBeNull();
    await until(() => protocol(root) !== null);
    const firstCount = root.querySelectorAll('.protocol-piece').length;
    expect(firstCount).toBeLessThan(expected.length);
    expect(protocol(root)!.getAttribute('aria-busy')).toBe('true');
    const bar = progress(root)!.querySelector('progress')!;
    expect(Number(bar.value)).toBeGreaterThan(0);
    expect(Number(bar.value)).toBeLessThan(100);
    expect(progress(root)!.textContent).toMatch(/^Showing the protocol… \d+%$/);
    expect(protocol(root)!.textContent).toContain('Protocol A');

    await until(() => progress(root) === null);
    const pieces = [...root.querySelectorAll('.protocol-piece')];
    expect(pieces).toHaveLength(expected.length);
    expect(pieces.map((piece) => piece.innerHTML).join('')).toBe(renderMarkdown(markdown));
    expect(protocol(root)!.getAttribute('aria-busy')).toBe('false');
    expect(protocol(root)!.querySelectorAll('h2')).toHaveLength(60);
  });

  it('shows a protocol rendered before at once, without the renderer', async () => {
    const markdown = longProtocol(10, 'B');
    const first = mount(markdown);
    await until(() => protocol(first) !== null && progress(first) === null);
    render(null, host);
    host.remove();

    const again = mount(markdown);
    // Synchronously, on the first render: no skeleton, no progress.
    expect(again.querySelector('.skeleton')).toBeNull();
    expect(progress(again)).toBeNull();
    expect(protocol(again)!.querySelectorAll('h2')).toHaveLength(10);
  });

  it('a short protocol renders in one go; an empty one says so', async () => {
    const short = mount('# Short\n\nOne decision.');
    await until(() => protocol(short) !== null);
    expect(progress(short)).toBeNull();
    expect(short.querySelectorAll('.protocol-piece')).toHaveLength(1);
    render(null, host);
    host.remove();

    const empty = mount('  \n');
    expect(empty.textContent).toBe('The protocol is empty.');
  });

  it('stops rendering when it is closed half way, and does not keep the half as the whole', async () => {
    const markdown = longProtocol(60, 'C');
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (clock += 100));
    const root = mount(markdown);
    await until(() => protocol(root) !== null);
    render(null, host);
    await settle(10);
    host.remove();
    vi.restoreAllMocks();

    const again = mount(markdown);
    // Not taken for finished: it renders again, from the start, to the end.
    expect(protocol(again)).toBeNull();
    await until(() => protocol(again) !== null && progress(again) === null);
    expect(protocol(again)!.querySelectorAll('h2')).toHaveLength(60);
  });
});
