import { z } from 'zod';
import type { RateLimitRule } from './limits.js';

/** What a catalogue CSV import may reach, and how often one admin may run one. */
export const CatalogueImportEnv = z.object({
  /**
   * Hosts an imported CSV's picture addresses may name (comma list, e.g. `cdn.example.com,photos.example.org`;
   * `host:port` to name one port). Empty (the default): pictures come from the zip sent with the CSV only, and
   * a line naming an address is refused, naming this setting.
   */
  IMPORT_URL_HOSTS: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** Imports (dry runs included) one admin may start in an hour: each reads the whole catalogue. */
  IMPORT_LIMIT_PER_ADMIN: z.coerce.number().int().min(1).max(100_000).default(60),
});
export type CatalogueImportEnv = z.infer<typeof CatalogueImportEnv>;

export interface CatalogueImportConfig {
  catalogueImport: { urlHosts: string[]; perAdmin: RateLimitRule };
}

export function catalogueImportConfig(e: CatalogueImportEnv): CatalogueImportConfig {
  return {
    catalogueImport: {
      urlHosts: e.IMPORT_URL_HOSTS,
      perAdmin: { max: e.IMPORT_LIMIT_PER_ADMIN, windowS: 60 * 60 },
    },
  };
}
