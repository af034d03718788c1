import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_COLLECTIONS_API,
  type AdminCollectionListResponse,
  type AdminCollectionResponse,
  type CollectionCreateInput,
  type CollectionUpdateInput,
} from '@boutique/contracts/admin-collections';
import type { SearchResponse, SearchSynonymResponse, SearchSynonymsResponse } from '@boutique/contracts';
import { adminRequest } from './admin-request';
import { adminCategoriesQuery } from './products';
import { uploadFile, type UploadOptions } from './upload';

const collectionsKey = ['admin', 'collections'] as const;

export const adminCollectionsQuery = () =>
  queryOptions({
    queryKey: [...collectionsKey, 'list'] as const,
    queryFn: async ({ signal }) =>
      (await adminRequest<AdminCollectionListResponse>(ADMIN_COLLECTIONS_API.collections, { signal })).data
        .collections,
    staleTime: 0,
  });
export const useAdminCollections = () => useQuery(adminCollectionsQuery());

export const adminCollectionQuery = (id: number) =>
  queryOptions({
    queryKey: [...collectionsKey, 'one', id] as const,
    queryFn: async ({ signal }) =>
      (await adminRequest<AdminCollectionResponse>(ADMIN_COLLECTIONS_API.collection(id), { signal })).data,
    staleTime: 0,
  });
export const useAdminCollection = (id: number | undefined) =>
  useQuery({ ...adminCollectionQuery(id ?? 0), enabled: id !== undefined });

export function createCollection(input: CollectionCreateInput) {
  return adminRequest<AdminCollectionResponse>(ADMIN_COLLECTIONS_API.collections, {
    method: 'POST',
    body: input,
  });
}

export function updateCollection(id: number, input: CollectionUpdateInput) {
  return adminRequest<AdminCollectionResponse>(ADMIN_COLLECTIONS_API.collection(id), {
    method: 'PATCH',
    body: input,
  });
}

export function deleteCollection(id: number, version: number) {
  return adminRequest<AdminCollectionListResponse>(ADMIN_COLLECTIONS_API.collection(id), {
    method: 'DELETE',
    body: { version },
  });
}

export function uploadCollectionImage(id: number, version: number, file: File, options: UploadOptions = {}) {
  return uploadFile<AdminCollectionResponse>(ADMIN_COLLECTIONS_API.collectionImage(id), file, {
    ...options,
    fields: { version: String(version) },
  });
}

/** After a write: the lists, the one collection, and the product form's categories, as the API now has them. */
export function useRefreshCollections() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: collectionsKey }),
      client.invalidateQueries({ queryKey: adminCategoriesQuery().queryKey }),
    ]);
}

// ---- search synonyms ----

const SYNONYMS = '/api/v1/admin/search/synonyms';
const synonymsKey = ['admin', 'synonyms'] as const;

export const useAdminSynonyms = () =>
  useQuery({
    queryKey: synonymsKey,
    queryFn: async ({ signal }) =>
      (await adminRequest<SearchSynonymsResponse>(SYNONYMS, { signal })).data.synonyms,
    staleTime: 0,
  });

export function addSynonyms(words: string[]) {
  return adminRequest<SearchSynonymResponse>(SYNONYMS, { method: 'POST', body: { words } });
}

export function deleteSynonyms(id: number, version: number) {
  return adminRequest<SearchSynonymResponse>(`${SYNONYMS}/${id}`, { method: 'DELETE', body: { version } });
}

export function useRefreshSynonyms() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['admin', 'synonyms'] });
}

/** The shop's own search, as a shopper would get it, to see a synonym take effect. */
export const useTrySearch = (q: string) =>
  useQuery({
    queryKey: ['admin', 'try-search', q],
    queryFn: async ({ signal }) =>
      (
        await adminRequest<SearchResponse>('/api/v1/products/search', {
          signal,
          query: { q },
          // The shop's answers may be kept by the browser for a while: the owner wants to see this instant's.
          headers: { 'cache-control': 'no-cache' },
        })
      ).data.data,
    enabled: q.trim().length > 0,
    staleTime: 0,
  });
