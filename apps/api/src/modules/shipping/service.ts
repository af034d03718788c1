import { asc, eq, inArray, notInArray, and, sql } from 'drizzle-orm';
import type { ShippingMethod } from '@boutique/contracts';
import type {
  ShippingRate,
  ShippingRateInput,
  ShippingZone,
  ShippingZoneCreate,
  ShippingZoneUpdate,
} from '@boutique/contracts/admin-shipping';
import type { Database } from '../../db/client.js';
import { shippingRates, shippingZones, type ShippingChoice } from '../../db/schema/index.js';
import { claimVersion, withCurrent } from '../../db/versions.js';
import { fieldError, HttpError, notFound, unprocessable } from '../../lib/http-error.js';
import { fromFils, toFils } from '../../lib/money.js';
import { recordAudit } from '../audit/index.js';
import { deliveryEstimate } from './estimate.js';

type ZoneRow = typeof shippingZones.$inferSelect;
type RateRow = typeof shippingRates.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export const RATE_NOT_OFFERED =
  'This shipping method does not deliver to that country. Please choose another.';
const ZONE = 'Shipping zone';

/** A rate priced for a subtotal: free once the subtotal reaches its `free_over`. */
export function rateFils(rate: RateRow, subtotalFils: number): number {
  if (rate.freeOver !== null && subtotalFils >= toFils(rate.freeOver)) return 0;
  return toFils(rate.price);
}

const isWorldwide = (zone: ZoneRow) => zone.countries.length === 0;

function toRate(row: RateRow): ShippingRate {
  return {
    id: row.id,
    name: row.name,
    price: row.price,
    free_over: row.freeOver,
    min_days: row.minDays,
    max_days: row.maxDays,
  };
}

function toZone(zone: ZoneRow, rates: RateRow[]): ShippingZone {
  return {
    id: zone.id,
    name: zone.name,
    countries: zone.countries,
    worldwide: isWorldwide(zone),
    sort: zone.sort,
    rates: rates.filter((r) => r.zoneId === zone.id).map(toRate),
    version: zone.version,
  };
}

/** A rate as the shopper sees it for a subtotal. */
export function toMethod(rate: RateRow, subtotalFils: number): ShippingMethod {
  return {
    id: String(rate.id),
    name: rate.name,
    description: deliveryEstimate(rate.minDays, rate.maxDays),
    price: fromFils(rateFils(rate, subtotalFils)),
    regular_price: rate.price,
    free_over: rate.freeOver,
    currency: 'AED',
    min_days: rate.minDays,
    max_days: rate.maxDays,
  };
}

async function allZones(db: Database) {
  const [zones, rates] = await Promise.all([
    db.select().from(shippingZones).orderBy(asc(shippingZones.sort), asc(shippingZones.id)),
    db.select().from(shippingRates).orderBy(asc(shippingRates.sort), asc(shippingRates.id)),
  ]);
  return { zones, rates };
}

/** The zone serving a country: the one listing it, else the worldwide zone. */
async function zoneFor(db: Database, country: string | null | undefined): Promise<ZoneRow> {
  const code = country?.trim().toUpperCase() ?? '';
  const zones = await db.select().from(shippingZones).orderBy(asc(shippingZones.sort), asc(shippingZones.id));
  const zone = (code && zones.find((z) => z.countries.includes(code))) || zones.find(isWorldwide);
  if (!zone) throw new HttpError(503, 'The shop has no shipping zone for this address.');
  return zone;
}

/**
 * The rates for an address: the zone listing the country (the worldwide zone when none does), each priced
 * for the subtotal, cheapest first. Used by checkout step 2 and by manual orders.
 */
export async function ratesFor(db: Database, country: string | null | undefined, subtotalFils: number) {
  const zone = await zoneFor(db, country);
  const rates = await db
    .select()
    .from(shippingRates)
    .where(eq(shippingRates.zoneId, zone.id))
    .orderBy(asc(shippingRates.sort), asc(shippingRates.id));
  const methods = rates
    .map((r) => ({ rate: r, fils: rateFils(r, subtotalFils) }))
    .sort((a, b) => a.fils - b.fils || a.rate.sort - b.rate.sort || a.rate.id - b.rate.id);
  return { zone, methods };
}

