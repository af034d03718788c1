import type { Language, ShopInfo } from '@boutique/contracts';
import { DEFAULT_SHOP_TIMEZONE } from '@boutique/contracts/constants';

export type { ShopInfo };

/** What the server writes into the page: shop details, the route's API answers and its translations. */
export interface BootData {
  shop: ShopInfo;
  queries: { key: unknown[]; data: unknown }[];
  i18n: { lng: Language; resources: Record<string, Record<string, unknown>> };
}

const FALLBACK_SHOP: ShopInfo = {
  name: 'Dar Lalla',
  whatsappNumber: '971501234567',
  phone: '+971 50 123 4567',
  email: 'hello@darlalla.ae',
  address: 'Alserkal Avenue, Al Quoz 1, Dubai, United Arab Emirates',
  trn: null,
  instagramUrl: 'https://www.instagram.com/',
  facebookUrl: 'https://www.facebook.com/',
  tiktokUrl: 'https://www.tiktok.com/',
  timeZone: DEFAULT_SHOP_TIMEZONE,
  timeZoneOffsetMinutes: 240,
  publicUrl: typeof location === 'undefined' ? 'http://localhost:3000' : location.origin,
};

let cached: BootData | undefined;

/** On the server (entry-server.tsx) the shop details are given, not read from a page. */
export function setServerBootData(data: BootData) {
  cached = data;
}

/** Read once; the Vite dev server serves no boot data, so everything has a fallback. */
export function bootData(): BootData {
  if (cached) return cached;
  let parsed: Partial<BootData> = {};
  try {
    const text = document.getElementById('boot-data')?.textContent;
    if (text) parsed = JSON.parse(text) as Partial<BootData>;
  } catch {
    parsed = {};
  }
  cached = {
    shop: { ...FALLBACK_SHOP, ...parsed.shop },
    queries: parsed.queries ?? [],
    i18n: parsed.i18n ?? { lng: 'en', resources: {} },
  };
  return cached;
}

/** SHOP_TIMEZONE, as the server gave it: the zone of every day and date the shop shows (contracts' shop-time). */
export function shopTimeZone(): string {
  return bootData().shop.timeZone;
}

/** The zone's offset from UTC when the page was made, for counting shop days in the first load. */
export function shopTimeZoneOffset(): number {
  return bootData().shop.timeZoneOffsetMinutes;
}
