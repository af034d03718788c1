import type { FieldErrorCodes, FieldErrors } from '@boutique/contracts';
import { env } from '@/config/env';
import { STORAGE_KEYS, storage } from './storage';

/**
 * A failed call: the server's message (or a generic one), the HTTP status, the field errors if any (English
 * messages) and their codes, read from the answer's `error_codes`: a form words a refused field from its code.
 */
export class ApiError extends Error {
  readonly codes: FieldErrorCodes;

  constructor(
    message: string,
    readonly status: number,
    readonly errors: FieldErrors = {},
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
    const codes = (data as { error_codes?: unknown } | null | undefined)?.error_codes;
    this.codes = codes && typeof codes === 'object' ? (codes as FieldErrorCodes) : {};
  }
}

export const GENERIC_ERROR = 'Something went wrong';

type Listener = (error: ApiError) => void;
const unauthorizedListeners = new Set<Listener>();

/** Lets the session layer react to a 401 without the client knowing about UI state. */
export function onUnauthorized(listener: Listener) {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/**
 * Trades the access token a call was refused with for a fresh one (null when the sign-in is over). Set by the
 * session layer, which knows how to refresh without two tabs spending the same refresh cookie.
 */
export type TokenRefresher = (staleToken: string) => Promise<string | null>;
let refresher: TokenRefresher | undefined;

export function setTokenRefresher(next: TokenRefresher | undefined) {
  refresher = next;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  query?: Record<string, string | number | undefined>;
  /** Headers of this call (an `Idempotency-Key`). */
  headers?: Record<string, string>;
  /**
   * Default true: send the access token and, on a 401, refresh it once and retry, then tell the session. False
   * for the calls that make or end a session themselves (login, refresh, logout...): a 401 there is an answer.
   */
  session?: boolean;
  /** `blob`: the answer's bytes (a CSV download), not JSON; a refusal is read as JSON all the same. */
  as?: 'json' | 'blob';
}

/**
 * JSON call to the API: bearer token when signed in, 30 s timeout, errors as ApiError. A call refused with an
 * expired access token is retried once with a refreshed one.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const session = options.session ?? true;
  const token = session ? storage.get(STORAGE_KEYS.authToken) : null;
  try {
    return await send<T>(path, options, token);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401 || !session) throw error;
    let refused = error;
    if (token && refresher) {
      let fresh: string | null;
      try {
        fresh = await refresher(token);
      } catch {
        // The refresh itself could not be made (offline): the sign-in may still be good, so keep it.
        throw error;
      }
      if (fresh) {
        try {
          return await send<T>(path, options, fresh);
        } catch (retryError) {
          if (!(retryError instanceof ApiError) || retryError.status !== 401) throw retryError;
          refused = retryError;
        }
      }
    }
    for (const listener of unauthorizedListeners) listener(refused);
    throw refused;
  }
}

async function send<T>(path: string, options: RequestOptions, token: string | null): Promise<T> {
  const url = new URL(`${env.apiBase}${path}`, location.origin);
  for (const [k, v] of Object.entries(options.query ?? {}))
    if (v !== undefined) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const timeout = AbortSignal.timeout(env.requestTimeoutMs);

  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
      credentials: 'same-origin',
    });
  } catch (err) {
    if (options.signal?.aborted) throw err;
    throw new ApiError(GENERIC_ERROR, 0);
  }

  if (options.as === 'blob' && response.ok) return (await response.blob()) as T;
  const text = await response.text();
  let payload: unknown;
  try {
    payload = text ? JSON.parse(text) : undefined;
  } catch {
    payload = undefined;
  }
  if (!response.ok) {
    const body = (payload ?? {}) as { message?: unknown; errors?: FieldErrors };
    throw new ApiError(
      typeof body.message === 'string' ? body.message : GENERIC_ERROR,
      response.status,
      body.errors ?? {},
      payload,
    );
  }
  return payload as T;
}
