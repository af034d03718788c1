import { isIP } from 'node:net';
import { z } from 'zod';
import ipaddr from 'ipaddr.js';

/** proxy-addr's names for whole ranges, which Fastify accepts in a list of proxies. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Which family every client of would be trusted by these proxy ranges together (`0.0.0.0/0`, or
 * `0.0.0.0/1,128.0.0.0/1`, or `::ffff:0:0/96`, which covers every IPv4 client as proxy-addr reads it), if any.
 */
function trustsEveryClient(entries: string[]): 'IPv4' | 'IPv6' | undefined {
  const ranges: Record<'ipv4' | 'ipv6', [bigint, bigint][]> = { ipv4: [], ipv6: [] };
  const MAPPED = 0xffff00000000n;
  for (const entry of entries) {
    if (PROXY_RANGE_NAMES.has(entry)) continue;
    const [address, bits] = entry.includes('/')
      ? ipaddr.parseCIDR(entry)
      : [ipaddr.parse(entry), ipaddr.parse(entry).kind() === 'ipv4' ? 32 : 128];
    const width = address.kind() === 'ipv4' ? 32 : 128;
    const value = address.toByteArray().reduce((n, byte) => (n << 8n) | BigInt(byte), 0n);
    const size = 1n << BigInt(width - bits);
    const start = value - (value % size);
    const end = start + size - 1n;
    ranges[address.kind()].push([start, end]);
    if (address.kind() === 'ipv6') {
      const from = start > MAPPED ? start : MAPPED;
      const to = end < MAPPED + 0xffffffffn ? end : MAPPED + 0xffffffffn;
      if (from <= to) ranges.ipv4.push([from - MAPPED, to - MAPPED]);
    }
  }
  const coversAll = (list: [bigint, bigint][], last: bigint) => {
    let next = 0n;
    for (const [start, end] of list.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
      if (start > next) return false;
      if (end + 1n > next) next = end + 1n;
      if (next > last) return true;
    }
    return false;
  };
  if (coversAll(ranges.ipv4, 0xffffffffn)) return 'IPv4';
  if (coversAll(ranges.ipv6, (1n << 128n) - 1n)) return 'IPv6';
  return undefined;
}

/** An address (`10.0.0.5`, `::1`) or a range (`10.0.0.0/8`, `fd00::/8`), or one of PROXY_RANGE_NAMES. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies in front of the shop are trusted to say who the client is (X-Forwarded-For): none (`false`),
 * the nearest N (a hop count), or those at the listed addresses and ranges. `true` (every one, so the leftmost
 * address, which the client itself can write) is refused.
 */
const trustProxy = z
  .string()
  .trim()
  .default('false')
  .transform((value, ctx): false | number | string[] => {
    if (value === '' || value === 'false' || value === '0') return false;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    const entries = value.split(',').map((e) => e.trim());
    if (value !== 'true' && entries.every(isProxyAddress)) {
      const everyone = trustsEveryClient(entries);
      if (!everyone) return entries;
      ctx.addIssue({
        code: 'custom',
        message: `these ranges together trust every ${everyone} client, so any client could name its own address: list only your proxies' addresses and ranges, or a hop count`,
      });
      return z.NEVER;
    }
    ctx.addIssue({
      code: 'custom',
      message:
        'name the proxies: a hop count (1 behind one load balancer) or their addresses and ranges (10.0.0.0/8,::1); "true" would trust any client',
    });
    return z.NEVER;
  });

export const ProxyEnv = z.object({ TRUST_PROXY: trustProxy });
export type ProxyEnv = z.infer<typeof ProxyEnv>;

export interface ProxyConfig {
  /** Fastify's `trustProxy`: false, a hop count, or the proxies' addresses and ranges. */
  trustProxy: false | number | string[];
}

export function proxyConfig(e: ProxyEnv): ProxyConfig {
  return { trustProxy: e.TRUST_PROXY };
}
