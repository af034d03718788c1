import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ContactMessageSchema, ContactResponseSchema } from '@boutique/contracts';
import type { Database } from '../../db/client.js';
import { contactMessages } from '../../db/schema/index.js';

export const contactRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/v1/contact',
    {
      schema: {
        tags: ['contact'],
        summary: 'A message to the shop from the contact form',
        body: ContactMessageSchema,
        response: { 201: ContactResponseSchema },
      },
    },
    async (req, reply) => {
      const { name, email, phone, subject, message } = req.body;
      const [row] = await db
        .insert(contactMessages)
        .values({ name, email, phone, subject: subject ?? null, message })
        .returning({ id: contactMessages.id });
      if (!row) throw new Error('contact message was not stored');
      req.log.info({ contactMessageId: row.id }, 'contact message received');
      return reply
        .code(201)
        .send({ success: true, data: { id: row.id, message: 'Thank you, we will reply soon.' } });
    },
  );
};
