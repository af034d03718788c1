import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, truncate } from './format';

describe('formatMoney', () => {
  it('writes AED before the amount in English and French, with thousands separators', () => {
    expect(formatMoney('1250.00', 'en')).toBe('AED\u00a01,250');
    expect(formatMoney(1250, 'fr')).toBe('AED\u00a01,250');
    expect(formatMoney('12500.5', 'en')).toBe('AED\u00a012,500.50');
  });

  it('writes the Arabic symbol after the amount in Arabic', () => {
    expect(formatMoney('1250.00', 'ar')).toBe('1,250\u00a0د.إ');
    expect(formatMoney('0', 'ar')).toBe('0\u00a0د.إ');
  });

  it('shows zero for what is not a number rather than NaN', () => {
    expect(formatMoney('abc', 'en')).toBe('AED\u00a00');
  });
});

describe('formatDate', () => {
  it('uses the long format of each language', () => {
    const d = '2026-03-20T10:00:00Z';
    expect(formatDate(d, 'en')).toBe('20 March 2026');
    expect(formatDate(d, 'fr')).toBe('20 mars 2026');
    expect(formatDate(d, 'ar')).toMatch(/مارس|2026/);
  });

  it('is the shop’s date (Asia/Dubai by default) whatever the zone of the device', () => {
    // 21:30 UTC on the 1st is 01:30 on the 2nd in Dubai: the invoice says the 2nd to every viewer.
    const late = '2026-03-01T21:30:00Z';
    expect(formatDate(late, 'en')).toBe('2 March 2026');
    expect(formatDate(late, 'en', 'America/New_York')).toBe('1 March 2026');
    expect(formatDateTime(late, 'en')).toBe('2 Mar 2026, 01:30');
  });
});

describe('truncate', () => {
  it('keeps short text and cuts long text at a word with an ellipsis', () => {
    expect(truncate('short', 160)).toBe('short');
    const long = 'word '.repeat(50);
    const cut = truncate(long, 160);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith('word…')).toBe(true);
  });
});
