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
  cart: { path: '/cart', href: () => '/cart' },
  checkout: { path: '/checkout', href: () => '/checkout' },
  login: { path: '/account/login', href: () => '/account/login' },
  register: { path: '/account/register', href: () => '/account/register' },
  orders: { path: '/account/orders', href: () => '/account/orders' },
} as const;
