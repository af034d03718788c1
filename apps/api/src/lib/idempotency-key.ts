import type { FastifyRequest } from 'fastify';
import { IdempotencyKeySchema } from '@boutique/contracts';
import { schemaFieldErrors } from './field-errors.js';
import { fieldError, HttpError } from './http-error.js';

const REQUIRED =
  'Send an Idempotency-Key header: a new random key for each new order, the same key to retry.';

/**
 * The `Idempotency-Key` a write that must happen once is sent with (an order placed without a card): the same
 * key names the same write, so a retry after a lost answer never makes a second one. Missing or malformed: 422.
 */
export function requiredIdempotencyKey(req: FastifyRequest): string {
  const given = req.headers['idempotency-key'];
  if (typeof given !== 'string' || given.trim() === '') {
    throw new HttpError(422, 'The given data was invalid.', {
      'idempotency-key': [fieldError('required', REQUIRED)],
    });
  }
  const key = IdempotencyKeySchema.safeParse(given);
  if (!key.success) {
    throw new HttpError(
      422,
      'The given data was invalid.',
      schemaFieldErrors(key.error.issues.slice(0, 1), given, 'idempotency-key'),
    );
  }
  return key.data;
}
