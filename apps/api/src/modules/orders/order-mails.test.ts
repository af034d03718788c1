import { describe, expect, it } from 'vitest';
import type { Language, Order } from '@boutique/contracts';
import { verificationEmail } from '../auth/account-emails.js';
import { resetPasswordEmail } from '../auth/reset-email.js';
import { contactCopyMail } from '../contact/contact-mail.js';
import { invoiceTotals } from './invoice.js';
import {
  confirmationMail,
  orderStatusMail,
  ownerNewOrderMail,
  refundedMail,
  type ShopIdentity,
} from './order-mails.js';

const order: Order = {
  id: 42,
  order_number: 'DL-26-7K3M9Q',
  created_at: '2026-03-01T10:00:00.000Z',
  fulfillment_status: 'unfulfilled',
  payment_status: 'succeeded',
  payment_method: 'card',
  subtotal: '2450.00',
  shipping_amount: '0.00',
  discount_code: null,
  discount_amount: '0.00',
  total_amount: '2450.00',
  currency: 'AED',
  items: [
    {
      id: 1,
      product_slug: 'zahra-emerald-velvet-caftan',
      product_name: { en: 'Zahra Emerald Caftan', fr: 'Caftan Zahra émeraude', ar: 'قفطان زهرة الزمردي' },
      product_image: null,
      price: '1225.00',
      quantity: 2,
      line_total: '2450.00',
      discount: '0.00',
      options: { color: 'emerald', color_name: { en: 'Emerald', fr: 'Émeraude', ar: 'زمردي' }, size: 'M' },
    },
  ],
  billing_address: {
    name: 'Amina Haddad',
    email: 'amina@example.ae',
    phone: '+971501234567',
    address: '12 Al Wasl Road',
    city: 'Dubai',
    postalCode: '',
    country: 'AE',
  },
  shipping_address: null,
  transaction_id: 'pi_123',
  locale: 'en',
  invoice_number: 'INV-000007',
};

const shop = (language: Language = 'en'): ShopIdentity => ({
  name: 'Dar Lalla',
  publicUrl: 'https://darlalla.ae',
  email: 'hello@darlalla.ae',
  language,
  timeZone: 'Asia/Dubai',
});
const ctx = (language: Language = 'en') => ({
  shop: shop(language),
  vat: invoiceTotals(order).vat,
  vatPercent: 5,
  taxInvoice: true,
});

/** Each e-mail in the three languages: its subject, words of its body, and the HTML's direction. */
const cases: Record<Language, { dir: string; total: string }> = {
  en: { dir: 'ltr', total: 'AED\u00a02,450.00' },
  fr: { dir: 'ltr', total: 'AED\u00a02,450.00' },
  ar: { dir: 'rtl', total: '2,450.00\u00a0د.إ' },
};

function expectLayout(html: string, lang: Language) {
  expect(html).toContain(`<html lang="${lang}" dir="${cases[lang].dir}">`);
  expect(html).toContain('Dar Lalla');
}

describe('the order confirmation', () => {
  it.each([
    [
      'en',
      'Your order DL-26-7K3M9Q is confirmed · Dar Lalla',
      'Thank you for your order DL-26-7K3M9Q of 1 March 2026',
      'of which VAT 5%',
      'Emerald, size M',
    ],
    [
      'fr',
      'Votre commande DL-26-7K3M9Q est confirmée · Dar Lalla',
      'Merci pour votre commande DL-26-7K3M9Q du 1 mars 2026',
      'dont TVA 5 %',
      'Émeraude, taille M',
    ],
    [
      'ar',
      'تم تأكيد طلبك DL-26-7K3M9Q · Dar Lalla',
      'شكراً لطلبك DL-26-7K3M9Q',
      'منها ضريبة القيمة المضافة 5٪',
      'زمردي، المقاس M',
    ],
  ] as const)('in %s: lines, total, VAT and the invoice link', (lang, subject, intro, vat, option) => {
    const mail = confirmationMail(order, 'amina@example.ae', lang, ctx());
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(intro);
    expect(mail.text).toContain(option);
    expect(mail.text).toContain(cases[lang].total);
    // 2450.00 includes 116.67 of VAT (2450 × 5 / 105).
    expect(mail.text).toMatch(new RegExp(`${vat}\\s+(AED\\u00a0116\\.67|116\\.67\\u00a0د\\.إ)`));
    // The invoice opens in the mail's language (its address carries it: /fr/..., /ar/...).
    const prefix = lang === 'en' ? '' : `/${lang}`;
    expect(mail.text).toContain(`https://darlalla.ae${prefix}/account/orders/42/invoice`);
    expect(mail.html).toContain('<bdi>Amina Haddad</bdi>');
    expectLayout(mail.html!, lang);
  });
});

