import { LANGUAGES, languagePath } from '@boutique/contracts/constants';

/**
 * A page's title in the head: its own words, then the brand as the page's language writes it (`common:brand`,
 * «دار لالة» in Arabic), once. A title that already names the shop keeps its one mention, in that script.
 */
export function headTitle(title: string | undefined, brand: string, shopName: string): string {
  if (!title) return brand;
  const own = title.replaceAll(shopName, brand);
  return own.includes(brand) ? own : `${own} · ${brand}`;
}

/**
 * The page's address in every language and the one for any other language (English, without a prefix), for
 * `<link rel="alternate" hreflang>` and the sitemap. `path` is the page's own, without a language prefix.
 */
export function languageAlternates(publicUrl: string, path: string): { hreflang: string; href: string }[] {
  return [
    ...LANGUAGES.map((lang) => ({ hreflang: lang, href: publicUrl + languagePath(lang, path) })),
    { hreflang: 'x-default', href: publicUrl + path },
  ];
}
