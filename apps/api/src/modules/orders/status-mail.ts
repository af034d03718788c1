import type { FulfillmentStatus, Order } from '@boutique/contracts';
import type { Mailer, MailMessage } from '../../lib/mailer.js';
import type { ShopIdentity } from './confirmation-mail.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface StatusMove {
  from: FulfillmentStatus;
  to: FulfillmentStatus;
  carrier?: string | null;
  trackingNumber?: string | null;
  note?: string | null;
}

const HEADLINES: Record<FulfillmentStatus, string> = {
  unfulfilled: 'We have your order',
  processing: 'We are preparing your order',
  shipped: 'Your order is on its way',
  delivered: 'Your order has been delivered',
  cancelled: 'Your order has been cancelled',
};

/** The e-mail telling a shopper that their order moved, in English until e-mails know the shopper's language. */
export function statusMail(order: Order, to: string, move: StatusMove, shop: ShopIdentity): MailMessage {
  const ordersUrl = `${shop.publicUrl}/account/orders`;
  const headline = HEADLINES[move.to];
  const facts = [
    move.carrier ? `Carrier: ${move.carrier}` : undefined,
    move.trackingNumber ? `Tracking number: ${move.trackingNumber}` : undefined,
  ].filter((f): f is string => f !== undefined);
  const cancelled =
    move.to === 'cancelled'
      ? `If you did not expect this, write to ${shop.email} and we will sort it out with you.`
      : undefined;
  const text = [
    `${headline}.`,
    '',
    `Order ${order.order_number}`,
    ...facts,
    ...(move.note ? ['', move.note] : []),
    ...(cancelled ? ['', cancelled] : []),
    '',
    `Follow your order: ${ordersUrl}`,
    `Questions? Write to ${shop.email}.`,
    '',
    shop.name,
  ].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:Georgia,serif;color:#2b2118">
<h1 style="font-size:20px">${escapeHtml(headline)}</h1>
<p>Order <strong>${escapeHtml(order.order_number)}</strong></p>
${facts.map((f) => `<p>${escapeHtml(f)}</p>`).join('\n')}
${move.note ? `<p>${escapeHtml(move.note)}</p>` : ''}
${cancelled ? `<p>${escapeHtml(cancelled)}</p>` : ''}
<p><a href="${escapeHtml(ordersUrl)}">Follow your order</a></p>
<p>${escapeHtml(shop.name)}</p>
</body></html>`;
  return { to, subject: `${headline}: ${order.order_number}`, text, html };
}

/**
 * Tells the shopper that their order moved. The one place an order status e-mail leaves from: it goes through
 * the mailer today, and through the e-mail outbox once that exists (the caller does not change).
 */
export async function notifyOrderStatus(
  mailer: Mailer,
  shop: ShopIdentity,
  order: Order,
  to: string,
  move: StatusMove,
): Promise<void> {
  await mailer.send(statusMail(order, to, move, shop));
}
