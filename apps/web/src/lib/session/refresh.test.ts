import { describe, expect, it, vi } from 'vitest';
import { createTokenRefresher, type LockManagerLike } from './refresh';

/** One lock shared by several "tabs", granted in turn like navigator.locks. */
function fakeLocks(): LockManagerLike {
  let queue: Promise<unknown> = Promise.resolve();
  return {
    request<T>(_name: string, callback: () => Promise<T>): Promise<T> {
      const next = queue.then(callback);
      queue = next.catch(() => undefined);
      return next;
    },
  };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('token refresh', () => {
  it('sends one refresh for any number of calls refused at the same time in a tab', async () => {
    let token: string | null = 'old';
    const answer = deferred<string | null>();
    const requestRefresh = vi.fn(() => answer.promise);
    const refresh = createTokenRefresher({
      readToken: () => token,
      writeToken: (t) => (token = t),
      requestRefresh,
    });

    const calls = [refresh('old'), refresh('old'), refresh('old')];
    answer.resolve('new');
    expect(await Promise.all(calls)).toEqual(['new', 'new', 'new']);
    expect(requestRefresh).toHaveBeenCalledTimes(1);
    expect(token).toBe('new');

    // Once settled, a later expiry refreshes again.
    requestRefresh.mockResolvedValueOnce('newer');
    expect(await refresh('new')).toBe('newer');
    expect(requestRefresh).toHaveBeenCalledTimes(2);
  });

  it('never spends the refresh cookie twice across tabs: the tab that waited uses the token the other got', async () => {
    // Two tabs share localStorage (the token) and the cookie, and take the same lock.
    let stored: string | null = 'old';
    const locks = fakeLocks();
    const cookieUses: string[] = [];
    const tab = (name: string) =>
      createTokenRefresher({
        readToken: () => stored,
        writeToken: (t) => (stored = t),
        requestRefresh: async () => {
          cookieUses.push(name);
          await new Promise((r) => setTimeout(r, 5));
          return `token-from-${name}`;
        },
        locks,
      });
    const [a, b] = [tab('a'), tab('b')];

    const results = await Promise.all([a('old'), b('old')]);
    expect(cookieUses).toEqual(['a']);
    expect(results).toEqual(['token-from-a', 'token-from-a']);
  });

  it('answers null when the sign-in is over, and lets the next attempt try again', async () => {
    const requestRefresh = vi.fn<() => Promise<string | null>>().mockResolvedValue(null);
    const write = vi.fn();
    const refresh = createTokenRefresher({ readToken: () => 'old', writeToken: write, requestRefresh });
    expect(await refresh('old')).toBeNull();
    expect(write).not.toHaveBeenCalled();
    await expect(refresh('old')).resolves.toBeNull();
    expect(requestRefresh).toHaveBeenCalledTimes(2);
  });

  it('passes a failed request on to every waiting caller, and is free again afterwards', async () => {
    const requestRefresh = vi
      .fn<() => Promise<string | null>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('new');
    const refresh = createTokenRefresher({ readToken: () => 'old', writeToken: () => {}, requestRefresh });
    await expect(Promise.all([refresh('old'), refresh('old')])).rejects.toThrow('offline');
    expect(await refresh('old')).toBe('new');
  });
});
