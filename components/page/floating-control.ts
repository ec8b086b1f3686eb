/**
 * A floating control on a page visit: a small bar with the product name, the control's own items,
 * "Collapse" and "Hide on this site", and one live status line. Collapsed, it is one small button
 * that brings it back (focus follows the toggle). Shown unless the site is hidden (`page.context`
 * says so; un-hiding it in the options shows it again at once), with a short note after "Hide on
 * this site" before it goes.
 */
import { sendMessage } from '@/lib/messaging';
import { type PageVisit, visitTimeout } from '@/lib/page/feature';
import { h, setAttr, setText } from './dom';
import type { PageAction } from './page-action';
import type { PageState } from './page-state';
import { mountShadowHost, type ShadowHost } from './shadow-host';
import type { VisibilityWatch } from './visibility';

/** How long the "Hidden on this site" note stays before the control goes. */
export const HIDDEN_NOTICE_MS = 4000;

export type FloatingPlacement = 'top' | 'bottom-left';

export interface ControlView {
  /** The control's own items in the bar (picker, meter, button). */
  items: Node[];
  /** The buttons whose press must be seen (lib/page/press-check.ts). */
  guarded: Element[];
  /** Brings the items up to date with the state and the action. */
  update(): void;
}

export interface FloatingControlOptions {
  /** Custom element name of the shadow host. */
  name: string;
  placement: FloatingPlacement;
  state: PageState;
  action: PageAction;
  visibility: VisibilityWatch;
  view: () => ControlView;
}

/** The status line: the outcome, or "Sending…" while the action runs. */
export function statusLine(): { element: HTMLElement; update(state: PageState, action: PageAction): void } {
  const element = h('div', { class: 'mc-status', role: 'status' });
  return {
    element,
    update(state, action) {
      const sending = action.busy && !action.outcome;
      setText(element, sending ? state.t('sending') : (action.outcome?.text ?? ''));
      setAttr(element, 'data-tone', sending ? null : action.outcome?.tone);
    },
  };
}

/** The frame of a control; `update` brings texts, collapse state and status up to date. */
export function buildShell(
  placement: FloatingPlacement,
  state: PageState,
  action: PageAction,
  view: ControlView,
  onHide: () => void,
) {
  let collapsed = false;
  const toggle = (value: boolean) => {
    collapsed = value;
    update();
    (collapsed ? expand : collapse).focus();
  };
  const expand = h(
    'button',
    { type: 'button', class: 'mc-tab', 'aria-expanded': 'false', onClick: () => toggle(false) },
    'Meeting Capture',
  );
  const collapse = h(
    'button',
    { type: 'button', class: 'mc-icon', 'aria-expanded': 'true', onClick: () => toggle(true) },
    h('span', { 'aria-hidden': 'true' }, placement === 'top' ? '▴' : '▾'),
  );
  const hide = h(
    'button',
    { type: 'button', class: 'mc-icon', onClick: onHide },
    h('span', { 'aria-hidden': 'true' }, '✕'),
  );
  const bar = h(
    'div',
    { class: 'mc-bar' },
    h('span', { class: 'mc-brand' }, 'Meeting Capture'),
    ...view.items,
    collapse,
    hide,
  );
  const status = statusLine();
  const section = h(
    'section',
    { class: `mc-float mc-${placement}`, 'aria-label': 'Meeting Capture' },
    expand,
    bar,
    status.element,
  );

  const label = (button: HTMLElement, text: string) => {
    setAttr(button, 'aria-label', text);
    setAttr(button, 'title', text);
  };
  function update() {
    label(expand, state.t('expand'));
    label(collapse, state.t('collapse'));
    label(hide, state.t('hideOnSite'));
    expand.hidden = !collapsed;
    bar.hidden = collapsed;
    status.element.hidden = collapsed;
    status.update(state, action);
    view.update();
  }
  /** Replaces the control with a note (after "Hide on this site"). */
  const showNotice = (text: string) => {
    section.replaceChildren(h('div', { class: 'mc-status', role: 'status' }, text));
  };
  update();
  return { element: section, update, showNotice };
}

export async function showFloatingControl(
  visit: PageVisit,
  signal: AbortSignal,
  { name, placement, state, action, visibility, view }: FloatingControlOptions,
): Promise<void> {
  const host = visit.url.hostname;
  let ui: ShadowHost | null = null;
  /** "Hide on this site" is on its way: the settings change it causes must not remove the note. */
  let hiding = false;
  let noticeShown = false;

  const removeUi = () => {
    ui?.remove();
    ui = null;
    noticeShown = false;
  };

  const hideHere = () => {
    if (hiding || !ui) return;
    hiding = true;
    // The background accepts only the sender tab's own host.
    void sendMessage('page.hideOnSite', { host }).then((answer) => {
      if (signal.aborted) return;
      if (!answer.ok) {
        hiding = false;
        action.outcome = answer.outcome ?? {
          tone: 'error',
          text: state.t('failed', { message: answer.error.kind }),
        };
        return;
      }
      shell?.showNotice(state.t('hiddenOnSite', { host }));
      noticeShown = true;
      visitTimeout(
        visit,
        signal,
        () => {
          hiding = false;
          if (state.context?.hidden !== false) removeUi();
        },
        HIDDEN_NOTICE_MS,
      );
    });
  };

  let shell: ReturnType<typeof buildShell> | null = null;
  let mounting = false;
  const render = () => {
    const context = state.context;
    // Nothing to say anything with until the background answered (the texts come with it).
    if (!context) return;
    if (context.hidden) {
      if (!hiding) removeUi();
      return;
    }
    if (noticeShown) removeUi();
    if (!ui) {
      if (mounting) return;
      mounting = true;
      void mountShadowHost(visit, signal, name).then((mounted) => {
        mounting = false;
        if (!mounted) return;
        ui = mounted;
        const controlView = view();
        shell = buildShell(placement, state, action, controlView, hideHere);
        mounted.body.append(shell.element);
        for (const button of controlView.guarded) visibility.watch(button);
        render();
      });
      return;
    }
    shell?.update();
  };

  state.subscribe(render, signal);
  action.subscribe(() => shell?.update(), signal);
  // The language and the spaces first, so the control appears once, in the right language.
  await state.refresh();
  render();
}
