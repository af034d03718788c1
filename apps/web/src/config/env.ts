/** The one place the storefront reads build-time configuration. */
export const env = {
  apiBase: '/api',
  requestTimeoutMs: 30_000,
  dev: import.meta.env.DEV,
} as const;