/**
 * The shipping a payment is priced with: the rate `rateId` if the address's country is served by its zone,
 * priced for the subtotal (422 naming `shipping_rate_id` otherwise). Without a rate: the cheapest one the
 * country's zone offers. The one place shipping is priced.
 */
export async function quote(
  db: Database,
  rateId: number | string | null | undefined,
  country: string | null | undefined,
  subtotalFils: number,
): Promise<ShippingChoice & { fils: number }> {
  const { methods } = await ratesFor(db, country, subtotalFils);
  const wanted = rateId === null || rateId === undefined || rateId === '' ? undefined : Number(rateId);
  const chosen = wanted === undefined ? methods[0] : methods.find((m) => m.rate.id === wanted);
  if (!chosen) {
    if (wanted === undefined) throw new HttpError(503, 'The shop has no shipping rate for this address.');
    throw unprocessable(RATE_NOT_OFFERED, {
      shipping_rate_id: [fieldError('unavailable', RATE_NOT_OFFERED)],
    });
  }
  return {
    rateId: chosen.rate.id,
    name: chosen.rate.name,
    price: fromFils(chosen.fils),
    minDays: chosen.rate.minDays,
    maxDays: chosen.rate.maxDays,
    country: country?.trim().toUpperCase() || null,
    fils: chosen.fils,
  };
}

/** Every zone with its rates priced at their regular price, for the shipping information page. */
export async function publicZones(db: Database) {
  const { zones, rates } = await allZones(db);
  return zones.map((zone) => ({
    id: zone.id,
    name: zone.name,
    countries: zone.countries,
    worldwide: isWorldwide(zone),
    methods: rates.filter((r) => r.zoneId === zone.id).map((r) => toMethod(r, 0)),
  }));
}

/** The owner's writes of zones and rates: versions (decision 028) and audit, one transaction each. */
export class ShippingAdmin {
  constructor(private readonly db: Database) {}

  async list(): Promise<ShippingZone[]> {
    const { zones, rates } = await allZones(this.db);
    return zones.map((z) => toZone(z, rates));
  }

  async get(id: number, db: Database = this.db): Promise<ShippingZone | undefined> {
    const [zone] = await db.select().from(shippingZones).where(eq(shippingZones.id, id));
    if (!zone) return undefined;
    const rates = await db
      .select()
      .from(shippingRates)
      .where(eq(shippingRates.zoneId, id))
      .orderBy(asc(shippingRates.sort), asc(shippingRates.id));
    return toZone(zone, rates);
  }

  async create(actorId: number, input: ShippingZoneCreate): Promise<ShippingZone> {
    return this.db.transaction(async (tx) => {
      await lockZones(tx);
      await checkCountries(tx, input.countries, undefined);
      const [zone] = await tx
        .insert(shippingZones)
        .values({ name: input.name, countries: input.countries, sort: input.sort ?? 0 })
        .returning();
      if (!zone) throw new Error('zone not stored');
      await writeRates(tx, zone.id, input.rates);
      const after = await this.get(zone.id, tx);
      await recordAudit(tx, {
        actorId,
        action: 'shipping_zone.create',
        entity: 'shipping_zone',
        entityId: zone.id,
        after,
      });
      return after!;
    });
  }

