import type { FastifyInstance } from 'fastify';
import type { Config, StripeSettings } from '../env.js';

/**
 * Strict headers for every answer: the storefront loads only its own scripts, styles, images and media,
 * may not be framed, and leaks no full URL to other sites. The one inline script (the pre-paint theme script of
 * index.html) is allowed by its hash. With the Stripe gateway, Stripe's script, frames and API are admitted too,
 * on every page: the storefront is one application, and the checkout is reached without a new document.
 * Computed once from the configuration: none of it depends on the request.
 */
export function securityHeaders(config: Config, inlineScriptHashes: string[] = []): Record<string, string> {
  const https = config.publicUrl.startsWith('https://');
  // Pictures served from a bucket or a CDN (S3_PUBLIC_URL) are images of the shop too.
  const pictures = config.storage.s3?.publicUrl ? ` ${new URL(config.storage.s3.publicUrl).origin}` : '';
  const stripe = stripeSources(config.payments.stripe);
  const csp = [
    "default-src 'self'",
    ["script-src 'self'", ...stripe.script, ...inlineScriptHashes].join(' '),
    "style-src 'self'",
    // Server-rendered markup carries style attributes (colour swatches); attributes cannot run script.
    "style-src-attr 'unsafe-inline'",
    `img-src 'self' data: blob:${pictures}`,
    "media-src 'self'",
    "font-src 'self' data:",
    ["connect-src 'self'", ...stripe.connect].join(' '),
    stripe.frame.length > 0 ? `frame-src ${stripe.frame.join(' ')}` : "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
  // Stripe's frames ask for the Payment Request API (Apple Pay, Google Pay); nothing else may.
  const payment = ['self', ...stripe.payment.map((origin) => `"${origin}"`)].join(' ');
  return {
    'content-security-policy': csp,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    'permissions-policy': `camera=(), microphone=(), geolocation=(), payment=(${payment})`,
    ...(https && { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }),
  };
}

/** Stripe.js's own origins, as https://docs.stripe.com/security/guide#content-security-policy lists them. */
const STRIPE_JS = ['https://js.stripe.com', 'https://*.js.stripe.com'];
/** 3D Secure challenges open in frames from here. */
const STRIPE_HOOKS = 'https://hooks.stripe.com';

/**
 * What Stripe.js, Elements and the Express Checkout Element need, and nothing more: its script, its frames
 * (fields, wallet buttons, 3D Secure) and its API. With STRIPE_JS_URL (a stand-in in tests) that origin takes
 * the place of Stripe's; with STRIPE_API_BASE, the API's. Nothing at all with the sandbox.
 */
export function stripeSources(stripe: StripeSettings | undefined) {
  if (!stripe) return { script: [], frame: [], connect: [], payment: [] };
  const js = stripe.jsUrl ? [new URL(stripe.jsUrl).origin] : STRIPE_JS;
  return {
    script: js,
    frame: stripe.jsUrl ? js : [...js, STRIPE_HOOKS],
    connect: [stripe.apiOrigin],
    payment: stripe.jsUrl ? js : ['https://js.stripe.com'],
  };
}

/**
 * The headers that still mean something on a file a page loads (script, stylesheet, image, font). The rest
 * (CSP, framing, opener, referrer, permissions) govern documents only; a phone's first load fetches a dozen
 * such files, and a kilobyte of document headers on each was a tenth of the bytes it downloaded.
 */
export function subresourceHeaders(all: Record<string, string>): Record<string, string> {
  const keep = ['x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security'];
  return Object.fromEntries(Object.entries(all).filter(([name]) => keep.includes(name)));
}

/** Built files and stored images; SVG is left out because an SVG opened on its own is a document. */
const SUBRESOURCE = /^\/(?:assets|storage)\/[^?#]*\.(?:js|css|webp|avif|png|jpe?g|woff2?|mp4|webm)(?:[?#]|$)/;

export function registerSecurityHeaders(
  app: FastifyInstance,
  config: Config,
  inlineScriptHashes: string[] = [],
) {
  const headers = securityHeaders(config, inlineScriptHashes);
  const lean = subresourceHeaders(headers);
  app.addHook('onRequest', async (request, reply) => {
    void reply.headers(SUBRESOURCE.test(request.url) ? lean : headers);
  });
}
