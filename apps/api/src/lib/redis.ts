import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** At most one warning a minute about an unreachable Redis: a dead server must not flood the log. */
export function throttledWarning(log: FastifyBaseLogger, message: string, everyMs = 60_000) {
  let last = -Infinity;
  return (err: unknown) => {
    const now = Date.now();
    if (now - last < everyMs) return;
    last = now;
    log.warn({ err }, message);
  };
}

/**
 * Connects to REDIS_URL before the shop starts: a server that cannot be reached stops the start with one clear
 * line, as a bad DATABASE_URL does. Afterwards commands fail at once while the connection is down (no queue
 * that would hold a login for seconds), and the client reconnects by itself.
 */
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 5_000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  const warn = throttledWarning(log, 'Redis is unreachable: rate limits are counted per instance meanwhile');
  let connected = false;
  let failure: unknown;
  redis.on('error', (err: unknown) => {
    if (connected) warn(err);
    else failure = err;
  });
  try {
    await redis.connect();
  } catch (err) {
    redis.disconnect();
    // The socket's own error (ECONNREFUSED, ENOTFOUND, a refused password) says more than "Connection is closed".
    const reason = failure ?? err;
    const text = reason instanceof Error ? reason.message : String(reason);
    throw new Error(`REDIS_URL: could not connect to Redis (${text})`, { cause: err });
  }
  connected = true;
  return redis;
}
