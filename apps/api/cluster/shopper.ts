/**
 * A shopper checking out through the load balancer, as the storefront does it: add to the cart, read the cart,
 * create the payment intent for its total, confirm it with Stripe's test card, record the order. What a shopper's
 * browser does when a call fails with a network error or a 5xx, this does too: wait a moment and send the
 * same call again. Every answer is recorded with its timing and the server that had it.
 */
import { card } from '../test/support/shop.js';

export interface Call {
  shopper: number;
  step: string;
  status: number;
  /** The HAProxy server that had the request; '' when the balancer never answered. */
  servedBy: string;
  /** Since the start of the run, in ms. */
  startedAt: number;
  endedAt: number;
  error?: string;
}

export interface Article {
  slug: string;
  color: string | null;
  size: string;
}

export interface Checkout {
  shopper: number;
  orderNumber: string | undefined;
  intentId: string | undefined;
  /** Wall time from the first call to the order, think times excluded. */
  busyMs: number;
  orderMs: number;
  retries: number;
  failure?: string;
}

const MAX_ATTEMPTS = 8;

export class ShopperClient {
  readonly calls: Call[] = [];

  constructor(
    readonly base: string,
    readonly t0: number,
  ) {}

  /** One call, retried like a shopper's browser on network errors and 5xx. */
  async send(
    shopper: number,
    step: string,
    path: string,
    token: string | undefined,
    body?: unknown,
  ): Promise<{ status: number; body: any; retries: number }> {
    for (let attempt = 1; ; attempt++) {
      const startedAt = performance.now() - this.t0;
      let status = 0;
      let servedBy = '';
      let json: any;
      let error: string | undefined;
      try {
        const res = await fetch(this.base + path, {
          method: body === undefined ? 'GET' : 'POST',
          headers: {
            ...(body !== undefined && { 'content-type': 'application/json' }),
            ...(token && { authorization: `Bearer ${token}` }),
          },
          ...(body !== undefined && { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(20_000),
        });
        status = res.status;
        servedBy = res.headers.get('x-served-by') ?? '';
        const text = await res.text();
        try {
          json = text ? JSON.parse(text) : undefined;
        } catch {
          json = undefined;
        }
      } catch (err) {
        error = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      }
      this.calls.push({
        shopper,
        step,
        status,
        servedBy,
        startedAt,
        endedAt: performance.now() - this.t0,
        ...(error && { error }),
      });
      if ((status === 0 || status >= 500) && attempt < MAX_ATTEMPTS) {
        await new Promise((r) => setTimeout(r, 150 * attempt));
        continue;
      }
      return { status, body: json, retries: attempt - 1 };
    }
  }
}

const think = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The whole checkout of one shopper; `pause` is the think time between steps. */
export async function checkout(
  client: ShopperClient,
  shopper: { n: number; token: string; name: string; email: string },
  articles: Article[],
  pause: () => number,
): Promise<Checkout> {
  let busyMs = 0;
  let retries = 0;
  let orderMs = 0;
  const step = async (name: string, path: string, body: unknown, ...ok: number[]) => {
    const started = performance.now();
    const res = await client.send(shopper.n, name, path, shopper.token, body);
    const took = performance.now() - started;
    busyMs += took;
    retries += res.retries;
    if (!ok.includes(res.status)) {
      throw new Error(`${name}: ${res.status} ${JSON.stringify(res.body)?.slice(0, 300)}`);
    }
    return { data: res.body?.data, took };
  };
  const result: Checkout = {
    shopper: shopper.n,
    orderNumber: undefined,
    intentId: undefined,
    busyMs,
    orderMs,
    retries,
  };
  try {
    for (const a of articles) {
      await step(
        'cart/add',
        '/api/v1/cart/add',
        { slug: a.slug, quantity: 1, options: { color: a.color, size: a.size } },
        200,
      );
      await think(pause());
    }
    // The cart as the server has it: a retried add whose first answer was lost may have counted twice, and the
    // checkout page always shows (and pays) the server's cart.
    const { data: cartData } = await step('cart', '/api/v1/cart', undefined, 200);
    const cart = cartData.cart as { items: any[]; total_amount: string };
    const { data: intent } = await step(
      'payment-intent',
      '/api/v1/payments/payment-intent',
      { amount: Number(cart.total_amount), currency: 'AED' },
      201,
    );
    result.intentId = intent.paymentIntentId;
    await think(pause());
    const { data: confirmed } = await step(
      'confirm',
      '/api/v1/payments/sandbox/confirm',
      {
        clientSecret: intent.clientSecret,
        card: card('4242424242424242'),
        billing_details: { name: shopper.name, email: shopper.email, city: 'Dubai', country: 'AE' },
      },
      200,
    );
    // A retried confirmation of a payment the first one completed says so: it is paid all the same.
    if (confirmed.paymentIntent.status !== 'succeeded') {
      throw new Error(`confirm: ${JSON.stringify(confirmed).slice(0, 300)}`);
    }
    const { data: order, took } = await step(
      'order',
      '/api/v1/orders',
      {
        total_amount: Number(cart.total_amount),
        currency: 'AED',
        transaction_id: intent.paymentIntentId,
        payment_status: 'succeeded',
        billing_address: {
          name: shopper.name,
          email: shopper.email,
          phone: '+971 50 000 0000',
          address: 'Villa 7, Jumeirah Beach Road',
          city: 'Dubai',
          postalCode: '00000',
          country: 'AE',
        },
        items: cart.items.map((item) => ({
          product_slug: item.product.slug,
          quantity: item.quantity,
          price: Number(item.price),
          options: { color: item.options.color, size: item.options.size },
        })),
      },
      200,
      201,
    );
    orderMs = took;
    result.orderNumber = order.order_number;
  } catch (err) {
    result.failure = err instanceof Error ? err.message : String(err);
  }
  return { ...result, busyMs, orderMs, retries };
}
