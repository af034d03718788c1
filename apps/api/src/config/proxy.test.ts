import { describe, expect, it } from 'vitest';
import { loadConfig } from './index.js';

describe('the proxies trusted to name the client (TRUST_PROXY)', () => {
  it('trusts none by default, a hop count, or listed addresses and ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.4,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.4',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses "true", which would let any client name itself, and anything that is not an address', () => {
    for (const value of ['true', '10.0.0.0/33', 'proxy.internal', '10.0.0.1, nonsense', '::1/129']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(
        /^Invalid configuration: TRUST_PROXY: name the proxies/,
      );
    }
  });
});

describe('TRUST_PROXY never trusts every client, however it is written', () => {
  it('refuses, naming TRUST_PROXY, any set of ranges that together covers every IPv4 or IPv6 address', () => {
    const cases: [string, 'IPv4' | 'IPv6'][] = [
      ['0.0.0.0/0', 'IPv4'],
      ['0.0.0.0/1,128.0.0.0/1', 'IPv4'],
      ['10.0.0.0/8, 0.0.0.0/2, 64.0.0.0/2, 128.0.0.0/2, 192.0.0.0/3, 224.0.0.0/3', 'IPv4'],
      // proxy-addr reads an IPv4 client against IPv6 ranges through its mapped address.
      ['::ffff:0:0/96', 'IPv4'],
      ['::ffff:0.0.0.0/97,128.0.0.0/1', 'IPv4'],
      ['::/0', 'IPv4'],
      ['::/1,8000::/1', 'IPv4'],
      ['10.0.0.0/8,::/0', 'IPv4'],
    ];
    for (const [value, family] of cases) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(
        `Invalid configuration: TRUST_PROXY: these ranges together trust every ${family} client`,
      );
    }
    expect(() => loadConfig({ TRUST_PROXY: '::/1,8000::/1,10.0.0.1' })).toThrow(
      /^Invalid configuration: TRUST_PROXY: /,
    );
  });

  it('accepts wide private ranges and half of either family, which still leave clients their own address', () => {
    for (const value of [
      '0.0.0.0/1',
      '10.0.0.0/8,172.16.0.0/12,192.168.0.0/16',
      '8000::/1',
      '2000::/3,fc00::/7',
      '::ffff:10.0.0.0/104',
    ]) {
      expect(loadConfig({ TRUST_PROXY: value }).trustProxy, value).toEqual(value.split(','));
    }
  });
});
