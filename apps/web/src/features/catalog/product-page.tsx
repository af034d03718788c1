import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { ProductDetail, RelatedProduct, Size } from '@boutique/contracts';
import { paths } from '@/config/paths';
import { onServer } from '@/config/env';
import { ApiError } from '@/lib/api-client';
import { bootData } from '@/lib/boot';
import { localized, seoText, thumbnailUrl } from '@/lib/product';
import { useCartActions } from '@/stores/shop-cart';
import { PageMeta } from '@/components/page-meta';
import { Button, ButtonLink } from '@/components/ui/button';
import { Carousel } from '@/components/ui/carousel';
import { CheckIcon, RulerIcon, WhatsappIcon } from '@/components/ui/icons';
import { QuantityStepper } from '@/components/ui/quantity-stepper';
import { Price } from '@/components/ui/price';
import { Skeleton } from '@/components/ui/skeleton';
import { ProductImage } from '@/components/product-image';
import type { LoadContext, PageData } from '@/lib/page';
import { picturesFor, sizesIn, startColor } from '@/lib/variants';
import { productOf, productQuery } from './api/get-product';
import { BackInStock } from './components/back-in-stock';
import { BuyBar } from './components/buy-bar';
import { ProductGallery } from './components/product-gallery';
import { whatsappOrderLink } from './whatsapp-order';
import { currentLanguage } from '@/lib/i18n';
import styles from './components/product.module.css';

/** The most pieces the page lets one ask for at once. */
const MAX_ON_PAGE = 10;

export default function ProductPage() {
  const { slug = '' } = useParams();
  const { t } = useTranslation('product');
  const query = useQuery(productQuery(slug));

  if (query.isPending) return <ProductSkeleton />;
  if (query.isError) {
    if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 422)) {
      return (
        <div className={`container ${styles.state}`}>
          <PageMeta title={t('productNotFound')} />
          <meta name="robots" content="noindex" />
          <h1>{t('productNotFound')}</h1>
          <ButtonLink to={paths.home.href()} variant="outline">
            {t('backHome')}
          </ButtonLink>
        </div>
      );
    }
    return (
      <div className={`container ${styles.state}`} role="alert">
        <h1>{t('loadingError')}</h1>
        <Button onClick={() => location.reload()}>{t('common:errors.retry')}</Button>
      </div>
    );
  }
  // Old links by numeric id land on the product's own address.
  if (query.data.product.slug !== slug)
    return <Navigate replace to={paths.product.href(query.data.product.slug)} />;
  return <ProductView key={slug} product={query.data.product} related={query.data.relatedProducts} />;
}

