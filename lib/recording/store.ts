/**
 * The recording database (`meeting-capture-recording`, the extension origin's IndexedDB): the
 * state of the one recording (lib/recording/state.ts) and its pieces as they are made. The
 * background writes the state; the recording page writes the pieces and reads them back to make
 * the file. Pieces are deleted once the upload is confirmed, and everything here goes with the
 * session at sign-out.
 */
import { DATABASES } from '@/lib/databases';
import { idbKeyValue, type KeyValueStore } from '@/lib/kv';
import { allPieces, PIECE_MS, pieceKey, piecesOf, playablePieces } from './pieces';
import type { RecordingState } from './state';

const STATE_KEY = 'state';
const KEPT_KEY = 'kept';
const OWNER_KEY = 'owner';

export interface RecordingStore {
  getState(): Promise<RecordingState | null>;
  setState(state: RecordingState | null): Promise<void>;
  /**
   * The recordings set aside for a newer one (kept over the balance, after a refused upload, its
   * page gone): each stays, with its pieces, until uploaded or discarded.
   */
  getKept(): Promise<RecordingState[]>;
  setKept(kept: RecordingState[]): Promise<void>;
  /**
   * The account the recordings here were made under (the service's address and the account's
   * email, as lib/archive names an owner), kept with them: another account signing in is asked
   * before they are deleted. Null: not known (recordings kept by an older version).
   */
  getOwner(): Promise<string | null>;
  setOwner(owner: string): Promise<void>;
  putPiece(id: string, index: number, piece: Blob): Promise<void>;
  /** The playable pieces of `id`, in order. */
  pieces(id: string): Promise<Blob[]>;
  /** How many playable pieces `id` has, and the time they cover (ms, `PIECE_MS` each). */
  count(id: string): Promise<{ pieces: number; recordedMs: number }>;
  deletePieces(id: string): Promise<void>;
  /** Everything: the state and every piece (sign-out). */
  wipe(): Promise<void>;
}

export function createRecordingStore(
  kv: KeyValueStore = idbKeyValue(DATABASES.recording.name, DATABASES.recording.store),
): RecordingStore {
  return {
    getState: async () => (await kv.get<RecordingState>(STATE_KEY)) ?? null,
    setState: (state) => (state ? kv.set(STATE_KEY, state) : kv.del(STATE_KEY)),
    getKept: async () => {
      const kept = await kv.get<RecordingState[]>(KEPT_KEY);
      return Array.isArray(kept) ? kept : [];
    },
    setKept: (kept) => (kept.length > 0 ? kv.set(KEPT_KEY, kept) : kv.del(KEPT_KEY)),
    getOwner: async () => {
      const owner = await kv.get<unknown>(OWNER_KEY);
      return typeof owner === 'string' && owner.length <= 2_400 ? owner : null;
    },
    setOwner: (owner) => kv.set(OWNER_KEY, owner),
    putPiece: (id, index, piece) => kv.set(pieceKey(id, index), piece),
    pieces: async (id) => {
      const keys = playablePieces(id, await kv.keys());
      const blobs = await Promise.all(keys.map((key) => kv.get<Blob>(key)));
      return blobs.filter((blob): blob is Blob => blob !== undefined);
    },
    count: async (id) => {
      const pieces = playablePieces(id, await kv.keys()).length;
      return { pieces, recordedMs: pieces * PIECE_MS };
    },
    deletePieces: async (id) => {
      for (const key of piecesOf(id, await kv.keys())) await kv.del(key);
    },
    wipe: async () => {
      for (const key of allPieces(await kv.keys())) await kv.del(key);
      await kv.del(STATE_KEY);
      await kv.del(KEPT_KEY);
      await kv.del(OWNER_KEY);
    },
  };
}
