import { chargeLogItem } from '@/lib/storage';
import { emptyLog } from './log';
import type { ChargeLog } from './types';

export interface ChargeLogStore {
  read(): Promise<ChargeLog>;
  update(change: (log: ChargeLog) => ChargeLog): Promise<ChargeLog>;
}

export { chargeLogItem };

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
