import { describe, expect, it } from 'vitest';
import { clientAmountToFils, fromFils, toFils } from './money.js';

describe('money', () => {
  it('converts between decimal strings and integer fils exactly', () => {
    expect(toFils('1250.00')).toBe(125_000);
    expect(toFils('0.1')).toBe(10);
    expect(toFils('19.99')).toBe(1999);
    expect(fromFils(125_000)).toBe('1250.00');
    expect(fromFils(5)).toBe('0.05');
    expect(fromFils(toFils('0.10') + toFils('0.20'))).toBe('0.30');
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['', '-1.00', '1.234', 'abc', '1e3', '1,250.00'])
      expect(() => toFils(bad)).toThrow(RangeError);
    expect(() => fromFils(-1)).toThrow(RangeError);
    expect(() => fromFils(1.5)).toThrow(RangeError);
  });

  it('reads a client amount given as a number or a string, to the fils', () => {
    expect(clientAmountToFils(19.99)).toBe(1999);
    expect(clientAmountToFils(1250)).toBe(125_000);
    expect(clientAmountToFils(0.1 + 0.2)).toBe(30);
    expect(clientAmountToFils('1250.5')).toBe(125_050);
    for (const bad of [12.345, -1, Number.NaN, Infinity, '12.345', 'abc'])
      expect(clientAmountToFils(bad)).toBeUndefined();
  });
});
