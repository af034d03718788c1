import { bootData } from '@/lib/boot';
import { truncate } from '@/lib/format';

interface PageMetaProps {
  title: string;
  description?: string;
  /** Path of the canonical URL, e.g. `/product/zahra`. */
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
  const { shop } = bootData();
  const fullTitle = title.includes(shop.name) ? title : `${title} · ${shop.name}`;
  const desc = description ? truncate(description, 160) : undefined;
  const canonical = canonicalPath ? `${shop.publicUrl}${canonicalPath}` : undefined;
  return (
    <>
      <title>{fullTitle}</title>
      {desc && <meta name="description" content={desc} />}
      {keywords && <meta name="keywords" content={keywords} />}
      {canonical && <link rel="canonical" href={canonical} />}
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
