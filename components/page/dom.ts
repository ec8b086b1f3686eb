/**
 * The few lines of DOM the page controls are built with, instead of a UI framework: content
 * scripts run inside pages people are using, so every kilobyte counts (a framework and its
 * signals were 21 KB of each script). `h` builds an element once; views keep references to the
 * elements that change and update them in place, so focus and the keyboard user's place are kept.
 */

type Child = Node | string | null | undefined | false;
type Props = Record<string, unknown>;

/**
 * `h('button', { class: 'mc-primary', type: 'button', onClick }, 'Send bot')`. `on*` props are
 * listeners; other props (`class` too) are attributes (`true` sets an empty one,
 * `false`, null and undefined leave it out).
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props?: Props | null,
  ...children: Array<Child | Child[]>
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(props ?? {})) {
    if (key.startsWith('on') && typeof value === 'function') {
      element.addEventListener(key.slice(2).toLowerCase(), value as EventListener);
    } else setAttr(element, key, value as string | boolean | null | undefined);
  }
  element.append(...(children.flat().filter((child) => child || child === '') as Array<Node | string>));
  return element;
}

/** Sets, clears (`false`, null, undefined) or empties (`true`) an attribute, only when it changes. */
export function setAttr(
  element: Element,
  name: string,
  value: string | number | boolean | null | undefined,
): void {
  if (value === false || value === null || value === undefined) element.removeAttribute(name);
  else {
    const text = value === true ? '' : String(value);
    if (element.getAttribute(name) !== text) element.setAttribute(name, text);
  }
}

/** Sets an element's text only when it changes (a live region reads every change). */
export function setText(element: Node, text: string): void {
  if (element.textContent !== text) element.textContent = text;
}

export interface Emitter {
  /** Calls `listener` on every change until `signal` aborts. */
  subscribe(listener: () => void, signal?: AbortSignal): void;
  emit(): void;
}

/** The change notice of a piece of state: views subscribe and update themselves. */
export function createEmitter(): Emitter {
  const listeners = new Set<() => void>();
  return {
    subscribe(listener, signal) {
      if (signal?.aborted) return;
      listeners.add(listener);
      signal?.addEventListener('abort', () => listeners.delete(listener), { once: true });
    },
    emit() {
      for (const listener of [...listeners]) listener();
    },
  };
}
