/**
 * The open items as a page reads them: straight from their database (lib/items/kept.ts), for the
 * signed-in account only, read again whenever the background says they changed (ITEMS_CHANNEL).
 * Opening asks the background to read the meetings not read yet (`items.sync`); while it does,
 * the page shows how many are left.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { archiveOwner } from '@/lib/archive/store';
import { DATABASES } from '@/lib/databases';
import { ITEMS_CHANNEL, ItemsReader, type KeptItems } from '@/lib/items/kept';
import { idbKeyValue } from '@/lib/kv';
import { sendMessage } from '@/lib/messaging';

/** Changes told while meetings are read come often: the page reads again at most this often. */
const REREAD_MS = 400;

let reader: ItemsReader | null = null;

export interface ItemsState {
  kept: KeptItems | null;
  /** Why the items could not be read, or null. */
  error: string | null;
  /** Meetings the background is still reading. */
  pending: number;
  reload: () => void;
}

export function useKeptItems(serviceUrl: string | null, email: string | null): ItemsState {
  const owner = serviceUrl && email ? archiveOwner(serviceUrl, email) : null;
  const [kept, setKept] = useState<KeptItems | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const live = useRef(true);

  useEffect(() => {
    live.current = true;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let reading = false;
    let again = false;
    const read = async () => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      try {
        reader ??= new ItemsReader(idbKeyValue(DATABASES.items.name, DATABASES.items.store));
        const next = await reader.read(owner);
        if (live.current) {
          setKept(next);
          setError(null);
        }
      } catch (failure) {
        if (live.current) setError(failure instanceof Error ? failure.message : String(failure));
      } finally {
        reading = false;
        if (again) {
          again = false;
          void read();
        }
      }
    };
    const later = () => {
      timer ??= setTimeout(() => {
        timer = null;
        void read();
      }, REREAD_MS);
    };
    void read();
    let channel: BroadcastChannel | null = null;
    try {
      channel = new BroadcastChannel(ITEMS_CHANNEL);
      channel.onmessage = (event: MessageEvent<{ pending?: unknown }>) => {
        const told = event.data?.pending;
        if (typeof told === 'number' && Number.isFinite(told)) setPending(Math.max(0, told));
        later();
      };
    } catch {
      // No channel here: the page shows what it read when it opened.
    }
    if (owner)
      void sendMessage('items.sync', {}).then((answer) => {
        if (!live.current) return;
        if (answer.ok) {
          setPending(answer.data.pending);
          if (answer.data.pending === 0) void read();
        }
      });
    return () => {
      live.current = false;
      if (timer) clearTimeout(timer);
      channel?.close();
    };
  }, [owner, attempt]);

  return { kept, error, pending, reload: () => setAttempt((n) => n + 1) };
}
