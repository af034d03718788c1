import type { AdminOrder, AdminOrderRow } from '@boutique/contracts/admin';

/** An order as the back office reads it: two lines, paid by card, waiting to be prepared. */
export function testOrder(change: Partial<AdminOrder> = {}): AdminOrder {
  const address = {
    name: 'Salma Bennani',
    email: 'salma@example.ae',
    phone: '+971 50 123 4567',
    address: '12 Al Wasl Road',
    city: 'Dubai',
    postalCode: '00000',
    country: 'AE',
  };
  return {
    id: 42,
    order_number: 'DL-000042',
    created_at: '2026-11-20T08:30:00.000Z',
    fulfillment_status: 'unfulfilled',
    payment_status: 'succeeded',
    payment_method: 'card',
    subtotal: '2900.00',
    shipping_amount: '0.00',
    discount_code: null,
    discount_amount: '0.00',
    total_amount: '2900.00',
    currency: 'AED',
    transaction_id: 'pi_42',
    billing_address: address,
    shipping_address: null,
    items: [
      {
        id: 101,
        product_slug: 'noor-caftan',
        product_name: { en: 'Noor caftan', fr: 'Caftan Noor', ar: 'قفطان نور' },
        product_image: null,
        price: '1450.00',
        quantity: 1,
        line_total: '1450.00',
        discount: '0.00',
        options: { color: 'ivory', color_name: { en: 'Ivory', fr: 'Ivoire', ar: 'عاجي' }, size: 'M' },
      },
      {
        id: 102,
        product_slug: 'amira-takchita',
        product_name: { en: 'Amira takchita', fr: 'Takchita Amira', ar: 'تكشيطة أميرة' },
        product_image: null,
        price: '725.00',
        quantity: 2,
        line_total: '1450.00',
        discount: '0.00',
        options: { color: null, color_name: null, size: 'L' },
      },
    ],
    customer: { id: 7, name: 'Salma Bennani', email: 'salma@example.ae' },
    history: [
      {
        from: null,
        to: 'unfulfilled',
        at: '2026-11-20T08:30:00.000Z',
        by: null,
        carrier: null,
        tracking_number: null,
        note: null,
      },
    ],
    carrier: null,
    tracking_number: null,
    version: 1,
    ...change,
  };
}

/** A row of the orders list. */
export function testOrderRow(change: Partial<AdminOrderRow> = {}): AdminOrderRow {
  return {
    id: 42,
    order_number: 'DL-000042',
    created_at: '2026-11-20T08:30:00.000Z',
    customer: { name: 'Salma Bennani', email: 'salma@example.ae' },
    items_count: 3,
    total_amount: '2900.00',
    fulfillment_status: 'unfulfilled',
    payment_status: 'succeeded',
    payment_method: 'card',
    version: 1,
    ...change,
  };
}
