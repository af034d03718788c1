import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, Login, Register, SocialExchange } from '@boutique/contracts';
import type { Language } from '@boutique/contracts/constants';
import { ApiError, apiRequest } from '@/lib/api-client';
import { session } from '@/lib/session/session';

export const INVALID_RESPONSE = 'Invalid response from server';

/** The spec: a sign-in succeeds only if the answer holds the user and the tokens. */
function signedIn(res: AuthResponse): AuthResponse['data'] {
  const data = res?.data as Partial<AuthResponse['data']> | undefined;
  if (!data?.user || typeof data.tokens?.accessToken !== 'string') throw new ApiError(INVALID_RESPONSE, 200);
  const result = data as AuthResponse['data'];
  session.signIn(result);
  return result;
}

/** The calls that open a session answer 401 for bad credentials: no refresh is tried for them. */
const post = (path: string, body: unknown) =>
  apiRequest<AuthResponse>(path, { method: 'POST', body, session: false }).then(signedIn);

export const login = (input: Login) => post('/v1/auth/login', input);

/**
 * Registration answers like a sign-in (201, the user and the tokens), the address still to be confirmed from
 * the e-mailed link; a taken address is a 422 with `errors.email`.
 */
export const register = (input: Register & { lang: Language }) => post('/v1/auth/register', input);
/** Trades the one-time code of a social callback for a session (the refresh cookie comes with it). */
export const exchangeSocialCode = (input: SocialExchange) => post('/v1/auth/social/exchange', input);

export const useLogin = () => useMutation({ mutationFn: login });
export const useRegister = () => useMutation({ mutationFn: register });
