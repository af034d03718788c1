import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { ADMIN_UPLOAD } from '@boutique/contracts/admin';
import type { Storage } from '../storage/index.js';

/** Formats accepted, as sharp names what it finds in the bytes (never the file's name or declared type). */
const FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);
/** libheif decodes HEIC too; only its AV1 flavour (AVIF) is a web picture. */
const AVIF_COMPRESSION = 'av1';

export const PICTURE_NOT_ACCEPTED =
  'is not a JPEG, PNG, WebP or AVIF photo (its content was checked, not its name).';
export const PICTURE_TOO_BIG = `is larger than ${ADMIN_UPLOAD.maxBytes / 1024 / 1024} MB.`;
export const PICTURE_TOO_LARGE = `is larger than ${ADMIN_UPLOAD.maxSide} pixels on a side.`;
export const PICTURE_UNREADABLE = 'could not be read as a picture.';

/** A file refused: `message` names it and says why, for `errors.file`. */
export class PictureError extends Error {
  override name = 'PictureError';
}

export interface Rendition {
  width: number;
  webp: Buffer;
  avif: Buffer;
}

export interface PreparedPicture {
  /** Height / width, in thousandths, as the image rows keep it. */
  aspect: number;
  renditions: Rendition[];
}

// Same settings as the demo artwork's WebP (media/render.ts); AVIF at effort 2 keeps an upload of four
// widths within a few seconds on two cores.
const WEBP = { quality: 78, effort: 2, smartSubsample: false } as const;
const AVIF = { quality: 52, effort: 2 } as const;

/**
 * Checks one uploaded file by decoding its header, then re-encodes it into the storefront's renditions: every
 * width of `widths` not above the photo's own (or its own width when it is smaller than all), in WebP and AVIF,
 * turned upright by its EXIF orientation, with every metadata (EXIF, GPS, ICC beyond sRGB) dropped. Writes
 * nothing: a refused file throws a PictureError naming `filename`.
 */
export async function preparePicture(
  bytes: Buffer,
  filename: string,
  widths: readonly number[],
): Promise<PreparedPicture> {
  const name = JSON.stringify(filename.slice(0, 80) || 'file');
  if (bytes.length > ADMIN_UPLOAD.maxBytes) throw new PictureError(`${name} ${PICTURE_TOO_BIG}`);
  const options = {
    limitInputPixels: ADMIN_UPLOAD.maxSide * ADMIN_UPLOAD.maxSide,
    failOn: 'error',
  } as const;
  // The header alone: no pixel is decoded yet, so a bomb's claimed size can be read and refused by name.
  const metadata = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw new PictureError(`${name} ${PICTURE_NOT_ACCEPTED}`);
    });
  const format = metadata.format as string;
  const isAvif = format === 'heif' && metadata.compression === AVIF_COMPRESSION;
  if (!FORMATS.has(format) || (format === 'heif' && !isAvif)) {
    throw new PictureError(`${name} ${PICTURE_NOT_ACCEPTED}`);
  }
  if (metadata.width > ADMIN_UPLOAD.maxSide || metadata.height > ADMIN_UPLOAD.maxSide) {
    throw new PictureError(`${name} ${PICTURE_TOO_LARGE}`);
  }
  try {
    // Decoded once, upright, into raw pixels; every rendition is made from them.
    const { data, info } = await sharp(bytes, options)
      .rotate()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
    const fitting = widths.filter((w) => w <= info.width);
    const chosen = fitting.length > 0 ? fitting : [info.width];
    const renditions = await Promise.all(
      chosen.map(async (width) => {
        const resized = () => sharp(data, raw).resize({ width, kernel: 'lanczos3' });
        const [webp, avif] = await Promise.all([
          resized().webp(WEBP).toBuffer(),
          resized().avif(AVIF).toBuffer(),
        ]);
        return { width, webp, avif };
      }),
    );
    return { aspect: Math.round((info.height * 1000) / info.width), renditions };
  } catch {
    throw new PictureError(`${name} ${PICTURE_UNREADABLE}`);
  }
}

/** A fresh storage path prefix under `folder` (`products/uploads/12-…`): a new picture never reuses a name. */
export function newPicturePath(folder: string, owner: number | string): string {
  return `${folder}/${owner}-${randomBytes(9)
    .toString('base64url')
    .replace(/[^A-Za-z0-9]/g, 'x')}`;
}

/** Stores every rendition under `{path}-{width}.webp` and `.avif`. */
export async function storePicture(storage: Storage, path: string, picture: PreparedPicture) {
  await Promise.all(
    picture.renditions.flatMap((r) => [
      storage.put(`${path}-${r.width}.webp`, r.webp, 'image/webp'),
      storage.put(`${path}-${r.width}.avif`, r.avif, 'image/avif'),
    ]),
  );
}

/** Deletes every rendition of a picture (the storage ignores ones that are not there). */
export async function deletePicture(storage: Storage, path: string, widths: readonly number[]) {
  await Promise.all(
    widths.flatMap((w) => [storage.delete(`${path}-${w}.webp`), storage.delete(`${path}-${w}.avif`)]),
  );
}
