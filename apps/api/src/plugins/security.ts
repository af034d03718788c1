import type { FastifyInstance } from 'fastify';
import type { Config } from '../env.js';

/**
 * Strict headers for every answer: the storefront loads only its own scripts, styles, images and media,
 * may not be framed, and leaks no full URL to other sites. The one inline script (the pre-paint theme script of
 * index.html) is allowed by its hash. Computed once: none of it depends on the request.
 */
export function securityHeaders(config: Config, inlineScriptHashes: string[] = []): Record<string, string> {
  const https = config.publicUrl.startsWith('https://');
  // Pictures served from a bucket or a CDN (S3_PUBLIC_URL) are images of the shop too.
  const pictures = config.storage.s3?.publicUrl ? ` ${new URL(config.storage.s3.publicUrl).origin}` : '';
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${inlineScriptHashes.join(' ')}`.trim(),
    "style-src 'self'",
    // Server-rendered markup carries style attributes (colour swatches); attributes cannot run script.
    "style-src-attr 'unsafe-inline'",
    `img-src 'self' data: blob:${pictures}`,
    "media-src 'self'",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
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
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
    ...(https && { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }),
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
