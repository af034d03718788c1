/**
 * The back office's shipping zones and rates (DESIGN section 17): `GET|POST /api/v1/admin/shipping-zones`,
 * `PATCH|DELETE /api/v1/admin/shipping-zones/{id}`. A zone lists ISO 3166 alpha-2 countries; the zone with none
 * is the worldwide zone, serving every country no other zone lists (it can be edited, not deleted, and keeps no
 * countries). The storefront's side (`GET /api/v1/shipping-methods`) is in `catalog.ts`.
 */
import { z } from 'zod';
import { LocalizedTextSchema, MoneySchema, wholeNumberInput } from './common.js';
import { envelope } from './envelope.js';
import { isCountryCode } from './countries.js';
import { localizedInput, moneyInput } from './admin.js';

export const SHIPPING_LIMITS = { name: 80, rates: 10, countries: 250, days: 365 } as const;

const days = (field: string) =>
  wholeNumberInput(
    z
      .number()
      .int(`The ${field} must be a whole number of days.`)
      .min(0, `The ${field} may not be negative.`)
      .max(SHIPPING_LIMITS.days, `The ${field} may not be more than ${SHIPPING_LIMITS.days}.`),
    `The ${field} must be a whole number of days.`,
  );

const MIN_OVER_MAX = 'The fastest delivery may not take longer than the slowest.';

export const ShippingRateInputSchema = z
  .object({
    /** An existing rate of this zone, kept (and changed); without it the rate is new. */
    id: z.number().int().positive().optional(),
    name: localizedInput('rate name', SHIPPING_LIMITS.name),
    price: moneyInput('price'),
    /** Shipping is free when the subtotal reaches this amount; null or absent for never. */
    free_over: moneyInput('free-over amount').nullish(),
    min_days: days('fastest delivery'),
    max_days: days('slowest delivery'),
  })
  .refine((r) => r.min_days <= r.max_days, { message: MIN_OVER_MAX, path: ['min_days'] });
export type ShippingRateInput = z.infer<typeof ShippingRateInputSchema>;

const countryList = z
  .array(
    z
      .string()
      .trim()
      .toUpperCase()
      .refine(isCountryCode, 'Each country must be an ISO 3166 alpha-2 code, such as AE.'),
  )
  .max(SHIPPING_LIMITS.countries)
  .transform((list) => [...new Set(list)]);

const zoneFields = {
  name: localizedInput('zone name', SHIPPING_LIMITS.name),
  countries: countryList,
  rates: z
    .array(ShippingRateInputSchema)
    .min(1, 'Give the zone at least one rate.')
    .max(SHIPPING_LIMITS.rates, `A zone has at most ${SHIPPING_LIMITS.rates} rates.`),
  sort: wholeNumberInput(z.number().int().min(0).max(10_000), 'The position must be a whole number.'),
};

/** A new zone: it names at least one country (there is one worldwide zone, the seeded one). */
export const ShippingZoneCreateSchema = z.object({
  ...zoneFields,
  countries: countryList.refine((l) => l.length > 0, 'Name at least one country.'),
  sort: zoneFields.sort.optional(),
});
export type ShippingZoneCreate = z.infer<typeof ShippingZoneCreateSchema>;

/** A change: only the fields sent change; `rates` replaces the list (rates sent with their id are kept). */
export const ShippingZoneUpdateSchema = z
  .object({ ...zoneFields, version: z.number().int().positive().optional() })
  .partial();
export type ShippingZoneUpdate = z.infer<typeof ShippingZoneUpdateSchema>;

export const ShippingZoneParamsSchema = z.object({ id: z.coerce.number().int().positive() });

export const ShippingRateSchema = z.object({
  id: z.number().int(),
  name: LocalizedTextSchema,
  price: MoneySchema,
  free_over: MoneySchema.nullable(),
  min_days: z.number().int(),
  max_days: z.number().int(),
});
export type ShippingRate = z.infer<typeof ShippingRateSchema>;

export const ShippingZoneSchema = z.object({
  id: z.number().int(),
  name: LocalizedTextSchema,
  countries: z.array(z.string()),
  /** The zone with no countries: everywhere no other zone lists. */
  worldwide: z.boolean(),
  sort: z.number().int(),
  rates: z.array(ShippingRateSchema),
  version: z.number().int(),
});
export type ShippingZone = z.infer<typeof ShippingZoneSchema>;

export const ShippingZonesResponseSchema = envelope(z.object({ zones: z.array(ShippingZoneSchema) }));
export const ShippingZoneResponseSchema = envelope(z.object({ zone: ShippingZoneSchema }));
export type ShippingZonesResponse = z.infer<typeof ShippingZonesResponseSchema>;
export type ShippingZoneResponse = z.infer<typeof ShippingZoneResponseSchema>;
/** What the back office's form sends (amounts and days as typed). */
export type ShippingZoneInput = z.input<typeof ShippingZoneCreateSchema>;
export type ShippingZoneChange = z.input<typeof ShippingZoneUpdateSchema>;
