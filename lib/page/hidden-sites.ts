/**
 * "Hide on this site": the hosts where the person hid the floating controls live in settings
 * `hiddenOnSites`. Content scripts read them from `storage.local` (nothing secret lives there, see
 * lib/storage.ts) and watch them, so un-hiding a site in the options shows the control again at
 * once. Writing goes through the background (`page.hideOnSite`), which accepts only the sender
 * tab's own host: settings are the background's to change, and a read-modify-write from several
 * tabs at once would lose entries.
 */

import { getSettings, settingsItem } from '@/lib/storage';
import { isHiddenOnSite } from './conditions';
import { sendPageMessage } from './page-messaging';

/** Calls `onChange` with whether the host is hidden now and on every change, until `signal` aborts. */
export async function watchHiddenOnSite(
  signal: AbortSignal,
  host: string,
  onChange: (hidden: boolean) => void,
): Promise<void> {
  let hidden: boolean;
  try {
    hidden = isHiddenOnSite((await getSettings()).hiddenOnSites ?? [], host);
  } catch {
    hidden = false;
  }
  if (signal.aborted) return;
  onChange(hidden);
  const unwatch = settingsItem.watch((settings) => {
    if (!signal.aborted) onChange(isHiddenOnSite(settings?.hiddenOnSites ?? [], host));
  });
  signal.addEventListener('abort', unwatch, { once: true });
}

export function hideOnSite(host: string) {
  return sendPageMessage('page.hideOnSite', { host });
}
