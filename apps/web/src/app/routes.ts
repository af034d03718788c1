import { SOCIAL_PROVIDERS } from '@boutique/contracts/constants';
import { onServer } from '@/config/env';
import { paths } from '@/config/paths';
import type { PageModule } from '@/lib/page';

/**
 * Every page of the storefront, declared once: the router (router.tsx) and the server (entry-server.tsx) both
 * read this list, and the API only calls the server entry. Adding a page is one entry here; a page built on
 * catalogue answers exports `load` beside its component (home-page.tsx, product-page.tsx).
 */
export interface PageRoute {
  /** The address pattern, React Router's (`/product/:slug`, `/admin/*`, `*` for every other address). */
  path: string;
  page: () => Promise<PageModule>;
  /** Props of the page component. */
  props?: Record<string, string>;
  /** Who may see it: guests only (signing in), signed-in shoppers, the shop's staff (outside the frame). */
  guard?: 'guest' | 'signed-in' | 'admin';
  /** What only the server reads: left out of the browser's bundle (`onServer` is false there). */
  server?: ServerFacts;
}

export interface ServerFacts {
  /** The page's own code, as the client build's manifest names it: its styles come with the page. */
  module: string;
  /** Translation namespaces the page renders with, inlined so that the first paint fetches none. */
  namespaces: readonly string[];
  /** The head of a page without a loader: translation keys (`ns:key`) of its title and description. */
  meta?: { title: string; description?: string };
  /** Query parameters the page reads: it is rendered and cached for these only. */
  params?: readonly string[];
  /** Never indexed, nor asked of crawlers; its address may carry one-time values, never rendered into it. */
  noindex?: boolean;
  /** Listed in the sitemap. */
  sitemap?: boolean;
  /** Left to the browser: the server sends the head and an empty root (unknown addresses, the back office). */
  browserOnly?: boolean;
  /** The status of a page that is not one of the shop's (the catch-all's 404). */
  status?: number;
  /** Whether the address's parameters name one of the shop's pages; when not, it is the not-found page. */
  accepts?: (params: Readonly<Record<string, string | undefined>>) => boolean;
  /**
   * Every address of the route is one page, rendered and cached at its pattern: the server renders the same
   * loading state whatever the parameters, so no run through them can fill the memory.
   */
  onePage?: boolean;
}

const accountPage = (name: keyof Awaited<ReturnType<typeof accountArea>>) => (): Promise<PageModule> =>
  accountArea().then((m) => ({ default: m[name] }));
const account = (namespaces: string[], title: string): ServerFacts => ({
  module: 'src/app/account-area.ts',
  namespaces,
  meta: { title },
  noindex: true,
});
/** An information page whose texts and `meta` block live in one namespace. */
const content = (file: string, ns: string): ServerFacts => ({
  module: `src/features/content/${file}.tsx`,
  namespaces: [ns],
  meta: { title: `${ns}:meta.title`, description: `${ns}:meta.description` },
  sitemap: true,
});
const legal = (page: string): ServerFacts => ({
  module: 'src/features/content/legal-page.tsx',
  namespaces: ['legal'],
  meta: { title: `legal:${page}.meta.title`, description: `legal:${page}.meta.description` },
  sitemap: true,
});

