/**
 * Local files waiting to be uploaded, in the extension origin's IndexedDB. The page that picked
 * the file (popup, viewer) stores it here and sends `upload.file` with the key; the background
 * reads it part by part (`Blob.slice`), so the upload survives the page closing and the worker
 * being stopped. The background deletes the file when the job ends.
 *
 * The same database keeps each upload's resumable state (upload links, when they were issued, the
 * ETag of every part sent), so a worker that dies mid-upload sends only the remaining parts.
 * Upload links are write capabilities for 5 hours, which is why they are not in `storage.local`.
 */
import { idbKeyValue, type KeyValueStore } from '@/lib/kv';
import { DATABASES } from '@/lib/storage';

export interface UploadState {
  audioId: number;
  links: string[];
  /** When the links were issued (ms, client clock): valid 5 hours from then. */
  issuedAt: number;
  /** ETag of each part (index = part number - 1), null while not sent. */
  etags: Array<string | null>;
}

export interface FileStore {
  putFile(key: string, file: Blob): Promise<void>;
  getFile(key: string): Promise<Blob | undefined>;
  deleteFile(key: string): Promise<void>;
  /** The keys of the files kept (a sweep looks for those nothing owns). */
  fileKeys(): Promise<string[]>;
  getUploadState(jobId: string): Promise<UploadState | undefined>;
  putUploadState(jobId: string, state: UploadState): Promise<void>;
  deleteUploadState(jobId: string): Promise<void>;
}

const FILE_PREFIX = 'file:';
const STATE_PREFIX = 'upload-state:';

export function createFileStore(
  kv: KeyValueStore = idbKeyValue(DATABASES.files.name, DATABASES.files.store),
): FileStore {
  return {
    putFile: (key, file) => kv.set(FILE_PREFIX + key, file),
    getFile: (key) => kv.get<Blob>(FILE_PREFIX + key),
    deleteFile: (key) => kv.del(FILE_PREFIX + key),
    fileKeys: async () =>
      (await kv.keys())
        .filter((key) => key.startsWith(FILE_PREFIX))
        .map((key) => key.slice(FILE_PREFIX.length)),
    getUploadState: (jobId) => kv.get<UploadState>(STATE_PREFIX + jobId),
    putUploadState: (jobId, state) => kv.set(STATE_PREFIX + jobId, state),
    deleteUploadState: (jobId) => kv.del(STATE_PREFIX + jobId),
  };
}

/** A fresh key for a file (what `upload.file`'s `fileKey` carries). */
function newFileKey(): string {
  return crypto.randomUUID();
}

/**
 * For pages: stores a picked file and returns its key, to send with `upload.file`.
 *
 * ```ts
 * const fileKey = await storeFileForUpload(file);
 * await sendMessage('upload.file', { spaceId, fileKey, title: file.name, contentType: file.type, size: file.size, process: true });
 * ```
 */
export async function storeFileForUpload(file: Blob, store: FileStore = createFileStore()): Promise<string> {
  const key = newFileKey();
  await store.putFile(key, file);
  return key;
}
