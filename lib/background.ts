import { browser } from 'wxt/browser';
import { serviceUrlItem } from '@/lib/storage';

/** Wires the service worker's handlers. Every handler reloads what it needs from storage. */
export function startBackground(): void {
  browser.runtime.onInstalled.addListener(async () => {
    // Materialise the default so options and popup show the URL actually in use.
    const current = await serviceUrlItem.getValue();
    await serviceUrlItem.setValue(current);
  });
}
