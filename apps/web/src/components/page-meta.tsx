import { useTranslation } from 'react-i18next';
import { languagePath } from '@boutique/contracts/constants';
import { bootData } from '@/lib/boot';
import { truncate } from '@/lib/format';
import { headTitle, languageAlternates } from '@/lib/head';
import { currentLanguage } from '@/lib/i18n';

interface PageMetaProps {
  title: string;
  description?: string;
  /** Path of the canonical URL without the language's prefix, e.g. `/product/zahra`. */
  canonicalPath?: string;
  image?: string;
  jsonLd?: object;
  keywords?: string;
}

/**
 * The page's head, rendered by React 19 into <head>. The server writes the same tags into the HTML for
 * crawlers and link previews (app/server/head.ts, from the page's loader or its route's meta); main.tsx drops
 * those before React takes over.
 */
export function PageMeta({ title, description, canonicalPath, image, jsonLd, keywords }: PageMetaProps) {
  const { t } = useTranslation('common');
  const { shop } = bootData();
  const fullTitle = headTitle(title, t('common:brand'), shop.name);
  const desc = description ? truncate(description, 160) : undefined;
  const canonical = canonicalPath
    ? `${shop.publicUrl}${languagePath(currentLanguage(), canonicalPath)}`
    : undefined;
  return (
    <>
      <title>{fullTitle}</title>
      {desc && <meta name="description" content={desc} />}
      {keywords && <meta name="keywords" content={keywords} />}
      {canonical && <link rel="canonical" href={canonical} />}
      {canonicalPath &&
        languageAlternates(shop.publicUrl, canonicalPath).map((link) => (
          <link key={link.hreflang} rel="alternate" hrefLang={link.hreflang} href={link.href} />
        ))}
      <meta property="og:title" content={fullTitle} />
      {desc && <meta property="og:description" content={desc} />}
      {canonical && <meta property="og:url" content={canonical} />}
      {image && <meta property="og:image" content={new URL(image, shop.publicUrl).toString()} />}
      {jsonLd && (
        <script type="application/ld+json">{JSON.stringify(jsonLd).replace(/</g, '\\u003c')}</script>
      )}
    </>
  );
}
