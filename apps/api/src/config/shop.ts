import { z } from 'zod';
import type { ShopDetails } from '@boutique/contracts';
import { DEFAULT_SHOP_TIMEZONE, isTimeZone } from '@boutique/contracts/constants';
import { optionalString } from './fields.js';

/** The shop itself: its name and ways to reach it, the seller on invoices, its time zone, language and policy. */
export const ShopEnv = z.object({
  SHOP_NAME: z.string().min(1).default('Dar Lalla'),
  SHOP_WHATSAPP_NUMBER: z
    .string()
    .regex(/^\d{8,15}$/, 'digits only, with the country code, e.g. 971501234567')
    .default('971501234567'),
  SHOP_PHONE: z.string().min(3).default('+971 50 123 4567'),
  SHOP_EMAIL: z.email().default('hello@darlalla.ae'),
  /** The seller's postal address, on the legal pages and invoices (`|` or `\n` between lines on invoices). */
  SHOP_ADDRESS: z
    .string()
    .trim()
    .min(5)
    .max(300)
    .default('Alserkal Avenue, Al Quoz 1, Dubai, United Arab Emirates'),
  /** The UAE VAT registration number (15 digits): set, every order gets a numbered tax invoice; on the legal pages. */
  SHOP_TRN: optionalString.pipe(
    z
      .string()
      .regex(/^\d{15}$/, 'the 15 digits of the UAE tax registration number')
      .optional(),
  ),
  SHOP_INSTAGRAM_URL: z.url().default('https://www.instagram.com/'),
  SHOP_FACEBOOK_URL: z.url().default('https://www.facebook.com/'),
  SHOP_TIKTOK_URL: z.url().default('https://www.tiktok.com/'),
  /** Days after delivery within which a shopper may ask to return or exchange a piece (the shop's policy). */
  RETURN_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  /**
   * The shop's time zone (IANA name): every day boundary (dashboard days, order date filters, "new" badges) and
   * every date shown (invoices, e-mails) is in it, whoever looks; the database keeps UTC.
   */
  SHOP_TIMEZONE: z
    .string()
    .trim()
    .default(DEFAULT_SHOP_TIMEZONE)
    .refine(isTimeZone, 'must be an IANA time zone name, such as Asia/Dubai or Europe/Paris'),
  /** The language of the owner's alerts and of the contact form's copy to the shop. */
  SHOP_LANGUAGE: z.enum(['en', 'fr', 'ar']).default('en'),
});
export type ShopEnv = z.infer<typeof ShopEnv>;

export interface ShopConfig {
  shop: ShopDetails;
  /** Tax invoices: numbered with the TRN when it is set, a plain receipt without. */
  invoice: { trn: string | undefined; address: string[] };
  /** The owner's language: alerts and the contact copy are written in it. */
  shopLanguage: 'en' | 'fr' | 'ar';
  /** Returns and exchanges: asked within `days` of delivery (RETURN_DAYS). */
  returns: { days: number };
}

export function shopConfig(e: ShopEnv): ShopConfig {
  return {
    shop: {
      name: e.SHOP_NAME,
      whatsappNumber: e.SHOP_WHATSAPP_NUMBER,
      phone: e.SHOP_PHONE,
      email: e.SHOP_EMAIL,
      address: e.SHOP_ADDRESS,
      trn: e.SHOP_TRN ?? null,
      instagramUrl: e.SHOP_INSTAGRAM_URL,
      facebookUrl: e.SHOP_FACEBOOK_URL,
      tiktokUrl: e.SHOP_TIKTOK_URL,
      timeZone: e.SHOP_TIMEZONE,
    },
    invoice: {
      trn: e.SHOP_TRN,
      address: e.SHOP_ADDRESS.split(/\\n|\n|\|/)
        .map((line) => line.trim())
        .filter(Boolean),
    },
    shopLanguage: e.SHOP_LANGUAGE,
    returns: { days: e.RETURN_DAYS },
  };
}
