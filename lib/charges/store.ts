/**
 * The persisted charge log (`storage.local` item `charges`): charges this extension caused and the
 * incidents found. Written only by the background; the options page reads it (Copy for support).
 * Writes are read-modify-write of one item, so they are queued.
 */
import { storage } from 'wxt/utils/storage';
import { emptyLog } from './log';
import type { ChargeLog } from './types';

export interface ChargeLogStore {
  read(): Promise<ChargeLog>;
  update(change: (log: ChargeLog) => ChargeLog): Promise<ChargeLog>;
}

export const chargeLogItem = storage.defineItem<ChargeLog>('local:charges', {
  fallback: emptyLog(),
  version: 1,
});

function queued(read: () => Promise<ChargeLog>, write: (log: ChargeLog) => Promise<void>): ChargeLogStore {
  let queue: Promise<unknown> = Promise.resolve();
  return {
    read,
    update(change) {
      const next = queue.then(async () => {
        const log = change(await read());
        await write(log);
        return log;
      });
      queue = next.catch(() => undefined);
      return next;
    },
  };
}

export function storageChargeLog(): ChargeLogStore {
  return queued(
    () => chargeLogItem.getValue(),
    (log) => chargeLogItem.setValue(log),
  );
}

export function memoryChargeLog(initial: ChargeLog = emptyLog()): ChargeLogStore {
  let current = initial;
  return queued(
    async () => current,
    async (log) => {
      current = log;
    },
  );
}
