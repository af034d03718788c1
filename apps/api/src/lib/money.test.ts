import { describe, expect, it } from 'vitest';
import { clientAmountToFils } from './money.js';

describe('money', () => {
  it('reads a client amount given as a number or a string, to the fils', () => {
    expect(clientAmountToFils(19.99)).toBe(1999);
    expect(clientAmountToFils(1250)).toBe(125_000);
    expect(clientAmountToFils(0.1 + 0.2)).toBe(30);
    expect(clientAmountToFils('1250.5')).toBe(125_050);
    for (const bad of [12.345, -1, Number.NaN, Infinity, '12.345', 'abc'])
      expect(clientAmountToFils(bad)).toBeUndefined();
  });
});
