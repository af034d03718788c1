import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ShippingMethodsResponseSchema, type ShippingMethod } from '@boutique/contracts';

/** The shop ships free, everywhere, with tracking. */
export const SHIPPING_METHODS: ShippingMethod[] = [
  {
    id: 'free-worldwide',
    name: {
      en: 'Free worldwide shipping',
      fr: 'Livraison offerte dans le monde entier',
      ar: 'شحن مجاني إلى جميع أنحاء العالم',
    },
    description: {
      en: 'Tracked delivery: 2 to 4 business days in the UAE, 5 to 10 elsewhere.',
      fr: 'Livraison suivie : 2 à 4 jours ouvrés aux Émirats, 5 à 10 ailleurs.',
      ar: 'توصيل مع التتبع: من يومين إلى أربعة أيام عمل داخل الإمارات، ومن خمسة إلى عشرة أيام في باقي الدول.',
    },
    price: '0.00',
    currency: 'AED',
    min_days: 2,
    max_days: 10,
  },
];

export const shippingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/checkout/shipping-methods',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Shipping methods (shipping is free)',
        response: { 200: ShippingMethodsResponseSchema },
      },
    },
    async () => ({ success: true as const, data: { methods: SHIPPING_METHODS } }),
  );
};
