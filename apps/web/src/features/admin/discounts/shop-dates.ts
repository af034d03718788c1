import { utcOffsetMinutes } from '@boutique/contracts/constants';

/** An instant as a `datetime-local` value on the shop's clock (`2026-03-20T00:00`); '' for none. */
export function toShopLocal(iso: string | null, zone: string): string {
  if (!iso) return '';
  const at = Date.parse(iso);
  return new Date(at + utcOffsetMinutes(zone, at) * 60_000).toISOString().slice(0, 16);
}

/** A `datetime-local` value read on the shop's clock, as an ISO instant; null for an empty one. */
export function fromShopLocal(local: string, zone: string): string | null {
  if (!local) return null;
  const wall = Date.parse(`${local}:00Z`);
  if (Number.isNaN(wall)) return null;
  // The offset at the instant itself (a zone may change its offset): guessed, then checked once.
  let at = wall - utcOffsetMinutes(zone, wall) * 60_000;
  at = wall - utcOffsetMinutes(zone, at) * 60_000;
  return new Date(at).toISOString();
}
