/**
 * The shop's time (SHOP_TIMEZONE, an IANA name; Asia/Dubai by default): every day boundary and every date shown
 * is the shop's, whoever looks and wherever the server runs. The database keeps UTC instants; these functions
 * turn them into the shop's days and back. Zod-free: the storefront formats its dates with them.
 */

export const DEFAULT_SHOP_TIMEZONE = 'Asia/Dubai';

const DAY_MS = 86_400_000;
const parts = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone, made when first needed (making one costs the main thread a few milliseconds). */
function partsIn(zone: string): Intl.DateTimeFormat {
  let format = parts.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    parts.set(zone, format);
  }
  return format;
}

/** Whether the runtime knows this IANA time zone (`Asia/Dubai`, `Europe/Paris`, `UTC`). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The wall clock of the zone at an instant, as UTC milliseconds of the same wall clock. */
function wallClock(instant: number, zone: string): number {
  const p: Record<string, number> = {};
  for (const { type, value } of partsIn(zone).formatToParts(instant)) {
    if (type !== 'literal') p[type] = Number(value);
  }
  return Date.UTC(p.year ?? 1970, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0, p.second ?? 0);
}

/** The shop's day (`YYYY-MM-DD`) of an instant: 21:30 UTC on the 1st is the 2nd in Dubai. */
export function shopDay(instant: Date | string | number, zone: string): string {
  return new Date(wallClock(new Date(instant).getTime(), zone)).toISOString().slice(0, 10);
}

/** The zone's offset from UTC at an instant, in minutes (Dubai: 240). */
export function utcOffsetMinutes(zone: string, at: number = Date.now()): number {
  return Math.round((wallClock(at, zone) - Math.floor(at / 1000) * 1000) / 60_000);
}

/**
 * The shop's day of an instant from the zone's offset, without Intl: a page's first date formatter with a time
 * zone costs the main thread 130-200 ms on a phone (4x CPU, measured), too much for a product card's "new" badge
 * in the first load. The offset is the one the server gave with the page (`ShopInfo.timeZoneOffsetMinutes`).
 */
export function shopDayAtOffset(instant: Date | string | number, offsetMinutes: number): string {
  return new Date(new Date(instant).getTime() + offsetMinutes * 60_000).toISOString().slice(0, 10);
}

/** The instant the shop's day begins (its midnight), daylight saving included. */
export function shopDayStart(day: string, zone: string): Date {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(midnight)) throw new RangeError(`Not a day: ${day}`);
  // The zone's offset near that midnight, then again at the guess (it differs across a clock change).
  let guess = midnight - (wallClock(midnight, zone) - midnight);
  guess = midnight - (wallClock(guess, zone) - guess);
  return new Date(guess);
}

/** The day `n` days after (or before) a `YYYY-MM-DD` day. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from one `YYYY-MM-DD` day to another (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}
