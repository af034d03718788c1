/** The one place the storefront reads build-time configuration. */
export const env = {
  apiBase: '/api',
  requestTimeoutMs: 30_000,
  dev: import.meta.env.DEV,
} as const;

/** True in the server bundle (entry-server.tsx): what only the server reads is left out of the browser's. */
export const onServer: boolean = import.meta.env.SSR;