describe('the order status e-mails', () => {
  it.each([
    [
      'en',
      'Your order DL-26-7K3M9Q is on its way · Dar Lalla',
      'Carrier: Aramex · tracking number: 3412 9988',
      'Track the parcel',
    ],
    [
      'fr',
      'Votre commande DL-26-7K3M9Q est en route · Dar Lalla',
      'Transporteur : Aramex · numéro de suivi : 3412 9988',
      'Suivre le colis',
    ],
    [
      'ar',
      'طلبك DL-26-7K3M9Q في الطريق إليك · Dar Lalla',
      'شركة الشحن: Aramex · رقم التتبّع: 3412 9988',
      'تتبّع الطرد',
    ],
  ] as const)('shipped in %s: carrier, tracking number and link', (lang, subject, carrier, track) => {
    const mail = orderStatusMail(order, 'amina@example.ae', lang, shop(), {
      status: 'shipped',
      carrier: 'aramex',
      trackingNumber: '3412 9988',
    });
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(carrier);
    expect(mail.text).toContain(
      `${track}: https://www.aramex.com/us/en/track/results?ShipmentNumber=3412%209988`,
    );
    expect(mail.html).toContain('<bdi>3412 9988</bdi>');
    expectLayout(mail.html!, lang);
  });

  it.each([
    ['en', 'delivered', 'Your order DL-26-7K3M9Q has been delivered · Dar Lalla', 'We hope you love it.'],
    [
      'fr',
      'delivered',
      'Votre commande DL-26-7K3M9Q a été livrée · Dar Lalla',
      'Nous espérons qu’elle vous plaira.',
    ],
    ['ar', 'delivered', 'تم توصيل طلبك DL-26-7K3M9Q · Dar Lalla', 'نتمنى أن ينال إعجابك.'],
    [
      'en',
      'cancelled',
      'Your order DL-26-7K3M9Q has been cancelled · Dar Lalla',
      'The AED\u00a02,450.00 you paid will be refunded',
    ],
    [
      'fr',
      'cancelled',
      'Votre commande DL-26-7K3M9Q a été annulée · Dar Lalla',
      'Les AED\u00a02,450.00 payés seront remboursés',
    ],
    [
      'ar',
      'cancelled',
      'تم إلغاء طلبك DL-26-7K3M9Q · Dar Lalla',
      'سيُعاد المبلغ المدفوع 2,450.00\u00a0د.إ إلى بطاقتك',
    ],
  ] as const)('%s, %s', (lang, status, subject, body) => {
    const mail = orderStatusMail(order, 'amina@example.ae', lang, shop(), { status, note: 'Merci !' });
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(body);
    expect(mail.text).toContain('Merci !');
    expectLayout(mail.html!, lang);
  });
});

