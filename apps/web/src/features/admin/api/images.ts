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

/** The pictures in a new order; the first one is the main picture. */
export function reorderProductImages(productId: number, order: number[]) {
  return adminRequest<AdminImagesResponse>(ADMIN_API.productImages(productId), {
    method: 'PATCH',
    body: { order },
  });
}

export function deleteProductImage(productId: number, imageId: number) {
  return adminRequest<AdminImagesResponse>(ADMIN_API.productImage(productId, imageId), { method: 'DELETE' });
}

/** Puts a product's pictures, as the API answered them, into the cached product, and refreshes the lists. */
export function useStoreProductImages(productId: number) {
  const client = useQueryClient();
  return (images: AdminImage[]) => {
    client.setQueryData(
      adminProductQuery(productId).queryKey,
      (old: AdminProductResponse['data'] | undefined) =>
        old && { ...old, product: { ...old.product, images } },
    );
    void client.invalidateQueries({ queryKey: adminProductsKey });
  };
}
