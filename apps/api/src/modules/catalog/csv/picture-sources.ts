/**
 * Where an imported CSV's pictures come from: the zip sent with it (by file name) or an http(s) address on a
 * host IMPORT_URL_HOSTS names. Both are bounded before anything is inflated or read to the end.
 */
import { unzipSync } from 'fflate';
import { ADMIN_UPLOAD, CATALOGUE_IMPORT_LIMITS } from '@boutique/contracts/admin';

/** The zip, or an address, refused: the message says why, for the line (or the file) that named it. */
export class PictureSourceError extends Error {
  override name = 'PictureSourceError';
}

/** A name that could land outside a folder once unpacked (`../x`, `/etc/x`, `C:\x`) refuses the whole zip. */
function unsafeName(name: string): boolean {
  return (
    name.includes('\\') ||
    name.includes('\0') ||
    name.startsWith('/') ||
    /^[a-zA-Z]:/.test(name) ||
    name.split('/').some((part) => part === '..')
  );
}

/**
 * The photos of a zip by file name (their folder ignored: `photos/front.jpg` is `front.jpg`). Refused whole,
 * before any entry is inflated: more than `zipEntries` entries, an unsafe name, one entry larger than a picture
 * may be, or more than `zipUnpackedBytes` in all as their headers declare them (fflate never inflates an entry
 * beyond its declared size, so a lying header cannot make it bigger).
 */
export function photosOfZip(zip: Uint8Array): Map<string, Uint8Array> {
  let entries = 0;
  let total = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip, {
      filter(file) {
        entries += 1;
        if (entries > CATALOGUE_IMPORT_LIMITS.zipEntries) {
          throw new PictureSourceError(
            `The zip holds more than ${CATALOGUE_IMPORT_LIMITS.zipEntries} files: send fewer at once.`,
          );
        }
        if (unsafeName(file.name)) {
          throw new PictureSourceError(
            `The zip holds a file named ${JSON.stringify(file.name.slice(0, 120))}, which points outside its folder: nothing was imported.`,
          );
        }
        if (file.name.endsWith('/')) return false;
        if (file.originalSize > ADMIN_UPLOAD.maxBytes) {
          throw new PictureSourceError(
            `${JSON.stringify(file.name.slice(0, 120))} in the zip is larger than ${ADMIN_UPLOAD.maxBytes / 1024 / 1024} MB.`,
          );
        }
        total += file.originalSize;
        if (total > CATALOGUE_IMPORT_LIMITS.zipUnpackedBytes) {
          throw new PictureSourceError(
            `The zip unpacks to more than ${CATALOGUE_IMPORT_LIMITS.zipUnpackedBytes / 1024 / 1024} MB.`,
          );
        }
        return true;
      },
    });
  } catch (err) {
    if (err instanceof PictureSourceError) throw err;
    throw new PictureSourceError('The pictures file is not a zip that can be read.');
  }
  const photos = new Map<string, Uint8Array>();
  for (const [name, bytes] of Object.entries(files)) {
    photos.set(name.slice(name.lastIndexOf('/') + 1), bytes);
  }
  return photos;
}

export const isAddress = (name: string) => /^https?:\/\//i.test(name);

const FETCH_TIMEOUT_MS = 15_000;
const MAX_REDIRECTS = 3;

/**
 * A picture at an http(s) address on an allowed host (IMPORT_URL_HOSTS: `host` or `host:port`), read within a
 * timeout and at most ADMIN_UPLOAD.maxBytes; a redirect is followed only to an allowed host.
 */
export async function fetchPicture(address: string, allowedHosts: readonly string[]): Promise<Buffer> {
  if (allowedHosts.length === 0) {
    throw new PictureSourceError(
      `Pictures by address are off: set IMPORT_URL_HOSTS to the hosts they may come from, or send them in the zip (${JSON.stringify(address.slice(0, 200))}).`,
    );
  }
  let url = new URL(address);
  const allowed = (u: URL) =>
    (u.protocol === 'https:' || u.protocol === 'http:') &&
    (allowedHosts.includes(u.host.toLowerCase()) || allowedHosts.includes(u.hostname.toLowerCase()));
  for (let hop = 0; ; hop += 1) {
    if (!allowed(url)) {
      throw new PictureSourceError(
        `${JSON.stringify(url.href.slice(0, 200))} is not on a host IMPORT_URL_HOSTS allows (${allowedHosts.join(', ')}).`,
      );
    }
    let res: Response;
    try {
      res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    } catch {
      throw new PictureSourceError(`${JSON.stringify(url.href.slice(0, 200))} could not be fetched.`);
    }
    if (res.status >= 300 && res.status < 400 && res.headers.get('location')) {
      await res.body?.cancel();
      if (hop >= MAX_REDIRECTS) {
        throw new PictureSourceError(`${JSON.stringify(address.slice(0, 200))} redirects too many times.`);
      }
      url = new URL(res.headers.get('location')!, url);
      continue;
    }
    if (!res.ok || !res.body) {
      await res.body?.cancel();
      throw new PictureSourceError(
        `${JSON.stringify(url.href.slice(0, 200))} answered ${res.status}, not a picture.`,
      );
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > ADMIN_UPLOAD.maxBytes) {
          await reader.cancel();
          throw new PictureSourceError(
            `${JSON.stringify(url.href.slice(0, 200))} is larger than ${ADMIN_UPLOAD.maxBytes / 1024 / 1024} MB.`,
          );
        }
        chunks.push(value);
      }
    } catch (err) {
      if (err instanceof PictureSourceError) throw err;
      throw new PictureSourceError(`${JSON.stringify(url.href.slice(0, 200))} could not be read in time.`);
    }
    return Buffer.concat(chunks);
  }
}
