/** Couriers the shop ships with, and where a shopper follows a parcel (zod-free: the storefront shows them). */
export const CARRIERS = {
  aramex: { name: 'Aramex', track: 'https://www.aramex.com/us/en/track/results?ShipmentNumber=' },
  dhl: { name: 'DHL Express', track: 'https://www.dhl.com/ae-en/home/tracking.html?tracking-id=' },
  fedex: { name: 'FedEx', track: 'https://www.fedex.com/fedextrack/?trknbr=' },
  ups: { name: 'UPS', track: 'https://www.ups.com/track?tracknum=' },
  'emirates-post': { name: 'Emirates Post', track: null },
} as const satisfies Record<string, { name: string; track: string | null }>;
export type Carrier = keyof typeof CARRIERS;

/** The carrier's name as people write it: a known key (`dhl`) gives its proper name, anything else stays. */
export function carrierName(carrier: string): string {
  return (CARRIERS as Record<string, { name: string }>)[carrier.trim().toLowerCase()]?.name ?? carrier.trim();
}

/** The page that follows a parcel, when the carrier is one we know and has one. */
export function trackingUrl(carrier: string, trackingNumber: string): string | undefined {
  const known = (CARRIERS as Record<string, { track: string | null }>)[carrier.trim().toLowerCase()];
  return known?.track ? `${known.track}${encodeURIComponent(trackingNumber.trim())}` : undefined;
}
