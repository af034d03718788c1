import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** At most one warning a minute about an unreachable dependency: a dead server must not flood the log. */
export function throttledWarning(log: FastifyBaseLogger, message: string, everyMs = 60_000) {
  let last = -Infinity;
  return (err: unknown) => {
    const now = Date.now();
    if (now - last < everyMs) return;
    last = now;
    log.warn({ err }, message);
  };
}

/** Refused at once: Redis is known to be down, and no request waits for it (RedisGuard). */
export class RedisUnavailableError extends Error {
  override name = 'RedisUnavailableError';
  constructor() {
    super('Redis is unavailable');
  }
}

/** The commands the shop sends Redis (rate limits, ended sign-ins, readiness), each failing fast. */
export interface GuardedCommands {
  eval(script: string, numKeys: number, ...args: (string | number)[]): Promise<unknown>;
  get(key: string): Promise<string | null>;
  del(...keys: string[]): Promise<number>;
  set(key: string, value: string, mode: 'EX', seconds: number): Promise<unknown>;
  exists(...keys: string[]): Promise<number>;
  ping(): Promise<unknown>;
}

/**
 * Redis as a dependency the shop degrades around (docs/decisions/031). Every command has a short timeout; the
 * first failure marks Redis down, logs one warning for the whole outage, and from then on every command fails
 * at once (its caller falls back to what this instance knows) while a probe pings Redis every `probeMs`. The
 * first answer marks it up again, logs it, and runs the recovery hooks (ended sign-ins written meanwhile).
 */
export class RedisGuard {
  #down = false;
  #probe: NodeJS.Timeout | undefined;
  #closed = false;
  readonly #recoveries: (() => Promise<void>)[] = [];
  readonly commands: GuardedCommands;

  constructor(
    readonly client: Redis,
    private readonly log: FastifyBaseLogger,
    private readonly probeMs = 1000,
  ) {
    const c = client;
    this.commands = {
      eval: (script, numKeys, ...args) => this.#call(() => c.eval(script, numKeys, ...args)),
      get: (key) => this.#call(() => c.get(key)),
      del: (...keys) => this.#call(() => c.del(...keys)),
      set: (key, value, mode, seconds) => this.#call(() => c.set(key, value, mode, seconds)),
      exists: (...keys) => this.#call(() => c.exists(...keys)),
      ping: () => this.#call(() => c.ping()),
    };
    // The connection dropped (killed, restarted, network): down until a ping answers.
    client.on('error', (err: unknown) => this.failed(err));
    client.on('close', () => this.failed(new Error('connection closed')));
  }

  /** Whether commands are sent to Redis at all (false during an outage). */
  get available(): boolean {
    return !this.#down && !this.#closed;
  }

  /** Runs after every outage, once Redis answers again. */
  onRecover(hook: () => Promise<void>) {
    this.#recoveries.push(hook);
  }

  async #call<T>(command: () => Promise<T>): Promise<T> {
    if (!this.available) throw new RedisUnavailableError();
    try {
      return await command();
    } catch (err) {
      this.failed(err);
      throw err;
    }
  }

  /** Marks Redis down (once per outage) and starts probing for its return. */
  failed(err: unknown) {
    if (this.#down || this.#closed) return;
    this.#down = true;
    this.log.warn(
      { err },
      'Redis is unavailable: rate limits and ended sign-ins are kept in this instance until it answers again',
    );
    this.#probe = setInterval(() => void this.#tryAgain(), this.probeMs);
    this.#probe.unref();
  }

  #probing = false;
  async #tryAgain() {
    if (this.#probing || this.#closed) return;
    this.#probing = true;
    try {
      await this.client.ping();
    } catch {
      return;
    } finally {
      this.#probing = false;
    }
    if (!this.#down) return;
    clearInterval(this.#probe);
    this.#down = false;
    this.log.info('Redis answers again: rate limits and ended sign-ins are shared through it again');
    for (const hook of this.#recoveries) {
      await hook().catch((err: unknown) => this.failed(err));
    }
  }

  async close() {
    this.#closed = true;
    clearInterval(this.#probe);
    await this.client.quit().catch(() => this.client.disconnect());
  }
}

export interface RedisTimeouts {
  /** How long a command may take before it counts as a failure (REDIS_TIMEOUT_MS). */
  commandMs: number;
  /** How long connecting at start may take. */
  connectMs: number;
}

/**
 * Connects to REDIS_URL before the shop starts: a server that cannot be reached (or does not answer) stops the
 * start with one clear line, as a bad DATABASE_URL does. Afterwards commands fail at once while the connection
 * is down (no queue that would hold a request), time out after `commandMs`, and the client reconnects by itself.
 */
export async function connectRedis(
  url: string,
  log: FastifyBaseLogger,
  timeouts: RedisTimeouts = { commandMs: 500, connectMs: 5_000 },
): Promise<RedisGuard> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeouts.connectMs,
    commandTimeout: timeouts.commandMs,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    // Reconnect quickly after an outage: the probe notices the return within its next tick.
    retryStrategy: (times) => Math.min(times * 100, 1000),
  });
  let failure: unknown;
  const early = (err: unknown) => {
    failure = err;
  };
  redis.on('error', early);
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      redis.connect(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${timeouts.connectMs} ms`)),
          timeouts.connectMs,
        );
      }),
    ]);
  } catch (err) {
    redis.disconnect();
    // The socket's own error (ECONNREFUSED, ENOTFOUND, a refused password) says more than "Connection is closed".
    const reason = failure ?? err;
    const text = reason instanceof Error ? reason.message : String(reason);
    throw new Error(`REDIS_URL: could not connect to Redis (${text})`, { cause: err });
  } finally {
    clearTimeout(timer);
  }
  redis.off('error', early);
  return new RedisGuard(redis, log);
}
