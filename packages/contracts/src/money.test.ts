import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyOff, fromFils, toFils, vatIncludedFils } from './money.js';

/** What the platform writes for the same amount: the reference the shop's own digits must match. */
const formats = ([0, 2] as const).map(
  (minimumFractionDigits) =>
    new Intl.NumberFormat('en-US', { minimumFractionDigits, maximumFractionDigits: 2 }),
);
const intl = (value: number, minimumFractionDigits: 0 | 2) =>
  formats[minimumFractionDigits / 2]!.format(value);

describe('formatMoney', () => {
  it('writes the digits Intl writes for every amount in whole fils, with and without cents', () => {
    const amounts: number[] = [];
    for (let fils = 0; fils <= 250_000; fils += 1) amounts.push(fils);
    for (let fils = 250_000; fils <= 1e11; fils = Math.floor(fils * 1.37) + 7) amounts.push(fils);
    const differ: string[] = [];
    const check = (actual: string, expected: string) => {
      if (actual !== expected) differ.push(`${actual} (Intl: ${expected})`);
    };
    for (const fils of amounts) {
      for (const value of fils === 0 ? [0] : [fils / 100, -fils / 100]) {
        // One Intl call per amount (two for whole dirhams): Intl is most of this test's time, which must stay
        // well inside the 5 s a test gets on two busy cores.
        const withFils = intl(value, 2);
        const asWritten = fils % 100 !== 0 ? withFils : intl(value, 0);
        check(formatMoney(value, 'en'), `AED\u00a0${asWritten}`);
        check(formatMoney(value, 'en', { cents: true }), `AED\u00a0${withFils}`);
        check(formatMoney(value.toFixed(2), 'ar'), `${asWritten}\u00a0د.إ`);
      }
    }
    expect(differ.slice(0, 5)).toEqual([]);
    expect(amounts.length).toBeGreaterThan(250_000);
  });

  it('reads the decimal strings of the wire as they are', () => {
    expect(formatMoney('1250.00', 'en')).toBe('AED\u00a01,250');
    expect(formatMoney('12500.5', 'fr')).toBe('AED\u00a012,500.50');
    expect(formatMoney('0.29', 'en')).toBe('AED\u00a00.29');
    expect(formatMoney('1234567.89', 'ar')).toBe('1,234,567.89\u00a0د.إ');
    expect(formatMoney('95', 'en', { cents: true })).toBe('AED\u00a095.00');
  });

  it('shows zero, never NaN or a minus sign, for what is not an amount or rounds to nothing', () => {
    expect(formatMoney('abc', 'en')).toBe('AED\u00a00');
    expect(formatMoney(Number.NaN, 'ar')).toBe('0\u00a0د.إ');
    expect(formatMoney(Infinity, 'en', { cents: true })).toBe('AED\u00a00.00');
    expect(formatMoney(-0.001, 'en')).toBe('AED\u00a00');
  });
});

describe('vatIncludedFils', () => {
  it('is the gross times 5/105, rounded half up to the fils', () => {
    expect(vatIncludedFils(105_00)).toBe(5_00);
    expect(vatIncludedFils(1)).toBe(0);
    expect(vatIncludedFils(11)).toBe(1);
    expect(() => vatIncludedFils(-1)).toThrow(RangeError);
  });
});

describe('fils', () => {
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

  it('writes what a discount takes off with its sign on the left of the digits, in Arabic too', () => {
    expect(formatMoneyOff('330.00', 'en')).toBe('\u2212AED\u00a0330');
    expect(formatMoneyOff(12.5, 'fr')).toBe('\u2212AED\u00a012.50');
    // The left-to-right mark makes the sign and the digits one left-to-right run inside the Arabic line.
    expect(formatMoneyOff('1330', 'ar')).toBe('\u200e\u22121,330\u00a0د.إ');
  });
});
