import { vi } from 'vitest';
import type { z } from 'zod';
import { ErrorEnvelopeSchema } from '@boutique/contracts';

/** One request the page made, as the fake API read it. */
export interface SeenCall {
  method: string;
  /** The address as the contracts name it (`/api/v1/admin/orders`), without the query. */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

type Reply = Response | Promise<Response>;
type Handler = (call: SeenCall) => Reply;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A success answer, checked against the contract's response schema first: a fixture that drifts fails loudly. */
export function ok<S extends z.ZodType>(schema: S, body: z.input<S>, status = 200) {
  return json(status, schema.parse(body));
}

/** A refusal as the API words it (the shared error envelope). */
export function refused(status: number, body: z.input<typeof ErrorEnvelopeSchema>) {
  return json(status, ErrorEnvelopeSchema.parse(body));
}

/**
 * The back office's API faked at the fetch boundary: each route answers what the real one would (bodies checked
 * against the contracts), every call is recorded, and an address nobody declared fails the test with its name.
 */
export function fakeApi() {
  const routes: { method: string; path: string | RegExp; handler: Handler }[] = [];
  const calls: SeenCall[] = [];
  const unknown: string[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const path = url.pathname;
    const method = init?.method ?? 'GET';
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries((init?.headers ?? {}) as Record<string, string>))
      headers[k.toLowerCase()] = v;
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call: SeenCall = { method, path, query: url.searchParams, headers, body };
    calls.push(call);
    // The latest declaration wins, so a test can change one answer after the page has loaded.
    const route = [...routes]
      .reverse()
      .find((r) => r.method === method && (typeof r.path === 'string' ? r.path === path : r.path.test(path)));
    if (!route) {
      unknown.push(`${method} ${path}`);
      return json(404, { success: false, message: `No fake for ${method} ${path}` });
    }
    return route.handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  const api = {
    calls,
    /** Requests no route answered: a test checks it is empty. */
    unknown,
    on(method: string, path: string | RegExp, handler: Handler) {
      routes.push({ method, path, handler });
      return api;
    },
    get: (path: string | RegExp, handler: Handler) => api.on('GET', path, handler),
    /** The calls made with `method` to `path`. */
    seen: (method: string, path: string | RegExp) =>
      calls.filter(
        (c) => c.method === method && (typeof path === 'string' ? c.path === path : path.test(c.path)),
      ),
  };
  return api;
}
