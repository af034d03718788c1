import { createHash } from 'node:crypto';
import { COMPRESS_THRESHOLD, compressBody, type Encoding } from './compression.js';

export interface CachedResponse {
  /**
   * The JSON, as UTF-8 bytes: sent as they are, and kept outside the JavaScript heap, so that a thousand cached
   * answers are not copied by every young-generation collection (a search's first pass stalled on them).
   */
  body: Buffer;
  etag: string;
  /**
   * Ids of the products the answer shows, when the loader said: `dropTagged` drops it only when one of them
   * changed. Undefined: the answer may show any product.
   */
  tags?: ReadonlySet<number>;
  /**
   * The body compressed for a client that accepts `encoding`, or the body itself when it is too small to
   * gain: made on the first such request and kept with the answer, so a cached answer costs no compression.
   */
  encoded(encoding: Encoding): { body: Buffer; encoding: Encoding | null };
}

/**
 * An answer its loader serialised itself (from parts serialised once, as the search's product summaries): the
 * cache keeps its JSON as it is.
 */
export class SerializedAnswer {
  constructor(readonly json: string) {}
}

class Entry implements CachedResponse {
  readonly #encoded = new Map<Encoding, Buffer>();

  constructor(
    readonly body: Buffer,
    readonly etag: string,
    readonly expiresAt: number,
    readonly tags?: ReadonlySet<number>,
  ) {}

  encoded(encoding: Encoding) {
    if (this.body.length < COMPRESS_THRESHOLD) return { body: this.body, encoding: null };
    let body = this.#encoded.get(encoding);
    if (!body) this.#encoded.set(encoding, (body = compressBody(this.body, encoding)));
    return { body, encoding };
  }
}

/**
 * Serialised answers of read-mostly endpoints, keyed by what identifies the answer. Bounded (least recently
 * used goes first), time-limited as a safety net, and cleared as a whole when the catalogue changes, or only
 * where it shows given products (`dropTagged`) when just their stock did. Concurrent misses of one key share a
 * single load, and a load that raced with a clear is not stored.
 */
export class ResponseCache {
  readonly #entries = new Map<string, Entry>();
  readonly #loading = new Map<string, Promise<CachedResponse | undefined>>();
  #generation = 0;
  /** Lookups answered without a load of their own (stored, or sharing one under way), since the start. */
  hits = 0;
  /** Lookups that ran a load. */
  misses = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  get size() {
    return this.#entries.size;
  }

  /**
   * The cached answer for `key`, loading it on a miss; `undefined` (not cached) when `load` finds nothing.
   * `tagsOf` names the products in a loaded answer (see `dropTagged`).
   */
  async get<T>(
    key: string,
    load: () => Promise<T | undefined>,
    tagsOf?: (value: T) => Iterable<number>,
  ): Promise<CachedResponse | undefined> {
    const hit = this.#entries.get(key);
    if (hit && hit.expiresAt > this.now()) {
      this.hits += 1;
      this.#entries.delete(key);
      this.#entries.set(key, hit);
      return hit;
    }
    const pending = this.#loading.get(key);
    if (pending) {
      this.hits += 1;
      return pending;
    }
    this.misses += 1;

    const generation = this.#generation;
    const promise = load()
      .then((value) => {
        if (value === undefined) return undefined;
        const body = Buffer.from(value instanceof SerializedAnswer ? value.json : JSON.stringify(value));
        const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
        const entry = new Entry(
          body,
          etag,
          this.now() + this.ttlMs,
          tagsOf ? new Set(tagsOf(value)) : undefined,
        );
        if (generation === this.#generation && this.ttlMs > 0) this.#store(key, entry);
        return entry;
      })
      .finally(() => this.#loading.delete(key));
    this.#loading.set(key, promise);
    return promise;
  }

  clear() {
    this.#generation += 1;
    this.#entries.clear();
    this.#loading.clear();
  }

  /**
   * Drops the answers that show any of these products, and those that did not say what they show. Loads under
   * way are not kept either: they may have read the products before the change.
   */
  dropTagged(ids: Iterable<number>) {
    const changed = new Set(ids);
    this.#generation += 1;
    this.#loading.clear();
    for (const [key, entry] of this.#entries) {
      if (!entry.tags || [...changed].some((id) => entry.tags?.has(id))) this.#entries.delete(key);
    }
  }

  #store(key: string, entry: Entry) {
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    while (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }
}
