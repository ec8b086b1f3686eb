/**
 * What a page control knows about the person: signed in or not, the language in force and the
 * controls' texts in it, the spaces with their balances, the space chosen in the picker, and
 * whether the controls are hidden on this site. Loaded with `page.context` on each page visit,
 * again when the tab becomes visible (the person may have signed in from the popup), and when the
 * background says the settings changed (language, hidden sites).
 */
import type { Lang } from '@/lib/i18n';
import { type PageContext, sendMessage } from '@/lib/messaging';
import { visitListener } from '@/lib/page/feature';
import type { SpaceView } from '@/lib/page/outcome';
import type { PageTextKey } from '@/lib/page/page-text';
import { fill } from '@/lib/page/template';
import { createEmitter } from './dom';
import { onContextChanged } from './page-messaging';

export interface PageState {
  /** null while loading, or when the background could not answer. */
  readonly context: PageContext | null;
  readonly lang: Lang;
  readonly spaces: SpaceView[];
  /** The chosen space; setting it tells the views. */
  spaceId: number | null;
  readonly space: SpaceView | undefined;
  /** A text of the controls in the language in force, its placeholders filled. */
  t(key: PageTextKey, values?: Record<string, string>): string;
  refresh(): Promise<void>;
  /** Calls `listener` after every change, until `signal` aborts. */
  subscribe(listener: () => void, signal?: AbortSignal): void;
}

export type ContextLoader = () => Promise<PageContext | null>;

/**
 * A visit that starts with a same-document navigation (pushState) starts at the navigation event,
 * which comes before the browser has the new address: the background, which judges a page by its
 * tab's address, may refuse that first question. A refused or unanswered question is asked again
 * shortly, five times at most (a read, nothing more).
 */
export const loadPageContext: ContextLoader = async () => {
  for (let tries = 5; ; tries--) {
    const answer = await sendMessage('page.context', {});
    if (answer.ok || !tries) return answer.ok ? answer.data : null;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
};

export function createPageState(visitSignal: AbortSignal, load: ContextLoader = loadPageContext): PageState {
  const changes = createEmitter();
  let spaceId: number | null = null;

  let pending: Promise<void> | null = null;
  const refresh = () => {
    pending ??= load()
      .catch(() => null)
      .then((value) => {
        pending = null;
        // No answer later on (the background failed, the extension was updated): nothing changes.
        if (visitSignal.aborted || (value === null && state.context)) return;
        // In the background's order: the default space first.
        const spaces = value?.signedIn ? value.spaces : [];
        Object.assign(state, { context: value, lang: value?.lang ?? 'en', spaces });
        if (spaceId === null || !spaces.some((item) => item.id === spaceId)) spaceId = spaces[0]?.id ?? null;
        changes.emit();
      });
    return pending;
  };

  visitListener(visitSignal, document, 'visibilitychange', () => {
    if (document.visibilityState === 'visible') void refresh();
  });
  onContextChanged(visitSignal, () => void refresh());
  const state: PageState = {
    context: null,
    lang: 'en',
    spaces: [],
    get spaceId() {
      return spaceId;
    },
    set spaceId(value) {
      if (value === spaceId) return;
      spaceId = value;
      changes.emit();
    },
    get space() {
      return state.spaces.find((item) => item.id === spaceId);
    },
    t(key, values) {
      return fill(state.context?.text[key] ?? '', values);
    },
    refresh,
    subscribe: changes.subscribe,
  };
  void refresh();
  return state;
}
