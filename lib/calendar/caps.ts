/**
 * What one calendar feed may cost: a feed is written by someone else, so its size, its count of
 * events and expanded occurrences, and its parse time are bounded. Defaults are far above any
 * real calendar (a busy work calendar exports a few thousand events in a few megabytes and parses
 * in well under a second); the options page shows them.
 */
export interface FeedCaps {
  /** Bytes read from the feed's answer; the stream is cut there and the feed refused. */
  bytes: number;
  /** VEVENTs read per feed; those after are left out. */
  events: number;
  /** Occurrences expanded per feed (recurrences walked, past ones included); expansion stops there. */
  occurrences: number;
  /** Parse time; the parse worker is stopped and the feed marked too complex. */
  parseMs: number;
  /** The fetch's time limit (headers and body). */
  fetchMs: number;
}

export const FEED_CAPS: FeedCaps = {
  bytes: 20 * 1024 * 1024,
  events: 50_000,
  occurrences: 200_000,
  parseMs: 20_000,
  fetchMs: 60_000,
};
