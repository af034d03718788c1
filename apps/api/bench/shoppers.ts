/** How a bench calls the API: a path, the shopper's token if any, a JSON body for a POST. */
export type BenchApi = (
  path: string,
  token: string | undefined,
  body?: unknown,
) => Promise<{ status: number; body: any }>;

/** Holds nothing of any bench address's name: the shop refuses a password that contains it. */
const PASSWORD = 'Atelier-Velvet-2025';

/**
 * A shopper's account, as the storefront makes one: registration answers 202 and opens no session (it says the
 * same for a taken address), then the shopper signs in with the same credentials.
 */
export async function benchShopper(api: BenchApi, name: string, email: string) {
  const registered = await api('/api/v1/auth/register', undefined, {
    name,
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });
  if (registered.status !== 202)
    throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`);
  const signedIn = await api('/api/v1/auth/login', undefined, { email, password: PASSWORD });
  if (signedIn.status !== 200) throw new Error(`login: ${signedIn.status} ${JSON.stringify(signedIn.body)}`);
  return {
    id: signedIn.body.data.user.id as number,
    token: signedIn.body.data.tokens.accessToken as string,
  };
}
