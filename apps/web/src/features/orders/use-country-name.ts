import { useMemo } from 'react';

/** A country's name from its ISO code in `lang` (the code itself where the browser does not know it). */
export function useCountryName(lang: string) {
  return useMemo(() => {
    let names: Intl.DisplayNames | undefined;
    try {
      names = new Intl.DisplayNames([lang], { type: 'region' });
    } catch {
      names = undefined;
    }
    return (code: string) => {
      if (!code) return '';
      try {
        return names?.of(code) ?? code;
      } catch {
        return code;
      }
    };
  }, [lang]);
}
