/** Codes that have the alpha-2 form but name no country (user-assigned, or groupings such as EU and UN). */
const NOT_COUNTRIES = new Set(['AA', 'EU', 'EZ', 'QO', 'UN', 'XA', 'XB', 'ZZ']);

let regionNames: Intl.DisplayNames | undefined;

/**
 * An ISO 3166-1 alpha-2 code of a country or territory, upper case: the runtime's region names know it (an
 * unknown code is answered with itself).
 */
export function isCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code) || NOT_COUNTRIES.has(code)) return false;
  regionNames ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  try {
    return regionNames.of(code) !== code;
  } catch {
    return false;
  }
}
