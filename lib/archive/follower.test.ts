/**
 * A search worker that does not own the index's files (lib/archive/follower.ts): its page's
 * searches go to the owner, the owner's answers and reports come back to its page, nothing of other
 * pages' searches reaches it, and when it becomes the owner the searches still unanswered are
 * handed over; a new owner is asked again what the one before left unanswered.
 */
import { describe, expect, it } from 'vitest';
import { followOwner } from '@/lib/archive/follower';
import type { FromSearchWorker, ToSearchPeers, ToSearchWorker } from '@/lib/archive/worker-protocol';

function harness() {
  const page: FromSearchWorker[] = [];
  const peers: ToSearchPeers[] = [];
  let fromPage: ((event: MessageEvent<ToSearchWorker>) => void) | null = null;
  let fromPeers: ((event: MessageEvent<ToSearchPeers>) => void) | null = null;
  const follower = followOwner(
    {
      postMessage: (message) => page.push(message),
      addEventListener: (_type, listener) => {
        fromPage = listener;
      },
    },
    {
      postMessage: (message) => peers.push(message),
      addEventListener: (_type, listener) => {
        fromPeers = listener;
      },
    },
    'me',
  );
  const ask = (id: number, query = 'budget') =>
    fromPage?.({ data: { type: 'search', id, query, filters: {} } } as MessageEvent<ToSearchWorker>);
  const peer = (data: ToSearchPeers) => fromPeers?.({ data } as MessageEvent<ToSearchPeers>);
  const sendRaw = (data: unknown) => fromPage?.({ data } as MessageEvent<ToSearchWorker>);
  return { follower, page, peers, ask, peer, sendRaw };
}

/** What every report of the owner says of its index: both meetings indexed, at `version`. */
const state = (version: number) => ({
  indexed: 2,
  total: 2,
  version,
  complete: true,
  speakers: [],
  spaceIds: [1],
});

const progress = (version: number): FromSearchWorker => ({
  type: 'progress',
  ...state(version),
  counters: { storage: 'opfs', rebuilds: 1, indexed: 2, migrated: 0 },
});

const results = (id: number, version: number): FromSearchWorker => ({
  type: 'results',
  id,
  query: 'budget',
  outcome: { meetings: [], moreMeetings: 0 },
  ...state(version),
});

describe('a search worker that follows the owner of the files', () => {
  it("says hello, sends its page's searches to the owner and gives the page the owner's answers and reports", () => {
    const h = harness();
    expect(h.peers).toEqual([{ type: 'hello', from: 'me' }]);
    h.ask(1);
    expect(h.peers.at(-1)).toMatchObject({ type: 'ask', from: 'me', message: { id: 1, query: 'budget' } });
    h.peer({ type: 'reply', to: '*', message: progress(5) });
    h.peer({
      type: 'reply',
      to: 'me',
      message: { type: 'found', id: 1, outcome: { meetings: [], moreMeetings: 0 } },
    });
    h.peer({ type: 'reply', to: 'me', message: results(1, 5) });
    expect(h.page.map((m) => m.type)).toEqual(['progress', 'found', 'results']);
    expect(h.follower.counters()).toMatchObject({ storage: 'opfs', indexed: 2 });
    expect(h.follower.version()).toBe(5);
  });

  it("ignores other pages' answers and a second answer to the same search", () => {
    const h = harness();
    h.ask(1);
    h.peer({ type: 'reply', to: 'someone else', message: results(1, 3) });
    h.peer({ type: 'reply', to: 'me', message: results(2, 3) });
    expect(h.page).toHaveLength(0);
    h.peer({ type: 'reply', to: 'me', message: results(1, 3) });
    h.peer({ type: 'reply', to: 'me', message: results(1, 3) });
    expect(h.page).toHaveLength(1);
  });

  it('a failed build reaches the page; a new owner is asked again what is unanswered', () => {
    const h = harness();
    h.ask(1);
    h.ask(2);
    h.peer({ type: 'reply', to: 'me', message: results(1, 3) });
    h.peer({ type: 'reply', to: '*', message: { type: 'error', id: null, message: 'x', broken: true } });
    expect(h.page.at(-1)).toMatchObject({ type: 'error', broken: true });
    const before = h.peers.length;
    h.peer({ type: 'leader' });
    expect(h.peers.slice(before)).toEqual([
      { type: 'hello', from: 'me' },
      { type: 'ask', from: 'me', message: { type: 'search', id: 2, query: 'budget', filters: {} } },
    ]);
  });

  it("sends its page's questions to the owner and gives back the answers; a malformed message is refused here", () => {
    const h = harness();
    h.sendRaw({
      type: 'ask',
      id: 4,
      question: 'who pays?',
      filters: {},
      meeting: { spaceId: 1, audioId: 2 },
    });
    expect(h.peers.at(-1)).toEqual({
      type: 'ask',
      from: 'me',
      message: {
        type: 'ask',
        id: 4,
        question: 'who pays?',
        filters: {},
        meeting: { spaceId: 1, audioId: 2 },
      },
    });
    h.peer({
      type: 'reply',
      to: 'me',
      message: { type: 'answer', id: 4, question: 'who pays?', outcome: { meetings: [] }, ...state(6) },
    });
    expect(h.page.map((m) => m.type)).toEqual(['answer']);
    expect(h.follower.version()).toBe(6);
    expect(h.follower.lead()).toEqual([]);
    const asked = h.peers.length;
    const other = harness();
    other.sendRaw({ type: 'ask', id: 5, question: { toString: 'x' }, filters: {} });
    other.sendRaw({ type: 'drop tables', id: 6 });
    expect(other.peers).toHaveLength(1);
    expect(other.page).toEqual([
      { type: 'error', id: 5, message: 'malformed search or question' },
      { type: 'error', id: 6, message: 'malformed search or question' },
    ]);
    expect(h.peers).toHaveLength(asked);
  });

  it('becoming the owner hands over the unanswered searches and stops following', () => {
    const h = harness();
    h.ask(1);
    h.ask(2);
    h.peer({ type: 'reply', to: 'me', message: results(1, 3) });
    expect(h.follower.lead().map((m) => m.id)).toEqual([2]);
    const sent = h.peers.length;
    h.ask(3);
    h.peer({ type: 'reply', to: '*', message: progress(9) });
    h.peer({ type: 'leader' });
    expect(h.peers).toHaveLength(sent);
    expect(h.page).toHaveLength(1);
  });
});
