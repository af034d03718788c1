import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminIdParamsSchema } from '@boutique/contracts/admin';
import {
  AdminNoteDeletedResponseSchema,
  AdminNoteListResponseSchema,
  AdminNoteResponseSchema,
  AdminReplyListResponseSchema,
  AdminReplyResponseSchema,
  CustomerTagsResponseSchema,
  NoteCreateSchema,
  NoteParamsSchema,
  ReplyCreateSchema,
  TagsInUseResponseSchema,
  TagsUpdateSchema,
} from '@boutique/contracts/admin-desk';
import { expectedVersion, setETag } from '../../lib/if-match.js';
import { createThrottle } from '../../lib/rate-limit.js';
import {
  addNote,
  deleteNote,
  listNotes,
  messageThread,
  sendReply,
  setTags,
  tagsInUse,
  type NoteSubject,
} from './desk.js';
import { DeleteBodySchema, adminOf, tags, type AdminRoutesOptions } from './scope.js';

/** The owner's desk: notes on orders and customers, customer tags, replies to messages (contracts/admin-desk.ts). */
export const deskAdminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, options) => {
  const { db, desk, timeZone, shop } = options;
  const throttle = createThrottle(desk.limiter);
  const replyLimit = { name: 'reply:admin', ...desk.replyPerAdmin };

  for (const kind of ['order', 'customer'] as const) {
    const base = `/v1/admin/${kind}s/:id/notes`;
    const subject = (id: number): NoteSubject => ({ kind, id });
    app.get(
      base,
      {
        schema: {
          tags,
          summary: `The staff's internal notes on one ${kind}, newest first (never shown to the shopper)`,
          params: AdminIdParamsSchema,
          response: { 200: AdminNoteListResponseSchema },
        },
      },
      async (req) => ({
        success: true as const,
        data: { notes: await listNotes(db, adminOf(req), subject(req.params.id)) },
      }),
    );
    app.post(
      base,
      {
        schema: {
          tags,
          summary: `Add an internal note to a ${kind} (audit-logged)`,
          params: AdminIdParamsSchema,
          body: NoteCreateSchema,
          response: { 201: AdminNoteResponseSchema },
        },
      },
      async (req, reply) => {
        const note = await addNote(db, adminOf(req), subject(req.params.id), req.body.body);
        return reply.code(201).send({ success: true as const, data: { note } });
      },
    );
    app.delete(
      `${base}/:noteId`,
      {
        schema: {
          tags,
          summary: `Delete a note of a ${kind}: its author only (audit-logged)`,
          params: NoteParamsSchema,
          body: DeleteBodySchema,
          response: { 200: AdminNoteDeletedResponseSchema },
        },
      },
      async (req) => {
        await deleteNote(db, adminOf(req), subject(req.params.id), req.params.noteId);
        return { success: true as const, data: { deleted: true as const } };
      },
    );
  }

  app.put(
    '/v1/admin/customers/:id/tags',
    {
      schema: {
        tags,
        summary: "Replace a customer's tags (lower-cased, at most 20), based on their version",
        params: AdminIdParamsSchema,
        body: TagsUpdateSchema,
        response: { 200: CustomerTagsResponseSchema },
      },
    },
    async (req, reply) => {
      const expected = expectedVersion(req, req.body.version);
      const result = await setTags(db, adminOf(req).id, req.params.id, req.body, expected);
      setETag(reply, result.version);
      return { success: true as const, data: result };
    },
  );

  app.get(
    '/v1/admin/customer-tags',
    {
      schema: {
        tags,
        summary: 'The customer tags in use, with how many customers have each (most used first)',
        response: { 200: TagsInUseResponseSchema },
      },
    },
    async () => ({ success: true as const, data: { tags: await tagsInUse(db) } }),
  );

  app.get(
    '/v1/admin/messages/:id/replies',
    {
      schema: {
        tags,
        summary: "A message with the shop's replies, each with its e-mail's delivery state",
        params: AdminIdParamsSchema,
        response: { 200: AdminReplyListResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: await messageThread(db, req.params.id) }),
  );

  app.post(
    '/v1/admin/messages/:id/replies',
    {
      schema: {
        tags,
        summary:
          'Reply to a message: kept in its thread and e-mailed to the sender in their language (REPLY_LIMIT_PER_ADMIN an hour)',
        params: AdminIdParamsSchema,
        body: ReplyCreateSchema,
        response: { 201: AdminReplyResponseSchema },
      },
    },
    async (req, reply) => {
      const admin = adminOf(req);
      await throttle(req, reply, [[replyLimit, String(admin.id)]], admin.id);
      const result = await sendReply(db, admin.id, req.params.id, req.body, {
        name: shop.name,
        email: shop.email,
        language: desk.language,
        timeZone,
      });
      setETag(reply, result.message.version);
      return reply.code(201).send({ success: true as const, data: result });
    },
  );
};
