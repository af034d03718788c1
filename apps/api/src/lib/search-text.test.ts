import { describe, expect, it } from 'vitest';
import { escapeLike, searchCacheKey } from './search-text.js';

describe('escapeLike', () => {
  it('escapes the LIKE wildcards and the escape character', () => {
    expect(escapeLike('100%_a\\b')).toBe('100\\%\\_a\\\\b');
  });
});

describe('searchCacheKey', () => {
  it('merges case and spacing only', () => {
    expect(searchCacheKey('  Green\tCAFTAN ')).toBe('green caftan');
    expect(searchCacheKey('brodé')).not.toBe(searchCacheKey('brode'));
  });
});
