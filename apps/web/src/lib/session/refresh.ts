/** The name of the lock every tab of the shop takes before spending the refresh cookie. */
export const REFRESH_LOCK = 'boutique:auth-refresh';

/** The part of `navigator.locks` used here. */
export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export interface RefresherDeps {
  readToken(): string | null;
  writeToken(token: string): void;
  /** Spends the refresh cookie: the new access token, or null when the server has ended the sign-in. */
  requestRefresh(): Promise<string | null>;
  /** `navigator.locks` where the browser has it. */
  locks?: LockManagerLike;
}

/**
 * The refresh cookie is single-use and the server revokes the whole sign-in when it sees one twice, so two
 * refreshes must never overlap: one at a time in a tab (concurrent callers share it), one at a time across tabs
 * (a Web Lock), and a tab that waited for the lock first looks whether the token changed meanwhile — another
 * tab refreshed, its cookie is already spent and its token is good — and uses it instead.
 */
export function createTokenRefresher(deps: RefresherDeps) {
  let inFlight: Promise<string | null> | null = null;

  const run = async (staleToken: string) => {
    const current = deps.readToken();
    if (current && current !== staleToken) return current;
    const token = await deps.requestRefresh();
    if (token) deps.writeToken(token);
    return token;
  };

  return function refresh(staleToken: string): Promise<string | null> {
    inFlight ??= (
      deps.locks ? deps.locks.request(REFRESH_LOCK, () => run(staleToken)) : run(staleToken)
    ).finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
}
