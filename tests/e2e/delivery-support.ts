/** What the delivery specs share: pointing a bot kind's API at a receiver on this computer. */
import type { Page } from '@playwright/test';

/** Test builds only: a bot kind's API pointed at a receiver here (lib/delivery/kinds `botApi`). */
export async function pointBotApi(page: Page, kind: string, url: string): Promise<void> {
  await page.evaluate(
    async ([key, value]) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('meeting-capture-settings');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      await new Promise<void>((resolve, reject) => {
        const transaction = db.transaction('settings', 'readwrite');
        transaction.objectStore('settings').put(value, key);
        transaction.oncomplete = () => resolve();
        transaction.onerror = () => reject(transaction.error);
      });
      db.close();
    },
    [`delivery.test:bot-api:${kind}`, url] as const,
  );
}