describe('the refund e-mail', () => {
  it.each([
    ['en', 'Your payment is being refunded · Dar Lalla', 'Your AED\u00a01,225.00 is being refunded in full'],
    [
      'fr',
      'Votre paiement vous est remboursé · Dar Lalla',
      'Vos AED\u00a01,225.00 vous sont intégralement remboursés',
    ],
    ['ar', 'جارٍ استرداد دفعتك · Dar Lalla', 'يُعاد المبلغ 1,225.00\u00a0د.إ كاملاً إلى بطاقتك'],
  ] as const)('in %s', (lang, subject, body) => {
    const mail = refundedMail(
      {
        paymentIntentId: 'pi_1',
        amount: '1225.00',
        customer: { name: 'Amina', email: 'amina@example.ae', lang },
        shortages: [{ slug: 'zahra-emerald-velvet-caftan', size: 'M', left: 0 }],
      },
      shop(),
    );
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(body);
    expect(mail.text).toContain('zahra-emerald-velvet-caftan (M)');
    expectLayout(mail.html!, lang);
  });
});

describe('the account e-mails', () => {
  it.each([
    ['en', 'Reset your password · Dar Lalla', 'Confirm your e-mail address · Dar Lalla', 'Hello Amina,'],
    [
      'fr',
      'Réinitialisez votre mot de passe · Dar Lalla',
      'Confirmez votre adresse e-mail · Dar Lalla',
      'Bonjour Amina,',
    ],
    ['ar', 'إعادة تعيين كلمة المرور · Dar Lalla', 'تأكيد بريدك الإلكتروني · Dar Lalla', 'مرحباً Amina،'],
  ] as const)('reset and confirmation in %s', (lang, reset, verify, hello) => {
    const input = { to: 'amina@example.ae', name: 'Amina', shopName: 'Dar Lalla', link: 'https://x/t', lang };
    const a = resetPasswordEmail(input);
    const b = verificationEmail(input);
    expect(a.subject).toBe(reset);
    expect(b.subject).toBe(verify);
    expect(a.text).toContain(hello);
    expect(b.text).toContain('https://x/t');
    expectLayout(a.html!, lang);
    expectLayout(b.html!, lang);
  });
});

describe("the owner's e-mails, in the owner's language", () => {
  it.each([
    [
      'en',
      'New order DL-26-7K3M9Q: AED\u00a02,450.00 · Dar Lalla',
      'Message from Salma: Our pieces · Dar Lalla',
      'Open the order',
    ],
    [
      'fr',
      'Nouvelle commande DL-26-7K3M9Q : AED\u00a02,450.00 · Dar Lalla',
      'Message de Salma : Nos pièces · Dar Lalla',
      'Ouvrir la commande',
    ],
    [
      'ar',
      'طلب جديد DL-26-7K3M9Q: 2,450.00\u00a0د.إ · Dar Lalla',
      'رسالة من Salma: قطعنا · Dar Lalla',
      'فتح الطلب',
    ],
  ] as const)('new order and contact copy in %s', (lang, orderSubject, contactSubject, open) => {
    const alert = ownerNewOrderMail(order, 'amina@example.ae', ctx(lang));
    expect(alert.to).toBe('hello@darlalla.ae');
    expect(alert.replyTo).toBe('amina@example.ae');
    expect(alert.subject).toBe(orderSubject);
    expect(alert.text).toContain(`${open}: https://darlalla.ae/admin/orders/42`);
    expect(alert.text).toContain('Amina Haddad <amina@example.ae>');
    expectLayout(alert.html!, lang);

    const copy = contactCopyMail(
      {
        id: 3,
        name: 'Salma',
        email: 'salma@example.ma',
        phone: '',
        subject: 'products',
        message: 'Line one\n<script>alert(1)</script>',
      },
      shop(lang),
    );
    expect(copy.subject).toBe(contactSubject);
    expect(copy.replyTo).toBe('salma@example.ma');
    expect(copy.text).toContain('<script>alert(1)</script>');
    expect(copy.html).not.toContain('<script>');
    expect(copy.html).toContain('<bdi>&lt;script&gt;alert(1)&lt;/script&gt;</bdi>');
    expectLayout(copy.html!, lang);
  });
});
