import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './http-error.js';
import { securityEvent } from './security-log.js';

export interface RateLimitCount {
  /** Hits in the current window, this one included. */
  count: number;
  /** When the current window ends (ms since the epoch). */
  resetAt: number;
}

/**
 * Where counters live. The in-process store serves one instance (and the embedded demo); instances behind a
 * load balancer share their counters in Redis when REDIS_URL is set (RedisRateLimitStore).
 */
export interface RateLimitStore {
  hit(key: string, windowMs: number): Promise<RateLimitCount>;
  /** Hits in the current window, without counting one more. */
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

/** Fixed windows in a Map; expired windows are swept at most once a minute, and the map is bounded. */
export class MemoryRateLimitStore implements RateLimitStore {
  readonly #windows = new Map<string, RateLimitCount>();
  #nextSweep = 0;

  constructor(
    private readonly maxKeys = 100_000,
    private readonly now: () => number = Date.now,
  ) {}

  get size() {
    return this.#windows.size;
  }

  async hit(key: string, windowMs: number): Promise<RateLimitCount> {
    const now = this.now();
    this.#sweep(now);
    const current = this.#windows.get(key);
    if (current && current.resetAt > now) {
      current.count += 1;
      return { ...current };
    }
    this.#windows.delete(key);
    if (this.#windows.size >= this.maxKeys) {
      // Flooded with distinct keys: forget the oldest windows rather than grow without bound.
      const oldest = this.#windows.keys().next();
      if (!oldest.done) this.#windows.delete(oldest.value);
    }
    const fresh = { count: 1, resetAt: now + windowMs };
    this.#windows.set(key, fresh);
    return { ...fresh };
  }

  async count(key: string): Promise<number> {
    const current = this.#windows.get(key);
    return current && current.resetAt > this.now() ? current.count : 0;
  }

  async reset(key: string): Promise<void> {
    this.#windows.delete(key);
  }

  #sweep(now: number) {
    if (now < this.#nextSweep) return;
    this.#nextSweep = now + 60_000;
    for (const [key, window] of this.#windows) if (window.resetAt <= now) this.#windows.delete(key);
  }
}

/**
 * One fixed window per key, atomically: the first hit of a window starts its expiry. The expiry is set again
 * if it is ever missing, so that a key can never count forever.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

/** The part of a Redis client the store uses (an ioredis client). */
export interface RedisCommands {
  eval(script: string, numKeys: number, ...args: (string | number)[]): Promise<unknown>;
  get(key: string): Promise<string | null>;
  del(...keys: string[]): Promise<number>;
}

/**
 * Counters shared by every instance, in Redis. Each instance also counts its own hits in `fallback` and
 * answers the larger count: while Redis cannot be reached each instance goes on counting alone (rather than
 * letting every attempt through or refusing every shopper), and what it counted then still counts after Redis
 * returns, even a Redis that restarted empty. `onError` hears of each failure.
 */
export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: RedisCommands,
    private readonly options: {
      /** Put before every key, e.g. `boutique:rate:`. */
      prefix: string;
      fallback: RateLimitStore;
      onError: (err: unknown) => void;
      now?: () => number;
    },
  ) {}

  /** Keys name e-mail addresses and client addresses: Redis sees only their digest. */
  keyOf(key: string): string {
    return this.options.prefix + createHash('sha256').update(key).digest('base64url');
  }

  async hit(key: string, windowMs: number): Promise<RateLimitCount> {
    const local = await this.options.fallback.hit(key, windowMs);
    try {
      const answer = await this.redis.eval(HIT_SCRIPT, 1, this.keyOf(key), windowMs);
      if (!Array.isArray(answer) || typeof answer[0] !== 'number' || typeof answer[1] !== 'number') {
        throw new Error(`unexpected answer from the rate limit script: ${JSON.stringify(answer)}`);
      }
      const now = this.options.now ?? Date.now;
      const shared = { count: answer[0], resetAt: now() + answer[1] };
      return shared.count >= local.count ? shared : local;
    } catch (err) {
      this.options.onError(err);
      return local;
    }
  }

  async count(key: string): Promise<number> {
    const local = await this.options.fallback.count(key);
    try {
      return Math.max(local, Number((await this.redis.get(this.keyOf(key))) ?? 0));
    } catch (err) {
      this.options.onError(err);
      return local;
    }
  }

  async reset(key: string): Promise<void> {
    await this.options.fallback.reset(key);
    try {
      await this.redis.del(this.keyOf(key));
    } catch (err) {
      this.options.onError(err);
    }
  }
}

export interface RateLimitVerdict {
  allowed: boolean;
  /** Seconds until another attempt is allowed (when not allowed). */
  retryAfterS: number;
}

export interface RateLimit {
  /** Names the counter, e.g. `login:ip`. */
  name: string;
  max: number;
  windowS: number;
}

export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt against `limit` for `key`. */
  async consume(limit: RateLimit, key: string): Promise<RateLimitVerdict> {
    const { count, resetAt } = await this.store.hit(`${limit.name}:${key}`, limit.windowS * 1000);
    if (count <= limit.max) return { allowed: true, retryAfterS: 0 };
    return { allowed: false, retryAfterS: Math.max(1, Math.ceil((resetAt - this.now()) / 1000)) };
  }

  /** Attempts counted against `limit` for `key` in the current window. */
  count(limit: RateLimit, key: string): Promise<number> {
    return this.store.count(`${limit.name}:${key}`);
  }

  reset(limit: RateLimit, key: string): Promise<void> {
    return this.store.reset(`${limit.name}:${key}`);
  }
}

/**
 * The part of a client address that identifies one subscriber: IPv4 as is, IPv6 by its /64 (one home or
 * phone usually holds a whole /64 and could otherwise rotate through addresses to dodge a limit).
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Counts one attempt against each limit in turn; the first one exceeded answers 429 with Retry-After. */
export type Throttle = (
  request: FastifyRequest,
  reply: FastifyReply,
  checks: [RateLimit, string][],
  userId?: number,
) => Promise<void>;

/** Every limited route answers 429 the same way, and the refusal is a security event in the log. */
export function createThrottle(limiter: RateLimiter): Throttle {
  return async (request, reply, checks, userId) => {
    for (const [limit, key] of checks) {
      const verdict = await limiter.consume(limit, key);
      if (verdict.allowed) continue;
      securityEvent(request, 'rate_limited', { userId, reason: limit.name });
      const minutes = Math.ceil(verdict.retryAfterS / 60);
      void reply.header('retry-after', String(verdict.retryAfterS));
      throw new HttpError(
        429,
        `Too many attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
      );
    }
  };
}
