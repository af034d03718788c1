import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { AVATAR_MAX_BYTES } from '@boutique/contracts';
import { keyOfUrl, type Storage } from '../../storage/index.js';

export const AVATAR_SIZE = 256;
/**
 * Beyond this many pixels (6000 × 4000, more than any phone's default photo) a picture costs seconds of CPU to
 * make a 256-pixel square of (a 9999 × 9999 one took 1.9 s): it is refused before it is decoded.
 */
const AVATAR_MAX_PIXELS = 24_000_000;
const FORMATS = new Set(['jpeg', 'png', 'webp']);

export const AVATAR_NOT_AN_IMAGE = 'The avatar must be a JPEG, PNG or WebP image.';
export const AVATAR_TOO_BIG = 'The avatar may not be greater than 2 MB.';
export const AVATAR_UNREADABLE = 'The avatar could not be read as an image.';
export const AVATAR_TOO_LARGE = 'The avatar may not have more than 24 million pixels (6000 × 4000).';

/** A picture the shopper sent that we will not keep; `message` says why, for `errors.avatar`. */
export class AvatarError extends Error {
  override name = 'AvatarError';
}

const DATA_URL_HEAD = /^data:image\/(?:jpeg|jpg|png|webp);base64,/i;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const OUR_KEY = /^avatars\/\d+-[A-Za-z0-9_-]+\.webp$/;

/**
 * Profile pictures: a data URL is decoded, checked by really decoding it, and re-encoded to a 256×256 WebP
 * (orientation applied, metadata such as GPS dropped) under `avatars/` in the shop's storage. Each picture gets
 * a new random name, so the year-long cache of stored pictures never shows a stale one. The account keeps the
 * picture's public URL, as it keeps a social provider's.
 */
export class AvatarStore {
  constructor(private readonly storage: Storage) {}

  /** The re-encoded picture, or an AvatarError saying what is wrong with it. Writes nothing. */
  async prepare(dataUrl: string): Promise<Buffer> {
    const head = DATA_URL_HEAD.exec(dataUrl.slice(0, 40));
    if (!head) throw new AvatarError(AVATAR_NOT_AN_IMAGE);
    const base64 = dataUrl.slice(head[0].length);
    if (!BASE64.test(base64)) throw new AvatarError(AVATAR_UNREADABLE);
    const bytes = Buffer.from(base64, 'base64');
    if (bytes.length > AVATAR_MAX_BYTES) throw new AvatarError(AVATAR_TOO_BIG);

    // The header says the size (nothing decoded yet): too many pixels is refused before any decoding.
    const metadata = await sharp(bytes, { limitInputPixels: false })
      .metadata()
      .catch(() => {
        throw new AvatarError(AVATAR_UNREADABLE);
      });
    // What the bytes are, whatever the data URL claimed: a GIF, an SVG or a PDF is not accepted.
    if (!FORMATS.has(metadata.format)) throw new AvatarError(AVATAR_NOT_AN_IMAGE);
    if (metadata.width * metadata.height > AVATAR_MAX_PIXELS) {
      throw new AvatarError(AVATAR_TOO_LARGE);
    }
    try {
      return await sharp(bytes, { limitInputPixels: AVATAR_MAX_PIXELS, sequentialRead: true })
        .rotate()
        .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
        .webp({ quality: 82 })
        .toBuffer();
    } catch {
      throw new AvatarError(AVATAR_UNREADABLE);
    }
  }

  /** Stores a prepared picture for the user and answers its URL. */
  async save(userId: number, webp: Buffer): Promise<string> {
    const key = `avatars/${userId}-${randomBytes(12).toString('base64url')}.webp`;
    await this.storage.put(key, webp, 'image/webp');
    return this.storage.publicUrl(key);
  }

  /**
   * Deletes a picture we stored, whichever of our addresses names it (`/storage/…` or the public one); other
   * values (a social provider's picture URL) are left alone.
   */
  async remove(url: string | null | undefined): Promise<void> {
    const key = url ? keyOfUrl(this.storage, url) : undefined;
    if (key && OUR_KEY.test(key)) await this.storage.delete(key);
  }
}
