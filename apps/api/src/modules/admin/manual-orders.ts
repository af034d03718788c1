import { CASH_ON_DELIVERY_COUNTRY, ERROR_CODES, type Order } from '@boutique/contracts';
import type { ManualOrder } from '@boutique/contracts/admin';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { orders, products, type PricedLine } from '../../db/schema/index.js';
import { fieldError, HttpError } from '../../lib/http-error.js';
import { fromFils } from '../../lib/money.js';
import { recordAudit } from '../audit/index.js';
import { accountById, customerAccount, type CustomerAccount } from '../auth/index.js';
import { cartTotals, linesTotalFils, priceLines } from '../cart/index.js';
import { findCode, problemMessage } from '../discounts/index.js';
import { quote } from '../shipping/index.js';
import { createPaymentLink, paymentLinkPath, type OrderMails, type OrderService } from '../orders/index.js';

export interface ManualOrderSettings {
  cashOnDelivery: { enabled: boolean; feeFils: number };
  paymentLinkHours: number;
  /** The gateway a payment link is paid through (`sandbox` or `stripe`). */
  gateway: string;
}

const INVALID = 'The given data was invalid.';

/**
 * Orders the owner writes for a WhatsApp or phone sale (`POST /api/v1/admin/orders`). The customer's account is
 * found or made, without a password (auth's customerAccount), in the order's transaction; the lines are priced
 * from the catalogue and their pieces taken from live stock like any order's; the payment is cash on delivery
 * (the checkout's rules and fee), money the owner already has (`paid_offline`, paid at once), or a single-use
 * link e-mailed to the customer in their language. The order, its audit row, its link and its e-mails are one
 * transaction.
 */
export class ManualOrders {
  constructor(
    private readonly db: Database,
    private readonly orders: OrderService,
    private readonly mails: OrderMails,
    private readonly settings: ManualOrderSettings,
  ) {}