  async update(actorId: number, id: number, expected: number, input: ShippingZoneUpdate) {
    const write = this.db.transaction(async (tx) => {
      await lockZones(tx);
      const before = await this.get(id, tx);
      const claimed = await claimVersion(tx, shippingZones, id, expected, { notFound: notFound(ZONE) });
      if (input.countries !== undefined) {
        if (before?.worldwide && input.countries.length > 0)
          throw unprocessable('The worldwide zone serves every country no other zone lists: it names none.', {
            countries: [fieldError('not_allowed', 'The worldwide zone names no countries.')],
          });
        if (!before?.worldwide && input.countries.length === 0)
          throw unprocessable('Name at least one country.', {
            countries: [fieldError('required', 'Name at least one country.')],
          });
        await checkCountries(tx, input.countries, id);
      }
      await tx
        .update(shippingZones)
        .set({
          ...(input.name && { name: input.name }),
          ...(input.countries && { countries: input.countries }),
          ...(input.sort !== undefined && { sort: input.sort }),
          updatedAt: new Date(),
        })
        .where(eq(shippingZones.id, claimed.id));
      if (input.rates) await writeRates(tx, id, input.rates);
      const after = await this.get(id, tx);
      await recordAudit(tx, {
        actorId,
        action: 'shipping_zone.update',
        entity: 'shipping_zone',
        entityId: id,
        before,
        after,
      });
      return after!;
    });
    return withCurrent(write, () => this.get(id));
  }

  async remove(actorId: number, id: number, expected: number) {
    const write = this.db.transaction(async (tx) => {
      const before = await this.get(id, tx);
      if (before?.worldwide)
        throw new HttpError(
          409,
          'The worldwide zone cannot be deleted: it serves every country no other zone lists.',
        );
      await claimVersion(tx, shippingZones, id, expected, { notFound: notFound(ZONE) });
      await tx.delete(shippingZones).where(eq(shippingZones.id, id));
      await recordAudit(tx, {
        actorId,
        action: 'shipping_zone.delete',
        entity: 'shipping_zone',
        entityId: id,
        before,
      });
      return before!;
    });
    return withCurrent(write, () => this.get(id));
  }
}

/** Zone writes one at a time, so two writes cannot both put one country in two zones. */
async function lockZones(tx: Tx) {
  await tx.execute(sql`lock table ${shippingZones} in share row exclusive mode`);
}

/** A country is in at most one zone: 422 on `countries` naming those another zone lists. */
async function checkCountries(tx: Tx, countries: string[], zoneId: number | undefined) {
  if (countries.length === 0) return;
  const others = await tx.select().from(shippingZones);
  const taken = others
    .filter((z) => z.id !== zoneId)
    .flatMap((z) => z.countries.filter((c) => countries.includes(c)).map((c) => ({ c, zone: z.name.en })));
  if (taken.length > 0) {
    const list = taken.map((t) => `${t.c} (${t.zone})`).join(', ');
    throw unprocessable(`These countries are in another zone already: ${list}.`, {
      countries: [fieldError('taken', `These countries are in another zone already: ${list}.`)],
    });
  }
}

/** The zone's rates become `rates`: those sent with an id of this zone are changed, the others added, the rest go. */
async function writeRates(tx: Tx, zoneId: number, rates: ShippingRateInput[]) {
  const existing = await tx
    .select({ id: shippingRates.id })
    .from(shippingRates)
    .where(eq(shippingRates.zoneId, zoneId));
  const ids = new Set(existing.map((r) => r.id));
  const unknown = rates.findIndex((r) => r.id !== undefined && !ids.has(r.id));
  if (unknown >= 0)
    throw unprocessable('This rate is not one of the zone’s.', {
      [`rates.${unknown}.id`]: [fieldError('not_found', 'This rate is not one of the zone’s.')],
    });
  const kept = rates.flatMap((r) => (r.id === undefined ? [] : [r.id]));
  await tx
    .delete(shippingRates)
    .where(
      kept.length > 0
        ? and(eq(shippingRates.zoneId, zoneId), notInArray(shippingRates.id, kept))
        : eq(shippingRates.zoneId, zoneId),
    );
  for (const [sort, r] of rates.entries()) {
    const values = {
      name: r.name,
      price: fromFils(toFils(r.price)),
      freeOver: r.free_over == null ? null : fromFils(toFils(r.free_over)),
      minDays: r.min_days,
      maxDays: r.max_days,
      sort,
    };
    if (r.id === undefined) await tx.insert(shippingRates).values({ zoneId, ...values });
    else
      await tx
        .update(shippingRates)
        .set(values)
        .where(inArray(shippingRates.id, [r.id]));
  }
}
