import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

/**
 * A small stand-in for api.stripe.com, enough for the shop's StripeGateway: PaymentIntents (create, with or
 * without confirm; update; cancel; retrieve with `expand[]=latest_charge`), refunds (whole or partial, never
 * more than is left; listed by intent), Apple Pay tokens, idempotency keys replayed as Stripe does, and the
 * failures a shop must survive (a 500, an outage, an answer that never comes). Bodies arrive form-encoded with bracketed keys, exactly as the SDK sends them.
 * Every request is recorded for the tests to inspect.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  headers: IncomingMessage['headers'];
}

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  latest_charge: string | null;
  last_payment_error: { type: string; code: string; decline_code?: string; message: string } | null;
  allowed_payment_method_types: string[];
  created: number;
  livemode: false;
}

interface FakeCharge {
  id: string;
  object: 'charge';
  amount: number;
  billing_details: {
    name: string | null;
    email: string | null;
    phone: string | null;
    address: {
      line1: string | null;
      line2: string | null;
      city: string | null;
      postal_code: string | null;
      country: string | null;
      state: string | null;
    } | null;
  };
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string | null;
  status: 'succeeded';
  metadata: Record<string, string>;
  created: number;
}

export interface BillingDetails {
  name?: string;
  email?: string;
  phone?: string;
  line1?: string;
  city?: string;
  postal_code?: string;
  country?: string;
}

export interface FakeStripe {
  url: string;
  secretKey: string;
  requests: RecordedRequest[];
  intents: Map<string, FakeIntent>;
  /** Refunds made, by id. */
  refunds: Map<string, FakeRefund>;
  /** An intent made at Stripe by some earlier call, e.g. one whose answer never reached the shop. */
  createIntent(amount: number, metadata: Record<string, string>): FakeIntent;
  /** The next intent creation is carried out, but its answer is a 500: the shop never learns the id. */
  loseNextAnswer(): void;
  /** The next POST to this path is refused with a 500 and nothing done (Stripe having a bad moment). */
  failNext(path: string): void;
  /** Every request to a path starting with `prefix` answers 500 and does nothing until `up()` (an outage). */
  down(prefix: string): void;
  up(): void;
  /**
   * The next POST to this path is carried out (and its answer kept for its idempotency key), but the answer is
   * never sent: the caller is left waiting, as when it dies between the call and its commit. Resolves `done`
   * once Stripe has acted.
   */
  hangNext(path: string): { done: Promise<void> };
  /** A refund made at Stripe without the shop (from the dashboard): what is left to refund shrinks. */
  createRefundBehindTheShop(intentId: string, amount: number): FakeRefund;
  /** What Stripe.js does in the browser with a good card: the intent succeeds, with a charge and its billing. */
  succeed(intentId: string, billing?: BillingDetails): FakeIntent;
  /** A refused card in the browser: the intent goes back to requires_payment_method with the error. */
  decline(intentId: string, message?: string): FakeIntent;
  close(): Promise<void>;
}

const DECLINE_MARKER = 'decline';

/** `a[b][0]=c` → `{ a: { b: ['c'] } }`, the way Stripe reads its form bodies. */
export function parseStripeForm(encoded: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(encoded)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Record<string, unknown> | unknown[] = out;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = /^\d+$/.test(parts[i + 1] ?? '');
      const container = node as Record<string, unknown>;
      if (last) {
        container[part] = value;
      } else {
        container[part] ??= nextIsIndex ? [] : {};
        node = container[part] as Record<string, unknown>;
      }
    });
  }
  return out;
}

