import type { ErrorEnvelope, FieldErrorCode } from '@boutique/contracts';

/** What an error answer may carry besides its message and field errors (see ErrorEnvelopeSchema). */
export type ErrorDetails = Pick<ErrorEnvelope, 'code' | 'shortages' | 'refunded' | 'error' | 'current'>;

/**
 * Why one field was refused: its code (contracts' FIELD_ERROR_CODES), which the client translates, and the
 * English message the answer carries beside it. A message cannot be sent without its code.
 */
export interface FieldError {
  code: FieldErrorCode;
  message: string;
}
/** Field errors keyed by field path, in the order the client reads them. */
export type CodedFieldErrors = Record<string, FieldError[]>;

export const fieldError = (code: FieldErrorCode, message: string): FieldError => ({ code, message });

/** An expected failure with the HTTP status and message the client should see. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: CodedFieldErrors,
    /** A machine-readable reason (contracts' ERROR_CODES) and what the client needs to act on the refusal. */
    readonly details?: ErrorDetails,
    /** Seconds after which trying again may succeed (a 429 or 503): sent as Retry-After. */
    readonly retryAfterS?: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found`);
export const unprocessable = (message: string, errors: CodedFieldErrors) =>
  new HttpError(422, message, errors);
