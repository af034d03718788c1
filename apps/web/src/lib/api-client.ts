import type { FieldErrors } from '@boutique/contracts';
import { env } from '@/config/env';
import { STORAGE_KEYS, storage } from './storage';

/** A failed call: the server's message (or a generic one), the HTTP status and the field errors if any. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: FieldErrors = {},
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
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

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  query?: Record<string, string | number | undefined>;
}

/** JSON call to the API: bearer token when signed in, 30 s timeout, errors as ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const url = new URL(`${env.apiBase}${path}`, location.origin);
  for (const [k, v] of Object.entries(options.query ?? {}))
    if (v !== undefined) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const token = storage.get(STORAGE_KEYS.authToken);
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

  const text = await response.text();
  let payload: unknown;
  try {
    payload = text ? JSON.parse(text) : undefined;
  } catch {
    payload = undefined;
  }
  if (!response.ok) {
    const body = (payload ?? {}) as { message?: unknown; errors?: FieldErrors };
    const error = new ApiError(
      typeof body.message === 'string' ? body.message : GENERIC_ERROR,
      response.status,
      body.errors ?? {},
      payload,
    );
    if (response.status === 401) for (const listener of unauthorizedListeners) listener(error);
    throw error;
  }
  return payload as T;
}
