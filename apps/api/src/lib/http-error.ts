import type { FieldErrors } from '@boutique/contracts';

/** An expected failure with the HTTP status and message the client should see. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
    /** A machine-readable reason (contracts' ERROR_CODES) for the client to act on. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found`);
export const unprocessable = (message: string, errors: FieldErrors) => new HttpError(422, message, errors);
