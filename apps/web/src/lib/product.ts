import type { Image, Language, LocalizedText, ProductSummary } from '@boutique/contracts';

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
