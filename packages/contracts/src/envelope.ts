import { z } from 'zod';
import { FIELD_ERROR_CODES } from './constants.js';

/** Field errors keyed by field path; the client shows the first message of each field. */
export const FieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof FieldErrorsSchema>;

/**
 * The code of each field error (FIELD_ERROR_CODES), keyed and ordered as `errors`: the client words a refused
 * field in its visitor's language from the code, and reads the English message of `errors` only for logs.
 */
export const FieldErrorCodesSchema = z.record(z.string(), z.array(z.enum(FIELD_ERROR_CODES)));
export type FieldErrorCodes = z.infer<typeof FieldErrorCodesSchema>;

/**
 * What is left of a piece that a request asked too many of (a cart add or update, a payment): the client says
 * it in the shopper's language.
 */
export const StockShortageSchema = z.object({
  slug: z.string(),
  /** The colour's key ('' for a product without colours): pieces are counted per colour × size. */
  color: z.string().optional(),
  size: z.string(),
  /** Pieces this shopper can still have of that size (0: sold out). */
  left: z.number().int().min(0),
});
export type StockShortage = z.infer<typeof StockShortageSchema>;

export const ErrorEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: FieldErrorsSchema.meta({
    description: 'The refused fields (dotted paths) and why, in English: for logs and developers.',
  }).optional(),
  /** Set with `errors`: the code of each of its messages, same fields and order (see FIELD_ERROR_CODES). */
  error_codes: FieldErrorCodesSchema.meta({
    description:
      'Set with `errors`: the code of each of its messages, same fields and order. A client words a refused ' +
      'field from its code (an unknown code as `invalid`), never from the English message.',
  }).optional(),
  /** A machine-readable reason for some refusals (see ERROR_CODES), for the client to act on. */
  code: z.string().optional(),
  /** Set when the request was refused because too few pieces are left. */
  shortages: z.array(StockShortageSchema).optional(),
  /** Set when a payment was refunded because its pieces were sold while it was being made. */
  refunded: z.literal(true).optional(),
  /** `discount_below_minimum`: the subtotal (AED) the code's pieces must reach. */
  minimum: z.string().optional(),
  /** `stale`: an admin write based on an older version of the record, refused (409) with the record as it is now. */
  error: z.string().optional(),
  current: z.unknown().optional(),
  requestId: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/** Every successful JSON answer is `{ success: true, data }`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

export type Envelope<T> = { success: true; data: T };
