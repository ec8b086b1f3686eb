/**
 * Mounts a Preact view in a shadow root (WXT `createShadowRootUi`) for the length of a page visit.
 * The host is fixed and takes no space; key events (Meet and YouTube have single-key shortcuts),
 * pointer and focus events stop at the shadow root so the page neither reacts to typing in our UI
 * nor takes a click in it for a click outside its own dialog. The view is removed when the visit
 * ends (navigation) and when the context is invalidated (extension update or removal).
 */
import { render, type VNode } from 'preact';
import { createShadowRootUi } from 'wxt/utils/content-script-ui/shadow-root';
import pageCss from '@/components/page/page.css?inline';
import type { PageVisit } from './feature';
import { detectPageTheme } from './theme';

export const ISOLATED_EVENTS = [
  'keydown',
  'keyup',
  'keypress',
  'beforeinput',
  'input',
  'mousedown',
  'mouseup',
  'pointerdown',
  'pointerup',
  'click',
  'dblclick',
  'contextmenu',
  'focusin',
  'focusout',
  'wheel',
];

export interface MountedPageUi {
  host: HTMLElement;
  remove(): void;
}

/** Marks our shadow hosts, so DOM observers can tell our mutations from the page's. */
export const HOST_ATTRIBUTE = 'data-meeting-capture';

export async function mountPageUi(
  visit: PageVisit,
  signal: AbortSignal,
  name: string,
  view: () => VNode,
): Promise<MountedPageUi | null> {
  if (signal.aborted) return null;
  const ui = await createShadowRootUi<HTMLElement>(visit.ctx, {
    name,
    position: 'inline',
    anchor: () => document.body ?? document.documentElement,
    append: 'last',
    css: pageCss,
    isolateEvents: ISOLATED_EVENTS,
    onMount(container, _shadow, host) {
      host.setAttribute(HOST_ATTRIBUTE, '');
      // After an extension update this script is an orphan that nothing tells: reading
      // `isInvalid` when the pointer comes near notices it, and the UI removes itself.
      host.addEventListener('pointerenter', () => void visit.ctx.isInvalid);
      container.dataset.theme = detectPageTheme();
      render(view(), container);
      return container;
    },
    onRemove(container) {
      if (container) render(null, container);
    },
  });
  if (signal.aborted) return null;
  ui.mount();
  let removed = false;
  const remove = () => {
    if (removed) return;
    removed = true;
    signal.removeEventListener('abort', remove);
    ui.remove();
  };
  signal.addEventListener('abort', remove, { once: true });
  return { host: ui.shadowHost, remove };
}
