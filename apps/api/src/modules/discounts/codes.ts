import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ERROR_CODES, type DiscountProblem } from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import { cartDiscounts, discountRedemptions, discounts } from '../../db/schema/index.js';
import { fieldError, HttpError, type FieldError } from '../../lib/http-error.js';
import { fromFils, toFils } from '../../lib/money.js';
import { splitDiscount, type DiscountableLine, type DiscountRule, type DiscountSplit } from './rules.js';

/*
 * A shopper's side of discount codes: the code on their cart, whether it applies to given lines, and its uses
 * (claimed with the payment's hold, given back with it, made final by the order). The cart, the checkout and the
 * orders pass what this needs (lines, the shopper, the payment, the transaction): this module knows none of them.
 */

type DiscountRow = typeof discounts.$inferSelect;

/** A code as the pricing uses it. */
export interface AppliedDiscount {
  id: number;
  code: string;
  kind: DiscountRow['kind'];
  rule: DiscountRule;
  minSubtotalFils: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  usable: boolean;
}

export interface PricedDiscount extends DiscountSplit {
  discount: AppliedDiscount;
  /** Why it does not apply to these lines now (then nothing is taken off). */
  problem: DiscountProblem | null;
}

const toApplied = (row: DiscountRow): AppliedDiscount => ({
  id: row.id,
  code: row.code,
  kind: row.kind,
  rule: {
    kind: row.kind,
    value: row.kind === 'percent' ? Math.round(Number(row.value) * 100) : toFils(row.value),
    categoryId: row.categoryId,
    productIds: row.productIds,
  },
  minSubtotalFils: row.minSubtotal === null ? null : toFils(row.minSubtotal),
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  usageLimit: row.usageLimit,
  perCustomerLimit: row.perCustomerLimit,
  usable: row.active && row.archivedAt === null,
});

/** The English words of each refusal; the storefront words it from the code. */
export function problemMessage(problem: DiscountProblem, minimum?: string): string {
  switch (problem) {
    case 'discount_unknown':
      return 'This discount code does not exist.';
    case 'discount_not_started':
      return 'This discount code is not valid yet.';
    case 'discount_expired':
      return 'This discount code has expired.';
    case 'discount_not_eligible':
      return 'This discount code is not for the pieces in your cart.';
    case 'discount_below_minimum':
      return `This discount code needs a subtotal of at least AED ${minimum ?? ''}.`;
    case 'discount_used_up':
      return 'This discount code has been used as many times as it may be.';
    case 'discount_customer_limit':
      return 'You have already used this discount code as many times as you may.';
  }
}

const FIELD_CODE: Record<DiscountProblem, FieldError['code']> = {
  discount_unknown: 'not_found',
  discount_not_started: 'not_allowed',
  discount_expired: 'expired',
  discount_not_eligible: 'not_allowed',
  discount_below_minimum: 'too_small',
  discount_used_up: 'limit_reached',
  discount_customer_limit: 'limit_reached',
};

/** The refusal of a code: 422, its code, the field `code`, and the minimum when that is the reason. */
export function discountRefusal(problem: DiscountProblem, minimumFils?: number | null): HttpError {
  const minimum = minimumFils === null || minimumFils === undefined ? undefined : fromFils(minimumFils);
  const message = problemMessage(problem, minimum);
  return new HttpError(
    422,
    message,
    { code: [fieldError(FIELD_CODE[problem], message)] },
    { code: problem, ...(minimum && problem === 'discount_below_minimum' && { minimum }) },
  );
}

/** Checkout of a cart whose code stopped applying: refused, never charged without telling (409). */
export function noLongerApplies(priced: PricedDiscount): HttpError {
  const minimum =
    priced.problem === 'discount_below_minimum' && priced.discount.minSubtotalFils !== null
      ? fromFils(priced.discount.minSubtotalFils)
      : undefined;
  return new HttpError(
    409,
    `Your discount code ${priced.discount.code} no longer applies: ${problemMessage(priced.problem ?? 'discount_unknown', minimum)} Remove it or change your cart, then review your order.`,
    undefined,
    { code: ERROR_CODES.discountNoLongerApplies, ...(minimum && { minimum }) },
  );
}