function ProductView({ product, related }: { product: ProductDetail; related: RelatedProduct[] }) {
  const { t, i18n } = useTranslation('product');
  const lang = i18n.language;
  const { shop } = bootData();
  const name = localized(product.name, lang);
  const description = localized(product.description, lang);
  const inactive = product.status === 'inactive';
  // Pieces are counted per colour and size: the page starts on the first colour with a piece left.
  // A link may name the colour and size (the back-in-stock e-mail's): they are chosen when the shop has them.
  const [params, setParams] = useSearchParams();
  const [colorKey, setColorKey] = useState(() => startColor(product, params.get('color')));
  // The address keeps the chosen colour, so that a shared link opens on it (the server renders it too).
  const chooseColor = (key: string) => {
    setColorKey(key);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('color', key);
        next.delete('size');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  const color = product.colors.find((c) => c.key === colorKey);
  const colorName = color ? localized(color.name, lang) : undefined;
  // The chosen colour's pictures first (the server preloads the same first one).
  const images = picturesFor(product.images, colorKey);
  // Sizes sold out in the chosen colour are shown but cannot be chosen; the first in stock is chosen to start with.
  const sizes = sizesIn(product, colorKey);
  const firstInStock = sizes.find((s) => s.in_stock)?.name;
  const soldOut = !inactive && !product.sizes.some((s) => s.in_stock);
  // Another colour still has pieces: this one has none.
  const colorSoldOut = !inactive && !soldOut && firstInStock === undefined;
  const unavailable = inactive || soldOut || colorSoldOut;
  const [size, setSize] = useState<Size | undefined>(
    () => sizes.find((s) => s.in_stock && s.name === params.get('size'))?.name ?? firstInStock,
  );
  const [quantity, setQuantity] = useState(1);
  const [added, setAdded] = useState(false);
  const [sizeMissing, setSizeMissing] = useState(false);
  // The buy box's Add button (the phone's bar shows once it is scrolled past), the sizes and the back-in-stock
  // form (where the bar sends the shopper when there is no size to add).
  const addRef = useRef<HTMLButtonElement>(null);
  const sizesRef = useRef<HTMLFieldSetElement>(null);
  const waitRef = useRef<HTMLDivElement>(null);
  const cartActions = useCartActions();
  const url = `${shop.publicUrl}${paths.product.href(product.slug)}`;
  const chosen = sizes.find((s) => s.name === size);
  // How many can be asked for: what is left when the shop says (3 or fewer), else the page's usual 10.
  const maxQuantity = Math.max(1, Math.min(MAX_ON_PAGE, chosen?.left ?? MAX_ON_PAGE));
  const fewLeft = chosen?.in_stock && chosen.left !== undefined ? chosen.left : undefined;

  // The stock may change under the page (a refused add fetches it again), and another colour has other sizes:
  // the choices follow.
  useEffect(() => {
    if (!chosen?.in_stock) setSize(firstInStock);
  }, [chosen?.in_stock, firstInStock]);
  useEffect(() => {
    if (quantity > maxQuantity) setQuantity(maxQuantity);
  }, [quantity, maxQuantity]);

  useEffect(() => {
    if (!added) return;
    const timer = setTimeout(() => setAdded(false), 2500);
    return () => clearTimeout(timer);
  }, [added]);

  /** A size sold out in the chosen colour only says so; one sold out in every colour, as before. */
  const soldOutText = (name: Size, form: 'short' | 'title') => {
    const anywhere = product.sizes.find((s) => s.name === name)?.in_stock;
    if (anywhere && colorName)
      return form === 'short'
        ? t('soldOutInColor', { color: colorName })
        : t('soldOutSizeInColor', { size: name, color: colorName });
    return form === 'short' ? t('soldOut') : t('soldOutSize', { size: name });
  };

  const requireSize = () => {
    if (size) return true;
    setSizeMissing(true);
    return false;
  };

  const addToCart = () => {
    if (unavailable || !requireSize() || !size) return;
    // Into the server's cart when signed in, the browser's otherwise; either way the drawer opens.
    void cartActions.add({
      slug: product.slug,
      name: product.name,
      price: product.price,
      quantity,
      selectedColor: color ? { key: color.key, value: color.value, name: color.name } : null,
      selectedSize: size,
      image: thumbnailUrl(images[0]),
    });
    setAdded(true);
  };

  /** Brings a part of the buy box back into view and puts the shopper's focus on its first control. */
  const showInBox = (el: HTMLElement | null, control: string) => {
    if (!el) return;
    const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
    el.scrollIntoView({ block: 'center', behavior: still ? 'instant' : 'smooth' });
    el.querySelector<HTMLElement>(control)?.focus({ preventScroll: true });
  };
  // Sizes of the chosen colour to wait for: the back-in-stock form is on the page.
  const canWait = !inactive && sizes.some((s) => !s.in_stock);
  const barAction = unavailable
    ? canWait
      ? { label: t('backInStock.title'), run: () => showInBox(waitRef.current, 'input[type="email"]') }
      : undefined
    : size
      ? { label: added ? t('added') : t('addToCart'), run: addToCart }
      : {
          label: t('buyBar.chooseSize'),
          run: () => {
            setSizeMissing(true);
            showInBox(sizesRef.current, 'input:not(:disabled)');
          },
        };

  const whatsappHref = whatsappOrderLink({
    number: shop.whatsappNumber,
    productName: name,
    price: product.price,
    size: size ?? '',
    color: colorName,
    quantity,
    publicUrl: shop.publicUrl,
    slug: product.slug,
    lang: currentLanguage(),
    template: (values) => t('whatsapp.message', values),
  });

  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name,
    description,
    sku: product.slug,
    image: product.images.map((i) => new URL(i.url, shop.publicUrl).toString()),
    brand: { '@type': 'Brand', name: shop.name },
    category: localized(product.category_name, lang),
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'AED',
      price: product.price,
      // In stock when any colour is: the colour chosen on the page does not change what the product offers.
      availability: inactive || soldOut ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
  };

  return (
    <>
      <PageMeta
        title={seoText(product.seo_title, product.name, lang)}
        description={seoText(product.seo_description, product.description, lang)}
        canonicalPath={paths.product.href(product.slug)}
        image={images[0]?.url}
        jsonLd={jsonLd}
      />
      <nav className={`container ${styles.breadcrumbs}`} aria-label={t('breadcrumbs')}>
        <Link to={paths.home.href()}>{t('common:nav.home')}</Link>
        <span aria-hidden="true">/</span>
        <Link to={paths.collection.href(product.category)}>{localized(product.category_name, lang)}</Link>
      </nav>
      <div className={`container ${styles.product}`}>
        <ProductGallery images={images} alt={name} />

        <div className={styles.info}>
          <h1 className={styles.name}>{name}</h1>
          <Price price={product.price} oldPrice={product.old_price} className={styles.price} />
          {(inactive || soldOut) && (
            <p className={styles.stock}>
              {inactive ? t('common:product.outOfStock') : t('common:product.soldOut')}
            </p>
          )}

          {product.colors.length > 0 && (
            <fieldset className={styles.option}>
              <legend>
                {t('color')}: <strong>{colorName ?? ''}</strong>
              </legend>
              <div className={styles.swatches}>
                {product.colors.map((c) => {
                  // A colour with no piece left can still be chosen (to see it), and says it is sold out.
                  const none = !soldOut && !sizesIn(product, c.key).some((s) => s.in_stock);
                  return (
                    <label
                      key={c.key}
                      className={styles.swatch}
                      data-sold-out={none || undefined}
                      title={
                        none
                          ? t('colorSoldOutNamed', { color: localized(c.name, lang) })
                          : localized(c.name, lang)
                      }
                    >
                      <input
                        type="radio"
                        name="color"
                        value={c.key}
                        checked={c.key === colorKey}
                        onChange={() => chooseColor(c.key)}
                      />
                      <span style={{ background: c.value }} />
                      <span className="visually-hidden">
                        {localized(c.name, lang)}
                        {none && ` (${t('soldOut')})`}
                      </span>
                    </label>
                  );
                })}
              </div>
            </fieldset>
          )}

          <fieldset className={styles.option} ref={sizesRef}>
            <legend>{t('size')}</legend>
            <div className={styles.sizes}>
              {sizes.map((s) => (
                <label
                  key={s.name}
                  className={styles.size}
                  data-sold-out={!s.in_stock || undefined}
                  title={s.in_stock ? undefined : soldOutText(s.name, 'title')}
                >
                  <input
                    type="radio"
                    name="size"
                    value={s.name}
                    checked={s.name === size}
                    disabled={!s.in_stock}
                    onChange={() => {
                      setSize(s.name);
                      setSizeMissing(false);
                    }}
                  />
                  <span>
                    {s.name}
                    {!s.in_stock && (
                      <span className="visually-hidden"> ({soldOutText(s.name, 'short')})</span>
                    )}
                  </span>
                </label>
              ))}
            </div>
            {fewLeft !== undefined && size && (
              <p className={styles.fewLeft} data-testid="stock-left">
                {colorName
                  ? t('onlyLeftInColor', { count: fewLeft, size, color: colorName })
                  : t('onlyLeft', { count: fewLeft, size })}
              </p>
            )}
            <Link to={paths.sizeGuide.href()} className={styles.sizeGuide}>
              <RulerIcon size={18} />
              {t('sizeGuide')}
            </Link>
            {sizeMissing && (
              <p className={styles.error} role="alert">
                {t('selectSize')}
              </p>
            )}
          </fieldset>

          <div className={styles.quantity}>
            <span>{t('quantity')}</span>
            <QuantityStepper
              value={quantity}
              max={maxQuantity}
              disabled={unavailable}
              onChange={setQuantity}
              label={t('quantity')}
              decreaseLabel={t('decrease')}
              increaseLabel={t('increase')}
            />
          </div>

          <div className={styles.actions}>
            <Button block onClick={addToCart} disabled={unavailable || added} ref={addRef}>
              {inactive ? (
                t('common:product.outOfStock')
              ) : soldOut ? (
                t('common:product.soldOut')
              ) : colorSoldOut ? (
                t('colorSoldOut')
              ) : added ? (
                <>
                  <CheckIcon size={18} /> {t('added')}
                </>
              ) : (
                t('addToCart')
              )}
            </Button>
            {unavailable ? (
              <Button block variant="light" disabled>
                <WhatsappIcon size={18} />{' '}
                {inactive
                  ? t('common:product.outOfStock')
                  : soldOut
                    ? t('common:product.soldOut')
                    : t('colorSoldOut')}
              </Button>
            ) : (
              <a
                className={styles.whatsappOrder}
                href={whatsappHref}
                target="_blank"
                rel="noopener noreferrer"
                onClick={(e) => {
                  if (!requireSize()) e.preventDefault();
                }}
              >
                <WhatsappIcon size={18} /> {t('whatsapp.button')}
              </a>
            )}
            <p className={styles.cod}>{t('whatsapp.note')}</p>
          </div>

          {/* After the buttons: a size to wait for never pushes the bag out of a phone's first screen. */}
          {canWait && (
            <div ref={waitRef} className={styles.wait}>
              <BackInStock
                key={colorKey}
                slug={product.slug}
                color={colorKey ?? ''}
                colorName={colorName}
                soldOut={sizes.filter((s) => !s.in_stock).map((s) => s.name)}
              />
            </div>
          )}

          <section className={styles.section}>
            <h2>{t('description')}</h2>
            <p>{description}</p>
          </section>
          {product.details.length > 0 && (
            <section className={styles.section}>
              <h2>{t('features')}</h2>
              <ul>
                {product.details.map((d, i) => (
                  <li key={i}>{localized(d.detail, lang)}</li>
                ))}
              </ul>
            </section>
          )}
          {product.care_instructions.length > 0 && (
            <section className={styles.section}>
              <h2>{t('care')}</h2>
              <ul>
                {product.care_instructions.map((c, i) => (
                  <li key={i}>{localized(c.instruction, lang)}</li>
                ))}
              </ul>
            </section>
          )}
        </div>
      </div>

      {barAction && (
        <BuyBar
          watch={addRef}
          name={name}
          price={<Price price={product.price} oldPrice={product.old_price} />}
          choice={[colorName, size && t('buyBar.size', { size })].filter(Boolean).join(' · ')}
          action={barAction.label}
          onAction={barAction.run}
          disabled={added && !unavailable && Boolean(size)}
        />
      )}

      {related.length > 0 && (
        <section className={`container ${styles.related}`} aria-labelledby="related-title">
          <h2 id="related-title">{t('related')}</h2>
          <Carousel label={t('related')} perGroup={3} className={styles.relatedTrack}>
            {related.map((r) => (
              <article key={r.id} className={styles.relatedCard}>
                <Link to={paths.product.href(r.slug)}>
                  <span className={styles.relatedImage}>
                    <ProductImage image={r.image} alt="" sizes="298px" />
                  </span>
                  <h3>{localized(r.name, lang)}</h3>
                </Link>
                <Price price={r.price} oldPrice={r.old_price} />
              </article>
            ))}
          </Carousel>
        </section>
      )}
    </>
  );
}

