/**
 * A search worker that does not own the pool's files (another page's worker holds the pool's Web
 * Lock): it builds no index and opens no database. It sends its page's searches to the owner on the
 * peers' channel and gives its page the owner's answers and reports (lib/archive/worker.ts answers
 * them), until the lock comes to it (the owner's page closed): then `lead()` stops it and returns
 * the searches still unanswered, which the worker, now the owner, answers itself.
 *
 * An owner that has just taken the lock says so (`leader`): the searches still unanswered are sent
 * again to it (the one asked before may have closed with them).
 *
 * Pure of any browser API beyond the two message ports given (tested in Node).
 */
import {
  type FromSearchWorker,
  REFUSED,
  refusedId,
  type SearchCounters,
  type ToSearchPeers,
  type ToSearchWorker,
  toSearchWorker,
} from './worker-protocol';

export interface PagePort {
  postMessage(message: FromSearchWorker): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToSearchWorker>) => void): void;
}

export interface PeersPort {
  postMessage(message: ToSearchPeers): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToSearchPeers>) => void): void;
}

export interface Follower {
  /** Stops following (this worker now owns the files); returns the searches still unanswered. */
  lead(): ToSearchWorker[];
  /** The owner's counters as last reported (for measurements and tests), or null. */
  counters(): SearchCounters | null;
  /**
   * The highest version of the index reported (0 before any): a worker that becomes the owner
   * numbers its own reports from above it, so its pages and the others take them as newer.
   */
  version(): number;
}

export function followOwner(page: PagePort, peers: PeersPort, me: string): Follower {
  let following = true;
  /** The page's searches sent to the owner and not answered yet, by id. */
  const pending = new Map<number, ToSearchWorker>();
  let lastCounters: SearchCounters | null = null;
  let lastVersion = 0;

  const send = (message: ToSearchWorker) => peers.postMessage({ type: 'ask', from: me, message });

  page.addEventListener('message', (event) => {
    if (!following) return;
    // Checked as the owner checks it: a malformed message is refused here, never passed on.
    const message = toSearchWorker(event.data);
    if (!message) {
      const id = refusedId(event.data);
      if (id !== null) page.postMessage({ type: 'error', id, message: REFUSED });
      return;
    }
    pending.set(message.id, message);
    send(message);
  });

  peers.addEventListener('message', (event) => {
    const data = event.data;
    if (!following || !data) return;
    if (data.type === 'leader') {
      // A new owner: what the one before may have left unanswered is asked again.
      peers.postMessage({ type: 'hello', from: me });
      for (const message of pending.values()) send(message);
      return;
    }
    if (data.type !== 'reply' || (data.to !== me && data.to !== '*')) return;
    const message = data.message;
    if (message.type === 'progress' || message.type === 'results' || message.type === 'answer')
      lastVersion = Math.max(lastVersion, message.version);
    if (message.type === 'progress') {
      lastCounters = message.counters ?? lastCounters;
      page.postMessage(message);
      return;
    }
    const id = message.id;
    if (id === null) {
      // The build failed: every page hears it.
      page.postMessage(message);
      return;
    }
    // An answer (or its meetings found first) to a search of this page still waiting.
    if (!pending.has(id)) return;
    if (message.type !== 'found') pending.delete(id);
    if (message.type === 'results' || message.type === 'answer')
      lastCounters = message.counters ?? lastCounters;
    page.postMessage(message);
  });

  // The owner's report of the index, so the page knows what it answers from before it asks.
  peers.postMessage({ type: 'hello', from: me });

  return {
    lead: () => {
      following = false;
      const left = [...pending.values()];
      pending.clear();
      return left;
    },
    counters: () => lastCounters,
    version: () => lastVersion,
  };
}
