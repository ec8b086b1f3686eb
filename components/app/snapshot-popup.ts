/**
 * The popup's own part of its snapshot (lib/popup-snapshot): the app takes over from the snapshot
 * its first script painted, and keeps a new one whenever it shows its home with the live list.
 */
import type { SessionView } from '@/lib/messaging';
import { accountKey, storedOwner } from '@/lib/popup-snapshot/account';
import { forget, POPUP_SNAPSHOT_KEY as KEY, SNAPSHOT_ATTRIBUTE } from '@/lib/popup-snapshot/key';
import { pageStorage } from './snapshot';

function accountOf(view: SessionView | null): string | null {
  return view?.signedIn ? accountKey(view.serviceUrl, view.email) : null;
}

/** The snapshot painted by the popup's first script, if one is on the page. */
export function paintedSnapshot(container: Element): Element | null {
  return container.querySelector(`:scope > [${SNAPSHOT_ATTRIBUTE}]`);
}

/**
 * Right before the app's first render: the painted snapshot leaves the page (the render that
 * follows in the same task replaces it, so no frame is without one), and the stored one is wiped
 * unless it is of the account now known, in the language the app now speaks (a popup left open
 * while the language changed may have kept one in the old language).
 */
export function takeOver(container: Element, view: SessionView | null, lang: string): void {
  paintedSnapshot(container)?.remove();
  const store = pageStorage();
  if (!store) return;
  const account = accountOf(view);
  const owner = storedOwner(store, KEY);
  if (account === null || owner?.account !== account || owner.lang !== lang) forget(store, KEY);
}

/** True when `root` shows the home view with the service's list, nothing open or pending. */
function showsLiveHome(root: Element): boolean {
  if (!root.querySelector('[data-testid="recording-list"][aria-busy="false"]')) return false;
  if (root.querySelector('dialog[open], [data-testid="skeleton"]')) return false;
  const search = root.querySelector<HTMLInputElement>('input#search');
  return !search || search.value === '';
}

/**
 * Keeps the snapshot up to date while the popup is open: after the page has been quiet for
 * `delayMs`, if it shows the live home of a signed-in account. Returns the stop function.
 */
export function keepSnapshot(
  container: Element,
  current: () => { view: SessionView | null; lang: string },
  delayMs = 400,
): () => void {
  const store = pageStorage();
  if (!store) return () => undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const write = async () => {
    timer = undefined;
    const root = container.firstElementChild;
    if (!root || root.hasAttribute(SNAPSHOT_ATTRIBUTE) || !showsLiveHome(root)) return;
    // The writer loads once the live list is shown: the first frame does not carry it.
    const { save } = await import('@/lib/popup-snapshot/capture');
    const { view, lang } = current();
    const account = accountOf(view);
    // Signed out or stopped while loading, or no longer the live home: nothing is kept.
    if (stopped || account === null || !showsLiveHome(root)) return;
    save(store, KEY, root, { account, lang, now: Date.now() });
  };
  const observer = new MutationObserver(() => {
    clearTimeout(timer);
    timer = setTimeout(() => void write().catch(() => undefined), delayMs);
  });
  observer.observe(container, { childList: true, subtree: true, characterData: true, attributes: true });
  return () => {
    stopped = true;
    observer.disconnect();
    clearTimeout(timer);
  };
}