/** A code by what the shopper typed, whatever its case. */
export async function findCode(db: Database, code: string): Promise<AppliedDiscount | undefined> {
  const [row] = await db
    .select()
    .from(discounts)
    .where(sql`upper(${discounts.code}) = upper(${code.trim()})`)
    .limit(1);
  return row ? toApplied(row) : undefined;
}

/** The code on this shopper's cart, if any. */
export async function cartCode(db: Database, userId: number): Promise<AppliedDiscount | undefined> {
  const [row] = await db
    .select({ d: discounts })
    .from(cartDiscounts)
    .innerJoin(discounts, eq(discounts.id, cartDiscounts.discountId))
    .where(eq(cartDiscounts.userId, userId))
    .limit(1);
  return row ? toApplied(row.d) : undefined;
}

export async function setCartCode(db: Database, userId: number, discountId: number): Promise<void> {
  await db
    .insert(cartDiscounts)
    .values({ userId, discountId })
    .onConflictDoUpdate({ target: cartDiscounts.userId, set: { discountId, appliedAt: new Date() } });
}

export async function clearCartCode(db: Database, userId: number): Promise<void> {
  await db.delete(cartDiscounts).where(eq(cartDiscounts.userId, userId));
}

/**
 * What the code takes off these lines and this shipping now, and why it does not apply if it does not: off,
 * outside its dates, none of the lines eligible, below its minimum (the eligible pieces' subtotal). Limits are
 * not read here (`usesLeft`): they are the claim's.
 */
export function priceDiscount(
  discount: AppliedDiscount,
  lines: readonly DiscountableLine[],
  shippingFils: number,
  now: Date,
): PricedDiscount {
  const split = splitDiscount(discount.rule, lines, shippingFils);
  const problem = dateProblem(discount, now) ?? amountProblem(discount, split);
  if (problem) {
    return {
      ...split,
      amountFils: 0,
      lineFils: split.lineFils.map(() => 0),
      shippingFils: 0,
      discount,
      problem,
    };
  }
  return { ...split, discount, problem: null };
}

function dateProblem(d: AppliedDiscount, now: Date): DiscountProblem | undefined {
  if (!d.usable) return 'discount_unknown';
  if (d.startsAt && now < d.startsAt) return 'discount_not_started';
  if (d.endsAt && now >= d.endsAt) return 'discount_expired';
  return undefined;
}

function amountProblem(d: AppliedDiscount, split: DiscountSplit): DiscountProblem | undefined {
  if (split.eligibleFils <= 0) return 'discount_not_eligible';
  if (d.minSubtotalFils !== null && split.eligibleFils < d.minSubtotalFils) return 'discount_below_minimum';
  return undefined;
}

/**
 * The uses of a code that count against its limits: orders, and payments under way that hold one. The
 * shopper's own unpaid payments are left out when `exceptOpenOf` names them: a new hold gives those back first.
 */
async function usesOf(db: Database, discountId: number, userId: number, exceptOpenOf?: number) {
  const own = exceptOpenOf
    ? sql`not (${discountRedemptions.userId} = ${exceptOpenOf} and ${discountRedemptions.orderId} is null)`
    : sql`true`;
  const [row] = await db
    .select({
      all: sql<number>`count(*)::int`,
      mine: sql<number>`(count(*) filter (where ${discountRedemptions.userId} = ${userId}))::int`,
    })
    .from(discountRedemptions)
    .where(and(eq(discountRedemptions.discountId, discountId), own));
  return { all: Number(row?.all ?? 0), mine: Number(row?.mine ?? 0) };
}

