import type { Readable } from 'node:stream';

/**
 * Files the shop keeps: product and gallery pictures, avatars, and later the back office's uploads. One
 * interface, two drivers: a directory under DATA_DIR (the default, for one machine) and S3-compatible object
 * storage (several instances, or a CDN in front). Both pass the same test suite (test/storage.test.ts).
 *
 * Keys are relative paths such as `products/zahra/0-800.webp`: segments of letters, digits, `_`, `-` and `.`,
 * never starting with a dot, ending in an extension whose content type the shop knows. Objects are immutable:
 * a changed picture gets a new key, which is why they are served with a year-long cache.
 */
export interface Storage {
  readonly driver: 'disk' | 's3';
  /** Where the objects live, for logs and messages: a directory, or `s3://bucket`. */
  readonly location: string;
  /** Stores `body` under `key`, whole or not at all; `contentType` must be the one of the key's extension. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object as a stream with what an HTTP answer needs, or undefined when there is none. */
  get(key: string): Promise<StoredObject | undefined>;
  exists(key: string): Promise<boolean>;
  /** Deletes the object; deleting one that does not exist is not an error. */
  delete(key: string): Promise<void>;
  /** Every key that starts with `prefix` (all of them for ''), in no particular order. */
  list(prefix?: string): Promise<string[]>;
  /**
   * The address a browser loads the object from: S3_PUBLIC_URL when set, else the API's /storage route. A
   * function property, to be handed around on its own (catalogue, cart and orders take just this).
   */
  readonly publicUrl: PublicUrl;
  /** Resolves when the storage answers (readiness probe); rejects with the reason otherwise. */
  check(signal?: AbortSignal): Promise<void>;
  close(): void;
}

export interface StoredObject {
  body: Readable;
  contentType: string;
  size: number;
  /** A quoted entity tag, strong or weak (`"…"`, `W/"…"`). */
  etag: string;
  lastModified: Date;
}

/** Turns a storage key into the URL a browser loads it from. */
export type PublicUrl = (key: string) => string;

/** How stored objects are cached by browsers and CDNs: their keys change whenever their content does. */
export const STORAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The path under which the API serves stored objects itself. */
export const STORAGE_ROUTE = '/storage/';

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  avif: 'image/avif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;
const MAX_KEY_LENGTH = 512;

/** The content type of a key, or undefined when the key is not one the shop may store or serve. */
export function contentTypeOf(key: string): string | undefined {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return undefined;
  if (!key.split('/').every((segment) => SEGMENT.test(segment))) return undefined;
  const dot = key.lastIndexOf('.');
  return dot > key.lastIndexOf('/') ? CONTENT_TYPES[key.slice(dot + 1).toLowerCase()] : undefined;
}

export class StorageKeyError extends Error {
  override name = 'StorageKeyError';
}

/** The content type of a key that is about to be written; throws when key and type do not go together. */
export function checkedContentType(key: string, contentType: string): string {
  const expected = contentTypeOf(key);
  if (!expected) throw new StorageKeyError(`not a storage key: ${JSON.stringify(key.slice(0, 80))}`);
  if (contentType !== expected) {
    throw new StorageKeyError(`${key} must be stored as ${expected}, not ${contentType}`);
  }
  return expected;
}

/** `/storage/{key}`, or `{base}/{key}` when the objects are public at another address (S3_PUBLIC_URL). */
export function publicUrlFor(base: string | undefined): PublicUrl {
  const prefix = base ? `${base.replace(/\/+$/, '')}/` : STORAGE_ROUTE;
  return (key) => prefix + key.split('/').map(encodeURIComponent).join('/');
}

/**
 * The key of an object named by one of our URLs, in either form (`/storage/{key}` or the public one), or
 * undefined for anything else (a social provider's picture, a stranger's address).
 */
export function keyOfUrl(storage: Pick<Storage, 'publicUrl'>, url: string): string | undefined {
  for (const prefix of [STORAGE_ROUTE, storage.publicUrl('')]) {
    if (!url.startsWith(prefix)) continue;
    let key: string;
    try {
      key = decodeURIComponent(url.slice(prefix.length));
    } catch {
      return undefined;
    }
    return contentTypeOf(key) ? key : undefined;
  }
  return undefined;
}
