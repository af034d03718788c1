import type { FastifyInstance } from 'fastify';
import type { Config } from '../env.js';

/**
 * Strict headers for every answer: the storefront loads only its own scripts, styles, images and media,
 * may not be framed, and leaks no full URL to other sites. The one inline script (the pre-paint theme script of
 * index.html) is allowed by its hash. Computed once: none of it depends on the request.
 */
export function securityHeaders(config: Config, inlineScriptHashes: string[] = []): Record<string, string> {
  const https = config.publicUrl.startsWith('https://');
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${inlineScriptHashes.join(' ')}`.trim(),
    "style-src 'self'",
    // Server-rendered markup carries style attributes (colour swatches); attributes cannot run script.
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
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

export function registerSecurityHeaders(
  app: FastifyInstance,
  config: Config,
  inlineScriptHashes: string[] = [],
) {
  const headers = securityHeaders(config, inlineScriptHashes);
  app.addHook('onRequest', async (_request, reply) => {
    void reply.headers(headers);
  });
}
