/**
 * The layout checker of the end-to-end tests: everything we draw must fit. It walks the page (or
 * our shadow hosts on a host page) including open shadow roots, and reports every visible element
 * whose content is clipped or runs past its box, every box beyond the viewport, and a page that
 * scrolls sideways. Text deliberately cut with an ellipsis passes when its full text is available
 * as a title or an accessible name (on the element or a near ancestor).
 */
import type { Page } from '@playwright/test';

export interface LayoutProblem {
  /** `clipped`: hidden overflow cuts content; `overflows`: content spills out of its box;
   * `beyond-viewport`: the box leaves the viewport; `scrolls-sideways`: the document or a
   * container scrolls horizontally; `select-cut`: a select's chosen option is wider than it. */
  kind: 'clipped' | 'overflows' | 'beyond-viewport' | 'scrolls-sideways' | 'select-cut';
  /** A short CSS-like path to the element (shadow hosts marked with `>>`). */
  at: string;
  /** Sizes that show the problem, and the start of the element's text. */
  detail: string;
}

export interface LayoutReport {
  problems: LayoutProblem[];
  /** Visible elements checked. */
  checked: number;
  /** Open shadow roots entered. */
  shadowRoots: number;
}

export interface LayoutOptions {
  /**
   * Only check these elements and what is inside them (with their shadow roots): on a host page,
   * our own shadow hosts. Default: the whole document.
   */
  roots?: string;
  /** Also report boxes below or above the viewport (fixed page controls). Default false: pages scroll. */
  vertical?: boolean;
}

