/**
 * Lists in the translation files come back from `t(key, { returnObjects: true })` untyped. A missing key
 * returns the key itself (a string), so anything that is not an array becomes an empty list.
 */
export function translatedList<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}
