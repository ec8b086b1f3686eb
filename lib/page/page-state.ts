/**
 * What a page control knows about the person: signed in or not, the UI language, the spaces with
 * their balances, and the space chosen in the picker. Loaded with `page.context` on each page
 * visit and again when the tab becomes visible (the person may have signed in from the popup).
 */
import { computed, type ReadonlySignal, type Signal, signal } from '@preact/signals';
import { type Lang, resolveLang } from '@/lib/i18n';
import type { PageContext } from '@/lib/messaging';
import { visitListener } from './feature';
import type { SpaceView } from './outcome';
import { sendPageMessage } from './page-messaging';

/** The default space first (the chosen default, else the personal one), then the others in order. */
export function orderSpaces(context: PageContext | null): SpaceView[] {
  if (!context?.signedIn) return [];
  const spaces = [...context.spaces];
  const preferred =
    spaces.find((space) => space.id === context.defaultSpaceId) ?? spaces.find((space) => space.isMain);
  return preferred ? [preferred, ...spaces.filter((space) => space !== preferred)] : spaces;
}

export interface PageState {
  /** null while loading, or when the background could not answer. */
  context: Signal<PageContext | null>;
  loaded: Signal<boolean>;
  lang: ReadonlySignal<Lang>;
  spaces: ReadonlySignal<SpaceView[]>;
  spaceId: Signal<number | null>;
  space: ReadonlySignal<SpaceView | undefined>;
  refresh(): Promise<void>;
}

export type ContextLoader = () => Promise<PageContext | null>;

export const loadPageContext: ContextLoader = async () => {
  const answer = await sendPageMessage('page.context', {});
  return answer.ok ? answer.data : null;
};

export function createPageState(visitSignal: AbortSignal, load: ContextLoader = loadPageContext): PageState {
  const context = signal<PageContext | null>(null);
  const loaded = signal(false);
  const spaceId = signal<number | null>(null);
  const spaces = computed(() => orderSpaces(context.value));
  const space = computed(() => spaces.value.find((item) => item.id === spaceId.value));
  const lang = computed<Lang>(() => context.value?.lang ?? resolveLang('auto'));

  let pending: Promise<void> | null = null;
  const refresh = () => {
    pending ??= load()
      .catch(() => null)
      .then((value) => {
        pending = null;
        if (visitSignal.aborted) return;
        context.value = value;
        loaded.value = true;
        const ids = orderSpaces(value).map((item) => item.id);
        if (spaceId.value === null || !ids.includes(spaceId.value)) spaceId.value = ids[0] ?? null;
      });
    return pending;
  };

  if (typeof document !== 'undefined') {
    visitListener(visitSignal, document, 'visibilitychange', () => {
      if (document.visibilityState === 'visible') void refresh();
    });
  }
  void refresh();
  return { context, loaded, lang, spaces, spaceId, space, refresh };
}
