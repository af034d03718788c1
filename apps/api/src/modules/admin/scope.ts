/**
 * What every route of the back office shares: its options, its OpenAPI tag, the acting admin, the version of
 * a DELETE, and reading a picture upload.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ADMIN_UPLOAD, VersionSchema } from '@boutique/contracts/admin';
import type { Language } from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import type { RateLimitRule } from '../../config/index.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import { fieldError, HttpError } from '../../lib/http-error.js';
import type { Storage } from '../../storage/index.js';
import type { OrderService } from '../orders/index.js';
import type { StockService } from '../stock/index.js';
import type { ManualOrders } from './manual-orders.js';
import { PictureError, preparePicture, type PreparedPicture } from '../../media/pictures.js';

export interface AdminRoutesOptions {
  db: Database;
  storage: Storage;
  stock: StockService;
  orders: OrderService;
  shop: { name: string; email: string; phone: string; url: string };
  /** SHOP_TIMEZONE: the zone of the dashboard's days and the order list's date filters. */
  timeZone: string;
  /** Orders the owner writes for WhatsApp and phone sales. */
  manualOrders: ManualOrders;
  /** The catalogue CSV import: IMPORT_URL_HOSTS, and IMPORT_LIMIT_PER_ADMIN counted by `limiter`. */
  catalogueImport: { urlHosts: string[]; perAdmin: RateLimitRule; limiter: RateLimiter };
  /** The owner's desk: replies per admin (REPLY_LIMIT_PER_ADMIN an hour), in the shop's language by default. */
  desk: { limiter: RateLimiter; replyPerAdmin: RateLimitRule; language: Language };
}

export const tags = ['admin'];
export const INVALID = 'The given data was invalid';

/** A DELETE may say its version in a small JSON body, as the other writes do, or in `If-Match`. */
export const DeleteBodySchema = z.object({ version: VersionSchema.optional() }).nullish();

/** The admin who makes this request; every route of the scope has passed `requireAdmin` already. */
export const adminOf = (req: FastifyRequest) => {
  if (!req.user) throw new HttpError(401, 'Unauthenticated.');
  return req.user;
};

/**
 * Reads every part of a multipart upload and prepares each `file` before anything is stored: one refused
 * file refuses the request, and nothing of it is kept.
 */
export async function readUpload(req: FastifyRequest, widths: readonly number[]) {
  if (!req.isMultipart()) {
    throw new HttpError(422, INVALID, {
      file: [fieldError('invalid', 'Send the pictures as multipart/form-data, field "file".')],
    });
  }
  const pictures: PreparedPicture[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const bytes = await part.toBuffer();
      if (part.fieldname !== 'file') continue;
      pictures.push(await preparePicture(bytes, part.filename, widths));
    }
  } catch (err) {
    if (err instanceof PictureError) {
      throw new HttpError(422, err.message, { file: [fieldError('invalid', err.message)] });
    }
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      const message = `A picture may not be larger than ${ADMIN_UPLOAD.maxBytes / 1024 / 1024} MB.`;
      throw new HttpError(422, message, { file: [fieldError('too_long', message)] });
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
      const message = `Send at most ${ADMIN_UPLOAD.maxFiles} pictures at once.`;
      throw new HttpError(422, message, { file: [fieldError('limit_reached', message)] });
    }
    throw err;
  }
  if (pictures.length === 0) {
    throw new HttpError(422, INVALID, {
      file: [fieldError('required', 'Choose at least one picture (field "file").')],
    });
  }
  return { pictures, fields };
}
