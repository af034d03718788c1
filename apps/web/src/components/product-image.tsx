import type { Image } from '@boutique/contracts';
import { PLACEHOLDER_IMAGE } from '@/lib/product';

interface ProductImageProps {
  image: Image | null | undefined;
  alt: string;
  /** `sizes` attribute: how wide the image is drawn. */
  sizes: string;
  /** The page's main image: loaded first, not lazily. */
  priority?: boolean;
  className?: string;
}

export function ProductImage({ image, alt, sizes, priority, className }: ProductImageProps) {
  const img = image ?? PLACEHOLDER_IMAGE;
  return (
    <img
      src={img.url}
      srcSet={img.srcset || undefined}
      sizes={img.srcset ? sizes : undefined}
      width={img.width}
      height={img.height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? 'sync' : 'async'}
      className={className}
    />
  );
}
