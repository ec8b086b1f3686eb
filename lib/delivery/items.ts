/**
 * A protocol's action items as a delivery carries them (read by lib/items outside the worker when
 * the delivery's body is made): for the tracker kind, one task each; for the webhook, the body's
 * optional `items` field (schema v1, docs/deliveries.md).
 */

/** One action item of the delivered protocol. */
export interface DeliveryItem {
  /**
   * The item's identity: `<space>:<audio>:<same>` (lib/background/delivery-items.ts): its meeting
   * and its compared text and owners (lib/items/series.ts `sameKey`), so every delivery, attempt or
   * reading of one meeting's item is the same task; said again in the next meeting, it is another.
   */
  key: string;
  text: string;
  /** Suggested owners (names as the meeting gives them), or null: the item names no one. */
  owner: string[] | null;
  /** YYYY-MM-DD, only when stated. */
  due: string | null;
  /** The words the due date was read from. */
  dueWords: string | null;
  /** The item's index among the protocol's list items; null for a table row. */
  bullet: number | null;
  row: { table: number; row: number } | null;
  /** Where it was said (a suggestion: matched by its words), or null. */
  source: { block: number; utterance: number } | null;
}

/** Items a delivery carries at most (a protocol's extraction keeps 1,000). */
export const DELIVERY_ITEMS_MAX = 1_000;

/** The webhook body's `items`: each item in the body's own words. */
export interface WebhookItem {
  key: string;
  text: string;
  owner: string[] | null;
  due: string | null;
  due_words: string | null;
  bullet: number | null;
  row: { table: number; row: number } | null;
  source: { block: number; utterance: number } | null;
}

export function webhookItems(items: readonly DeliveryItem[]): WebhookItem[] {
  return items.slice(0, DELIVERY_ITEMS_MAX).map((item) => ({
    key: item.key,
    text: item.text,
    owner: item.owner,
    due: item.due,
    due_words: item.dueWords,
    bullet: item.bullet,
    row: item.row,
    source: item.source,
  }));
}
