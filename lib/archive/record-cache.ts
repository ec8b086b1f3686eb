/**
 * The search worker's last records read, bounded by their stored size rather than their number:
 * the meetings a page shows (20) are read again as one types, and a count alone would let long
 * meetings take any amount of memory. Least recently used first out; the newest always stays.
 */
export class RecordCache<T> {
  readonly #entries = new Map<string, { rev: number; size: number; value: T }>();
  #total = 0;

  /** `budget`: the most characters (stored size) kept in all. */
  constructor(private readonly budget: number) {}

  /** The record at this revision, when kept (it becomes the most recently used). */
  get(key: string, rev: number): T | undefined {
    const entry = this.#entries.get(key);
    if (!entry || entry.rev !== rev) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** Whether the record at this revision is kept (its place in the order unchanged). */
  has(key: string, rev: number): boolean {
    return this.#entries.get(key)?.rev === rev;
  }

  set(key: string, rev: number, value: T, size: number): void {
    const before = this.#entries.get(key);
    if (before) {
      this.#total -= before.size;
      this.#entries.delete(key);
    }
    const bounded = Math.max(0, Number.isFinite(size) ? size : 0);
    this.#entries.set(key, { rev, size: bounded, value });
    this.#total += bounded;
    for (const [oldest, entry] of this.#entries) {
      if (this.#total <= this.budget || this.#entries.size <= 1) break;
      this.#entries.delete(oldest);
      this.#total -= entry.size;
    }
  }

  clear(): void {
    this.#entries.clear();
    this.#total = 0;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Characters kept in all. */
  get total(): number {
    return this.#total;
  }
}