  async place(
    actorId: number,
    idempotencyKey: string,
    input: ManualOrder,
  ): Promise<{ order: Order; customer: Omit<CustomerAccount, 'name'>; created: boolean }> {
    const key = `manual_${actorId}_${idempotencyKey}`;
    const placed = await this.orders.unpaid.placedWith(key);
    if (placed) {
      const account = await accountById(this.db, await this.#ownerOf(placed.id));
      if (!account) throw new Error(`the customer of order ${placed.id} is gone`);
      return {
        order: placed,
        customer: { id: account.id, email: account.email, created: false },
        created: false,
      };
    }
    const cod = input.payment === 'cash_on_delivery';
    if (cod) this.#checkCashOnDelivery(input);
    if (input.customer_id !== undefined && !(await accountById(this.db, input.customer_id))) {
      throw new HttpError(422, INVALID, {
        customer_id: [fieldError('invalid', 'There is no customer with this number.')],
      });
    }

    const lines = await priceLines(
      this.db,
      input.lines.map((l) => ({
        productId: l.product_id,
        color: l.color,
        size: l.size,
        quantity: l.quantity,
      })),
    );
    const subtotalFils = linesTotalFils(lines);
    const codFeeFils = cod ? this.settings.cashOnDelivery.feeFils : 0;
    // The rate chosen (422 when the address's zone does not offer it), else the cheapest for the address.
    const { fils: shippingFils, ...shippingMethod } = await quote(
      this.db,
      input.shipping_rate_id,
      input.shipping_address.country,
      subtotalFils,
    );
    const discounted = await this.#discount(input.discount_code, lines, shippingFils);
    const totalFils = subtotalFils + shippingFils + codFeeFils - discounted.discountFils;
    let customer: CustomerAccount | undefined;
    const address = { ...input.shipping_address };

    const result = await this.orders.unpaid.place({
      userId: async (tx) => {
        customer =
          input.customer_id !== undefined
            ? await accountById(tx, input.customer_id)
            : await customerAccount(tx, { ...input.customer!, locale: input.locale });
        if (!customer)
          throw new HttpError(422, INVALID, { customer_id: [fieldError('invalid', 'No customer.')] });
        return customer.id;
      },
      key,
      method: input.payment,
      gateway: input.payment === 'payment_link' ? this.settings.gateway : 'offline',
      lines: discounted.lines,
      amounts: { subtotalFils, shippingFils, codFeeFils, discountFils: discounted.discountFils, totalFils },
      discount: discounted.discount,
      billing: address,
      shipping: address,
      shippingMethod,
      source: 'manual',
      actorId,
      locale: input.locale,
      note: input.note ?? null,
      clearCart: false,
      alsoInTx: async (tx, order) => {
        let link: { expiresAt: Date } | undefined;
        if (input.payment === 'payment_link') {
          const made = await createPaymentLink(tx, order.id, this.settings.paymentLinkHours);
          await this.mails.enqueuePaymentLink(tx, order.id, paymentLinkPath(made.token), made.expiresAt);
          link = made;
        }
        await recordAudit(tx, {
          actorId,
          action: 'order.create',
          entity: 'order',
          entityId: order.id,
          after: {
            order_number: order.orderNumber,
            customer_id: customer!.id,
            customer_created: customer!.created,
            payment: input.payment,
            payment_status: order.paymentStatus,
            total: fromFils(totalFils),
            lines: lines.map((l) => ({
              product_id: l.productId,
              color: l.color,
              size: l.size,
              quantity: l.quantity,
              price: l.price,
            })),
            note: input.note ?? null,
            ...(link && { link_expires_at: link.expiresAt.toISOString() }),
          },
        });
      },
    });
    return {
      order: result.order,
      customer: { id: customer!.id, email: customer!.email, created: customer!.created },
      created: result.created,
    };
  }

  /**
   * The discount code the owner typed, priced on these lines and this shipping by the checkout's one rule
   * (cart/totals.ts), each line with its share; refused (422 on `discount_code`, with the code's reason) when it
   * does not apply. Its use is counted in the order's transaction (UnpaidOrders.place), under its limits.
   */
  async #discount(typed: string | undefined, lines: PricedLine[], shippingFils: number) {
    if (typed === undefined || typed.trim() === '') return { lines, discountFils: 0, discount: null };
    const code = await findCode(this.db, typed);
    const refuse = (problem: Parameters<typeof problemMessage>[0], minimum?: number | null) => {
      const message = problemMessage(problem, minimum == null ? undefined : fromFils(minimum));
      return new HttpError(
        422,
        message,
        { discount_code: [fieldError('invalid', message)] },
        { code: problem },
      );
    };
    if (!code?.usable) throw refuse('discount_unknown');
    const categories = await this.db
      .select({ id: products.id, categoryId: products.categoryId })
      .from(products)
      .where(
        inArray(
          products.id,
          lines.map((l) => l.productId),
        ),
      );
    const categoryOf = new Map(categories.map((c) => [c.id, c.categoryId]));
    const totals = cartTotals(
      lines.map((l) => ({
        productId: l.productId,
        categoryId: categoryOf.get(l.productId) ?? null,
        lineFils: linesTotalFils([l]),
      })),
      shippingFils,
      code,
      new Date(),
    );
    const problem = totals.discount?.problem;
    if (problem) throw refuse(problem, code.minSubtotalFils);
    const shares = totals.discount?.lineFils ?? [];
    return {
      lines: lines.map((l, i) => ({ ...l, ...((shares[i] ?? 0) > 0 && { discount: fromFils(shares[i]!) }) })),
      discountFils: totals.discountFils,
      discount: { id: code.id, code: code.code },
    };
  }

  /** Cash on delivery as at the checkout: offered (COD_ENABLED) and to an address in the UAE. */
  #checkCashOnDelivery(input: ManualOrder) {
    if (!this.settings.cashOnDelivery.enabled) {
      throw new HttpError(
        422,
        'Cash on delivery is turned off (COD_ENABLED).',
        {
          payment: [fieldError('not_allowed', 'Cash on delivery is turned off (COD_ENABLED).')],
        },
        { code: ERROR_CODES.cashOnDeliveryOff },
      );
    }
    if (input.shipping_address.country !== CASH_ON_DELIVERY_COUNTRY) {
      const message = 'Cash on delivery is offered for addresses in the United Arab Emirates only.';
      throw new HttpError(
        422,
        message,
        { 'shipping_address.country': [fieldError('invalid', message)] },
        { code: ERROR_CODES.cashOnDeliveryCountry },
      );
    }
  }

  async #ownerOf(orderId: number): Promise<number> {
    const [row] = await this.db
      .select({ userId: orders.userId })
      .from(orders)
      .where(eq(orders.id, orderId))
      .limit(1);
    if (!row) throw new Error(`order ${orderId} lost`);
    return row.userId;
  }
}