export const PAGES: readonly PageRoute[] = [
  {
    path: paths.home.path,
    page: () => import('@/features/home/home-page'),
    ...(onServer && {
      server: {
        module: 'src/features/home/home-page.tsx',
        namespaces: ['home', 'testimonials'],
        sitemap: true,
      },
    }),
  },
  {
    path: paths.collections.path,
    page: () => import('@/features/catalog/collections-page'),
    ...(onServer && {
      server: {
        module: 'src/features/catalog/collections-page.tsx',
        namespaces: ['collections'],
        sitemap: true,
      },
    }),
  },
  {
    path: paths.collection.path,
    page: () => import('@/features/catalog/collection-page'),
    ...(onServer && {
      server: {
        module: 'src/features/catalog/collection-page.tsx',
        namespaces: ['collection'],
        params: ['color', 'size', 'min', 'max', 'sort', 'view'],
      },
    }),
  },
  {
    path: paths.product.path,
    page: () => import('@/features/catalog/product-page'),
    ...(onServer && {
      server: {
        module: 'src/features/catalog/product-page.tsx',
        namespaces: ['product'],
        // The colour (and size) a shared link opens on: its pictures come first in the server's page.
        params: ['color', 'size'],
      },
    }),
  },
  {
    path: paths.cart.path,
    page: () => import('@/features/cart/cart-page'),
    ...(onServer && {
      server: {
        module: 'src/features/cart/cart-page.tsx',
        namespaces: [],
        meta: { title: 'cart:title' },
        noindex: true,
      },
    }),
  },
  {
    path: paths.faq.path,
    page: () => import('@/features/content/faq-page'),
    ...(onServer && { server: content('faq-page', 'faq') }),
  },
  {
    path: paths.shipping.path,
    page: () => import('@/features/content/shipping-page'),
    ...(onServer && { server: content('shipping-page', 'shipping') }),
  },
  {
    path: paths.sizeGuide.path,
    page: () => import('@/features/content/size-guide-page'),
    ...(onServer && { server: { ...content('size-guide-page', 'sizeGuide'), params: ['tab'] } }),
  },
  {
    path: paths.contact.path,
    page: () => import('@/features/content/contact-page'),
    // The form's subjects are in the namespace the pages share with the e-mails.
    ...(onServer && { server: { ...content('contact-page', 'contact'), namespaces: ['contact', 'shared'] } }),
  },
  {
    path: paths.ourStory.path,
    page: () => import('@/features/content/our-story-page'),
    ...(onServer && { server: content('our-story-page', 'ourStory') }),
  },
  {
    path: paths.terms.path,
    page: legalPage,
    props: { page: 'terms' },
    ...(onServer && { server: legal('terms') }),
  },
  {
    path: paths.privacy.path,
    page: legalPage,
    props: { page: 'privacy' },
    ...(onServer && { server: legal('privacy') }),
  },
  {
    path: paths.returns.path,
    page: legalPage,
    props: { page: 'returns' },
    ...(onServer && { server: legal('returns') }),
  },
  {
    // Every other address. Rendered by the browser: it is one page whatever the address.
    path: '*',
    page: notFoundPage,
    ...(onServer && {
      server: {
        module: 'src/features/content/not-found-page.tsx',
        namespaces: ['notFound'],
        meta: { title: 'notFound:meta.title', description: 'notFound:meta.description' },
        noindex: true,
        browserOnly: true,
        status: 404,
      },
    }),
  },
  {
    path: paths.login.path,
    page: accountPage('LoginPage'),
    guard: 'guest',
    ...(onServer && { server: account(['auth'], 'auth:meta.login') }),
  },
  {
    path: paths.register.path,
    page: accountPage('RegisterPage'),
    guard: 'guest',
    ...(onServer && { server: account(['auth'], 'auth:meta.register') }),
  },
  {
    path: paths.forgotPassword.path,
    page: accountPage('ForgotPasswordPage'),
    ...(onServer && { server: account(['auth'], 'auth:meta.forgot') }),
  },
  {
    path: paths.resetPassword.path,
    page: accountPage('ResetPasswordPage'),
    ...(onServer && { server: account(['auth'], 'auth:meta.reset') }),
  },
  {
    path: paths.verifyEmail.path,
    page: accountPage('VerifyEmailPage'),
    ...(onServer && { server: account(['auth'], 'auth:meta.verify') }),
  },
  {
    path: paths.socialCallback.path,
    page: accountPage('SocialCallbackPage'),
    ...(onServer && {
      server: {
        ...account(['auth'], 'auth:meta.callback'),
        accepts: ({ provider }) => (SOCIAL_PROVIDERS as readonly unknown[]).includes(provider),
      },
    }),
  },
  {
    path: paths.twoFactor.path,
    page: accountPage('TwoFactorPage'),
    guard: 'signed-in',
    ...(onServer && { server: account(['auth'], 'auth:meta.twoFactor') }),
  },
  {
    path: paths.security.path,
    page: accountPage('SecurityPage'),
    guard: 'signed-in',
    ...(onServer && { server: account(['account'], 'account:security.title') }),
  },
  {
    path: paths.profile.path,
    page: accountPage('ProfilePage'),
    guard: 'signed-in',
    ...(onServer && { server: account(['account'], 'account:profile.title') }),
  },
  {
    path: paths.addresses.path,
    page: accountPage('AddressesPage'),
    guard: 'signed-in',
    ...(onServer && { server: account(['account'], 'account:addresses.title') }),
  },
  {
    path: paths.orders.path,
    page: accountPage('OrdersPage'),
    guard: 'signed-in',
    ...(onServer && { server: account(['orders', 'account'], 'orders:title') }),
  },
  {
    // The confirmation e-mail links here.
    path: paths.invoice.path,
    page: accountPage('InvoicePage'),
    guard: 'signed-in',
    ...(onServer && {
      server: {
        ...account(['orders'], 'orders:invoice.open'),
        accepts: ({ id }) => /^\d{1,12}$/.test(id ?? ''),
        onePage: true,
      },
    }),
  },
  {
    // The refund e-mail links here.
    path: paths.creditNote.path,
    page: accountPage('CreditNotePage'),
    guard: 'signed-in',
    ...(onServer && {
      server: {
        ...account(['orders'], 'orders:creditNote.open'),
        accepts: ({ id, number }) => /^\d{1,12}$/.test(id ?? '') && /^[A-Za-z0-9-]{1,60}$/.test(number ?? ''),
        onePage: true,
      },
    }),
  },
  {
    path: paths.checkout.path,
    page: accountPage('CheckoutPage'),
    guard: 'signed-in',
    ...(onServer && { server: account(['checkout'], 'checkout:title') }),
  },
  {
    path: paths.orderConfirmation.path,
    page: accountPage('OrderConfirmationPage'),
    guard: 'signed-in',
    ...(onServer && { server: account(['orderConfirmation'], 'orderConfirmation:title') }),
  },
  {
    // A manual order's payment link: the token in the address is the customer's only key, never rendered.
    path: paths.payLink.path,
    page: accountPage('PayLinkPage'),
    ...(onServer && { server: { ...account(['checkout', 'payLink'], 'payLink:title'), onePage: true } }),
  },
  {
    // The owner's invitation to the staff: the token in the address is the invitee's key, never rendered.
    path: paths.staffInvitation.path,
    page: accountPage('StaffInvitationPage'),
    ...(onServer && {
      server: { ...account(['auth', 'staffInvitation'], 'staffInvitation:title'), onePage: true },
    }),
  },
  {
    // One lazy module holding the back office's own routes (decision 021). The server does not know who is
    // signed in: the browser renders it.
    path: `${paths.admin.path}/*`,
    page: adminApp,
    guard: 'admin',
    ...(onServer && {
      server: {
        module: 'src/features/admin/admin-app.tsx',
        namespaces: [],
        meta: { title: 'admin:backOffice' },
        noindex: true,
        browserOnly: true,
      },
    }),
  },
];

// The pages whose code is shared or comes last, in the order the one stylesheet (vite.config.ts, cssCodeSplit
// false) has always concatenated their styles: the bundler meets the pages' imports in the order of this file,
// and a rule that overrides another of the same weight must keep coming after it.
function legalPage() {
  return import('@/features/content/legal-page');
}
function notFoundPage() {
  return import('@/features/content/not-found-page');
}
/** The account area is one chunk (see account-area.ts). */
function accountArea() {
  return import('./account-area');
}
function adminApp() {
  return import('@/features/admin/admin-app');
}
