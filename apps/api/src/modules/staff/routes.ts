import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  StaffIdParamsSchema,
  StaffInvitationAcceptedResponseSchema,
  StaffInvitationAcceptSchema,
  StaffInvitationCreateSchema,
  StaffInvitationResponseSchema,
  StaffInvitationTokenParamsSchema,
  StaffInvitationViewResponseSchema,
  StaffListResponseSchema,
  StaffUserParamsSchema,
} from '@boutique/contracts/admin-staff';
import type { Database } from '../../db/client.js';
import { HttpError } from '../../lib/http-error.js';
import { privateRoutes } from '../../lib/private-routes.js';
import { clientKey, type RateLimit, type Throttle } from '../../lib/rate-limit.js';
import { bearerToken, requireUser } from '../../plugins/auth.js';
import { requireAdmin } from '../../plugins/roles.js';
import type { StaffService } from './service.js';

export interface StaffRoutesOptions {
  db: Database;
  staff: StaffService;
  throttle: Throttle;
}

/** Invitations an owner may send: a stolen owner session cannot flood mailboxes from the shop's address. */
const INVITES_PER_OWNER: RateLimit = { name: 'staff-invite:user', max: 20, windowS: 3600 };
/** Guessing a link is hopeless (256 bits); the limit keeps the password check of acceptance slow to abuse. */
const INVITATION_PER_IP: RateLimit = { name: 'staff-invitation:ip', max: 30, windowS: 900 };

const NotFound = () => new HttpError(404, 'Not found.');
const Removed = envelopeOk();
function envelopeOk() {
  return z.object({ success: z.literal(true), data: z.object({ removed: z.literal(true) }) });
}

/** The owner's page of the staff, `/api/v1/admin/staff`: owner only (plugins/access.ts lists it so). */
export const staffAdminRoutes: FastifyPluginAsyncZod<StaffRoutesOptions> = async (
  app,
  { db, staff, throttle },
) => {
  privateRoutes(app, { signedIn: true });
  app.addHook('onRequest', async (req) => {
    await requireAdmin(db, req);
  });
  const tags = ['admin'];

  app.get(
    '/v1/admin/staff',
    {
      schema: {
        tags,
        summary: 'The owner and staff of the back office, and the invitations not yet accepted',
        response: { 200: StaffListResponseSchema },
      },
    },
    async () => ({ success: true as const, data: await staff.list() }),
  );

  app.post(
    '/v1/admin/staff/invitations',
    {
      schema: {
        tags,
        summary: `Invite someone to the staff: a single-use link e-mailed in their language, valid STAFF_INVITE_HOURS`,
        body: StaffInvitationCreateSchema,
        response: { 201: StaffInvitationResponseSchema },
      },
    },
    async (req, reply) => {
      const owner = requireUser(req);
      await throttle(req, reply, [[INVITES_PER_OWNER, String(owner.id)]], owner.id);
      const invitation = await staff.invite(owner.id, req.body);
      req.log.info({ invitationId: invitation.id, by: owner.id }, 'staff invited');
      return reply.code(201).send({ success: true as const, data: { invitation } });
    },
  );

  app.delete(
    '/v1/admin/staff/invitations/:id',
    {
      schema: {
        tags,
        summary: 'Withdraw an invitation not yet accepted: its link stops working',
        params: StaffIdParamsSchema,
        response: { 200: Removed },
      },
    },
    async (req) => {
      if (!(await staff.revokeInvitation(requireUser(req).id, req.params.id))) throw NotFound();
      return { success: true as const, data: { removed: true as const } };
    },
  );

  app.delete(
    '/v1/admin/staff/:userId',
    {
      schema: {
        tags,
        summary:
          'Take a staff member back to a customer at once (their authenticator app goes too); never the owner',
        params: StaffUserParamsSchema,
        response: { 200: Removed },
      },
    },
    async (req) => {
      const owner = requireUser(req);
      if (!(await staff.remove(owner.id, req.params.userId))) throw NotFound();
      req.log.info({ userId: req.params.userId, by: owner.id }, 'staff member removed');
      return { success: true as const, data: { removed: true as const } };
    },
  );
};

/** The invitee's side: what the link invites to, and accepting it (signed in or not). */
export const staffInvitationRoutes: FastifyPluginAsyncZod<StaffRoutesOptions> = async (
  app,
  { staff, throttle },
) => {
  privateRoutes(app, { signedIn: false });
  const tags = ['auth'];
  const limited = async (req: FastifyRequest, reply: FastifyReply) => {
    await throttle(req, reply, [[INVITATION_PER_IP, clientKey(req.ip)]]);
  };

  app.get(
    '/v1/staff-invitations/:token',
    {
      onRequest: limited,
      schema: {
        tags,
        summary:
          'An invitation to the staff: who is invited, and whether an account holds the address; 410 when the link does not work',
        params: StaffInvitationTokenParamsSchema,
        response: { 200: StaffInvitationViewResponseSchema },
      },
    },
    async (req) => ({ success: true as const, data: { invitation: await staff.view(req.params.token) } }),
  );

  app.post(
    '/v1/staff-invitations/:token/accept',
    {
      onRequest: async (req, reply) => {
        await limited(req, reply);
        // Signed in or not: a token sent must be valid; none means a guest.
        if (bearerToken(req.headers.authorization) !== undefined) await app.authenticate(req, reply);
      },
      schema: {
        tags,
        summary:
          'Accept an invitation to the staff: signed in to the invited account, with its password, or with a new password (and name) for a new account',
        params: StaffInvitationTokenParamsSchema,
        body: StaffInvitationAcceptSchema,
        response: { 200: StaffInvitationAcceptedResponseSchema },
      },
    },
    async (req) => {
      const { email, revoked } = await staff.accept(req.params.token, req.body, req.user?.id);
      if (revoked.length > 0) await app.publishEndedSignIns(revoked);
      req.log.info({ userId: req.user?.id }, 'staff invitation accepted');
      return { success: true as const, data: { email, role: 'staff' as const } };
    },
  );
};
