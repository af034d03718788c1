import type { Image } from '@boutique/contracts';
import { PLACEHOLDER_IMAGE } from '@/lib/product';

interface ProductImageProps {
  image: Image | null | undefined;
  alt: string;
  /** `sizes` attribute: how wide the image is drawn. */
  sizes: string;
  /**
   * When it is fetched. `main`: the page's largest picture, first and at high priority. `lazy` (the default):
   * when it nears the viewport (the browser's lazy loading).
   */
  load?: 'main' | 'lazy';
  className?: string;
}

/** Names the main image's paint in Chromium's Element Timing, for the stories and benchmarks that wait for it. */
export const MAIN_IMAGE_TIMING = { elementtiming: 'main-image' } as Record<string, string>;

export function ProductImage({ image, alt, sizes, load = 'lazy', className }: ProductImageProps) {
  const img = image ?? PLACEHOLDER_IMAGE;
  return (
    <img
      src={img.url}
      srcSet={img.srcset || undefined}
      sizes={img.srcset ? sizes : undefined}
      width={img.width}
      height={img.height}
      alt={alt}
      loading={load === 'main' ? 'eager' : 'lazy'}
      fetchPriority={load === 'main' ? 'high' : undefined}
      decoding={load === 'main' ? 'sync' : 'async'}
      {...(load === 'main' && MAIN_IMAGE_TIMING)}
      className={className}
    />
  );
}
