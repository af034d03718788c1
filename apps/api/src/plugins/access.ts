import type { FastifyRequest } from 'fastify';
import { roleMayUse, type BackOfficeArea } from '@boutique/contracts';

/**
 * Which part of the back office each admin route belongs to: the one list of who may call what. The owner
 * (`admin`) may call every route; staff only those of STAFF_AREAS (contracts). A route missing here is the
 * owner's alone, so a route added without a thought stays safe; test/staff-roles.test.ts fails until every
 * admin route of the running app is listed here, and checks that the guard holds to the list.
 *
 * Keys are `METHOD path` exactly as the route is declared (with the `/api` prefix); a HEAD is its GET.
 */
export const ROUTE_AREAS: Readonly<Record<string, BackOfficeArea>> = {
  // Orders: the list, a detail, the packing slip, status moves (shipping too), payment marked, manual orders.
  'GET /api/v1/admin/orders': 'orders',
  'GET /api/v1/admin/orders/:id': 'orders',
  'GET /api/v1/admin/orders/:id/packing-slip': 'orders',
  'PATCH /api/v1/admin/orders/:id/payment': 'orders',
  'POST /api/v1/admin/orders': 'orders',
  'PATCH /api/v1/orders/:id/status': 'orders',
  'GET /api/v1/admin/workload': 'orders',
  'GET /api/v1/admin/orders/:id/notes': 'orders',
  'POST /api/v1/admin/orders/:id/notes': 'orders',
  'DELETE /api/v1/admin/orders/:id/notes/:noteId': 'orders',
  // Returns and exchanges (a refund they lead to is the refunds' route).
  'GET /api/v1/admin/returns': 'returns',
  'GET /api/v1/admin/returns/:id': 'returns',
  'PATCH /api/v1/admin/returns/:id': 'returns',
  // The inbox.
  'GET /api/v1/admin/messages': 'messages',
  'PATCH /api/v1/admin/messages/:id': 'messages',
  'GET /api/v1/admin/messages/:id/replies': 'messages',
  'POST /api/v1/admin/messages/:id/replies': 'messages',
  // The catalogue: products, pictures, stock adjustments, its CSV and bulk changes, collections, gallery scenes.
  'GET /api/v1/admin/products': 'products',
  'POST /api/v1/admin/products': 'products',
  'GET /api/v1/admin/products/:id': 'products',
  'PATCH /api/v1/admin/products/:id': 'products',
  'DELETE /api/v1/admin/products/:id': 'products',
  'POST /api/v1/admin/products/:id/images': 'products',
  'PATCH /api/v1/admin/products/:id/images': 'products',
  'PATCH /api/v1/admin/products/:id/images/:imageId': 'products',
  'DELETE /api/v1/admin/products/:id/images/:imageId': 'products',
  'GET /api/v1/admin/products/:id/stock-adjustments': 'products',
  'POST /api/v1/admin/products/:id/stock-adjustments': 'products',
  'GET /api/v1/admin/products/:id/stock-requests': 'products',
  'GET /api/v1/admin/products/export.csv': 'products',
  'POST /api/v1/admin/products/import': 'products',
  'GET /api/v1/admin/products/selection': 'products',
  'POST /api/v1/admin/products/bulk': 'products',
  'GET /api/v1/admin/collections': 'products',
  'POST /api/v1/admin/collections': 'products',
  'GET /api/v1/admin/collections/:id': 'products',
  'PATCH /api/v1/admin/collections/:id': 'products',
  'POST /api/v1/admin/collections/:id/image': 'products',
  'DELETE /api/v1/admin/collections/:id': 'products',
  'GET /api/v1/admin/categories': 'products',
  'GET /api/v1/admin/galleries': 'products',
  'POST /api/v1/admin/galleries': 'products',
  'PATCH /api/v1/admin/galleries': 'products',
  'PATCH /api/v1/admin/galleries/:id': 'products',
  'DELETE /api/v1/admin/galleries/:id': 'products',
  // The owner's alone from here.
  'GET /api/v1/admin/stats': 'revenue',
  // The accountant's figures: every order's money, and the VAT report.
  'GET /api/v1/admin/orders/export.csv': 'revenue',
  'GET /api/v1/admin/reports/vat': 'revenue',
  'GET /api/v1/admin/reports/vat.csv': 'revenue',
  // A refund moves money back to a card or books a credit note: the owner decides it.
  'POST /api/v1/admin/orders/:id/refunds': 'refunds',
  'GET /api/v1/admin/orders/:id/refunds': 'refunds',
  'GET /api/v1/admin/orders/:id/credit-notes/:number': 'refunds',
  'GET /api/v1/admin/refunds': 'refunds',
  'GET /api/v1/admin/customers': 'customers',
  'GET /api/v1/admin/customers/:id': 'customers',
  'GET /api/v1/admin/customers/export.csv': 'customers',
  'GET /api/v1/admin/customers/:id/notes': 'customers',
  'POST /api/v1/admin/customers/:id/notes': 'customers',
  'DELETE /api/v1/admin/customers/:id/notes/:noteId': 'customers',
  'PUT /api/v1/admin/customers/:id/tags': 'customers',
  'GET /api/v1/admin/customer-tags': 'customers',
  'GET /api/v1/admin/discounts': 'discounts',
  'POST /api/v1/admin/discounts': 'discounts',
  'PATCH /api/v1/admin/discounts/:id': 'discounts',
  'DELETE /api/v1/admin/discounts/:id': 'discounts',
  'GET /api/v1/admin/shipping-zones': 'shipping',
  'POST /api/v1/admin/shipping-zones': 'shipping',
  'PATCH /api/v1/admin/shipping-zones/:id': 'shipping',
  'DELETE /api/v1/admin/shipping-zones/:id': 'shipping',
  'GET /api/v1/admin/search/synonyms': 'search',
  'POST /api/v1/admin/search/synonyms': 'search',
  'DELETE /api/v1/admin/search/synonyms/:id': 'search',
  // Failed e-mails show customers' addresses and what was written to them.
  'GET /api/v1/admin/mail/failed': 'mail',
  'POST /api/v1/admin/mail/:id/resend': 'mail',
  'GET /api/v1/admin/staff': 'staff',
  'POST /api/v1/admin/staff/invitations': 'staff',
  'DELETE /api/v1/admin/staff/invitations/:id': 'staff',
  'DELETE /api/v1/admin/staff/:userId': 'staff',
};

/** The key of a route in ROUTE_AREAS. */
export const routeKey = (method: string, url: string) => `${method === 'HEAD' ? 'GET' : method} ${url}`;

/** The part of the back office the request's route belongs to; undefined when unlisted (the owner's). */
export function areaOf(request: FastifyRequest): BackOfficeArea | undefined {
  const { method, url } = request.routeOptions;
  if (typeof url !== 'string') return undefined;
  return ROUTE_AREAS[routeKey(Array.isArray(method) ? request.method : method, url)];
}

/** Whether `role` may call the request's route: the owner always, staff on their areas only. */
export function mayCall(role: string, request: FastifyRequest): boolean {
  if (role === 'admin') return true;
  const area = areaOf(request);
  return area !== undefined && roleMayUse(role, area);
}
