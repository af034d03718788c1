import type { Image, Language, LocalizedText, ProductSummary } from '@boutique/contracts';
import { THUMBNAIL_WIDTH, daysBetween, shopDayAtOffset } from '@boutique/contracts/constants';
import { shopTimeZoneOffset } from './boot';

const NEW_FOR_DAYS = 30;

/** The name in the active language (Arabic, French or English), falling back to English then Arabic. */
export function localized(text: LocalizedText, lang: string): string {
  return text[lang as Language] || text.en || text.ar;
}

/** The owner's search-engine words in this language, else the page's own (never another language's). */
export function seoText(seo: LocalizedText, own: LocalizedText, lang: string): string {
  return seo[lang as Language] || localized(own, lang);
}

/**
 * New for NEW_FOR_DAYS days of the shop's calendar from the day it was added (SHOP_TIMEZONE), counted with the
 * zone's offset the server gave with the page: product cards are in the first load, where a time zone formatter
 * would cost a phone 130-200 ms.
 */
export function isNew(
  product: Pick<ProductSummary, 'created_at'>,
  now: number = Date.now(),
  offsetMinutes = shopTimeZoneOffset(),
): boolean {
  return (
    daysBetween(shopDayAtOffset(product.created_at, offsetMinutes), shopDayAtOffset(now, offsetMinutes)) <
    NEW_FOR_DAYS
  );
}

export const PLACEHOLDER_IMAGE: Image = {
  url: '/placeholder.svg',
  srcset: '',
  width: 900,
  height: 1200,
  sort_order: 0,
};

/** The renditions a picture's `srcset` names, narrowest first. */
function renditions(image: Pick<Image, 'srcset'>): { url: string; width: number }[] {
  return image.srcset
    .split(',')
    .map((entry) => /^\s*(\S+)\s+(\d+)w\s*$/.exec(entry))
    .flatMap((match) => (match?.[1] ? [{ url: match[1], width: Number(match[2]) }] : []))
    .sort((a, b) => a.width - b.width);
}

/**
 * The one URL a cart line keeps for its picture: the smallest rendition of `srcset` at least THUMBNAIL_WIDTH
 * wide, else the image's own URL. The server's cart chooses the same one (apps/api catalog/images.ts).
 */
export function thumbnailUrl(image: Pick<Image, 'url' | 'srcset'> | undefined): string {
  if (!image) return '';
  return renditions(image).find((c) => c.width >= THUMBNAIL_WIDTH)?.url ?? image.url;
}

/** The largest rendition the picture pipeline made of a picture (1200 px for a product's): to see it up close. */
export function largestRendition(image: Image): { url: string; width: number; height: number } {
  const largest = renditions(image).at(-1);
  if (!largest || largest.width <= image.width) return image;
  return {
    url: largest.url,
    width: largest.width,
    height: Math.round((image.height * largest.width) / image.width),
  };
}
