import { z } from 'zod';

/** Field errors keyed by field path; the client shows the first message of each field. */
export const FieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof FieldErrorsSchema>;

export const ErrorEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: FieldErrorsSchema.optional(),
  /** A machine-readable reason for some refusals (see ERROR_CODES), for the client to act on. */
  code: z.string().optional(),
  requestId: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/** Every successful JSON answer is `{ success: true, data }`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

export type Envelope<T> = { success: true; data: T };