/** Test cards the browser's confirmation (the Stripe.js stand-in) answers as Stripe's test mode does. */
const BROWSER_DECLINES: Record<string, { decline_code: string; message: string }> = {
  '4000000000000002': { decline_code: 'generic_decline', message: 'Your card was declined.' },
  '4000000000009995': { decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
};

export async function startFakeStripe(
  secretKey = 'sk_test_fake_0123456789',
  /** What the browser's Stripe.js (the stand-in) confirms intents with, as Stripe.js sends its key. */
  publishableKey = 'pk_test_fake_0123456789',
  port = 0,
): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const intents = new Map<string, FakeIntent>();
  const charges = new Map<string, FakeCharge>();
  const refunds = new Map<string, FakeRefund>();
  const replays = new Map<string, { status: number; body: unknown }>();
  let seq = 0;
  let loseNext = false;
  const failing = new Set<string>();
  let outage: string | undefined;
  const hanging = new Map<string, () => void>();
  const id = (prefix: string) =>
    `${prefix}_${(++seq).toString().padStart(4, '0')}${randomBytes(8).toString('hex')}`;

  const chargeFor = (intent: FakeIntent, billing: BillingDetails = {}) => {
    const charge: FakeCharge = {
      id: id('ch'),
      object: 'charge',
      amount: intent.amount,
      billing_details: {
        name: billing.name ?? null,
        email: billing.email ?? null,
        phone: billing.phone ?? null,
        address: billing.line1
          ? {
              line1: billing.line1,
              line2: null,
              city: billing.city ?? null,
              postal_code: billing.postal_code ?? null,
              country: billing.country ?? null,
              state: null,
            }
          : null,
      },
    };
    charges.set(charge.id, charge);
    intent.latest_charge = charge.id;
    return charge;
  };

  const succeed = (intentId: string, billing?: BillingDetails) => {
    const intent = intents.get(intentId);
    if (!intent) throw new Error(`no intent ${intentId}`);
    intent.status = 'succeeded';
    intent.last_payment_error = null;
    chargeFor(intent, billing);
    return intent;
  };
  const decline = (intentId: string, message = 'Your card was declined.') => {
    const intent = intents.get(intentId);
    if (!intent) throw new Error(`no intent ${intentId}`);
    intent.status = 'requires_payment_method';
    intent.last_payment_error = {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message,
    };
    return intent;
  };

  const cardError = (intent: FakeIntent) => ({
    status: 402,
    body: {
      error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
        payment_intent: intent,
      },
    },
  });

  const view = (intent: FakeIntent, expand: unknown) => {
    const wanted = Array.isArray(expand) ? expand : expand ? Object.values(expand) : [];
    if (wanted.includes('latest_charge') && intent.latest_charge) {
      return { ...intent, latest_charge: charges.get(intent.latest_charge) ?? null };
    }
    return intent;
  };

  const createIntent = (amount: number, metadata: Record<string, string>, currency = 'aed') => {
    const intent: FakeIntent = {
      id: id('pi'),
      object: 'payment_intent',
      amount,
      currency,
      status: 'requires_payment_method',
      client_secret: '',
      metadata,
      latest_charge: null,
      last_payment_error: null,
      allowed_payment_method_types: ['card'],
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    intent.client_secret = `${intent.id}_secret_${randomBytes(12).toString('hex')}`;
    intents.set(intent.id, intent);
    return intent;
  };

  const unexpectedState = (intent: FakeIntent, action: string) => ({
    status: 400,
    body: {
      error: {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `You cannot ${action} this PaymentIntent because it has a status of ${intent.status}.`,
        payment_intent: intent,
      },
    },
  });

  /**
   * What Stripe.js does with the card fields: `POST /v1/payment_intents/{id}/confirm` with the publishable key
   * and the intent's client secret in the form (never the secret key), the card's number and billing details.
   */
  const browserConfirm = (req: RecordedRequest, intentId: string): { status: number; body: unknown } => {
    const intent = intents.get(intentId);
    if (!intent || req.body.client_secret !== intent.client_secret) return notFound(req.path);
    if (intent.status === 'succeeded' || intent.status === 'canceled')
      return unexpectedState(intent, 'confirm');
    const pmd = (req.body.payment_method_data ?? {}) as {
      card?: { number?: string };
      billing_details?: { name?: string; email?: string; phone?: string; address?: Record<string, string> };
    };
    const number = (pmd.card?.number ?? '').replace(/\D/g, '');
    const declined = BROWSER_DECLINES[number];
    if (declined) {
      decline(intent.id, declined.message);
      intent.last_payment_error!.decline_code = declined.decline_code;
      return {
        status: 402,
        body: {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: declined.decline_code,
            message: declined.message,
            payment_intent: intent,
          },
        },
      };
    }
    const billing = pmd.billing_details ?? {};
    succeed(intent.id, {
      name: billing.name,
      email: billing.email,
      phone: billing.phone,
      line1: billing.address?.line1,
      city: billing.address?.city,
      postal_code: billing.address?.postal_code,
      country: billing.address?.country,
    });
    return { status: 200, body: intent };
  };

  const makeRefund = (intent: FakeIntent, amount: number, metadata: Record<string, string>) => {
    const refund: FakeRefund = {
      id: id('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      charge: intent.latest_charge,
      status: 'succeeded',
      metadata,
      created: Math.floor(Date.now() / 1000),
    };
    refunds.set(refund.id, refund);
    return refund;
  };

  const route = (req: RecordedRequest): { status: number; body: unknown } => {
    const intentPath = /^\/v1\/payment_intents\/(pi_\w+)$/.exec(req.path);
    const cancelPath = /^\/v1\/payment_intents\/(pi_\w+)\/cancel$/.exec(req.path);
    if (cancelPath && req.method === 'POST') {
      const intent = intents.get(cancelPath[1] ?? '');
      if (!intent) return notFound(req.path);
      if (intent.status === 'succeeded' || intent.status === 'canceled')
        return unexpectedState(intent, 'cancel');
      intent.status = 'canceled';
      return { status: 200, body: intent };
    }
    if (req.method === 'GET' && req.path === '/v1/refunds') {
      const intentId = typeof req.query.payment_intent === 'string' ? req.query.payment_intent : undefined;
      const data = [...refunds.values()]
        .filter((r) => !intentId || r.payment_intent === intentId)
        .sort((a, b) => b.created - a.created);
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/refunds' } };
    }
    if (req.method === 'POST' && req.path === '/v1/refunds') {
      const intentId = typeof req.body.payment_intent === 'string' ? req.body.payment_intent : '';
      const intent = intents.get(intentId);
      if (!intent) return notFound(`/v1/payment_intents/${intentId}`);
      const refunded = [...refunds.values()]
        .filter((r) => r.payment_intent === intent.id)
        .reduce((sum, r) => sum + r.amount, 0);
      const amount = req.body.amount === undefined ? intent.amount - refunded : Number(req.body.amount);
      if (intent.status !== 'succeeded' || amount <= 0 || refunded + amount > intent.amount) {
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code:
                intent.status !== 'succeeded' ? 'payment_intent_unexpected_state' : 'charge_already_refunded',
              message: `This PaymentIntent cannot be refunded (status ${intent.status}, refunded ${refunded}).`,
            },
          },
        };
      }
      const metadata = (req.body.metadata as Record<string, string> | undefined) ?? {};
      return { status: 200, body: makeRefund(intent, amount, metadata) };
    }
    if (req.method === 'POST' && req.path === '/v1/payment_intents') {
      const body = req.body;
      const intent = createIntent(
        Number(body.amount),
        (body.metadata as Record<string, string> | undefined) ?? {},
        String(body.currency),
      );
      intent.allowed_payment_method_types = (body.allowed_payment_method_types as string[] | undefined) ?? [
        'card',
      ];
      if (body.confirm === 'true') {
        const pmd = body.payment_method_data as { card?: { token?: string } } | undefined;
        const source = (body.payment_method as string | undefined) ?? pmd?.card?.token ?? '';
        if (source.includes(DECLINE_MARKER)) {
          decline(intent.id);
          return cardError(intent);
        }
        succeed(intent.id);
      }
      return { status: 200, body: intent };
    }
    if (intentPath && req.method === 'POST') {
      const intent = intents.get(intentPath[1] ?? '');
      if (!intent) return notFound(req.path);
      if (intent.status === 'succeeded' || intent.status === 'canceled') {
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: `This PaymentIntent's amount could not be updated because it has a status of ${intent.status}.`,
              payment_intent: intent,
            },
          },
        };
      }
      if (req.body.amount !== undefined) intent.amount = Number(req.body.amount);
      return { status: 200, body: intent };
    }
    if (intentPath && req.method === 'GET') {
      const intent = intents.get(intentPath[1] ?? '');
      if (!intent) return notFound(req.path);
      return { status: 200, body: view(intent, req.query.expand) };
    }
    if (req.method === 'POST' && req.path === '/v1/tokens') {
      const pk = (req.body.pk_token as string | undefined) ?? '';
      return {
        status: 200,
        body: { id: pk.includes(DECLINE_MARKER) ? id('tok_decline') : id('tok_applepay'), object: 'token' },
      };
    }
    return notFound(req.path);
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: parseStripeForm(url.search.slice(1)),
        body: parseStripeForm(Buffer.concat(chunks).toString('utf8')),
        headers: req.headers,
      };
      requests.push(recorded);
      let answer: { status: number; body: unknown };
      let refused = false;
      const browser = /^\/v1\/payment_intents\/(pi_\w+)\/confirm$/.exec(recorded.path);
      if (browser && recorded.method === 'POST' && recorded.body.key === publishableKey) {
        answer = browserConfirm(recorded, browser[1] ?? '');
      } else if (req.headers.authorization !== `Bearer ${secretKey}`) {
        answer = {
          status: 401,
          body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } },
        };
      } else if (
        (recorded.method === 'POST' && failing.delete(recorded.path)) ||
        (outage !== undefined && recorded.path.startsWith(outage))
      ) {
        answer = {
          status: 500,
          body: { error: { type: 'api_error', message: 'An unknown error occurred' } },
        };
        refused = true;
      } else {
        const key = req.headers['idempotency-key'];
        const replay = typeof key === 'string' && recorded.method === 'POST' ? replays.get(key) : undefined;
        answer = replay ?? route(recorded);
        if (typeof key === 'string' && recorded.method === 'POST' && !replay) replays.set(key, answer);
      }
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'request-id': id('req'),
        // The browser's Stripe.js calls from the shop's pages, as it calls api.stripe.com.
        'access-control-allow-origin': '*',
      };
      if (refused) headers['stripe-should-retry'] = 'false';
      if (loseNext && recorded.method === 'POST' && recorded.path === '/v1/payment_intents') {
        loseNext = false;
        answer = {
          status: 500,
          body: { error: { type: 'api_error', message: 'An unknown error occurred' } },
        };
        headers['stripe-should-retry'] = 'false';
      }
      const hang = recorded.method === 'POST' ? hanging.get(recorded.path) : undefined;
      if (hang) {
        hanging.delete(recorded.path);
        hang();
        return;
      }
      res.writeHead(answer.status, headers);
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const listening = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${listening}`,
    secretKey,
    requests,
    intents,
    refunds,
    createIntent,
    loseNextAnswer: () => {
      loseNext = true;
    },
    failNext: (path) => {
      failing.add(path);
    },
    down: (prefix) => {
      outage = prefix;
    },
    up: () => {
      outage = undefined;
    },
    hangNext: (path) => ({
      done: new Promise<void>((resolve) => hanging.set(path, resolve)),
    }),
    createRefundBehindTheShop: (intentId, amount) => {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      return makeRefund(intent, amount, {});
    },
    succeed,
    decline,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function notFound(path: string) {
  return {
    status: 404,
    body: {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such resource: ${path}`,
      },
    },
  };
}
