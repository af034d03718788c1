import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';

/**
 * How answers are compressed, in one place: `@fastify/compress` for what is made per request (pages, most
 * answers), and the cached catalogue answers, compressed once and kept (lib/response-cache.ts).
 */

/** Brotli first: a catalogue answer is about a fifth smaller than with gzip. */
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** Smaller bodies go as they are: the encoding's own bytes would eat most of the gain. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Brotli's quality 5 rather than the plugin's 4: the home page goes from 16.1 to 14.8 KB for 0.3 ms more, most
 * of a TCP round trip on a slow phone connection (built files are compressed at quality 11 once, by the
 * storefront build).
 */
export const BROTLI_PARAMS = { [constants.BROTLI_PARAM_QUALITY]: 5 };

/** The encoding the client prefers among ours, or null for the body as it is. */
export function acceptedEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  // "x-gzip" is gzip's old name, as the plugin reads it.
  return negotiate(header.toLowerCase().replaceAll('x-gzip', 'gzip'), [...ENCODINGS]);
}

export function compressBody(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br' ? brotliCompressSync(body, { params: BROTLI_PARAMS }) : gzipSync(body);
}

const brotliAsync = promisify(brotliCompress);

/**
 * Brotli at its best quality, off the event loop: for a body made once and sent many times (a rendered page).
 * The home page's HTML goes from 15.6 KB at quality 5 to 13.8 KB, inside the 14.6 KB (ten packets) a new TCP
 * connection may send before its first acknowledgement: one round trip less on a slow phone connection. It
 * costs 130-150 ms of a worker thread, once.
 */
export function brotliBest(body: Buffer): Promise<Buffer> {
  return brotliAsync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}
