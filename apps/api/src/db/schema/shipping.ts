import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { LocalizedText } from '@boutique/contracts';

/**
 * Where the shop ships, grouped in zones (DESIGN section 17). A zone lists ISO 3166 alpha-2 country codes; the
 * zone with no countries is the worldwide zone: it serves every country no other zone lists. A country is in
 * at most one zone (the shipping module checks it on every write). The migration seeds the worldwide zone with
 * one free rate, so nothing changes until the owner sets rates; the worldwide zone can be edited, not deleted.
 */
export const shippingZones = pgTable('shipping_zones', {
  id: serial().primaryKey(),
  name: jsonb().$type<LocalizedText>().notNull(),
  /** Upper-case alpha-2 codes; empty for the worldwide zone only. */
  countries: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  sort: integer().notNull().default(0),
  /** Counts the back office's writes (decision 028). */
  version: integer().notNull().default(1),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A way to ship to a zone: its price (VAT included, like every price), free over a subtotal, and its days. */
export const shippingRates = pgTable(
  'shipping_rates',
  {
    id: serial().primaryKey(),
    zoneId: integer()
      .notNull()
      .references(() => shippingZones.id, { onDelete: 'cascade' }),
    name: jsonb().$type<LocalizedText>().notNull(),
    price: numeric({ precision: 12, scale: 2 }).notNull(),
    /** Free when the cart's subtotal reaches this; null: never free (unless its price is 0). */
    freeOver: numeric({ precision: 12, scale: 2 }),
    minDays: integer().notNull(),
    maxDays: integer().notNull(),
    sort: integer().notNull().default(0),
  },
  (t) => [
    index('shipping_rates_zone_idx').on(t.zoneId, t.sort),
    check('shipping_rates_price_check', sql`${t.price} >= 0`),
    check('shipping_rates_free_over_check', sql`${t.freeOver} is null or ${t.freeOver} >= 0`),
    check('shipping_rates_days_check', sql`${t.minDays} >= 0 and ${t.minDays} <= ${t.maxDays}`),
  ],
);
