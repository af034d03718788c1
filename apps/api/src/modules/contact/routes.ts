import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ContactMessageSchema, ContactResponseSchema } from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import { contactMessages } from '../../db/schema/index.js';
import type { RateLimitRule } from '../../env.js';
import { enqueueMail } from '../outbox/index.js';
import { emailLanguage } from '../../lib/mail-layout.js';
import { contactCopyMail } from './contact-mail.js';
import type { Language } from '@boutique/contracts';
import { clientKey, createThrottle, type RateLimiter } from '../../lib/rate-limit.js';

export interface ContactRoutesOptions {
  db: Database;
  limiter: RateLimiter;
  /** Messages per IP (CONTACT_LIMIT_PER_IP an hour): the form must not become a way to flood the shop. */
  perIp: RateLimitRule;
  /** Where the copy of each message goes, in the owner's language. */
  shop: { name: string; email: string; language: Language };
}

export const contactRoutes: FastifyPluginAsyncZod<ContactRoutesOptions> = async (
  app,
  { db, limiter, perIp, shop },
) => {
  const throttle = createThrottle(limiter);
  const limit = { name: 'contact:ip', ...perIp };
  app.post(
    '/v1/contact',
    {
      schema: {
        tags: ['contact'],
        body: ContactMessageSchema,
        response: { 201: ContactResponseSchema },
        summary:
          'A message to the shop from the contact form (CONTACT_LIMIT_PER_IP an hour from one address)',
      },
    },
    async (req, reply) => {
      await throttle(req, reply, [[limit, clientKey(req.ip)]]);
      const { name, email, phone, subject, message, lang } = req.body;
      // The message and its copy to the shop are written together: a message is never kept without its copy.
      const row = await db.transaction(async (tx) => {
        const [stored] = await tx
          .insert(contactMessages)
          .values({
            name,
            email,
            phone,
            subject: subject ?? null,
            message,
            locale: lang ? emailLanguage(lang) : null,
          })
          .returning({ id: contactMessages.id });
        if (!stored) throw new Error('contact message was not stored');
        await enqueueMail(tx, {
          kind: 'contact_copy',
          about: `contact:${stored.id}`,
          message: contactCopyMail(
            { id: stored.id, name, email, phone, subject: subject ?? null, message },
            shop,
          ),
        });
        return stored;
      });
      req.log.info({ contactMessageId: row.id }, 'contact message received');
      return reply
        .code(201)
        .send({ success: true, data: { id: row.id, message: 'Thank you, we will reply soon.' } });
    },
  );
};
