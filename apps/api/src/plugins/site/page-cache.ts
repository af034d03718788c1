/**
 * Rendered pages, bounded in bytes (least recently used goes first), so that no sequence of addresses can grow
 * it beyond `maxBytes`. Cleared as a whole when the catalogue changes, in part when only some products' stock did.
 */
export class PageCache<T extends { html: string }> {
  readonly #entries = new Map<string, T>();
  #bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get size() {
    return this.#entries.size;
  }

  /** What the cached pages weigh (UTF-16 code units of their HTML: about their size in memory, halved). */
  get bytes() {
    return this.#bytes;
  }

  get(key: string): T | undefined {
    const hit = this.#entries.get(key);
    if (hit) {
      this.#entries.delete(key);
      this.#entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, entry: T): void {
    const weight = key.length + entry.html.length;
    if (weight > this.maxBytes) return;
    this.#remove(key);
    this.#entries.set(key, entry);
    this.#bytes += weight;
    for (const [oldest] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#remove(oldest);
    }
  }

  /** Drops every page `stale` says is. */
  dropWhere(stale: (entry: T) => boolean): void {
    for (const [key, entry] of this.#entries) if (stale(entry)) this.#remove(key);
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  #remove(key: string) {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#bytes -= key.length + entry.html.length;
    this.#entries.delete(key);
  }
}