function ProductSkeleton() {
  const { t } = useTranslation('product');
  return (
    <div className={`container ${styles.product}`} aria-busy="true" aria-label={t('loading')}>
      <Skeleton style={{ aspectRatio: '3 / 4', inlineSize: '100%' }} />
      <div className={styles.info}>
        <Skeleton width="80%" height="4rem" />
        <Skeleton width="30%" height="2.4rem" />
        <Skeleton width="60%" height="4.4rem" />
        <Skeleton width="100%" height="4.8rem" />
        <Skeleton width="100%" height="12rem" />
      </div>
    </div>
  );
}

/**
 * On the server: an old link by id moves to the product's address, an unknown product is a 404. The page
 * renders its own structured data, so the head carries none.
 */
export const load = onServer
  ? async ({ params, search, catalog, lang, notFound, preload }: LoadContext): Promise<PageData> => {
      const slug = params.slug ?? '';
      const body = await catalog.product(slug);
      if (!body) return notFound();
      const data = productOf(body);
      const { product } = data;
      if (product.slug !== slug) return { redirect: paths.product.href(product.slug) };
      // The picture the page starts on: the first of the colour it opens on (see ProductView).
      const first = picturesFor(product.images, startColor(product, search.get('color')))[0];
      return {
        queries: [{ key: productQuery(product.slug).queryKey, data }],
        head: {
          title: seoText(product.seo_title, product.name, lang),
          description: seoText(product.seo_description, product.description, lang),
          canonicalPath: paths.product.href(product.slug),
          image: first?.url,
          ogType: 'product',
          preload: preload(first, '(max-width: 940px) 100vw, 50vw'),
        },
      };
    }
  : undefined;
