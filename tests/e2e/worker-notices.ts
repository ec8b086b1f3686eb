/**
 * What the service worker asks the system to show as notifications (Chrome does not give their
 * texts back): from this call on, for this start of the worker only.
 */
import type { Worker } from '@playwright/test';

export interface Notice {
  title: string;
  message: string;
}

/** Starts recording the worker's notifications; the answer reads what was recorded so far. */
export async function recordNotices(worker: Worker): Promise<() => Promise<Notice[]>> {
  await worker.evaluate(() => {
    const seen: Array<{ title: string; message: string }> = [];
    (globalThis as unknown as { __notices: typeof seen }).__notices = seen;
    const create = chrome.notifications.create.bind(chrome.notifications) as (...args: unknown[]) => unknown;
    (chrome.notifications as unknown as { create: unknown }).create = (...args: unknown[]) => {
      const options = args.find((arg) => typeof arg === 'object' && arg !== null) as {
        title: string;
        message: string;
      };
      seen.push({ title: options.title, message: options.message });
      return create(...args);
    };
  });
  return () =>
    worker.evaluate(
      () => (globalThis as unknown as { __notices: Array<{ title: string; message: string }> }).__notices,
    );
}
