import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  SearchSynonymCreateSchema,
  SearchSynonymParamsSchema,
  SearchSynonymResponseSchema,
  SearchSynonymsResponseSchema,
  type SearchSynonym,
} from '@boutique/contracts';
import type { Database } from '../../../db/client.js';
import { searchSynonyms } from '../../../db/schema/index.js';
import { fieldError, notFound, unprocessable } from '../../../lib/http-error.js';
import { expectedVersion } from '../../../lib/if-match.js';
import { claimVersion } from '../../../db/versions.js';
import { requireUser } from '../../../plugins/auth.js';
import { requireAdmin } from '../../../plugins/roles.js';

const tags = ['search'];

const toSynonym = (row: typeof searchSynonyms.$inferSelect): SearchSynonym => ({
  id: row.id,
  words: row.words,
  created_at: row.createdAt.toISOString(),
  version: row.version,
});

/**
 * The owner's synonym list: words a shopper may type for the same thing (kaftan for caftan). A change reaches
 * every instance's search at once: the table's trigger announces it like a catalogue change.
 */
export const searchAdminRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  // The guard before the body is read: a caller who may not use the route hears 401/403, never a 422.
  const admitted = async (req: FastifyRequest) => {
    await requireAdmin(db, req);
  };
  app.get(
    '/v1/admin/search/synonyms',
    {
      onRequest: [app.authenticate, admitted],
      schema: {
        tags,
        summary: 'Admin: the search synonyms',
        response: { 200: SearchSynonymsResponseSchema },
      },
    },
    async () => {
      const rows = await db.select().from(searchSynonyms).orderBy(asc(searchSynonyms.id));
      return { success: true as const, data: { synonyms: rows.map(toSynonym) } };
    },
  );

  app.post(
    '/v1/admin/search/synonyms',
    {
      onRequest: [app.authenticate, admitted],
      schema: {
        tags,
        summary: 'Admin: add a group of words the search treats as one (stored folded)',
        body: SearchSynonymCreateSchema,
        response: { 201: SearchSynonymResponseSchema },
      },
    },
    async (req, reply) => {
      const admin = requireUser(req);
      const [row] = await db.insert(searchSynonyms).values({ words: req.body.words }).returning();
      if (!row || row.words.length < 2) {
        // Only spellings the search folds alike (Caftan, caftan): nothing to add. Undo it.
        if (row) await db.delete(searchSynonyms).where(eq(searchSynonyms.id, row.id));
        throw unprocessable('These words are one word to the search already', {
          words: [fieldError('too_short', 'Give at least two different words')],
        });
      }
      req.log.info({ synonymId: row.id, by: admin.id }, 'search synonyms added');
      return reply.code(201).send({ success: true as const, data: { synonym: toSynonym(row) } });
    },
  );

  app.delete(
    '/v1/admin/search/synonyms/:id',
    {
      onRequest: [app.authenticate, admitted],
      schema: {
        tags,
        summary: 'Admin: delete a group of synonyms (with its version: If-Match or version)',
        body: z.object({ version: z.number().int().positive().optional() }).nullish(),
        params: SearchSynonymParamsSchema,
        response: { 200: SearchSynonymResponseSchema },
      },
    },
    async (req) => {
      const admin = requireUser(req);
      const expected = expectedVersion(req, req.body?.version);
      const id = req.params.id;
      const row = await db.transaction(async (tx) => {
        await claimVersion(tx, searchSynonyms, id, expected, {
          notFound: notFound('Synonym group'),
          current: async () => {
            const [now] = await tx.select().from(searchSynonyms).where(eq(searchSynonyms.id, id));
            return now && toSynonym(now);
          },
        });
        const [gone] = await tx.delete(searchSynonyms).where(eq(searchSynonyms.id, id)).returning();
        if (!gone) throw notFound('Synonym group');
        return gone;
      });
      req.log.info({ synonymId: row.id, by: admin.id }, 'search synonyms deleted');
      return { success: true as const, data: { synonym: toSynonym(row) } };
    },
  );
};
