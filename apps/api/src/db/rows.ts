/** The rows of a raw query (`db.execute`), whichever driver ran it: PGlite answers an array, pg a result. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/**
 * Whether a write failed on a unique constraint (`constraint`, or any when the driver does not name it), however
 * deep the driver or the transaction wrapped the database's error.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: string; constraint?: string };
    if (code === '23505' && (constraint === undefined || name === undefined || name === constraint))
      return true;
  }
  return false;
}
