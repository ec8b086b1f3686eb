/**
 * The viewer's link to one line of a protocol (`line=<k>`: its k-th list item, as lib/items counts
 * them and marked renders them; `row=<t>.<r>`: the r-th body row of its t-th table), read from the
 * address, and the line marked, scrolled to and focused once the protocol is rendered whole.
 */
import { useEffect } from 'preact/hooks';

/** A line of the protocol: its k-th list item, or a row of one of its tables (0-based). */
export type ProtocolLine = { item: number } | { table: number; row: number };

export function parseLine(line: string | null, row: string | null): ProtocolLine | null {
  if (line !== null && /^\d{1,6}$/.test(line)) return { item: Number(line) };
  const match = row ? /^(\d{1,4})\.(\d{1,6})$/.exec(row) : null;
  return match ? { table: Number(match[1]), row: Number(match[2]) } : null;
}

/**
 * Marks the protocol's line once it is rendered whole: the k-th `<li>` (lib/items counts list
 * items as marked renders them), or a table's body row; scrolled to and focused.
 */
export function useProtocolLine(line: ProtocolLine | null, shown: unknown): void {
  useEffect(() => {
    const panel = document.getElementById('panel-protocol');
    if (!line || !panel) return;
    const mark = (): boolean => {
      const root = panel.querySelector('[data-testid="protocol"]');
      if (!root || root.getAttribute('aria-busy') === 'true') return false;
      const element =
        'item' in line
          ? root.querySelectorAll('li')[line.item]
          : root.querySelectorAll('table')[line.table]?.querySelectorAll('tbody tr')[line.row];
      if (element instanceof HTMLElement) {
        element.classList.add('protocol-line');
        element.tabIndex = -1;
        element.scrollIntoView({ block: 'center' });
        element.focus({ preventScroll: true });
      }
      return true;
    };
    if (mark()) return;
    const observer = new MutationObserver(() => {
      if (mark()) observer.disconnect();
    });
    observer.observe(panel, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-busy'],
    });
    return () => observer.disconnect();
  }, [line === null ? '' : JSON.stringify(line), shown]);
}