/** The code's limits against its uses now: the refusal's code, or undefined when one more use fits. */
export async function limitProblem(
  db: Database,
  discount: AppliedDiscount,
  userId: number,
): Promise<DiscountProblem | undefined> {
  const uses = await usesOf(db, discount.id, userId, userId);
  if (discount.usageLimit !== null && uses.all >= discount.usageLimit) return 'discount_used_up';
  if (discount.perCustomerLimit !== null && uses.mine >= discount.perCustomerLimit)
    return 'discount_customer_limit';
  return undefined;
}

/**
 * Claims one use of the code for a payment, inside the transaction that holds the payment's pieces: the code's
 * row is locked first, so racing shoppers count one after the other and a limit is never passed; a code used
 * up is refused (422) and the whole hold rolls back. The shopper's earlier unpaid claims were given back by
 * the hold (`releaseClaims`) before this runs.
 */
export async function claimUse(
  tx: Database,
  claim: { discountId: number; userId: number; paymentId: number; amountFils: number },
): Promise<void> {
  await lockedUsable(tx, claim.discountId, claim.userId, claim.paymentId);
  await tx.insert(discountRedemptions).values({
    discountId: claim.discountId,
    userId: claim.userId,
    paymentId: claim.paymentId,
    amount: fromFils(claim.amountFils),
  });
}

/**
 * One use of the code by an order made without a card payment (cash on delivery, an order the owner enters), in
 * the order's transaction: the same lock and limits as a payment's claim, final at once. Price the lines first
 * with `findCode` and `priceDiscount` (refuse its `problem` with `discountRefusal`), then call this with the
 * amount it took off.
 */
export async function redeemForOrder(
  tx: Database,
  use: { discountId: number; userId: number; orderId: number; amountFils: number },
): Promise<void> {
  await lockedUsable(tx, use.discountId, use.userId);
  await tx.insert(discountRedemptions).values({
    discountId: use.discountId,
    userId: use.userId,
    orderId: use.orderId,
    amount: fromFils(use.amountFils),
  });
}

/** Locks the code's row, then refuses (422) a code switched off or without a use left for this shopper. */
async function lockedUsable(tx: Database, discountId: number, userId: number, paymentId?: number) {
  const [row] = await tx.select().from(discounts).where(eq(discounts.id, discountId)).for('update');
  if (!row) throw discountRefusal('discount_unknown');
  const discount = toApplied(row);
  if (!discount.usable) throw discountRefusal('discount_unknown');
  if (paymentId !== undefined)
    await tx.delete(discountRedemptions).where(eq(discountRedemptions.paymentId, paymentId));
  const problem = await limitProblem(tx, discount, userId);
  if (problem) throw discountRefusal(problem);
}

/** Gives back the uses these payments claimed and no order made final (their hold was released). */
export async function releaseClaims(tx: Database, paymentIds: readonly number[]): Promise<void> {
  if (paymentIds.length === 0) return;
  await tx
    .delete(discountRedemptions)
    .where(and(inArray(discountRedemptions.paymentId, [...paymentIds]), isNull(discountRedemptions.orderId)));
}

/**
 * In the order's transaction: the payment's use becomes the order's. A payment whose claim was given back (its
 * hold expired, then it was paid after all) gets its use recorded now: the money is taken, the use happened.
 */
export async function finalizeUse(
  tx: Database,
  use: { paymentId: number; orderId: number; userId: number; code: string | null; amount: string },
): Promise<void> {
  if (!use.code) return;
  const [claimed] = await tx
    .update(discountRedemptions)
    .set({ orderId: use.orderId })
    .where(eq(discountRedemptions.paymentId, use.paymentId))
    .returning({ id: discountRedemptions.id });
  if (claimed) return;
  const discount = await findCode(tx, use.code);
  if (!discount) return;
  await tx.insert(discountRedemptions).values({
    discountId: discount.id,
    userId: use.userId,
    paymentId: use.paymentId,
    orderId: use.orderId,
    amount: use.amount,
  });
}
