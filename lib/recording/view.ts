import type { RecordingState } from './state';

/** What the popup and the side panel show of "Record here". */
export interface RecordingView {
  supported: boolean;
  state: RecordingState | null;
  /** A recording whose page is gone, with the time its pieces cover: upload it or discard it. */
  offer: { recordedMs: number; title: string } | null;
  now: number;
  /** Set on the answer to the very first start: show the consent notice, once. */
  consent?: boolean;
}
