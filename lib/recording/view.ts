import type { RecordingState } from './state';

export interface KeptRecording {
  id: string;
  title: string;
  startedAt: number;
  recordedMs: number;
  spaceId: number | null;
  reason: string;
}

/** What the popup and the side panel show of "Record here". */
export interface RecordingView {
  supported: boolean;
  state: RecordingState | null;
  /** A recording whose page is gone, with the time its pieces cover: upload it or discard it. */
  offer: { recordedMs: number; title: string } | null;
  /**
   * Every recording set aside for a newer one, newest first: its length (the time its pieces
   * cover), its space and why it was kept (a failure's kind, `interrupted`: its page was gone).
   */
  kept: KeptRecording[];
  now: number;
  /** Set on the answer to the very first start: show the consent notice, once. */
  consent?: boolean;
  /**
   * Nobody signed in while a recording goes on, or waits to be uploaded (the service ended the
   * session): the email of the account it waits for (empty: not known, kept by an older version).
   */
  waitsFor?: string;
}

/** The email of an owner as lib/archive names it (`archiveOwner`: the service's address, a space, the email). */
export function ownerEmail(owner: string): string {
  return owner.slice(owner.lastIndexOf(' ') + 1);
}
