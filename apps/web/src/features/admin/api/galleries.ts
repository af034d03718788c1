import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_API,
  type AdminGalleryListResponse,
  type AdminGalleryResponse,
  type GalleryUpdate,
} from '@boutique/contracts/admin';
import { adminRequest } from './admin-request';
import { uploadFile, type UploadOptions } from './upload';

const galleriesKey = ['admin', 'galleries'] as const;

export const adminGalleriesQuery = () =>
  queryOptions({
    queryKey: galleriesKey,
    queryFn: async ({ signal }) =>
      (await adminRequest<AdminGalleryListResponse>(ADMIN_API.galleries, { signal })).data.galleries,
    staleTime: 0,
  });

export const useAdminGalleries = () => useQuery(adminGalleriesQuery());

export function uploadGalleryScene(file: File, options: UploadOptions) {
  return uploadFile<AdminGalleryResponse>(ADMIN_API.galleries, file, options);
}

/** The scenes in a new order, each at the version the page shows (a scene changed meanwhile refuses it). */
export function reorderGalleries(order: number[], versions: Record<string, number>) {
  return adminRequest<AdminGalleryListResponse>(ADMIN_API.galleries, {
    method: 'PATCH',
    body: { order, versions },
  });
}

export function deleteGallery(id: number, version: number) {
  return adminRequest<unknown>(ADMIN_API.gallery(id), { method: 'DELETE', body: { version } });
}

export function useUpdateGallery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: GalleryUpdate }) =>
      adminRequest<AdminGalleryResponse>(ADMIN_API.gallery(id), { method: 'PATCH', body: change }),
    onSuccess: () => client.invalidateQueries({ queryKey: galleriesKey }),
  });
}

/** After an upload, a reorder or a removal: the scenes as the API now has them. */
export function useRefreshGalleries() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: galleriesKey });
}
