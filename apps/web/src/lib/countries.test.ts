import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { ADDRESS_COUNTRIES } from '@boutique/contracts/constants';
import { countryNamer, useCountries } from './countries';

describe('the countries of the address forms', () => {
  it.each(['en', 'fr', 'ar'])('offers every country of the list in %s, named, the UAE first', (lang) => {
    const { result } = renderHook(() => useCountries(lang));
    const codes = result.current.map((c) => c.code);
    expect(codes[0]).toBe('AE');
    expect([...codes].sort()).toEqual([...ADDRESS_COUNTRIES].sort());
    for (const { code, name } of result.current) expect(name).not.toBe(code);
    expect(codes).toEqual(expect.arrayContaining(['AU', 'IE', 'TR']));
  });

  it('names countries in the language of the page', () => {
    expect(countryNamer('en')('MA')).toBe('Morocco');
    expect(countryNamer('fr')('MA')).toBe('Maroc');
    expect(countryNamer('ar')('MA')).toBe('المغرب');
  });

  it('keeps a saved address country the list does not name, and shows an unknown code as it is', () => {
    const { result } = renderHook(() => useCountries('en', 'JP'));
    expect(result.current.find((c) => c.code === 'JP')?.name).toBe('Japan');
    expect(countryNamer('en')('not a code')).toBe('not a code');
  });
});
