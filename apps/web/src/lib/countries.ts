import { useMemo } from 'react';
import { ADDRESS_COUNTRIES, DEFAULT_COUNTRY } from '@boutique/contracts/constants';

/** A country's name from its ISO code in `lang`: the language's own region names, or the code where unknown. */
export function countryNamer(lang: string): (code: string) => string {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([lang], { type: 'region' });
  } catch {
    names = undefined;
  }
  return (code) => {
    if (!code) return '';
    try {
      return names?.of(code) ?? code;
    } catch {
      return code;
    }
  };
}

export function useCountryName(lang: string) {
  return useMemo(() => countryNamer(lang), [lang]);
}

/**
 * The countries of every address form: the UAE first, then by name in `lang`. A saved address in a country the
 * list does not name (`current`) stays choosable.
 */
export function useCountries(lang: string, current?: string): { code: string; name: string }[] {
  return useMemo(() => {
    const name = countryNamer(lang);
    const codes: string[] = [...ADDRESS_COUNTRIES];
    if (current && !codes.includes(current)) codes.push(current);
    const collator = new Intl.Collator(lang);
    return codes
      .map((code) => ({ code, name: name(code) }))
      .sort((a, b) =>
        a.code === DEFAULT_COUNTRY ? -1 : b.code === DEFAULT_COUNTRY ? 1 : collator.compare(a.name, b.name),
      );
  }, [lang, current]);
}
