/**
 * The shop's staff: the owner's invitations, who holds the back office, and the invitee's acceptance
 * (decision 038). Built on auth (passwords, hand-over, notices), audit and the outbox; nothing builds on it.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.js';
import type { Throttle } from '../../lib/rate-limit.js';
import { staffAdminRoutes, staffInvitationRoutes } from './routes.js';
import { StaffService, type StaffSettings } from './service.js';

export { StaffService, type StaffSettings } from './service.js';

export const staffRoutes: FastifyPluginAsync<{
  db: Database;
  throttle: Throttle;
  settings: StaffSettings;
}> = async (app, { db, throttle, settings }) => {
  const staff = new StaffService(db, settings);
  await app.register(staffAdminRoutes, { db, staff, throttle });
  await app.register(staffInvitationRoutes, { db, staff, throttle });
};
