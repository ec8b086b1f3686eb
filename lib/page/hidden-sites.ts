/**
 * "Hide on this site": the hosts where the person hid the floating controls live in settings
 * `hiddenOnSites`, which content scripts cannot read (storage is closed to them, see
 * lib/trusted-settings.ts). The background answers `page.context` with `hidden`: whether the
 * sender tab's own host is among them. Content scripts ask on each page visit and again whenever
 * the tab becomes visible, so un-hiding a site in the options shows the control again when the
 * person comes back to the tab. Writing goes through the background (`page.hideOnSite`), which
 * accepts only the sender tab's own host.
 */

import type { PageContext } from '@/lib/messaging';
import { sendPageMessage } from './page-messaging';

export type HiddenLoader = () => Promise<boolean | null>;

/** The watchers of this page, told at once when "Hide on this site" succeeds here. */
const watchers = new Set<(hidden: boolean) => void>();

/** Whether the background says the sender's site is hidden; null when it could not answer. */
export const loadHidden: HiddenLoader = async () => {
  const answer = await sendPageMessage('page.context', {});
  return answer.ok ? (answer.data as PageContext).hidden === true : null;
};

/**
 * Calls `onChange` with whether the sender's site is hidden now, and again each time the tab
 * becomes visible and the answer changed, until `signal` aborts. A failed answer counts as not
 * hidden at first (the control is shown) and changes nothing later.
 */
export async function watchHiddenOnSite(
  signal: AbortSignal,
  _host: string,
  onChange: (hidden: boolean) => void,
  load: HiddenLoader = loadHidden,
): Promise<void> {
  let hidden = (await load().catch(() => null)) ?? false;
  if (signal.aborted) return;
  onChange(hidden);
  const update = (next: boolean | null) => {
    if (signal.aborted || next === null || next === hidden) return;
    hidden = next;
    onChange(hidden);
  };
  watchers.add(update);
  signal.addEventListener('abort', () => watchers.delete(update), { once: true });
  if (typeof document === 'undefined') return;
  document.addEventListener(
    'visibilitychange',
    () => {
      if (document.visibilityState !== 'visible') return;
      void load()
        .catch(() => null)
        .then(update);
    },
    { signal },
  );
}

export async function hideOnSite(host: string) {
  const answer = await sendPageMessage('page.hideOnSite', { host });
  if (answer.ok) for (const update of [...watchers]) update(true);
  return answer;
}
