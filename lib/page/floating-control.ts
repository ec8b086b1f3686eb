/**
 * The life of a floating control on a page visit: shown unless the site is in `hiddenOnSites`
 * (and again as soon as the person un-hides it in the options), collapsible, and "Hide on this
 * site" with a short note before it goes.
 */
import { signal as createSignal, type Signal } from '@preact/signals';
import type { VNode } from 'preact';
import { type PageVisit, visitTimeout } from './feature';
import { hideOnSite, watchHiddenOnSite } from './hidden-sites';
import { pageMessages } from './messages';
import { describeError } from './outcome';
import type { PageAction } from './page-action';
import type { PageState } from './page-state';
import { type MountedPageUi, mountPageUi } from './page-ui';

/** How long the "Hidden on this site" note stays before the control goes. */
export const HIDDEN_NOTICE_MS = 4000;

export interface FloatingControl {
  collapsed: Signal<boolean>;
  /** A note that replaces the control for a moment (after "Hide on this site"). */
  notice: Signal<string | null>;
  hide(): void;
}

export interface FloatingControlOptions {
  /** Custom element name of the shadow host. */
  name: string;
  state: PageState;
  action: PageAction;
  view: (control: FloatingControl) => VNode;
}

export async function showFloatingControl(
  visit: PageVisit,
  signal: AbortSignal,
  { name, state, action, view }: FloatingControlOptions,
): Promise<void> {
  const host = visit.url.hostname;
  let ui: MountedPageUi | null = null;
  let mounting = false;
  let hidden = true;
  /** "Hide on this site" is on its way: the settings change it causes must not remove the note. */
  let hiding = false;

  const removeUi = () => {
    ui?.remove();
    ui = null;
  };

  const control: FloatingControl = {
    collapsed: createSignal(false),
    notice: createSignal<string | null>(null),
    hide() {
      if (hiding) return;
      hiding = true;
      void hideOnSite(host).then((answer) => {
        if (signal.aborted) return;
        if (!answer.ok) {
          hiding = false;
          action.outcome.value = describeError(answer.error, state.lang.value);
          return;
        }
        control.notice.value = pageMessages[state.lang.value].hiddenOnSite(host);
        visitTimeout(
          visit,
          signal,
          () => {
            hiding = false;
            if (hidden) removeUi();
          },
          HIDDEN_NOTICE_MS,
        );
      });
    },
  };

  const show = async () => {
    if (ui || mounting) return;
    mounting = true;
    // The language and the spaces first, so the control appears once, in the right language.
    await state.refresh();
    const mounted = await mountPageUi(visit, signal, name, () => view(control));
    mounting = false;
    if (hidden) mounted?.remove();
    else ui = mounted;
  };

  await watchHiddenOnSite(signal, host, (isHidden) => {
    hidden = isHidden;
    if (!isHidden) {
      control.notice.value = null;
      void show();
    } else if (!hiding) {
      removeUi();
    }
  });
}
