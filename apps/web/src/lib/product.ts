import type { Image, Language, LocalizedText, ProductSummary } from '@boutique/contracts';
import { THUMBNAIL_WIDTH } from '@boutique/contracts/constants';

const NEW_FOR_DAYS = 30;

/** The name in the active language (Arabic, French or English), falling back to English then Arabic. */
export function localized(text: LocalizedText, lang: string): string {
  return text[lang as Language] || text.en || text.ar;
}

export function isNew(product: Pick<ProductSummary, 'created_at'>, now = Date.now()): boolean {
  return now - new Date(product.created_at).getTime() < NEW_FOR_DAYS * 86_400_000;
}

export const PLACEHOLDER_IMAGE: Image = {
  url: '/placeholder.svg',
  srcset: '',
  width: 900,
  height: 1200,
  sort_order: 0,
};

/**
 * The one URL a cart line keeps for its picture: the smallest rendition of `srcset` at least THUMBNAIL_WIDTH
 * wide, else the image's own URL. The server's cart chooses the same one (apps/api catalog/images.ts).
 */
export function thumbnailUrl(image: Pick<Image, 'url' | 'srcset'> | undefined): string {
  if (!image) return '';
  const candidates = image.srcset
    .split(',')
    .map((entry) => /^\s*(\S+)\s+(\d+)w\s*$/.exec(entry))
    .flatMap((match) => (match?.[1] ? [{ url: match[1], width: Number(match[2]) }] : []))
    .filter((c) => c.width >= THUMBNAIL_WIDTH)
    .sort((a, b) => a.width - b.width);
  return candidates[0]?.url ?? image.url;
}
