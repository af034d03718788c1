import { languagePath, type Language } from '@boutique/contracts/constants';
import { env } from './env';

/** Every route of the storefront with its href builder. */
export const paths = {
  home: { path: '/', href: () => '/' },
  product: { path: '/product/:slug', href: (slug: string) => `/product/${encodeURIComponent(slug)}` },
  collections: { path: '/collections', href: () => '/collections' },
  collection: {
    path: '/collection/:slug',
    href: (slug: string) => `/collection/${encodeURIComponent(slug)}`,
  },
  faq: { path: '/faq', href: () => '/faq' },
  shipping: { path: '/shipping', href: () => '/shipping' },
  sizeGuide: { path: '/size-guide', href: () => '/size-guide' },
  contact: { path: '/contact', href: () => '/contact' },
  ourStory: { path: '/our-story', href: () => '/our-story' },
  terms: { path: '/terms', href: () => '/terms' },
  privacy: { path: '/privacy', href: () => '/privacy' },
  returns: { path: '/returns', href: () => '/returns' },
  cart: { path: '/cart', href: () => '/cart' },
  checkout: { path: '/checkout', href: () => '/checkout' },
  orderConfirmation: { path: '/order-confirmation', href: () => '/order-confirmation' },
  login: { path: '/account/login', href: () => '/account/login' },
  register: { path: '/account/register', href: () => '/account/register' },
  forgotPassword: { path: '/account/forgot-password', href: () => '/account/forgot-password' },
  resetPassword: {
    path: '/account/reset-password',
    href: (token: string) => `/account/reset-password?token=${encodeURIComponent(token)}`,
  },
  /** Where a social provider sends the shopper back (through the API), with `token` or `error`. */
  socialCallback: {
    path: '/auth/:provider/callback',
    href: (provider: string) => `/auth/${encodeURIComponent(provider)}/callback`,
  },
  /** The e-mailed link that confirms the account's address. */
  verifyEmail: {
    path: '/account/verify-email',
    href: (token: string) => `/account/verify-email?token=${encodeURIComponent(token)}`,
  },
  /** Signed-in devices and the authenticator app. */
  security: { path: '/account/security', href: () => '/account/security' },
  /** The second step of an admin's sign-in (or the way to set it up). */
  twoFactor: { path: '/account/two-factor', href: () => '/account/two-factor' },
  orders: { path: '/account/orders', href: () => '/account/orders' },
  /** One order's invoice (or receipt), printable; the confirmation e-mail links here (API order-mails.ts). */
  invoice: { path: '/account/orders/:id/invoice', href: (id: number) => `/account/orders/${id}/invoice` },
  /** A refund's credit note, printable; the refund e-mail links here (API refunds/mails.ts). */
  creditNote: {
    path: '/account/orders/:id/credit-notes/:number',
    href: (id: number, number: string) => `/account/orders/${id}/credit-notes/${encodeURIComponent(number)}`,
  },
  profile: { path: '/account/profile', href: () => '/account/profile' },
  addresses: { path: '/account/addresses', href: () => '/account/addresses' },
  /** The back office: admins only (app/guards.tsx). */
  admin: { path: '/admin', href: () => '/admin' },
  adminProducts: { path: '/admin/products', href: () => '/admin/products' },
  adminNewProduct: { path: '/admin/products/new', href: () => '/admin/products/new' },
  /** The catalogue as a CSV: export, check and import. */
  adminProductsImport: { path: '/admin/products/import', href: () => '/admin/products/import' },
  adminProduct: { path: '/admin/products/:id', href: (id: number) => `/admin/products/${id}` },
  adminCollections: { path: '/admin/collections', href: () => '/admin/collections' },
  adminNewCollection: { path: '/admin/collections/new', href: () => '/admin/collections/new' },
  adminCollection: { path: '/admin/collections/:id', href: (id: number) => `/admin/collections/${id}` },
  adminSearch: { path: '/admin/search', href: () => '/admin/search' },
  adminGallery: { path: '/admin/gallery', href: () => '/admin/gallery' },
  adminOrders: { path: '/admin/orders', href: () => '/admin/orders' },
  adminNewOrder: { path: '/admin/orders/new', href: () => '/admin/orders/new' },
  adminOrder: { path: '/admin/orders/:id', href: (id: number) => `/admin/orders/${id}` },
  /** A manual order's payment link (e-mailed): the customer pays that order by card. */
  payLink: { path: '/pay/:token', href: (token: string) => `/pay/${encodeURIComponent(token)}` },
  /** The owner's invitation to the staff (the e-mailed link). */
  staffInvitation: {
    path: '/staff-invitation/:token',
    href: (token: string) => `/staff-invitation/${encodeURIComponent(token)}`,
  },
  adminPackingSlip: {
    path: '/admin/orders/:id/packing-slip',
    href: (id: number) => `/admin/orders/${id}/packing-slip`,
  },
  adminReturns: { path: '/admin/returns', href: () => '/admin/returns' },
  adminReturn: { path: '/admin/returns/:id', href: (id: number) => `/admin/returns/${id}` },
  adminMessages: { path: '/admin/messages', href: () => '/admin/messages' },
  adminCustomers: { path: '/admin/customers', href: () => '/admin/customers' },
  adminShipping: { path: '/admin/shipping', href: () => '/admin/shipping' },
  adminDiscounts: { path: '/admin/discounts', href: () => '/admin/discounts' },
  /** The accountant's page: the VAT report and its CSV. */
  adminReports: { path: '/admin/reports', href: () => '/admin/reports' },
  adminStaff: { path: '/admin/staff', href: () => '/admin/staff' },
  adminCustomer: { path: '/admin/customers/:id', href: (id: number) => `/admin/customers/${id}` },
} as const;

/**
 * The API address that starts a social sign-in; the browser goes there, it is not a background call. The
 * shopper comes back to the callback page in the language they read (`lang`'s address).
 */
export const socialStartUrl = (provider: string, origin: string, lang: Language) =>
  `${env.apiBase}/v1/auth/${encodeURIComponent(provider)}?redirect_uri=${encodeURIComponent(
    origin + languagePath(lang, paths.socialCallback.href(provider)),
  )}`;
