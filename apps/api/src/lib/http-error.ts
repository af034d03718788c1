import type { ErrorEnvelope, FieldErrors } from '@boutique/contracts';

/** What an error answer may carry besides its message and field errors (see ErrorEnvelopeSchema). */
export type ErrorDetails = Pick<ErrorEnvelope, 'code' | 'shortages' | 'refunded' | 'error' | 'current'>;

/** An expected failure with the HTTP status and message the client should see. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
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
export const unprocessable = (message: string, errors: FieldErrors) => new HttpError(422, message, errors);
