/** The rows of a raw query (`db.execute`), whichever driver ran it: PGlite answers an array, pg a result. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
