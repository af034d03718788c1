import {
  CASH_ON_DELIVERY_COUNTRY,
  ERROR_CODES,
  type CashOnDeliveryOrder,
  type Order,
} from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import { fieldError, HttpError } from '../../lib/http-error.js';
import { clientAmountToFils, fromFils } from '../../lib/money.js';
import { priceCartForPayment } from '../cart/index.js';
import type { OrderService } from '../orders/index.js';
import { CART_CHANGED } from './service.js';

export interface CashOnDeliverySettings {
  enabled: boolean;
  feeFils: number;
}

/**
 * Cash on delivery (COD_ENABLED, COD_FEE): a shopper with an address in the UAE places their cart's order
 * without a card. The server prices the cart and adds the fee; the pieces are taken at once and the order
 * awaits its payment until the owner marks it paid on delivery.
 */
export class CashOnDelivery {
  constructor(
    private readonly db: Database,
    private readonly orders: OrderService,
    private readonly settings: CashOnDeliverySettings,
  ) {}

  /** What the checkout shows (the payments config answer). */
  config() {
    return {
      enabled: this.settings.enabled,
      fee: fromFils(this.settings.feeFils),
      country: CASH_ON_DELIVERY_COUNTRY,
    };
  }

  async place(
    userId: number,
    idempotencyKey: string,
    input: CashOnDeliveryOrder,
  ): Promise<{ order: Order; created: boolean }> {
    if (!this.settings.enabled) {
      throw new HttpError(
        422,
        'Cash on delivery is not offered at the moment: please pay by card.',
        undefined,
        {
          code: ERROR_CODES.cashOnDeliveryOff,
        },
      );
    }
    const field = input.shipping_address ? 'shipping_address.country' : 'billing_address.country';
    const country = (input.shipping_address ?? input.billing_address).country;
    if (country !== CASH_ON_DELIVERY_COUNTRY) {
      const message = 'Cash on delivery is offered for addresses in the United Arab Emirates only.';
      throw new HttpError(
        422,
        message,
        { [field]: [fieldError('invalid', message)] },
        { code: ERROR_CODES.cashOnDeliveryCountry },
      );
    }
    const key = `cod_${userId}_${idempotencyKey}`;
    const placed = await this.orders.unpaid.placedWith(key, userId);
    if (placed) return { order: placed, created: false };

    const cart = await priceCartForPayment(this.db, userId, {
      rateId: input.shipping_rate_id,
      country,
    });
    const feeFils = this.settings.feeFils;
    const totalFils = cart.totalFils + feeFils;
    if (clientAmountToFils(input.total_amount) !== totalFils) throw new HttpError(409, CART_CHANGED);
    return this.orders.unpaid.place({
      userId,
      key,
      method: 'cash_on_delivery',
      gateway: 'offline',
      lines: cart.lines,
      amounts: {
        subtotalFils: cart.subtotalFils,
        shippingFils: cart.shippingFils,
        codFeeFils: feeFils,
        discountFils: cart.discountFils,
        totalFils,
      },
      discount: cart.discount,
      billing: input.billing_address,
      shipping: input.shipping_address ?? null,
      shippingMethod: cart.shipping,
      source: 'checkout',
      actorId: userId,
      locale: input.locale,
      clearCart: true,
    });
  }
}
