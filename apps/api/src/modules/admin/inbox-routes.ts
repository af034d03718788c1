import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminCustomerListQuerySchema,
  AdminCustomerListResponseSchema,
  AdminCustomerResponseSchema,
  AdminIdParamsSchema,
  AdminMessageListQuerySchema,
  AdminMessageListResponseSchema,
  AdminMessageResponseSchema,
  MessageUpdateSchema,
  AdminFailedMailListResponseSchema,
  AdminMailResendResponseSchema,
} from '@boutique/contracts/admin';
import { expectedVersion, setETag } from '../../lib/if-match.js';
import {
  customerDetail,
  listCustomers,
  listFailedMails,
  listMessages,
  resendFailedMail,
  updateMessage,
} from './inbox.js';
import { tags, adminOf, type AdminRoutesOptions } from './scope.js';

/** The back office's messages, undelivered e-mails and customers. */
export const inboxAdminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, { db }) => {
  app.get(
    '/v1/admin/messages',
    {
      schema: {
        tags,
        summary: 'The contact inbox: unread first, then newest',
        querystring: AdminMessageListQuerySchema,
        response: { 200: AdminMessageListResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await listMessages(db, req.query) }),
  );

  app.get(
    '/v1/admin/mail/failed',
    {
      schema: {
        tags,
        summary: 'E-mails the outbox gave up on after every try (a long mail server outage), newest first',
        response: { 200: AdminFailedMailListResponseSchema },
      },
    },
    async () => ({ success: true as const, data: { mails: await listFailedMails(db) } }),
  );

  app.post(
    '/v1/admin/mail/:id/resend',
    {
      schema: {
        tags,
        summary: 'Send a failed e-mail again: back in the outbox, its tries counted afresh (audit-logged)',
        params: AdminIdParamsSchema,
        response: { 200: AdminMailResendResponseSchema },
      },
    },
    async (req) => {
      await resendFailedMail(db, adminOf(req).id, req.params.id);
      return { success: true as const, data: { resent: true as const } };
    },
  );

  app.patch(
    '/v1/admin/messages/:id',
    {
      schema: {
        tags,
        summary: 'Mark a message read or unread, archive or bring it back',
        params: AdminIdParamsSchema,
        body: MessageUpdateSchema,
        response: { 200: AdminMessageResponseSchema },
      },
    },
    async (req, reply) => {
      const expected = expectedVersion(req, req.body.version);
      const message = await updateMessage(db, adminOf(req).id, req.params.id, req.body, expected);
      setETag(reply, message.version);
      return { success: true as const, data: { message } };
    },
  );

  app.get(
    '/v1/admin/customers',
    {
      schema: {
        tags,
        summary: 'Accounts with their orders count and total spent',
        querystring: AdminCustomerListQuerySchema,
        response: { 200: AdminCustomerListResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: { customers: await listCustomers(db, req.query) } }),
  );

  app.get(
    '/v1/admin/customers/:id',
    {
      schema: {
        tags,
        summary: 'One account with its orders and saved addresses (read only)',
        params: AdminIdParamsSchema,
        response: { 200: AdminCustomerResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await customerDetail(db, req.params.id) }),
  );
};
