/** How a bench calls the API: a path, the shopper's token if any, a JSON body for a POST. */
export type BenchApi = (
  path: string,
  token: string | undefined,
  body?: unknown,
) => Promise<{ status: number; body: any }>;

/** Holds nothing of any bench address's name: the shop refuses a password that contains it. */
const PASSWORD = 'Atelier-Velvet-2025';

/**
 * A shopper's account, as the storefront makes one: registration answers 201 with the new account's session
 * (decision 030).
 */
export async function benchShopper(api: BenchApi, name: string, email: string) {
  const registered = await api('/api/v1/auth/register', undefined, {
    name,
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });
  if (registered.status !== 201)
    throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`);
  return {
    id: registered.body.data.user.id as number,
    token: registered.body.data.tokens.accessToken as string,
  };
}

/** A BenchApi against one instance at `base`: GET without a body, POST with one. */
export const benchApi =
  (base: string): BenchApi =>
  async (path, token, body) => {
    const res = await fetch(base + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(token && { authorization: `Bearer ${token}` }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: await res.json() };
  };