/** Runs the checker in the page; see the module comment for the rules. */
export async function checkLayout(page: Page, options: LayoutOptions = {}): Promise<LayoutReport> {
  return page.evaluate(({ roots, vertical }) => {
    const TOLERANCE = 1;
    const SKIP = new Set([
      'SCRIPT',
      'STYLE',
      'HEAD',
      'TITLE',
      'META',
      'LINK',
      'TEMPLATE',
      'OPTION',
      'BR',
      'WBR',
    ]);
    const viewportWidth = document.documentElement.clientWidth;
    const viewportHeight = window.innerHeight;
    const problems: Array<{ kind: string; at: string; detail: string }> = [];
    let checked = 0;
    let shadowRoots = 0;

    const parentOf = (element: Element): Element | null => {
      if (element.parentElement) return element.parentElement;
      const root = element.getRootNode();
      return root instanceof ShadowRoot ? root.host : null;
    };

    const describe = (element: Element): string => {
      const parts: string[] = [];
      let current: Element | null = element;
      for (let depth = 0; current && depth < 5; depth += 1) {
        let part = current.tagName.toLowerCase();
        if (current.id) part += `#${current.id}`;
        const classes = [...current.classList].slice(0, 2);
        if (classes.length > 0) part += `.${classes.join('.')}`;
        const testId = current.getAttribute('data-testid');
        if (testId) part += `[data-testid=${testId}]`;
        parts.unshift(part);
        const next: Element | null = current.parentElement;
        if (!next) {
          const root = current.getRootNode();
          if (root instanceof ShadowRoot) {
            parts.unshift('>>');
            current = root.host;
            continue;
          }
        }
        current = next;
      }
      return parts.join(' ').replace(/ >> /g, ' >> ');
    };

    const textOf = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim();

    /** The full text is on the element or an ancestor (up to 4 levels) as a title or aria-label. */
    const fullTextAvailable = (element: Element): boolean => {
      const full = textOf(element);
      if (full === '') return true;
      let current: Element | null = element;
      for (let depth = 0; current && depth < 5; depth += 1) {
        for (const name of [current.getAttribute('title'), current.getAttribute('aria-label')]) {
          if (name?.replace(/\s+/g, ' ').includes(full)) return true;
        }
        current = parentOf(current);
      }
      return false;
    };

    /** Some ancestor cuts or scrolls this element's overflow (it reports the problem itself). */
    const insideOverflowBox = (element: Element): boolean => {
      for (let current = parentOf(element); current; current = parentOf(current)) {
        if (current === document.documentElement || current === document.body) return false;
        const style = getComputedStyle(current);
        if (style.overflowX !== 'visible' || (vertical && style.overflowY !== 'visible')) return true;
      }
      return false;
    };

    const snippet = (element: Element) => {
      const text = textOf(element);
      return text ? ` "${text.slice(0, 60)}${text.length > 60 ? '…' : ''}"` : '';
    };

    let canvas: HTMLCanvasElement | null = null;
    const textWidth = (text: string, font: string): number => {
      canvas ??= document.createElement('canvas');
      const context = canvas.getContext('2d');
      if (!context) return 0;
      context.font = font;
      return context.measureText(text).width;
    };

    const check = (element: Element) => {
      if (!(element instanceof HTMLElement) || SKIP.has(element.tagName)) return;
      if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: false })) return;
      const rect = element.getBoundingClientRect();
      // Visually hidden text for screen readers is 1 px by design.
      if (rect.width < 2 || rect.height < 2) return;
      checked += 1;
      const style = getComputedStyle(element);
      const at = describe(element);

      const horizontallyOut = rect.left < -TOLERANCE || rect.right > viewportWidth + TOLERANCE;
      const verticallyOut = vertical && (rect.top < -TOLERANCE || rect.bottom > viewportHeight + TOLERANCE);
      if ((horizontallyOut || verticallyOut) && !insideOverflowBox(element)) {
        problems.push({
          kind: 'beyond-viewport',
          at,
          detail: `box ${Math.round(rect.left)}..${Math.round(rect.right)} × ${Math.round(rect.top)}..${Math.round(rect.bottom)} in a ${viewportWidth} × ${viewportHeight} viewport${snippet(element)}`,
        });
      }

      if (element.tagName === 'SELECT') {
        const select = element as HTMLSelectElement;
        const option = select.selectedOptions[0];
        if (option) {
          const room =
            select.clientWidth -
            Number.parseFloat(style.paddingLeft) -
            Number.parseFloat(style.paddingRight) -
            // The drop-down arrow.
            16;
          const width = textWidth(option.text, style.font);
          if (width > room + TOLERANCE && !select.title?.includes(option.text)) {
            problems.push({
              kind: 'select-cut',
              at,
              detail: `option "${option.text}" needs ${Math.round(width)} px, ${Math.round(room)} px shown`,
            });
          }
        }
        return;
      }
      // A field's typed value scrolls inside it by design.
      if (element.tagName === 'INPUT' || element.tagName === 'TEXTAREA') return;
      if (style.display === 'inline' || style.display === 'contents') return;

      const wide = element.scrollWidth > element.clientWidth + TOLERANCE && element.clientWidth > 0;
      const tall = element.scrollHeight > element.clientHeight + TOLERANCE && element.clientHeight > 0;
      const cuts = (value: string) => value === 'hidden' || value === 'clip';
      const scrolls = (value: string) => value === 'auto' || value === 'scroll';
      const sizes = `scroll ${element.scrollWidth} × ${element.scrollHeight}, client ${element.clientWidth} × ${element.clientHeight}`;

      if (wide && cuts(style.overflowX)) {
        const ellipsed = style.textOverflow === 'ellipsis' && fullTextAvailable(element);
        if (!ellipsed) problems.push({ kind: 'clipped', at, detail: `${sizes}${snippet(element)}` });
      } else if (wide && scrolls(style.overflowX)) {
        problems.push({ kind: 'scrolls-sideways', at, detail: `${sizes}${snippet(element)}` });
      } else if (
        wide &&
        style.overflowX === 'visible' &&
        element !== document.documentElement &&
        element !== document.body
      ) {
        problems.push({ kind: 'overflows', at, detail: `${sizes}${snippet(element)}` });
      }
      if (tall && cuts(style.overflowY)) {
        const clamped =
          style.webkitLineClamp !== 'none' && style.webkitLineClamp !== '' && fullTextAvailable(element);
        if (!clamped) problems.push({ kind: 'clipped', at, detail: `${sizes}${snippet(element)}` });
      }
    };

    const walk = (root: Document | ShadowRoot | Element) => {
      for (const element of root.querySelectorAll('*')) {
        check(element);
        if (element.shadowRoot) {
          shadowRoots += 1;
          walk(element.shadowRoot);
        }
      }
    };

    if (roots) {
      for (const host of document.querySelectorAll(roots)) {
        check(host);
        walk(host);
        if (host.shadowRoot) {
          shadowRoots += 1;
          walk(host.shadowRoot);
        }
      }
    } else {
      walk(document);
      if (document.documentElement.scrollWidth > viewportWidth + TOLERANCE) {
        problems.push({
          kind: 'scrolls-sideways',
          at: 'html',
          detail: `document ${document.documentElement.scrollWidth} px wide in a ${viewportWidth} px viewport`,
        });
      }
    }
    return { problems, checked, shadowRoots } as LayoutReport;
  }, options);
}

/** Problems as readable lines, for a failing assertion's message. */
export function formatProblems(problems: LayoutProblem[]): string {
  return problems.map((problem) => `${problem.kind} at ${problem.at}: ${problem.detail}`).join('\n');
}
