import { useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_API,
  type AdminImage,
  type AdminImageUploadResponse,
  type AdminImagesResponse,
  type AdminProductResponse,
} from '@boutique/contracts/admin';
import { adminRequest } from './admin-request';
import { adminProductQuery, adminProductsKey } from './products';
import { uploadFile, type UploadOptions } from './upload';

export function uploadProductImage(productId: number, file: File, options?: UploadOptions) {
  return uploadFile<AdminImageUploadResponse>(ADMIN_API.productImages(productId), file, options);
}

/** The pictures in a new order (the first one is the main picture), from the product at `version`. */
export function reorderProductImages(productId: number, order: number[], version: number) {
  return adminRequest<AdminImagesResponse>(ADMIN_API.productImages(productId), {
    method: 'PATCH',
    body: { order, version },
  });
}

/** The colour a picture shows (one of the product's colours by key, or null), from the product at `version`. */
export function setProductImageColor(
  productId: number,
  imageId: number,
  color: string | null,
  version: number,
) {
  return adminRequest<AdminImagesResponse>(ADMIN_API.productImage(productId, imageId), {
    method: 'PATCH',
    body: { color, version },
  });
}

export function deleteProductImage(productId: number, imageId: number, version: number) {
  return adminRequest<AdminImagesResponse>(ADMIN_API.productImage(productId, imageId), {
    method: 'DELETE',
    body: { version },
  });
}

/**
 * Puts a product's pictures and its new version, as the API answered them, into the cached product, and
 * refreshes the lists. The product's form sees the version move without any of its fields changing: it carries
 * on from the new version (product-form.tsx).
 */
export function useStoreProductImages(productId: number) {
  const client = useQueryClient();
  return ({ images, version }: { images: AdminImage[]; version: number }) => {
    client.setQueryData(
      adminProductQuery(productId).queryKey,
      (old: AdminProductResponse['data'] | undefined) =>
        old && { ...old, product: { ...old.product, images, version } },
    );
    void client.invalidateQueries({ queryKey: adminProductsKey });
  };
}
