import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CategoriesResponseSchema,
  CategoryParamsSchema,
  CategoryProductsResponseSchema,
  ColorsResponseSchema,
  GalleriesResponseSchema,
  ProductListQuerySchema,
  ProductPageResponseSchema,
  ProductResponseSchema,
  ProductSlugParamsSchema,
  RecentProductsResponseSchema,
  SearchQuerySchema,
  SearchResponseSchema,
} from '@boutique/contracts';
import { notFound } from '../../lib/http-error.js';
import type { CachedResponse } from '../../lib/response-cache.js';
import { sendCached } from '../../lib/send-cached.js';
import type { CatalogService } from './service.js';

const tags = ['catalogue'];

export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  const found = (cached: CachedResponse | undefined, what: string) => {
    if (!cached) throw notFound(what);
    return cached;
  };

  app.get(
    '/v1/products/filters/category/:category',
    {
      schema: {
        tags,
        summary: 'Products of a collection (slug matched case-insensitively)',
        params: CategoryParamsSchema,
        response: { 200: CategoryProductsResponseSchema },
      },
    },
    async (req, reply) =>
      sendCached(req, reply, found(await catalog.categoryProducts(req.params.category), 'Collection')),
  );

  app.get(
    '/v1/products/slug/:slug',
    {
      schema: {
        tags,
        summary: 'One product with related products (a numeric id is accepted for old links)',
        params: ProductSlugParamsSchema,
        response: { 200: ProductResponseSchema },
      },
    },
    async (req, reply) => sendCached(req, reply, found(await catalog.product(req.params.slug), 'Product')),
  );

  app.get(
    '/v1/products/search',
    {
      schema: {
        tags,
        summary:
          'Search the catalogue in every language: spellings, plurals, typos and colour families; with facets, ' +
          'suggestions for the word being typed, and help when nothing matches',
        querystring: SearchQuerySchema,
        response: { 200: SearchResponseSchema },
      },
    },
    async (req, reply) => sendCached(req, reply, found(await catalog.search(req.query), 'Search')),
  );

  app.get(
    '/v1/products',
    {
      schema: {
        tags,
        summary: 'Products in stock, newest first, paginated (optionally only best sellers or featured)',
        querystring: ProductListQuerySchema,
        response: { 200: ProductPageResponseSchema },
      },
    },
    async (req, reply) => {
      const { page, per_page, tag } = req.query;
      return sendCached(req, reply, found(await catalog.products(page, per_page, tag), 'Page'));
    },
  );

  app.get(
    '/v1/recent-products',
    {
      schema: {
        tags,
        summary: 'The newest products in stock',
        response: { 200: RecentProductsResponseSchema },
      },
    },
    async (req, reply) => sendCached(req, reply, found(await catalog.recent(), 'Products')),
  );

  app.get(
    '/v1/categories',
    {
      schema: {
        tags,
        summary: 'Collections with live product counts',
        response: { 200: CategoriesResponseSchema },
      },
    },
    async (req, reply) => sendCached(req, reply, found(await catalog.categories(), 'Collections')),
  );

  app.get(
    '/v1/colors',
    { schema: { tags, summary: 'Every colour of the catalogue', response: { 200: ColorsResponseSchema } } },
    async (req, reply) => sendCached(req, reply, found(await catalog.colors(), 'Colours')),
  );

  app.get(
    '/v1/galleries',
    {
      schema: { tags, summary: 'Photo gallery of the home page', response: { 200: GalleriesResponseSchema } },
    },
    async (req, reply) => sendCached(req, reply, found(await catalog.galleries(), 'Galleries')),
  );
};
