import type { Order } from '@boutique/contracts';
import type { MailMessage } from '../../lib/mailer.js';

export interface ShopIdentity {
  name: string;
  publicUrl: string;
  email: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const aed = (amount: string) =>
  `AED ${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The order confirmation a shopper receives, in English (the account keeps no language yet). */
export function confirmationMail(order: Order, to: string, shop: ShopIdentity): MailMessage {
  const ordersUrl = `${shop.publicUrl}/account/orders`;
  const lines = order.items.map((item) => {
    const options = [item.options.color_name?.en, `size ${item.options.size}`].filter(Boolean).join(', ');
    return {
      label: `${item.product_name.en} (${options})`,
      quantity: item.quantity,
      total: aed(item.line_total),
    };
  });
  const ship = order.shipping_address ?? order.billing_address;
  const shipTo = [
    ship.name,
    ship.address,
    [ship.postalCode, ship.city].filter(Boolean).join(' '),
    ship.country,
  ]
    .filter((part) => part.trim() !== '')
    .join(', ');

  const text = [
    `Thank you for your order, ${order.billing_address.name || 'dear customer'}.`,
    '',
    `Order ${order.order_number}`,
    ...lines.map((l) => `  ${l.quantity} x ${l.label}: ${l.total}`),
    `Shipping: free`,
    `Total paid: ${aed(order.total_amount)}`,
    '',
    shipTo ? `We will ship to: ${shipTo}` : 'We will contact you to confirm the delivery address.',
    '',
    `Follow your order: ${ordersUrl}`,
    `Questions? Write to ${shop.email}.`,
    '',
    shop.name,
  ].join('\n');

  const rows = lines
    .map(
      (l) =>
        `<tr><td>${l.quantity} &times; ${escapeHtml(l.label)}</td><td align="right">${escapeHtml(l.total)}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html><html lang="en"><body style="font-family:Georgia,serif;color:#2b2118">
<h1 style="font-size:20px">Thank you for your order</h1>
<p>Order <strong>${escapeHtml(order.order_number)}</strong></p>
<table cellpadding="6" style="border-collapse:collapse">${rows}
<tr><td>Shipping</td><td align="right">Free</td></tr>
<tr><td><strong>Total paid</strong></td><td align="right"><strong>${escapeHtml(aed(order.total_amount))}</strong></td></tr>
</table>
<p>${shipTo ? `We will ship to: ${escapeHtml(shipTo)}` : 'We will contact you to confirm the delivery address.'}</p>
<p><a href="${escapeHtml(ordersUrl)}">Follow your order</a></p>
<p>${escapeHtml(shop.name)}</p>
</body></html>`;

  return { to, subject: `Your order ${order.order_number} at ${shop.name}`, text, html };
}
