import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { CreateOrder, LocalizedText } from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import {
  addresses,
  colors,
  products,
  users,
  type AddressSnapshot,
  type payments,
  type PricedLine,
} from '../../db/schema/index.js';
import { HttpError } from '../../lib/http-error.js';
import { clientAmountToFils, toFils } from '../../lib/money.js';
import type { PublicUrl } from '../../storage/index.js';
import { linesTotalFils, paymentShippingFils } from '../cart/index.js';
import { lineImages } from '../catalog/index.js';
import type { GatewayIntent } from '../payments/index.js';

/*
 * What an order is made of, checked and gathered before it is written: the paid amount against the lines, the
 * client's items against the paid ones, the addresses of a reconciled payment, the catalogue's names and
 * pictures at that moment, and the cart lines the payment settles.
 */

type PaymentRow = typeof payments.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What was charged, what was frozen and what the lines and the shipping add up to must be one amount. */
export function checkAmounts(log: FastifyBaseLogger, payment: PaymentRow, intent: GatewayIntent) {
  const linesFils =
    linesTotalFils(payment.lines) + paymentShippingFils(payment) - toFils(payment.discountAmount);
  if (
    intent.amountFils !== linesFils ||
    toFils(payment.amount) !== linesFils ||
    intent.currency.toUpperCase() !== payment.currency
  ) {
    log.error(
      { paymentId: payment.id, charged: intent.amountFils, frozen: payment.amount, lines: linesFils },
      'paid amount differs from the payment lines: needs a person',
    );
    throw new HttpError(409, 'The amount paid does not match the order. Please contact us.');
  }
}

/**
 * The paid lines leave the cart; a line the shopper has since raised keeps the extra quantity. Two statements
 * whatever the number of lines, each over the lines as one VALUES list.
 */
export async function removePaidLines(tx: Tx, userId: number, lines: PricedLine[]) {
  const paid = sql.join(
    lines.map((l) => sql`(${l.productId}::int, ${l.color}::text, ${l.size}::text, ${l.quantity}::int)`),
    sql`, `,
  );
  await tx.execute(sql`
    update cart_items c set quantity = c.quantity - v.quantity, updated_at = now()
    from (values ${paid}) as v(product_id, color, size, quantity)
    where c.user_id = ${userId} and c.product_id = v.product_id and c.color = v.color and c.size = v.size
      and c.quantity > v.quantity`);
  await tx.execute(sql`
    delete from cart_items c using (values ${paid}) as v(product_id, color, size, quantity)
    where c.user_id = ${userId} and c.product_id = v.product_id and c.color = v.color and c.size = v.size
      and c.quantity <= v.quantity`);
}

/**
 * The client's items are the paid lines: same products, colours and sizes, same quantities, same unit prices
 * (order of lines and repeated lines do not matter).
 */
export function itemsMatch(lines: PricedLine[], items: CreateOrder['items']): boolean {
  const key = (slug: string, color: string | null | undefined, size: string) =>
    `${slug.trim().toLowerCase()}|${(color ?? '').trim().toLowerCase()}|${size}`;
  const tally = (entries: { key: string; quantity: number; priceFils: number | undefined }[]) => {
    const out = new Map<string, { quantity: number; priceFils: number | undefined }>();
    for (const e of entries) {
      const seen = out.get(e.key);
      if (seen && seen.priceFils !== e.priceFils) return undefined;
      out.set(e.key, { quantity: (seen?.quantity ?? 0) + e.quantity, priceFils: e.priceFils });
    }
    return out;
  };
  const paid = tally(
    lines.map((l) => ({
      key: key(l.slug, l.color, l.size),
      quantity: l.quantity,
      priceFils: toFils(l.price),
    })),
  );
  const sent = tally(
    items.map((i) => ({
      key: key(i.product_slug, i.options.color, i.options.size),
      quantity: i.quantity,
      priceFils: clientAmountToFils(i.price),
    })),
  );
  if (!paid || !sent || paid.size !== sent.size) return false;
  for (const [k, p] of paid) {
    const s = sent.get(k);
    if (!s || s.quantity !== p.quantity || s.priceFils !== p.priceFils) return false;
  }
  return true;
}

/** Only the fields that hold something, so they can be laid over defaults. */
function definedFields(address: Partial<AddressSnapshot>): Partial<AddressSnapshot> {
  return Object.fromEntries(
    Object.entries(address).filter(([, v]) => typeof v === 'string' && v.trim() !== ''),
  );
}

/**
 * Reconciliation knows no checkout form: the billing address is the one recorded with the payment (the
 * sandbox confirmation's or Stripe's billing details, Apple Pay's contact), else the shopper's default saved
 * address, else their most recent one; with none of those the order keeps the account's name and e-mail and
 * empty postal fields, and the log says the shop must ask the customer.
 */
export async function reconciledAddresses(
  db: Database,
  log: FastifyBaseLogger,
  payment: PaymentRow,
  intent: GatewayIntent,
) {
  const [user] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, payment.userId))
    .limit(1);
  const account: AddressSnapshot = {
    name: user?.name ?? '',
    email: user?.email ?? '',
    phone: '',
    address: '',
    city: '',
    postalCode: '',
    country: '',
  };
  const recorded = payment.billingAddress ?? intent.billing;
  let billing: AddressSnapshot;
  if (recorded?.address) {
    billing = { ...account, ...definedFields(recorded) };
  } else {
    const [saved] = await db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, payment.userId))
      .orderBy(desc(addresses.isDefault), desc(addresses.updatedAt))
      .limit(1);
    if (saved) {
      billing = {
        name: saved.name,
        email: saved.email,
        phone: saved.phone,
        address: saved.address,
        city: saved.city,
        postalCode: saved.postalCode,
        country: saved.country,
      };
    } else {
      billing = { ...account, ...(recorded && definedFields(recorded)) };
      log.warn(
        { paymentId: payment.id, userId: payment.userId },
        'reconciled order has no postal address: ask the customer',
      );
    }
  }
  return { billing, shipping: payment.shippingAddress ?? null };
}

/** Names, first images and colour names as the catalogue has them now: the order keeps its own copy. */
export async function catalogueSnapshot(
  db: Database,
  publicUrl: PublicUrl,
  lines: PricedLine[],
  userId: number,
) {
  const ids = [...new Set(lines.map((l) => l.productId))];
  const keys = [...new Set(lines.map((l) => l.color).filter(Boolean))];
  const [productRows, imageOf, colorRows, userRows] = await Promise.all([
    db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, ids)),
    lineImages(db, ids),
    keys.length > 0
      ? db.select({ key: colors.key, name: colors.name }).from(colors).where(inArray(colors.key, keys))
      : Promise.resolve([]),
    db.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.id, userId)).limit(1),
  ]);
  const names = new Map(productRows.map((p) => [p.id, p.name]));
  return {
    /** A line's product as it is now: its name, and its picture in the line's colour (null: none). */
    product: (productId: number, color: string | null) => {
      const name = names.get(productId);
      if (!name) return undefined;
      const key = imageOf(productId, color);
      return { name, image: key ? publicUrl(key) : null };
    },
    colors: new Map<string, LocalizedText>(colorRows.map((c) => [c.key, c.name])),
    email: userRows[0]?.email,
    locale: userRows[0]?.locale ?? undefined,
  };
}
