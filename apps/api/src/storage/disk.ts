import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, constants, mkdir, open, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import {
  checkedContentType,
  contentTypeOf,
  publicUrlFor,
  StorageKeyError,
  type Storage,
  type StoredObject,
} from './index.js';

/**
 * Objects as files under one directory (`DATA_DIR/storage`). Keys are checked before they become paths (no
 * `..`, no dot files), and each file is written under a dot name and renamed into place, so a reader never
 * sees half a picture and a crash leaves only an unlisted temporary file.
 */
export class DiskStorage implements Storage {
  readonly driver = 'disk';
  readonly publicUrl = publicUrlFor(undefined);

  constructor(private readonly dir: string) {}

  get location() {
    return this.dir;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    checkedContentType(key, contentType);
    const file = this.#file(key);
    await mkdir(dirname(file), { recursive: true });
    const temp = join(dirname(file), `.${randomBytes(8).toString('hex')}.tmp`);
    try {
      await writeFile(temp, body);
      await rename(temp, file);
    } catch (err) {
      await unlink(temp).catch(() => undefined);
      throw err;
    }
  }

  async get(key: string): Promise<StoredObject | undefined> {
    const contentType = contentTypeOf(key);
    if (!contentType) return undefined;
    // Opened first and measured through the handle: a file replaced in between cannot mix two versions.
    let handle;
    try {
      handle = await open(this.#file(key), 'r');
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
    try {
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return undefined;
      }
      return {
        body: createReadStream('', { fd: handle, autoClose: true }),
        contentType,
        size: info.size,
        etag: `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
        lastModified: info.mtime,
      };
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    if (!contentTypeOf(key)) return false;
    try {
      return (await stat(this.#file(key))).isFile();
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.#file(key));
    } catch (err) {
      if (!isMissing(err)) throw err;
    }
  }

  async list(prefix = ''): Promise<string[]> {
    // Only the folder the prefix names is walked, not the whole store.
    const slash = prefix.lastIndexOf('/');
    const folder = slash < 0 ? '' : prefix.slice(0, slash);
    if (folder && !contentTypeOf(`${folder}/x.webp`)) return [];
    const root = folder ? join(this.dir, ...folder.split('/')) : this.dir;
    let entries;
    try {
      entries = await readdir(root, { recursive: true, withFileTypes: true });
    } catch (err) {
      if (isMissing(err)) return [];
      throw err;
    }
    const keys: string[] = [];
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const key = relative(this.dir, join(entry.parentPath, entry.name)).split(sep).join('/');
      if (key.startsWith(prefix) && contentTypeOf(key)) keys.push(key);
    }
    return keys;
  }

  async check(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await access(this.dir, constants.R_OK | constants.W_OK);
  }

  close() {}

  #file(key: string): string {
    if (!contentTypeOf(key))
      throw new StorageKeyError(`not a storage key: ${JSON.stringify(key.slice(0, 80))}`);
    return join(this.dir, ...key.split('/'));
  }
}

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
